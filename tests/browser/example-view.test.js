// example-view.test.js - an example as a reader sees it (site/templates/example.html, static/disasm.js,
// static/explorer/ui.js): at 1280, 1024, 768 and 390 px, light and dark (1280 and 390 over file://, 1024
// and 768 over http: the layout does not depend on how the page was loaded, and each mode is checked), the
// example uses the page's width while the text keeps its measure, and no code pane is cut off (its
// code fits, or it scrolls sideways on purpose and says so); the whole view (variant, comparison,
// compiler, architecture, level, syntax, explorer mode, schedule and step) round-trips through the
// URL (each state's link reopened over file://, the two fullest over http); hostile URL values are refused and never reach the page as markup; axe finds no WCAG A/AA
// violation in the example; the phone's search box names no key. Screenshots of every width and
// theme (BROWSER_SHOTS=1, harness.js) are in build/test-artifacts/example-*.png.
'use strict';
const { test } = require('node:test');
const assert = require('node:assert/strict');
const h = require('./harness');
const { drawn, openRecordOf, playGame } = require('./course');

const PAGE = 'load-fusing.html';
const ID = 'load-fusing/need-to-stop';
const SEC = '#ex-load-fusing-need-to-stop';
const APP = `.explorer-app[data-example="${ID}"]`;
const WIDTHS = [1280, 1024, 768, 390];

const site = h.openForFile();

async function shown(page, value) {
  await page.waitForFunction(
    ([sel, v]) => {
      const s = document.querySelector(sel);
      return s && s.getAttribute('data-shown') === v;
    },
    [SEC, value],
  );
}

// Every visible pane of the example: does its code fit, or does it scroll on purpose (overflow-x
// auto, marked scrolls-x, with a visible hint in its heading)?
async function clipping(page) {
  return page.locator(`${SEC} .pane-scroll`).evaluateAll((boxes) =>
    boxes
      .filter((b) => b.offsetParent !== null)
      .map((b) => {
        const pane = b.closest('.disasm-pane'),
          hint = pane.querySelector('.pane-hint');
        const wide = b.scrollWidth > b.clientWidth + 1;
        const onPurpose =
          getComputedStyle(b).overflowX === 'auto' &&
          b.classList.contains('scrolls-x') &&
          !!hint &&
          hint.offsetParent !== null &&
          hint.getBoundingClientRect().width > 0;
        return {
          pane:
            pane.closest('.disasm-thread').getAttribute('data-thread') +
            '/' +
            (pane.getAttribute('data-variant') || 'source'),
          wide,
          onPurpose,
        };
      }),
  );
}

// One load per width: the light theme, then the same tab with the colour-scheme preference switched
// to dark (the stylesheets follow prefers-color-scheme; no script reads it).
const WIDTH_MODE = { 1280: 'file', 1024: 'http', 768: 'http', 390: 'file' };
{
  for (const width of WIDTHS) {
    const mode = WIDTH_MODE[width];
    test(`no code pane cut off at ${width} px, light and dark (${mode})`, async () => {
      const tab = await site.newTab({ mode, colorScheme: 'light', viewport: { width, height: 900 } });
      await tab.goto(PAGE);
      const page = tab.page;
      await shown(page, 'gcc-12/x86_64/O2/att');
      for (const colorScheme of ['light', 'dark']) {
        if (colorScheme === 'dark') await page.emulateMedia({ colorScheme });
        assert.equal(
          await page.evaluate(() => matchMedia('(prefers-color-scheme: dark)').matches),
          colorScheme === 'dark',
        );
        const panes = await clipping(page);
        assert.ok(panes.length >= 4, `${colorScheme}: source and code panes of both threads`);
        for (const p of panes)
          assert.ok(
            !p.wide || p.onPurpose,
            `${colorScheme}: ${p.pane} is wider than its pane without saying it scrolls`,
          );
        // the page itself never scrolls sideways
        const over = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        assert.ok(over <= 0, `${colorScheme}: the page is ${over} px wider than the window`);
        // the example takes the content's width; the text keeps its measure
        const [ex, text, room] = await page.evaluate((sel) => {
          const main = document.querySelector('main'),
            cs = getComputedStyle(main);
          return [
            document.querySelector(sel).getBoundingClientRect().width,
            document.querySelector('.page-body > p').getBoundingClientRect().width,
            main.clientWidth - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight),
          ];
        }, SEC);
        assert.ok(
          Math.abs(ex - room) < 2,
          `${colorScheme}: the example (${ex} px) fills the content area (${room} px)`,
        );
        if (width === 1280)
          assert.ok(ex > text + 100, `${colorScheme}: example ${ex} px is wider than the text ${text} px`);
        assert.ok(text <= 48 * 17 + 1, `${colorScheme}: text column stays readable`);
        // on a phone the panes are stacked: the code is below the source, full width
        const box = await page.evaluate((sel) => {
          const t = document.querySelector(sel + ' .disasm-thread[data-thread="t1"]');
          const s = t.querySelector('.disasm-src').getBoundingClientRect(),
            a = t.querySelector('.disasm-asm:not([hidden])').getBoundingClientRect();
          return { srcBottom: s.bottom, asmTop: a.top, asmLeft: a.left, srcLeft: s.left };
        }, SEC);
        if (width === 390)
          assert.ok(
            box.asmTop >= box.srcBottom && Math.abs(box.asmLeft - box.srcLeft) < 2,
            `${colorScheme}: stacked on a phone`,
          );
        else assert.ok(box.asmLeft > box.srcLeft, `${colorScheme}: side by side`);
        if (mode === 'file' && (width === 1280 || width === 390)) {
          await tab.screenshot(`example-${width}-${colorScheme}`, { locator: page.locator(SEC) });
        }
      }
      tab.assertClean();
      await tab.close();
    });
  }
}

test('on a phone the source folds away, and the search box names no key', async () => {
  const context = await h.newContext(site.browser, {
    viewport: { width: 390, height: 800 },
    isMobile: true,
    hasTouch: true,
  });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(site.url('file', PAGE));
  assert.doesNotMatch(await page.getAttribute('#search-input', 'placeholder'), /press/);
  const src = page.locator(`${SEC} .disasm-thread[data-thread="t1"] details.disasm-src`);
  await src.locator('summary').click();
  assert.equal(await src.getAttribute('open'), null);
  assert.equal(await src.locator('.src-lines').isVisible(), false);
  assert.deepEqual(errors, []);
  await context.close();
});

test("the desktop search box mentions its key; the markup without JavaScript names none; the page's h1 is its first heading", async () => {
  const tab = await site.newTab({ mode: 'http' });
  await tab.goto(PAGE);
  assert.equal(await tab.page.getAttribute('#search-input', 'placeholder'), 'Search (press /)');
  // the sidebar's headings come after the h1
  const first = await tab.page.evaluate(() => document.querySelector('h1, h2, h3, h4, h5, h6').tagName);
  assert.equal(first, 'H1');
  // and the sidebar is still on the left on a wide screen
  const [side, main] = await tab.page.evaluate(() => [
    document.querySelector('.sidebar').getBoundingClientRect().left,
    document.querySelector('main').getBoundingClientRect().left,
  ]);
  assert.ok(side < main);
  await tab.close();
  const off = await site.newTab({ mode: 'http', javaScriptEnabled: false });
  await off.goto(PAGE);
  assert.equal(await off.page.getAttribute('#search-input', 'placeholder'), 'Search the course');
  await off.close();
});

// The state of the view, read from the page.
async function state(page) {
  return page.evaluate(
    ([sec, app]) => {
      const s = document.querySelector(sec),
        a = document.querySelector(app);
      const q = (sel) => s.querySelector(sel);
      return {
        shown: s.getAttribute('data-shown'),
        view: s.getAttribute('data-view'),
        variants: s.getAttribute('data-variant'),
        explorerVariant: (a.querySelector('.explorer-variants input:checked') || {}).value,
        mode: (a.querySelector('.explorer-modes [aria-pressed="true"]') || {}).textContent,
        replay: a.querySelector('.explorer-replay').hidden
          ? null
          : a.querySelector('.explorer-replay-text').textContent,
        timeline: a.querySelectorAll('.explorer-timeline li').length,
        compiler: q('.disasm-compiler').value,
      };
    },
    [SEC, APP],
  );
}

for (const mode of h.MODES) {
  test(`every state of the view round-trips through the URL (${mode})`, async () => {
    const tab = await site.newTab({ mode });
    await tab.goto(PAGE);
    const page = tab.page;
    await shown(page, 'gcc-12/x86_64/O2/att');
    await playGame(page, ID);
    const sec = page.locator(SEC),
      app = page.locator(APP);
    const cases = [];
    async function snap(label) {
      const url = page.url();
      cases.push({ label, url, st: await state(page) });
    }
    // variant (the explorer follows the code view)
    await sec.locator('.ex-variants input[value="transformed"]').check();
    await drawn(page, SEC, 'transformed');
    assert.equal((await state(page)).explorerVariant, 'transformed');
    await snap('variant');
    // compiler, architecture, level, syntax
    await sec.locator('.disasm-compiler').selectOption('clang-14');
    await shown(page, 'clang-14/x86_64/O2/att');
    await sec.locator('.disasm-opt').selectOption('O1');
    await shown(page, 'clang-14/x86_64/O1/att');
    await sec.locator('.disasm-syntax').selectOption('intel');
    await shown(page, 'clang-14/x86_64/O1/intel');
    await snap('target and syntax');
    await sec.locator('.disasm-arch').selectOption('riscv64');
    await shown(page, 'clang-14/riscv64/O1/att');
    await snap('architecture');
    // comparison
    await sec.locator('.ex-compare-on').check();
    await sec.locator('.ex-compare-a').selectOption('fixed');
    await sec.locator('.ex-compare-b').selectOption('transformed');
    await snap('compare');
    await sec.locator('.ex-compare-on').uncheck();
    // explorer: variant (the code view follows), mode, a schedule and its step
    await app.locator('input[type=radio][value=plain]').check();
    assert.equal((await state(page)).variants, 'plain');
    await app.getByRole('button', { name: 'Every outcome' }).click();
    await snap('mode');
    await app.getByRole('button', { name: 'Find every outcome' }).click();
    await page.waitForFunction(
      (sel) => /^Done\./.test(document.querySelector(sel).textContent),
      `${APP} .explorer-exhaustive .explorer-progress`,
    );
    await app.locator('.explorer-exhaustive tbody tr').last().getByRole('button').click();
    await app.getByRole('button', { name: /^Next/ }).click();
    await snap('schedule and step');
    await app.locator('.explorer-step').nth(0).click();
    await snap('played by hand');
    // each link opened in a fresh tab (no storage), two at a time: every link over file://; over http
    // the two that hold the most of the view (the comparison; the rest up to a step played by hand),
    // since reading a link back is the same script in both modes, and only the page's URL differs
    const queue = mode === 'file' ? [...cases] : cases.filter((c) => ['compare', 'played by hand'].includes(c.label));
    await Promise.all(
      [0, 1].map(async () => {
        for (let c; (c = queue.shift()) !== undefined;) {
          const t = await site.newTab({ mode });
          await t.goto(c.url.replace(/^.*\/(?=[^/]*$)/, ''));
          await shown(t.page, c.st.shown);
          // the view opens on the page's HTML (plain); a link's other variants are drawn once the data is in
          await t.page.waitForFunction(
            ([s, w]) => document.querySelector(s).getAttribute('data-variant') === w,
            [SEC, c.st.variants],
          );
          await playGame(t.page, ID); // the game reads the link's view when it starts
          const st = await state(t.page);
          assert.deepEqual(st, c.st, `${c.label}: ${c.url}`);
          assert.equal(t.page.url(), c.url, `${c.label}: the URL is stable`);
          t.assertClean();
          await t.close();
        }
      }),
    );
    tab.assertClean();
    await tab.close();
  });
}

test('hostile URL values are refused, reported as text, and never become markup', async () => {
  const evil = '<img src=x onerror="window.__pwned=1">';
  const q = [
    `variant=${encodeURIComponent(evil)}`,
    'compare=plain,plain',
    `asm=${encodeURIComponent('../../../etc/x/O2')}`,
    'syntax=%22onmouseover%3D',
    `mode=${encodeURIComponent('<script>window.__pwned=2</script>')}`,
    'schedule=01x9',
    'step=-1',
    'variant=%E0%A4%A',
  ].join('&');
  for (const mode of h.MODES) {
    const tab = await site.newTab({ mode });
    await tab.goto(`${PAGE}?${q}#ex-load-fusing-need-to-stop`);
    const page = tab.page;
    await shown(page, 'gcc-12/x86_64/O2/att');
    await playGame(page, ID); // the link names the game's mode and schedule: it loads at once
    const st = await state(page);
    assert.equal(st.variants, 'plain', 'the default variant');
    assert.equal(st.view, 'one');
    assert.equal(st.replay, null, 'no schedule loaded');
    assert.equal(await page.evaluate(() => window.__pwned), undefined);
    assert.equal(await page.locator('img[src="x"]').count(), 0);
    assert.match(
      await page.locator(`${SEC} .disasm-error`).textContent(),
      /variant, compare, asm, syntax .*not understood and ignored/,
    );
    assert.match(
      await page.locator(`${APP} .explorer-live`).textContent(),
      /Part of the link was ignored: .*mode.*schedule/,
    );
    // a schedule longer than any run is refused before it is replayed
    const t2 = await site.newTab({ mode });
    await t2.goto(`${PAGE}?schedule=${'01'.repeat(400)}#ex-load-fusing-need-to-stop`);
    await shown(t2.page, 'gcc-12/x86_64/O2/att');
    await playGame(t2.page, ID);
    assert.match(
      await t2.page.locator(`${APP} .explorer-live`).textContent(),
      /schedule \(800 steps, and a run of this example has at most 404\)/,
    );
    assert.equal((await state(t2.page)).timeline, 0);
    t2.assertClean();
    await t2.close();
    tab.assertClean();
    await tab.close();
  }
});

test('a witness of the static outcome table plays step by step to the goal and back (http)', async () => {
  const tab = await site.newTab({ mode: 'http' });
  await tab.goto('store-tearing.html');
  const ex = 'store-tearing/const64';
  const app = await playGame(tab.page, ex);
  // the goal is the transformed variant's; on plain the explorer says that no run reaches it, and where to play it
  assert.match(
    await app.locator('.explorer-goal').textContent(),
    /^Goal: make t1 read half of the old value and half of the new\. No run of the plain variant’s code as emcc [\d.]+ at -O2 compiles it to WebAssembly reaches it: .*Play the transformed variant$/,
  );
  await openRecordOf(tab.page, ex);
  const link = tab.page
    .locator(`section.native[data-example="${ex}"] table.native-build-outcomes[data-variant=transformed] tr`, {
      hasText: 'r1=1',
    })
    .locator('a.explorer-witness');
  const sched = (await link.getAttribute('data-explore')).split(':').pop();
  await link.click();
  assert.equal(await app.locator('.explorer-variants input:checked').getAttribute('value'), 'transformed');
  await drawn(tab.page, '#ex-store-tearing-const64', 'transformed'); // the code view follows (once its data is in)
  assert.equal(await app.locator('.explorer-replay-text').textContent(), `step 0 of ${sched.length}`);
  for (let k = 1; k <= sched.length; k++) {
    await tab.page.keyboard.press('n');
    assert.equal(await app.locator('.explorer-replay-text').textContent(), `step ${k} of ${sched.length}`);
    // each thread's line is one line of the example file, marked in its column
    assert.ok((await app.locator('.explorer-src li.current').count()) <= 2);
  }
  assert.match(await app.locator('.explorer-verdict').textContent(), /^Goal reached in \d+ steps?!/);
  for (let k = sched.length - 1; k >= 0; k--) {
    await tab.page.keyboard.press('p');
    assert.equal(await app.locator('.explorer-replay-text').textContent(), `step ${k} of ${sched.length}`);
  }
  assert.equal(await app.locator('.explorer-verdict').textContent(), '');
  await tab.screenshot('example-witness');
  tab.assertClean();
  await tab.close();
});

// One load for both themes: the light theme, then the same tab with the colour-scheme preference
// switched to dark (the stylesheets follow prefers-color-scheme; no script reads it).
test('axe finds no WCAG A/AA violations in the example (light and dark)', async () => {
  const tab = await site.newTab({ mode: 'http', colorScheme: 'light' });
  await tab.goto(PAGE);
  await shown(tab.page, 'gcc-12/x86_64/O2/att');
  await tab.page.locator(`${SEC} .ex-compare-on`).check();
  for (const colorScheme of ['light', 'dark']) {
    await tab.page.emulateMedia({ colorScheme });
    assert.equal(
      await tab.page.evaluate(() => matchMedia('(prefers-color-scheme: dark)').matches),
      colorScheme === 'dark',
    );
    const res = await tab.axe({ include: SEC, tags: ['wcag2a', 'wcag2aa', 'wcag21aa'], preload: true });
    assert.deepEqual(res, [], colorScheme);
  }
  tab.assertClean();
  await tab.close();
});
