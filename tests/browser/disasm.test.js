// disasm.test.js - the disassembly view of an example (site/templates/example.html,
// site/static/disasm.js), over http and file://: focusing a source line highlights its
// instructions in every column (and hovering an instruction its source line), the selector
// switches the target by loading its data script, Intel syntax and the diff mode render, a
// link of the evidence matrix opens the page on the target it names, with JavaScript off
// the default target is plain HTML, and print.html has that HTML without any script or data.
'use strict';
const { test, before, after } = require('node:test');
const assert = require('node:assert/strict');
const h = require('./harness');

const PAGE = 'load-fusing.html';
const SEC = '#ex-load-fusing-need-to-stop';

let site;
before(async () => { site = await h.open(); });
after(async () => { if (site) await site.close(); });

async function shown(page, value) {
  await page.waitForFunction(([sel, v]) => {
    const s = document.querySelector(sel);
    return s && s.getAttribute('data-shown') === v;
  }, [SEC, value], { timeout: 15000 });
}

for (const mode of h.MODES) {
  test(`source line focus highlights its instructions (${mode})`, async () => {
    const tab = await site.newTab({ mode });
    await tab.goto(PAGE);
    const page = tab.page;
    await shown(page, 'gcc-12/x86_64/O2/att');
    const thread = page.locator(`${SEC} .disasm-thread[data-thread="t1"]`);
    // the source line of the final READ_ONCE has instructions in every variant's column
    const line = await thread.evaluate((t) => {
      const cols = [...t.querySelectorAll('.disasm-asm')];
      for (const li of t.querySelectorAll('.src-lines li')) {
        const n = li.getAttribute('data-src');
        if (cols.every((c) => c.querySelector(`li[data-src="${n}"]`))) return n;
      }
      return null;
    });
    assert.ok(line, 'a source line with instructions in every column');
    await thread.locator(`.src-lines li[data-src="${line}"]`).focus();
    const counts = await thread.evaluate((t, n) => [...t.querySelectorAll('.disasm-asm')].map((c) => ({
      all: c.querySelectorAll(`li[data-src="${n}"]`).length,
      hl: c.querySelectorAll(`li[data-src="${n}"].hl`).length,
      other: c.querySelectorAll(`li.hl:not([data-src="${n}"])`).length,
    })), line);
    assert.equal(counts.length, 3);
    for (const c of counts) {
      assert.ok(c.all > 0);
      assert.equal(c.hl, c.all, 'every instruction of the line is highlighted');
      assert.equal(c.other, 0, 'no other instruction is highlighted');
    }
    // moving focus away clears it; hovering an instruction highlights its source line
    await page.evaluate(() => document.activeElement.blur());
    assert.equal(await thread.locator('li.hl').count(), 0, 'blur clears the highlight');
    await thread.locator('.disasm-asm[data-variant="plain"] li[data-src]:not([data-src="0"])').first().hover();
    const srcHl = await thread.locator('.src-lines li.hl').count();
    assert.equal(srcHl, 1);
    await tab.screenshot(`disasm-focus-${mode}`);
    tab.assertClean();
    await tab.close();
  });

  test(`selector switches target, syntax and diff (${mode})`, async () => {
    const tab = await site.newTab({ mode });
    await tab.goto(PAGE);
    const page = tab.page;
    await shown(page, 'gcc-12/x86_64/O2/att');
    const sec = page.locator(SEC);
    await sec.locator('.disasm-arch').selectOption('aarch64');
    await shown(page, 'gcc-12/aarch64/O2/att');
    const texts = await sec.locator('.disasm-asm[data-variant="fixed"] .asm-text').allTextContents();
    assert.ok(texts.some((t) => /^ldr\b/.test(t)), `aarch64 code: ${texts.join(' | ')}`);
    assert.match(await sec.locator('.disasm-version').textContent(), /aarch64-linux-gnu-gcc/);
    assert.equal(await sec.locator('.disasm-syntax-label').isHidden(), true);
    await sec.locator('.disasm-compiler').selectOption('clang-14');
    await shown(page, 'clang-14/aarch64/O2/att');
    await sec.locator('.disasm-arch').selectOption('x86_64');
    await sec.locator('.disasm-opt').selectOption('O0');
    await shown(page, 'clang-14/x86_64/O0/att');
    await sec.locator('.disasm-syntax').selectOption('intel');
    await shown(page, 'clang-14/x86_64/O0/intel');
    const intel = await sec.locator('.disasm-asm[data-variant="plain"] .asm-text').allTextContents();
    assert.ok(intel.some((t) => /DWORD PTR/.test(t)), 'Intel syntax shown');
    await sec.locator('.disasm-diff').check();
    assert.ok(await sec.locator('.asm-diff').count() >= 2, 'a diff column per thread');
    assert.equal(await sec.locator('.disasm-asm[data-variant="fixed"]').first().isHidden(), true);
    tab.assertClean();
    await tab.close();
  });

  test(`evidence matrix links open the named target (${mode})`, async () => {
    const tab = await site.newTab({ mode });
    await tab.goto('how-real.html');
    const page = tab.page;
    const link = page.locator('.evidence-matrix a[href$="asm=clang-14/riscv64/O2#ex-load-fusing-need-to-stop"]');
    assert.equal(await link.count(), 1);
    await Promise.all([page.waitForNavigation(), link.click()]);
    await shown(page, 'clang-14/riscv64/O2/att');
    tab.assertClean();
    await tab.close();
  });
}

test('print.html shows the default disassembly with no selector, data or disasm.js', async () => {
  const tab = await site.newTab({ mode: 'http' });
  const requested = [];
  tab.page.on('request', (r) => requested.push(r.url()));
  await tab.goto('print.html');
  const sec = tab.page.locator('section.example[data-example="load-fusing/need-to-stop"]');
  assert.equal(await sec.count(), 1);
  const plain = await sec.locator('.disasm-thread[data-thread="t1"] .disasm-asm[data-variant="plain"] .asm-text').count();
  assert.ok(plain > 0, 'plain column has instructions');
  assert.match(await sec.locator('.disasm-current').textContent(), /gcc-12\/x86_64.*-O2/s);
  assert.equal(await tab.page.locator('.disasm-controls, script.disasm-index, script[src*="disasm.js"]').count(), 0);
  assert.equal(await tab.page.locator('script[src*="data/"]').count(), 0);
  assert.deepEqual(requested.filter((u) => /\/data\/|disasm\.js/.test(u)), []);
  // the view's stylesheet is still applied (on the pages disasm.js adds it)
  assert.equal(await sec.locator('.disasm-cols').first().evaluate((e) => getComputedStyle(e).display), 'grid');
  tab.assertClean();
  await tab.close();
});

test('without JavaScript the default target is plain HTML', async () => {
  const tab = await site.newTab({ mode: 'file', javaScriptEnabled: false });
  await tab.goto(PAGE);
  const sec = tab.page.locator(SEC);
  assert.equal(await sec.locator('.disasm-controls').isHidden(), true);
  const plain = await sec.locator('.disasm-thread[data-thread="t1"] .disasm-asm[data-variant="plain"] .asm-text').count();
  assert.ok(plain > 0, 'plain column has instructions');
  assert.ok(await sec.locator('.acc-load').count() > 0, 'shared loads are labelled');
  assert.match(await sec.locator('.disasm-current').textContent(), /gcc-12\/x86_64.*-O2/s);
  await tab.close();
});

// One markup, two renderers: site/templates/partials/disasm-listing.html draws the default target
// for the page (JavaScript off, print), static/disasm.js draws every target the reader picks. Both
// read the same data (classes and diffs come from tools/asm); they must draw it identically.
test('disasm.js draws the default target exactly as the page HTML does', async () => {
  const columns = (page) => page.locator(`${SEC} .disasm-asm`).evaluateAll((cols) => cols.map((c) =>
    [...c.querySelectorAll('ol.asm-lines > li, p.asm-none, p.asm-fn')].map((li) => li.outerHTML.replace(/\s+/g, ' '))));
  const off = await site.newTab({ mode: 'http', javaScriptEnabled: false });
  await off.goto(PAGE);
  const html = await columns(off.page);
  await off.close();
  const on = await site.newTab({ mode: 'http' });
  await on.goto(PAGE);
  await shown(on.page, 'gcc-12/x86_64/O2/att');
  const drawn = await columns(on.page);
  assert.ok(html.length >= 6 && html.every((c) => c.length > 0), 'every column has instructions');
  assert.deepEqual(drawn, html);
  on.assertClean();
  await on.close();
});
