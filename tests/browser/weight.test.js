// weight.test.js - issue 27 point 14, page weight: a page with an example transfers its game (wasm data
// scripts, runtime.js, ui.js) and its machine code's outcomes (native.js, the cells' data) only when
// the reader opens them (static/ondemand.js), and the search (static/search.js) only when the box is
// first used (static/search-boot.js), and the code view's cell data and its drawing (static/disasm-draw.js)
// only when the reader changes the view (static/disasm.js draws the default from the HTML), each script once; then they load and work, over http
// and from file://. Every sidebar page with an example is weighed on a first visit (no gzip, nothing
// cached) against issue 27's goal: under 200 KB, litmus.html under 400 KB; the pages that do not meet
// it yet (OVER) are held to their ceiling today and must still be over it (met: move it out of OVER).
// `make page-weight-bench` (weight.bench.js) prints each page's weight by kind. The verified record of
// an example (details.example-verified) holds its evidence and a link to the record's own page
// (<anchor>.record.html, beside the page: read without JavaScript); with JavaScript ondemand.js inserts
// the record from its data script (<anchor>.record.js) when it is opened or a fragment names an id in
// it, once; native.js then draws it (also for a second record, native.js already loaded).
'use strict';
const { test } = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const h = require('./harness');
const { drawn, openRecord, playGame } = require('./course');
const { nativeCell } = require('./native-view');

const ON_DEMAND =
  /\/(data\/explorer\/runtime\.js|static\/explorer\/ui\.js|static\/native\.js|static\/search\.js|static\/disasm-draw\.js|data\/wasm\/|data\/native\/|data\/asm\/|[^/]*\.record\.js$)/;
const GOAL = { 'litmus.html': 400 * 1024 };
const DEFAULT_GOAL = 200 * 1024;
// pages over the goal today, held to a ceiling in KB ({ 'page.html': KB }): none since the verified
// records left the first visit (2026-12-07: load-fusing.html 236 KB -> 167 KB, litmus.html 410 KB -> 228 KB)
const OVER = {};
const site = h.openForFile();

// Every response of tab (url, body length) from now on.
function record(tab) {
  const seen = [];
  tab.page.on('response', async (r) => {
    try {
      seen.push([r.url(), (await r.body()).length]);
    } catch (e) {
      /* a redirect has no body */
    }
  });
  return seen;
}
// The scripts the page has asked for (script elements: the same over http and file://).
const scripts = (page) => page.$$eval('script[src]', (ss) => ss.map((s) => s.src));

// The sidebar's pages that have an example (a <section class="example"> in the page's HTML, as
// site/templates/example.html writes it: read from the built file, not loaded).
async function examplePages() {
  const probe = await site.newTab({ mode: 'http' });
  await probe.goto('index.html');
  const pages = await probe.page.$$eval('#sidebar a', (as) => as.map((a) => a.getAttribute('href')));
  await probe.close();
  return pages.filter((p) => /<section class="example"/.test(fs.readFileSync(path.join(site.siteDir, p), 'utf8')));
}

test('every page with an example is under its goal on a first visit, nothing on demand loaded, each URL once (http)', async () => {
  const pages = await examplePages();
  assert.ok(pages.length >= 20 && pages.includes('litmus.html'), pages.join(' '));
  const weights = [];
  for (const p of pages) {
    const tab = await site.newTab({ mode: 'http', fresh: true }); // a first visit: nothing cached
    const seen = record(tab);
    await tab.goto(p);
    await tab.page.waitForLoadState('networkidle');
    const bytes = seen.reduce((a, [, n]) => a + n, 0);
    weights.push(`${p} ${Math.round(bytes / 1024)} KB`);
    const goal = GOAL[p] || DEFAULT_GOAL;
    if (OVER[p]) {
      assert.ok(bytes <= OVER[p] * 1024, `${p}: ${Math.round(bytes / 1024)} KB, over its ceiling of ${OVER[p]} KB`);
      assert.ok(bytes >= goal, `${p} meets its goal now (${Math.round(bytes / 1024)} KB): take it out of OVER`);
    } else assert.ok(bytes < goal, `${p}: ${Math.round(bytes / 1024)} KB, goal < ${goal / 1024} KB`);
    assert.deepEqual(
      seen.map(([u]) => u).filter((u) => ON_DEMAND.test(u)),
      [],
      `${p}: loaded before the reader asked`,
    );
    const urls = seen.map(([u]) => u).filter((u) => !/favicon/.test(u));
    assert.equal(new Set(urls).size, urls.length, `${p}: a URL requested twice`);
    tab.assertClean();
    await tab.close();
  }
  console.log(weights.join('\n'));
});

// The record page of each example of page p (JavaScript off): [example id, record page path].
async function recordPages(tab, p) {
  await tab.goto(p);
  return tab.page.$$eval('section.example', (exs) =>
    exs.map((ex) => [
      ex.getAttribute('data-example'),
      ex.querySelector('details.example-verified .record-link a').getAttribute('href'),
    ]),
  );
}

test('each record is a page of its own without JavaScript: its models in full, its links back to the example', async () => {
  const tab = await site.newTab({ mode: 'file', javaScriptEnabled: false });
  const recs = await recordPages(tab, 'litmus.html');
  assert.equal(recs.length, 8);
  const page = tab.page;
  // on the example's page the record is its evidence and the link: no outcome tables
  assert.equal(await page.locator('section.example section.native').count(), 0);
  for (const [id, href] of recs) {
    await tab.goto(href);
    assert.equal(await page.locator(`section.native[data-example="${id}"]`).count(), 1, href);
    for (const [cls, words] of [
      ['native-model:not(.native-tso-model):not(.native-armv8-model)', /Barrier instructions have no effect/],
      ['native-tso-model', /mfence/],
      ['native-armv8-model', /other-multi-copy-atomic/],
    ])
      assert.match(await page.locator(`.${cls}`).first().textContent(), words, `${href}: ${cls}`);
    // a schedule link replays on the example's page
    const witness = await page.locator('a.native-witness').first().getAttribute('href');
    assert.match(witness, /^litmus\.html\?asm=[^#]+&replay=[^#]+#ex-/, href);
  }
  // the breadcrumb leads back to the example
  await page.locator('.breadcrumbs a[href*="#ex-"]').click();
  assert.equal(new URL(page.url()).pathname.split('/').pop(), 'litmus.html');
  assert.equal(new URL(page.url()).hash, `#${await page.locator('section.example').last().getAttribute('id')}`);
  tab.assertClean();
  await tab.close();
});

test("the explorer's verified outcomes under sequential consistency are said once, in the build view (JavaScript off)", async () => {
  const tab = await site.newTab({ mode: 'file', javaScriptEnabled: false });
  for (const [p, n, tso] of [
    ['load-fusing.html', 3, 0],
    ['litmus.html', 8, 16],
  ]) {
    const recs = await recordPages(tab, p);
    assert.equal(recs.length, n, p);
    let tsoTables = 0;
    for (const [id, href] of recs) {
      await tab.goto(href);
      const page = tab.page;
      const verified = page.locator('section.explorer-verified');
      assert.equal(await verified.locator('table.explorer-outcomes[data-model="sc"]').count(), 0, `${id}: said twice`);
      // the sentence links to the build view, whose tables count each outcome's schedules
      const to = await verified.locator('p.explorer-sc-above a').getAttribute('href');
      const build = page.locator(`section.native ${to}.native-view-build`);
      assert.equal(await build.count(), 1, `${id}: ${to}`);
      const tables = build.locator('table.native-build-outcomes');
      assert.ok((await tables.count()) >= 2, id);
      for (let t = 0; t < (await tables.count()); t++) {
        const table = tables.nth(t);
        assert.match(await table.locator('caption').textContent(), /outcomes? from \d+ schedules? explored/, id);
        assert.deepEqual(await table.locator('thead th').allTextContents(), [
          'Outcome',
          'Schedules',
          'Example schedule',
        ]);
        for (const c of await table.locator('tbody td:nth-child(2)').allTextContents())
          assert.match(c, /^[1-9]\d*$/, id);
      }
      // the tables under x86-TSO (not in the build view) stay in the explorer's record
      tsoTables += await page.locator('section.explorer-verified table.explorer-outcomes[data-model="tso"]').count();
    }
    assert.equal(tsoTables, tso, p);
  }
  tab.assertClean();
  await tab.close();
});

test('a record is inserted when opened, its data script loaded once, and native.js draws every record opened (JavaScript on)', async () => {
  const tab = await site.newTab({ mode: 'http' });
  const seen = record(tab);
  await tab.goto('litmus.html');
  const page = tab.page;
  const first = '#ex-litmus-sb-poonceonces',
    second = '#ex-litmus-mp-poonceonces';
  const recordScripts = () => seen.map(([u]) => u).filter((u) => /\.record\.js$/.test(u));
  assert.deepEqual(recordScripts(), [], 'no record loaded on a first visit');
  assert.equal(await page.locator(`${first} section.native`).count(), 0);
  await openRecord(page, first);
  await page.locator(`${first} section.native[data-native-ready]`).waitFor({ state: 'attached' });
  assert.ok(await page.locator(`${first} .record-link`).isHidden(), 'the link gives way to the record');
  // closed and opened again: not loaded or inserted twice (a second insertion would replace the
  // record's elements: the one marked here must still be there)
  await page.locator(`${first} section.native`).evaluate((e) => (e.keptAcrossToggle = true));
  await page.locator(`${first} details.example-verified > summary`).click();
  await openRecord(page, first);
  assert.equal(await page.locator(`${first} section.native`).count(), 1);
  assert.ok(
    await page.locator(`${first} section.native`).evaluate((e) => e.keptAcrossToggle === true),
    'the record was inserted again',
  );
  assert.deepEqual(
    recordScripts().map((u) => u.split('/').pop()),
    ['ex-litmus-sb-poonceonces.record.js'],
  );
  // a second record: native.js is there already, and draws it too
  await openRecord(page, second);
  await page.locator(`${second} section.native[data-native-ready]`).waitFor({ state: 'attached' });
  await page.selectOption(`${first} .disasm-compiler`, 'clang-14');
  await page.selectOption(`${first} .disasm-arch`, 'aarch64');
  await nativeCell(page, first, 'clang-14/aarch64/O2');
  assert.equal(seen.filter(([u]) => /static\/native\.js$/.test(u)).length, 1);
  tab.assertClean();
  await tab.close();
});

test('a link to a place in a record opens it there, loading it (JavaScript on)', async () => {
  const tab = await site.newTab({ mode: 'file' });
  const page = tab.page;
  await tab.goto('litmus.html#native-litmus-mp-poonceonces-build');
  const target = page.locator('#native-litmus-mp-poonceonces-build');
  await target.waitFor({ state: 'visible' });
  assert.equal(await target.evaluate((e) => e.closest('details.example-verified').open), true);
  assert.equal(await page.locator('[id="native-litmus-mp-poonceonces"]').count(), 1, 'an id twice');
  tab.assertClean();
  await tab.close();
});

for (const mode of h.MODES) {
  test(`the game and the machine code's outcomes load when the reader opens them (${mode})`, async () => {
    const tab = await site.newTab({ mode });
    await tab.goto('store-tearing.html');
    const page = tab.page;
    assert.deepEqual(
      (await scripts(page)).filter((u) => ON_DEMAND.test(u)),
      [],
      'nothing on demand at first',
    );
    assert.equal(await page.evaluate(() => typeof window.CourseExplorer), 'undefined');
    // the static goal says what the game is until it is started
    assert.ok(await page.locator('section.explorer-game .explorer-goal-static').first().isVisible());
    // the game: its Start button loads its wasm data, the engine and ui.js, which build it
    const app = await playGame(page, 'store-tearing/const64');
    const after = await scripts(page);
    for (const re of [
      /data\/wasm\/store-tearing\/const64\.plain\.js$/,
      /data\/explorer\/runtime\.js$/,
      /static\/explorer\/ui\.js$/,
    ])
      assert.equal(after.filter((u) => re.test(u)).length, 1, String(re));
    assert.equal(await page.locator('.explorer-start').count(), 0, 'the Start button is gone');
    await app.locator('input[type=radio][value=plain]').check();
    await app.focus();
    await page.keyboard.press('0');
    assert.match(await app.locator('.explorer-live').textContent(), /^Step 1: t0 writes big/);
    // the record: opening it loads native.js and the cell's data; a schedule link replays over the listing
    assert.equal((await scripts(page)).filter((u) => /static\/native\.js$/.test(u)).length, 0);
    await openRecord(page, '#ex-store-tearing-const64');
    await page.waitForFunction(() => !!document.querySelector('section.native[data-native-ready]'));
    const link = page.locator('section.native a.native-witness').first();
    await link.click();
    await page.locator('.native-replay:not([hidden])').first().waitFor();
    assert.equal((await scripts(page)).filter((u) => /static\/native\.js$/.test(u)).length, 1);
    // the code view: another target loads its data and the drawing, which is then on the page once
    await page.selectOption('#ex-store-tearing-const64 .disasm-arch', 'x86_64');
    await drawn(page, '#ex-store-tearing-const64', 'plain');
    assert.equal(await page.getAttribute('#ex-store-tearing-const64', 'data-shown'), 'gcc-12/x86_64/O2/att');
    assert.equal((await scripts(page)).filter((u) => /static\/disasm-draw\.js$/.test(u)).length, 1);
    tab.assertClean();
    await tab.close();
  });

  test(`a schedule link of a game not started yet starts it on that schedule (${mode})`, async () => {
    const tab = await site.newTab({ mode });
    await tab.goto('load-tearing.html');
    const page = tab.page;
    const ex = 'load-tearing/split-word';
    await openRecord(page, '#ex-load-tearing-split-word');
    const link = page.locator(`section.native[data-example="${ex}"] .native-view-build a.explorer-witness`).last();
    const sched = (await link.getAttribute('data-explore')).split(':').pop();
    await page.evaluate(() => {
      window.sameDocument = true;
    });
    await link.click();
    const app = page.locator(`.explorer-app[data-example="${ex}"]`);
    await app.waitFor({ state: 'visible' });
    assert.equal(await app.locator('.explorer-replay-text').textContent(), `step 0 of ${sched.length}`);
    assert.equal(await page.evaluate(() => window.sameDocument), true, 'replayed in place, not by following the link');
    tab.assertClean();
    await tab.close();
  });
}
