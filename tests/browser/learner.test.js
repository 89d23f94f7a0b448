// learner.test.js - the learner's path through an example (issue 27), over file:// and http:
// - the game comes first: after each example's code view comes "Try to break it" (the goal, and with
//   JavaScript the game), then the verified record folded (details.example-verified), which opens by
//   its summary with JavaScript off and by itself for a link to something inside it;
// - each example opens on a cell where its transformation is seen (the plain variant's evidence says
//   so), or says before its code that no cell shows it;
// - the evidence is one sentence per variant, its predicate and the atoms' values behind a
//   disclosure, with the code lines of the accesses counted (lines of the thread's source pane);
// - the game marks the source lines whose shared access the compiler removed in the explorer's build
//   (load fusing's deleted polling loop); that every variable a goal names is in its memory table is
//   checked by labs.test.js's walk, on every game of every page;
// - the machine-code replay's controls sit right under the listing they step (at 1280 x 900 the
//   marked instruction and the Next button are on screen together);
// - a page with many examples (litmus.html, load-fusing.html) loads each script once, and requests
//   each data script once (page weight itself: `make page-weight-bench`);
// - a won game counts in the progress, whose totals per section are in every page's footer;
// - on a phone (390 x 844) the Run buttons and Step back sit side by side in a bar at the bottom of
//   the screen while the game is on it, the memory table fits, and the header scrolls away.
'use strict';
const { test } = require('node:test');
const assert = require('node:assert/strict');
const h = require('./harness');
const { playGame } = require('./course');

const PAGES = [
  'load-tearing.html',
  'store-tearing.html',
  'load-fusing.html',
  'store-fusing.html',
  'code-reordering.html',
  'invented-loads.html',
  'invented-stores.html',
  'store-to-load.html',
  'dead-code.html',
];

const site = h.openForFile();

// For every example of the page: the vertical order of its code view, its game and its record, and
// whether the record is open.
function order(page) {
  return page.$$eval('section.example', (exs) =>
    exs.map((ex) => {
      const top = (sel) => {
        const e = ex.querySelector(sel);
        return e ? e.getBoundingClientRect().top + window.scrollY : null;
      };
      const rec = ex.querySelector('details.example-verified');
      return {
        id: ex.id,
        code: top('.disasm-body'),
        game: top('section.explorer-game'),
        record: top('details.example-verified'),
        open: rec ? rec.open : null,
        goal: !!ex.querySelector('section.explorer-game .explorer-goal-static'),
        hasGoal: !!ex.querySelector('.explorer-app[data-goal-variant], .explorer-app[data-goal-tso-variant]'),
      };
    }),
  );
}

test('the game comes first, the verified record follows folded (JavaScript off, file://)', async () => {
  const tab = await site.newTab({ mode: 'file', javaScriptEnabled: false });
  for (const p of PAGES) {
    await tab.goto(p);
    const exs = await order(tab.page);
    assert.ok(exs.length >= 1, p);
    for (const e of exs) {
      assert.ok(e.game !== null && e.record !== null, `${p} ${e.id}: a game and a record`);
      assert.ok(e.code < e.game && e.game < e.record, `${p} ${e.id}: code view, then the game, then the record`);
      assert.equal(e.open, false, `${p} ${e.id}: the record is folded`);
      assert.equal(e.goal, e.hasGoal, `${p} ${e.id}: the goal in words without JavaScript`);
    }
  }
  // the record opens by its summary, without JavaScript: its evidence, and a link to the rest on a
  // page of its own, whose tables are plain HTML
  await tab.goto('store-tearing.html');
  const link = tab.page.locator('#ex-store-tearing-const64 details.example-verified .record-link a');
  assert.equal(await link.isVisible(), false);
  await tab.page.locator('#ex-store-tearing-const64 details.example-verified > summary').click();
  assert.equal(await link.isVisible(), true);
  assert.equal(await tab.page.locator('#ex-store-tearing-const64 .disasm-evidence .ev-says').first().isVisible(), true);
  await link.click();
  const table = tab.page.locator('table.native-build-outcomes[data-variant=plain]').first();
  assert.equal(await table.isVisible(), true);
  tab.assertClean();
  await tab.close();
});

test('a link to a table inside the record opens it (http)', async () => {
  const tab = await site.newTab({ mode: 'http' });
  await tab.goto('store-tearing.html#native-store-tearing-const64');
  // the record is inserted (its section.native has the id now), opened and shown
  await tab.page.locator('section.native#native-store-tearing-const64').waitFor({ state: 'visible' });
  assert.equal(
    await tab.page.locator('#ex-store-tearing-const64 details.example-verified').evaluate((d) => d.open),
    true,
  );
  tab.assertClean();
  await tab.close();
});

test('each example opens where its transformation is seen, or says at once that no cell shows it', async () => {
  const tab = await site.newTab({ mode: 'file', javaScriptEnabled: false });
  for (const p of PAGES) {
    await tab.goto(p);
    const exs = await tab.page.$$eval('section.example', (all) =>
      all.map((ex) => {
        const seen = ex.querySelector('.disasm-evidence li.ev-seen'),
          none = ex.querySelector('.example-seen-none');
        const code = ex.querySelector('.disasm-body');
        return {
          id: ex.id,
          has: !!seen,
          plainSeen: !!(seen && seen.querySelector('.ev-yes') && /^\W*plain:/.test(seen.textContent.trim())),
          none: !!none && none.getBoundingClientRect().top < code.getBoundingClientRect().top,
        };
      }),
    );
    for (const e of exs.filter((x) => x.has))
      assert.ok(
        e.plainSeen !== e.none,
        `${p} ${e.id}: ${e.plainSeen ? 'seen' : 'not seen'} on its first cell, ${e.none ? '' : 'no '}"no cell shows it" before the code`,
      );
  }
  await tab.close();
});

test('evidence in words: one sentence per variant, the predicate behind a disclosure (file:// without JavaScript, then http)', async () => {
  for (const js of [false, true]) {
    const tab = await site.newTab({ mode: js ? 'http' : 'file', javaScriptEnabled: js });
    await tab.goto('store-tearing.html');
    const ev = tab.page.locator('#ex-store-tearing-const64 .disasm-evidence');
    const plain = ev.locator('li[data-variant=plain]');
    if (js)
      await tab.page.waitForFunction(() =>
        document.querySelector('#ex-store-tearing-const64').getAttribute('data-shown'),
      );
    assert.equal(
      await plain.locator('.ev-says').textContent(),
      "t0 writes big twice; t0's widest access to big is 4 bytes: the transformation is seen in this code",
    );
    assert.equal(await ev.locator(':scope > ul > li').count(), 3, 'one sentence per variant');
    const why = plain.locator('details.ev-why');
    assert.equal(await why.locator('code').first().isVisible(), false, 'the predicate is folded');
    await tab.page.locator('#ex-store-tearing-const64 details.example-verified > summary').click();
    await why.locator('summary').click();
    assert.match(await why.textContent(), /stores\(t0, big\) >= 2 && max_width\(t0, big\) < 8 holds on this code/);
    assert.match(await why.textContent(), /stores\(t0, big\) = 2 \(line 36\)/);
    // line 36 is a line of t0's source pane, the one of the store
    assert.match(
      await tab.page
        .locator('#ex-store-tearing-const64 .disasm-thread[data-thread=t0] .src-lines li[data-src="36"]')
        .textContent(),
      /big = NEW_VALUE/,
    );
    tab.assertClean();
    await tab.close();
  }
});

test('the game marks what the compiler removed (http)', async () => {
  const tab = await site.newTab({ mode: 'http' });
  await tab.goto('load-fusing.html');
  const app = await playGame(tab.page, 'load-fusing/need-to-stop');
  const t1 = app.locator('.explorer-thread').nth(1);
  assert.deepEqual(await t1.locator('li[data-removed] code').allTextContents(), [
    '\twhile (!need_to_stop)\t\t/* BUGGY: nothing forces a fresh load */',
  ]);
  assert.match(await t1.locator('li[data-removed]').textContent(), /removed by the compiler: no access in this build/);
  await app.locator('input[type=radio][value=fixed]').check();
  assert.equal(await app.locator('li[data-removed]').count(), 0, 'the fixed loop reads the flag');
  // every variable a goal names is in its game's memory table: checked on every game of every page by
  // labs.test.js's walk, which starts them all
  tab.assertClean();
  await tab.close();
});

test("the native replay's controls stay beside the listing they step (http, 1280 x 900)", async () => {
  const tab = await site.newTab({ mode: 'http', viewport: { width: 1280, height: 900 } });
  const EX = '#ex-store-tearing-const64';
  await tab.goto('store-tearing.html');
  await tab.page.waitForFunction((e) => document.querySelector(e).getAttribute('data-shown'), EX);
  await tab.page.locator(`${EX} details.example-verified > summary`).click();
  await tab.page.click(`${EX} table.native-outcomes[data-variant="plain"] tr.native-bad a.native-witness`);
  await tab.page.locator(`${EX} .native-replay:not([hidden])`).waitFor();
  await tab.page.click(`${EX} button.native-next`);
  const g = await tab.page.evaluate((e) => {
    const r = (s) => document.querySelector(s).getBoundingClientRect();
    return {
      body: r(e + ' .disasm-body').bottom,
      panel: r(e + ' .native-replay').top,
      at: r(e + ' li.native-at').top,
      next: r(e + ' button.native-next').bottom,
    };
  }, EX);
  assert.ok(g.panel - g.body >= 0 && g.panel - g.body < 40, `the controls follow the listing (${JSON.stringify(g)})`);
  assert.ok(g.next - g.at < 900, `the marked instruction and Next fit in one screen (${JSON.stringify(g)})`);
  tab.assertClean();
  await tab.close();
});

test('each script is loaded once per page (http)', async () => {
  for (const p of ['litmus.html', 'load-fusing.html']) {
    const tab = await site.newTab({ mode: 'http' });
    const urls = [];
    tab.page.on('request', (r) => {
      if (/\.js(\?|$)/.test(r.url())) urls.push(r.url());
    });
    await tab.goto(p);
    await tab.page.waitForLoadState('networkidle');
    const srcs = await tab.page.$$eval('script[src]', (ss) => ss.map((x) => x.getAttribute('src')));
    assert.deepEqual(
      srcs.filter((x, i) => srcs.indexOf(x) !== i),
      [],
      `${p}: a script element per script`,
    );
    assert.deepEqual(
      urls.filter((x, i) => urls.indexOf(x) !== i),
      [],
      `${p}: each script requested once`,
    );
    tab.assertClean();
    await tab.close();
  }
});

test('a won game counts; the footer gives the progress per section (file://)', async () => {
  const tab = await site.newTab({ mode: 'file' });
  await tab.goto('load-fusing.html');
  const app = await playGame(tab.page, 'load-fusing/need-to-stop');
  await app.locator('.explorer-thread').nth(1).locator('button.explorer-step').click(); // t1 reads the flag before t0 sets it
  await app.locator('.explorer-thread').nth(0).locator('button.explorer-step').click();
  assert.match(await app.locator('.explorer-verdict').textContent(), /Goal reached in 2 steps/);
  assert.deepEqual(
    await tab.page.evaluate(
      () => JSON.parse(localStorage.getItem('course-quiz-progress'))['game-load-fusing-need-to-stop'],
    ),
    { answered: true, correct: true, solved: true },
  );
  await tab.goto('index.html');
  await tab.page.locator('details.progress-summary > summary').click();
  const body = tab.page.locator('.progress-summary-body');
  assert.match(await body.locator('.progress-games').textContent(), /Games won .*: 1\./);
  const rows = await body.locator('tbody th').allTextContents();
  assert.ok(rows.includes('Transformations') && rows[rows.length - 1] === 'All', rows.join(', '));
  tab.assertClean();
  await tab.close();
});

test('the game on a phone: a thumb-reach action bar, a memory table that fits, the header out of the way (file://)', async () => {
  const tab = await site.newTab({ mode: 'file', viewport: { width: 390, height: 844 } });
  await tab.goto('load-fusing.html');
  const app = await playGame(tab.page, 'load-fusing/need-to-stop');
  await app.locator('.explorer-threads').evaluate((e) => e.scrollIntoView());
  const g = await app.evaluate((a) => {
    const r = (e) => e.getBoundingClientRect();
    const runs = [...a.querySelectorAll('button.explorer-step')].map(r);
    const mem = a.querySelector('.explorer-memory'),
      head = document.querySelector('.site-header');
    return {
      runs: runs.map((b) => [b.left, b.top, b.bottom]),
      h: window.innerHeight,
      inBar: a.querySelectorAll('.explorer-actionbar button.explorer-step').length,
      memFits: mem.scrollWidth <= mem.clientWidth + 1 && r(mem).right <= window.innerWidth,
      header: r(head).bottom,
    };
  });
  assert.equal(g.inBar, 2, 'both Run buttons in the action bar');
  for (const [, top, bottom] of g.runs)
    assert.ok(bottom <= g.h && top >= (g.h * 2) / 3, `a Run button in thumb reach: ${JSON.stringify(g)}`);
  // from the game's first line on, the bar stays at the bottom of the screen
  await tab.page.locator('#explorer-load-fusing-need-to-stop-h').evaluate((e) => e.scrollIntoView());
  const bar = await app
    .locator('.explorer-actionbar')
    .evaluate((b) => [b.getBoundingClientRect().bottom, window.innerHeight]);
  assert.ok(Math.abs(bar[0] - bar[1]) < 2, `the bar sticks to the bottom (${bar})`);
  assert.ok(Math.abs(g.runs[0][1] - g.runs[1][1]) < 5, 'side by side');
  assert.ok(g.memFits, 'the memory table fits');
  assert.ok(g.header <= 0, `the header has scrolled away (${g.header})`);
  // the buttons still play the game
  await app.locator('.explorer-actionbar button.explorer-step').nth(1).click();
  await app.locator('.explorer-actionbar button.explorer-step').nth(0).click();
  assert.match(await app.locator('.explorer-verdict').textContent(), /Goal reached in 2 steps/);
  tab.assertClean();
  await tab.close();
});
