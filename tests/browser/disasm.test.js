// disasm.test.js - the code view of an example (site/templates/example.html, site/static/disasm.js),
// over http and file://: one variant per code pane beside the source with a variant switch and a
// side-by-side comparison; only the shown variants' source lines, coloured only when they produced
// instructions, with the colours of the data; hovering or focusing a line (arrow keys too)
// highlights its instructions and the reverse; the selector offers only what can be chosen and
// loads the target's data script, with the syntax caption of its architecture; a link of the
// evidence matrix opens the page on the target it names; with JavaScript off every variant's pane
// of the default target is plain HTML, and print.html has that HTML without any script or data.
'use strict';
const { test } = require('node:test');
const assert = require('node:assert/strict');
const h = require('./harness');
const { drawn, playGame } = require('./course');

const PAGE = 'load-fusing.html';
const SEC = '#ex-load-fusing-need-to-stop';

const site = h.openForFile();

async function shown(page, value, sec = SEC) {
  await page.waitForFunction(
    ([sel, v]) => {
      const s = document.querySelector(sel);
      return s && s.getAttribute('data-shown') === v;
    },
    [sec, value],
  );
}

// What a thread's box shows: the visible source lines {n, cls} and the instructions of each shown pane.
async function view(page, thread) {
  return page.locator(`${SEC} .disasm-thread[data-thread="${thread}"]`).evaluate((t) => {
    const vis = (e) => e.offsetParent !== null;
    return {
      src: [...t.querySelectorAll('.src-lines li')]
        .filter(vis)
        .map((li) => ({ n: li.getAttribute('data-src'), cls: li.className.split(' ')[0] })),
      hidden: [...t.querySelectorAll('.src-lines li')]
        .filter((li) => !vis(li))
        .map((li) => li.getAttribute('data-src')),
      panes: [...t.querySelectorAll('.disasm-asm')].filter(vis).map((p) => ({
        v: p.getAttribute('data-variant'),
        insns: [...p.querySelectorAll('.asm-lines li:not(.asm-label):not(.asm-gap)')].map((li) => ({
          n: li.getAttribute('data-src'),
          cls: li.className.split(' ')[0],
        })),
      })),
    };
  });
}

// One colour rule, read from the data: a visible source line is coloured iff the shown variant has
// instructions from it, and those instructions carry the same colour.
function sameColours(v, label) {
  const pane = v.panes[0];
  for (const s of v.src) {
    const mine = pane.insns.filter((i) => i.n === s.n);
    if (s.cls === 'ln-none') assert.equal(mine.length, 0, `${label}: line ${s.n} is uncoloured but has instructions`);
    else {
      assert.ok(mine.length > 0, `${label}: line ${s.n} is coloured (${s.cls}) without instructions`);
      assert.ok(
        mine.every((i) => i.cls === s.cls),
        `${label}: line ${s.n}'s instructions have its colour`,
      );
    }
  }
}

for (const mode of h.MODES) {
  test(`one variant per pane, its source lines only, coloured only where code came from (${mode})`, async () => {
    const tab = await site.newTab({ mode });
    await tab.goto(PAGE);
    const page = tab.page;
    await shown(page, 'gcc-12/x86_64/O2/att');
    const sec = page.locator(SEC);
    assert.equal(await sec.getAttribute('data-view'), 'one');
    let v = await view(page, 't1');
    assert.deepEqual(
      v.panes.map((p) => p.v),
      ['plain'],
    );
    sameColours(v, 'plain');
    // the #if lines and the fixed and transformed branches are not shown with plain
    const plainLines = v.src.map((s) => s.n);
    const srcText = await sec
      .locator('.disasm-thread[data-thread="t1"] .src-lines li')
      .evaluateAll((lis) =>
        Object.fromEntries(lis.map((li) => [li.getAttribute('data-src'), li.querySelector('code').textContent])),
      );
    assert.ok(
      plainLines.every((n) => !/^#(if|elif|else|endif)/.test(srcText[n])),
      'no preprocessor line shown',
    );
    assert.ok(
      plainLines.some((n) => /while \(!need_to_stop\)/.test(srcText[n])),
      'plain loop shown',
    );
    assert.ok(!plainLines.some((n) => /READ_ONCE\(need_to_stop\)\)/.test(srcText[n])), 'fixed loop not shown');
    await sec.locator('.ex-variants input[value="fixed"]').check();
    await drawn(page, SEC, 'fixed');
    v = await view(page, 't1');
    assert.deepEqual(
      v.panes.map((p) => p.v),
      ['fixed'],
    );
    sameColours(v, 'fixed');
    assert.ok(
      v.src.some((s) => /while \(!READ_ONCE\(need_to_stop\)\)/.test(srcText[s.n])),
      'fixed loop shown',
    );
    assert.ok(!v.src.some((s) => /while \(!need_to_stop\)/.test(srcText[s.n])), 'plain loop hidden');
    // the line numbers are the example file's: the explorer numbers the same line the same way
    const fixedLoop = v.src.find((s) => /while \(!READ_ONCE/.test(srcText[s.n])).n;
    await playGame(page, 'load-fusing/need-to-stop');
    const xline = await page
      .locator(`.explorer-app[data-example="load-fusing/need-to-stop"] .explorer-thread`)
      .nth(1)
      .locator('.explorer-src li', { hasText: 'while (!READ_ONCE(need_to_stop))' })
      .getAttribute('data-line');
    assert.equal(xline, fixedLoop, 'explorer and code view number the line alike');
    tab.assertClean();
    await tab.close();
  });

  test(`hover and focus map source lines to instructions and back, keyboard too (${mode})`, async () => {
    const tab = await site.newTab({ mode });
    await tab.goto(PAGE);
    const page = tab.page;
    await shown(page, 'gcc-12/x86_64/O2/att');
    const thread = page.locator(`${SEC} .disasm-thread[data-thread="t1"]`);
    const v = await view(page, 't1');
    const line = v.src.find((s) => s.cls !== 'ln-none').n;
    const count = v.panes[0].insns.filter((i) => i.n === line).length;
    // hover a source line: its instructions light up, nothing else
    await thread.locator(`.src-lines li[data-src="${line}"]`).hover();
    assert.equal(await thread.locator(`.asm-lines li.hl[data-src="${line}"]`).count(), count);
    assert.equal(await thread.locator(`.asm-lines li.hl:not([data-src="${line}"])`).count(), 0);
    // hover an instruction: its source line lights up
    await page.mouse.move(0, 0);
    assert.equal(await thread.locator('li.hl').count(), 0, 'leaving clears the highlight');
    const insn = thread.locator('.disasm-asm:not([hidden]) li[data-src]:not([data-src="0"])').first();
    const n = await insn.getAttribute('data-src');
    await insn.hover();
    assert.equal(await thread.locator('.src-lines li.hl').count(), 1);
    assert.equal(await thread.locator('.src-lines li.hl').getAttribute('data-src'), n);
    await page.mouse.move(0, 0);
    // keyboard: each pane is one tab stop; arrows move along its lines and the highlight follows
    const first = thread.locator('.src-lines li[tabindex="0"]');
    assert.equal(await first.count(), 1, 'one tab stop in the source');
    await first.focus();
    const start = await page.evaluate(() => document.activeElement.getAttribute('data-src'));
    await page.keyboard.press('ArrowDown');
    const next = await page.evaluate(() => document.activeElement.getAttribute('data-src'));
    assert.notEqual(next, start);
    assert.equal(await thread.locator(`.src-lines li.hl`).getAttribute('data-src'), next);
    const nInsn = v.panes[0].insns.filter((i) => i.n === next).length;
    assert.equal(await thread.locator(`.asm-lines li.hl[data-src="${next}"]`).count(), nInsn);
    // from an instruction, the same
    await thread.locator('.asm-lines li[tabindex="0"]').first().focus();
    await page.keyboard.press('ArrowDown');
    const at = await page.evaluate(() => document.activeElement.getAttribute('data-src'));
    if (at !== '0') assert.equal(await thread.locator('.src-lines li.hl').getAttribute('data-src'), at);
    await page.evaluate(() => document.activeElement.blur());
    assert.equal(await thread.locator('li.hl').count(), 0, 'blur clears the highlight');
    await tab.screenshot(`disasm-focus-${mode}`);
    tab.assertClean();
    await tab.close();
  });

  test(`compare two variants side by side, rows aligned by the diff (${mode})`, async () => {
    const tab = await site.newTab({ mode });
    await tab.goto(PAGE);
    const page = tab.page;
    await shown(page, 'gcc-12/x86_64/O2/att');
    const sec = page.locator(SEC);
    await sec.locator('.ex-compare-on').check();
    // the view opens on the page's HTML: the cell's data script loads first, then the view changes
    await page.locator(`${SEC}[data-view="compare"]`).waitFor();
    await sec.locator('.ex-compare-b').selectOption('transformed');
    const v = await view(page, 't1');
    assert.deepEqual(
      v.panes.map((p) => p.v),
      ['plain', 'transformed'],
    );
    const rows = await sec
      .locator('.disasm-thread[data-thread="t1"] .disasm-asm:not([hidden]) ol.asm-diff')
      .evaluateAll((ols) => ols.map((o) => o.children.length));
    assert.equal(rows.length, 2);
    assert.equal(rows[0], rows[1], 'both sides have a row for every line of the diff');
    // the source shows both variants' lines; a line only one has says which
    assert.ok(
      (await sec.locator('.disasm-thread[data-thread="t1"] .src-lines li[data-only="transformed"]').count()) > 0,
    );
    await sec.locator('.ex-compare-on').uncheck();
    assert.equal(await sec.getAttribute('data-view'), 'one');
    tab.assertClean();
    await tab.close();
  });

  test(`selector: only choosable targets, data script loads, syntax caption per architecture (${mode})`, async () => {
    const tab = await site.newTab({ mode });
    await tab.goto(PAGE);
    const page = tab.page;
    await shown(page, 'gcc-12/x86_64/O2/att');
    const sec = page.locator(SEC);
    const caption = () => sec.locator('.disasm-syntax-caption').textContent();
    assert.equal(await caption(), ' (AT&T syntax)');
    await sec.locator('.disasm-arch').selectOption('aarch64');
    await shown(page, 'gcc-12/aarch64/O2/att');
    const texts = await sec.locator('.disasm-asm[data-variant="plain"] .asm-text').allTextContents();
    assert.ok(
      texts.some((t) => /^ldr\b/.test(t)),
      `aarch64 code: ${texts.join(' | ')}`,
    );
    assert.match(await sec.locator('.disasm-version').textContent(), /aarch64-linux-gnu-gcc/);
    assert.equal(await sec.locator('.disasm-syntax-label').isHidden(), true);
    assert.equal(await caption(), '', 'no AT&T caption for AArch64');
    // clang-19 has x86_64 and aarch64 only: nothing else is offered, nothing is disabled
    await sec.locator('.disasm-compiler').selectOption('clang-19');
    await shown(page, 'clang-19/aarch64/O2/att');
    const arches = await sec.locator('.disasm-arch option').evaluateAll((os) => os.map((o) => [o.value, o.disabled]));
    assert.deepEqual(arches, [
      ['x86_64', false],
      ['aarch64', false],
    ]);
    assert.equal(await sec.locator('.example-controls option[disabled]').count(), 0);
    await sec.locator('.disasm-compiler').selectOption('clang-14');
    await shown(page, 'clang-14/aarch64/O2/att');
    await sec.locator('.disasm-arch').selectOption('x86_64');
    await sec.locator('.disasm-opt').selectOption('O0');
    await shown(page, 'clang-14/x86_64/O0/att');
    await sec.locator('.disasm-syntax').selectOption('intel');
    await shown(page, 'clang-14/x86_64/O0/intel');
    assert.equal(await caption(), ' (Intel syntax)');
    const intel = await sec.locator('.disasm-asm[data-variant="plain"] .asm-text').allTextContents();
    assert.ok(
      intel.some((t) => /DWORD PTR/.test(t)),
      'Intel syntax shown',
    );
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

test('print.html shows the default disassembly with no controls, data or disasm.js, wrapped', async () => {
  const tab = await site.newTab({ mode: 'http' });
  const requested = [];
  tab.page.on('request', (r) => requested.push(r.url()));
  await tab.goto('print.html');
  await tab.page.emulateMedia({ media: 'print' });
  const sec = tab.page.locator('section.example[data-example="load-fusing/need-to-stop"]');
  assert.equal(await sec.count(), 1);
  for (const v of ['plain', 'fixed', 'transformed']) {
    const n = await sec.locator(`.disasm-thread[data-thread="t1"] .disasm-asm[data-variant="${v}"] .asm-text`).count();
    assert.ok(n > 0, `${v} pane has instructions`);
  }
  assert.match(await sec.locator('.disasm-current').textContent(), /gcc-12\/x86_64.*-O2/s);
  assert.equal(await tab.page.locator('.example-controls, script.disasm-index, script[src*="disasm.js"]').count(), 0);
  assert.equal(await tab.page.locator('script[src*="data/"]').count(), 0);
  assert.deepEqual(
    requested.filter((u) => /\/data\/|disasm\.js/.test(u)),
    [],
  );
  // printed, nothing is cut off: every pane's lines wrap inside it, and no button is printed
  const clipped = await tab.page
    .locator('section.example .pane-scroll')
    .evaluateAll((bs) => bs.filter((b) => b.scrollWidth > b.clientWidth + 1).length);
  assert.equal(clipped, 0, 'no pane wider than the page');
  const buttons = await tab.page
    .locator('button')
    .evaluateAll((bs) => bs.filter((b) => b.offsetParent !== null).length);
  assert.equal(buttons, 0, 'no button printed');
  // the printed example, for a reader's eyes (the whole course is too tall for one screenshot)
  // (print.html is the whole course: the page takes a while to settle on a busy machine)
  await tab.screenshot('disasm-print', { locator: sec.locator('.disasm-body') });
  tab.assertClean();
  await tab.close();
});

test('a course page printed: the shown code wraps, no controls or buttons', async () => {
  const tab = await site.newTab({ mode: 'file' });
  await tab.goto(PAGE);
  await shown(tab.page, 'gcc-12/x86_64/O2/att');
  await tab.page.emulateMedia({ media: 'print' });
  const sec = tab.page.locator(SEC);
  assert.equal(await sec.locator('.example-controls').isVisible(), false);
  const buttons = await tab.page
    .locator('button')
    .evaluateAll((bs) => bs.filter((b) => b.offsetParent !== null).map((b) => b.textContent));
  assert.deepEqual(buttons, [], 'no button printed');
  const clipped = await sec
    .locator('.pane-scroll')
    .evaluateAll((bs) => bs.filter((b) => b.offsetParent !== null && b.scrollWidth > b.clientWidth + 1).length);
  assert.equal(clipped, 0);
  tab.assertClean();
  await tab.close();
});

test('without JavaScript every variant of the default target is plain HTML', async () => {
  const tab = await site.newTab({ mode: 'file', javaScriptEnabled: false });
  await tab.goto(PAGE);
  const sec = tab.page.locator(SEC);
  assert.equal(await sec.locator('.example-controls').isHidden(), true);
  for (const v of ['plain', 'fixed', 'transformed']) {
    const pane = sec.locator(`.disasm-thread[data-thread="t1"] .disasm-asm[data-variant="${v}"]`);
    assert.equal(await pane.isVisible(), true, `${v} pane shown`);
    assert.ok((await pane.locator('.asm-text').count()) > 0, `${v} pane has instructions`);
  }
  assert.ok((await sec.locator('.acc-load').count()) > 0, 'shared loads are labelled');
  assert.match(await sec.locator('.disasm-current').textContent(), /gcc-12\/x86_64.*-O2/s);
  // the lines plain does not have are marked, not hidden
  assert.ok((await sec.locator('.src-lines li.src-other').count()) > 0);
  assert.equal(await sec.locator('.src-lines li.src-other').first().isVisible(), true);
  await tab.close();
});

// One markup, two renderers: site/templates/partials/disasm-listing.html draws the default target
// for the page (JavaScript off, print), static/disasm.js draws every target the reader picks. Both
// read the same data (classes and diffs come from tools/asm); they must draw it identically.
test('disasm.js draws the default target exactly as the page HTML does, every variant', async () => {
  const pane = (page, v) =>
    page
      .locator(`${SEC} .disasm-asm[data-variant="${v}"]`)
      .evaluateAll((cols) =>
        cols.map((c) =>
          [...c.querySelectorAll('ol.asm-lines > li, p.asm-none, p.asm-fn')].map((li) =>
            li.outerHTML.replace(/ tabindex="-?\d"/, '').replace(/\s+/g, ' '),
          ),
        ),
      );
  const off = await site.newTab({ mode: 'http', javaScriptEnabled: false });
  await off.goto(PAGE);
  const on = await site.newTab({ mode: 'http' });
  await on.goto(PAGE);
  await shown(on.page, 'gcc-12/x86_64/O2/att');
  // the default view is the page's own HTML (renderPage); choosing a variant loads the cell's data and
  // disasm.js draws from it (data-drawn="data"), plain last so that it too is drawn by disasm.js
  assert.equal(await on.page.locator(SEC).getAttribute('data-drawn'), 'page');
  for (const v of ['fixed', 'transformed', 'plain']) {
    const html = await pane(off.page, v);
    await on.page.locator(`${SEC} .ex-variants input[value="${v}"]`).check();
    await on.page.waitForFunction(
      ([s, w]) =>
        document.querySelector(s).getAttribute('data-drawn') === 'data' &&
        document.querySelector(s).getAttribute('data-variant') === w,
      [SEC, v],
    );
    const drawn = await pane(on.page, v);
    assert.ok(html.length === 2 && html.every((c) => c.length > 0), `${v}: every thread has instructions`);
    assert.deepEqual(drawn, html, v);
  }
  on.assertClean();
  await off.close();
  await on.close();
});

// A listing as clean as Compiler Explorer's: the shared variable's name on the instruction that
// accesses it (objdump's relocations applied), no padding after the last ret, and at 1280 px the
// one-variant view's panes share the free width instead of scrolling sideways.
test('the listing names the variables, shows no padding and fits its pane at 1280 px', async () => {
  const tab = await site.newTab({ mode: 'http', viewport: { width: 1280, height: 900 } });
  await tab.goto('store-tearing.html');
  const sec = '#ex-store-tearing-const64';
  // the page opens on the AArch64 cell, where the transformation is seen; the x86-64 listing is chosen
  await tab.page.selectOption(`${sec} .disasm-arch`, 'x86_64');
  await shown(tab.page, 'gcc-12/x86_64/O2/att', sec);
  const texts = await tab.page.locator(`${sec} .disasm-asm:not([hidden]) .asm-text`).allTextContents();
  assert.ok(texts.includes('mov %rax,big(%rip)'), `the store names big: ${texts.join(' | ')}`);
  assert.ok(!texts.some((t) => /0x0\(%rip\)|nop/.test(t)), 'no unrelocated field, no padding');
  const wide = await tab.page
    .locator(`${sec} .disasm-pane .pane-scroll`)
    .evaluateAll((bs) => bs.filter((b) => b.offsetParent !== null && b.scrollWidth > b.clientWidth + 1).length);
  assert.equal(wide, 0, 'no pane scrolls sideways');
  tab.assertClean();
  await tab.close();
});
