// explorer.test.js - the outcome explorer on the load-fusing page, over http and file://:
// play a schedule by keyboard to the example's goal, "t1 does not terminate" (plain, gnu89 polling
// loop), with a step counter and undo; replay a witness found by the exhaustive mode step by step
// from step 0, forward to the goal and back; the fixed variant's exhaustive run has no such outcome;
// shared #explore= links open a replay at step 0; the outcome table's schedule links (a click
// replays from step 0; with JavaScript off they lead to the explorer section); malformed or
// oversized #explore= fragments are refused; the static table with JavaScript off; no console errors.
'use strict';
const { test } = require('node:test');
const assert = require('node:assert/strict');
const h = require('./harness');
const { gotoRecordPage, openRecordOf, playGame } = require('./course');

const ID = 'load-fusing/need-to-stop-gnu89';
const APP = `.explorer-app[data-example="${ID}"]`;
// the verified outcomes under sequential consistency: the outcome panel's view of the explorer's build
// (partials/native-outcomes.html; partials/explorer.html links to it)
const BUILD_VIEW = `section.native[data-example="${ID}"] .native-view-build`;
const site = h.openForFile();

async function openApp(tab, hash) {
  await tab.goto('load-fusing.html' + (hash || ''));
  return playGame(tab.page, ID);
}

for (const mode of h.MODES) {
  test(`explorer: keyboard play reaches "does not terminate" (${mode})`, async () => {
    const tab = await site.newTab({ mode });
    const app = await openApp(tab);
    assert.equal(await app.locator('input[type=radio][value=plain]').isChecked(), true);
    await app.focus();
    await tab.page.keyboard.press('1'); // t1 loads the flag (0) and spins on its copy
    const live = app.locator('.explorer-live');
    assert.match(await live.textContent(), /^Step 1: t1 reads need_to_stop = 0 at line \d+/);
    assert.match(
      await app.locator('.explorer-thread').nth(1).locator('.explorer-status').textContent(),
      /spins forever/,
    );
    assert.match(
      await app.locator('.explorer-goal').textContent(),
      /^Goal: make t1 spin forever after t0 has asked it to stop\./,
    );
    await tab.page.keyboard.press('0'); // t0 stores 1: too late
    const verdict = app.locator('.explorer-verdict');
    assert.match(await verdict.textContent(), /^Goal reached in 2 steps!.*t1 does not terminate/);
    assert.equal(await app.locator('.explorer-counter').textContent(), 'Steps: 2');
    assert.match(await live.textContent(), /Step 2: t0 writes need_to_stop = 1/);
    assert.equal(await app.locator('.explorer-timeline li').count(), 2);
    assert.equal(
      await app.locator('.explorer-src li.current[aria-current=step]').count(),
      1,
      'the spinning line is marked',
    );
    await tab.page.keyboard.press('u'); // step back
    assert.equal(await app.locator('.explorer-timeline li').count(), 1);
    assert.equal(await verdict.textContent(), '');
    assert.equal(await app.locator('.explorer-counter').textContent(), 'Steps: 1');
    assert.match(
      await app.locator('.explorer-share').getAttribute('href'),
      /^\?schedule=1#explorer-load-fusing-need-to-stop-gnu89$/,
    );
    // the link is the game in progress: opened, it shows the same step
    const link = await app.locator('.explorer-share').getAttribute('href');
    const again = await site.newTab({ mode });
    const app2 = await openApp(again, link);
    assert.equal(await app2.locator('.explorer-timeline li').count(), 1);
    assert.equal(await app2.locator('.explorer-replay').isHidden(), true);
    again.assertClean();
    await again.close();
    await tab.screenshot(`explorer-play-${mode}`);
    tab.assertClean();
    await tab.close();
  });

  test(`explorer: exhaustive witness replays step by step; fixed has no hang (${mode})`, async () => {
    const tab = await site.newTab({ mode, colorScheme: mode === 'file' ? 'dark' : 'light' });
    const app = await openApp(tab);
    await app.getByRole('button', { name: 'Every outcome' }).click();
    await app.getByRole('button', { name: 'Find every outcome' }).click();
    const status = app.locator('.explorer-exhaustive .explorer-progress');
    await tab.page.waitForFunction(
      (sel) => /^Done\./.test(document.querySelector(sel).textContent),
      `${APP} .explorer-exhaustive .explorer-progress`,
    );
    assert.match(
      await status.textContent(),
      /schedules explored with partial-order reduction.*against \d+ interleavings/,
    );
    const row = app.locator('.explorer-exhaustive tr', { hasText: 't1 does not terminate' });
    assert.equal(await row.count(), 1);
    assert.match(await row.locator('td').nth(1).textContent(), /^\d+ $/, 'a number of schedules, no share');
    assert.equal(await app.locator('.explorer-exhaustive th', { hasText: /share/i }).count(), 0);
    const witness = await row.locator('button code').textContent();
    await row.getByRole('button').click(); // one click: the replay, at step 0
    assert.equal(await app.locator('.explorer-play').isVisible(), true);
    assert.equal(await app.locator('.explorer-replay-text').textContent(), `step 0 of ${witness.length}`);
    assert.equal(await app.locator('.explorer-timeline li').count(), 0);
    let steps = 0;
    while ((await app.locator('.explorer-verdict').textContent()) === '' && steps < 20) {
      await tab.page.keyboard.press('n');
      steps++;
    }
    assert.match(await app.locator('.explorer-verdict').textContent(), /^Goal reached.*t1 does not terminate/);
    assert.equal(steps, witness.length);
    assert.equal(await app.locator('.explorer-timeline li').count(), steps);
    // back, step by step, with the key and the button; the slider goes anywhere
    await tab.page.keyboard.press('p');
    assert.equal(await app.locator('.explorer-verdict').textContent(), '');
    assert.equal(await app.locator('.explorer-replay-text').textContent(), `step ${steps - 1} of ${steps}`);
    await app.getByRole('button', { name: /Previous/ }).click();
    assert.equal(await app.locator('.explorer-timeline li').count(), steps - 2);
    await app.locator('.explorer-replay input[type=range]').fill(String(steps));
    assert.match(await app.locator('.explorer-verdict').textContent(), /^Goal reached/);
    await app.locator('input[type=radio][value=fixed]').check();
    await app.getByRole('button', { name: 'Every outcome' }).click();
    await app.getByRole('button', { name: 'Find every outcome' }).click();
    await tab.page.waitForFunction(
      (sel) => /^Done\./.test(document.querySelector(sel).textContent),
      `${APP} .explorer-exhaustive .explorer-progress`,
    );
    const rows = await app.locator('.explorer-exhaustive tbody tr').allTextContents();
    assert.ok(rows.length >= 1);
    assert.ok(
      rows.every((r) => !/does not terminate/.test(r)),
      rows.join(' | '),
    );
    await tab.screenshot(`explorer-exhaustive-${mode}`);
    tab.assertClean();
    await tab.close();
  });

  test(`explorer: #explore= link opens a replay at step 0; random runs (${mode})`, async () => {
    const tab = await site.newTab({ mode });
    const app = await openApp(tab, `#explore=${ID}:plain:10`);
    assert.equal(await app.locator('.explorer-replay-text').textContent(), 'step 0 of 2');
    assert.equal(await app.locator('.explorer-verdict').textContent(), '');
    await app.getByRole('button', { name: /^Next/ }).click();
    // each thread's line is marked, and the memory cell the step touched
    assert.equal(await app.locator('.explorer-memory tr.touched th').textContent(), 'need_to_stop');
    assert.match(await app.locator('.explorer-memory tr.touched').textContent(), /t1 read it/);
    await app.getByRole('button', { name: /^Next/ }).click();
    assert.match(await app.locator('.explorer-verdict').textContent(), /t1 does not terminate/);
    assert.match(await app.locator('.explorer-memory tr.touched').textContent(), /t0 wrote it/);
    await app.getByRole('button', { name: 'Random runs' }).click();
    await app.getByRole('button', { name: 'Run', exact: true }).click();
    await tab.page.waitForFunction(
      (sel) => document.querySelector(sel).textContent === '1000 runs done',
      `${APP} .explorer-random .explorer-progress`,
    );
    const rows = await app.locator('.explorer-random tbody tr').allTextContents();
    assert.equal(rows.length, 2, rows.join(' | '));
    tab.assertClean();
    await tab.close();
  });
}

test('explorer: a malformed or oversized #explore= fragment is refused with a message, no page error', async () => {
  // One tab for every case (the explorer keeps nothing in storage), each a new load of the page:
  // through about:blank, so that the fragment is read at load, not as a change of the hash.
  const tab = await site.newTab({ mode: 'http' });
  async function refused(hash, why) {
    await tab.page.goto('about:blank');
    const app = await openApp(tab, '#explore=' + hash);
    await tab.page.waitForFunction((sel) => document.querySelector(sel).textContent !== '', `${APP} .explorer-live`);
    assert.match(await app.locator('.explorer-live').textContent(), why, hash.slice(0, 80));
    assert.equal(await app.locator('.explorer-timeline li').count(), 0);
    await app.focus();
    await tab.page.keyboard.press('1'); // the explorer still works
    assert.match(await app.locator('.explorer-live').textContent(), /^Step 1: t1 reads/);
    tab.assertClean();
  }
  await refused('%E0%A4%A', /percent-encoding is malformed/);
  await refused(`${ID}:plain:1%`, /percent-encoding is malformed/);
  await refused(`${ID}:plain:4`, /expected #explore=/);
  // Longer than any run of the example (2 threads): refused before replaying a single step. Past
  // 4096 characters the fragment is refused before it is even decoded (a 2,000,000-character one
  // kept the page busy for 8-30 s; the browser itself needs seconds for a URL that long, so it is
  // not loaded here).
  await refused(`${ID}:plain:${'10'.repeat(300)}`, /600 steps, and a run of this example has at most 404/);
  await refused(`${ID}:plain:${'0'.repeat(5000)}`, /longer than any schedule/);
  await tab.close();
});

test('explorer: a crash is a step of its own; the run ends there for every thread', async () => {
  const tab = await site.newTab({ mode: 'http' });
  const ex = 'invented-loads/null-check';
  await tab.goto('invented-loads.html');
  await openRecordOf(tab.page, ex);
  const link = tab.page
    .locator(`section.native[data-example="${ex}"] table.native-build-outcomes[data-variant=transformed] tr`, {
      hasText: 'crash in t1',
    })
    .locator('a.explorer-witness');
  const spec = await link.getAttribute('data-explore');
  const app = tab.page.locator(`.explorer-app[data-example="${ex}"]`);
  await tab.page.evaluate(
    (h) => {
      location.hash = h;
    },
    '#explore=' + spec.slice(0, -1),
  ); // all but the crash
  // the hash loads the game (static/ondemand.js), which then opens the replay
  await tab.page.waitForFunction(
    (sel) => /loaded at step 0/.test((document.querySelector(sel) || {}).textContent),
    `.explorer-app[data-example="${ex}"] .explorer-live`,
  );
  const slider = app.locator('.explorer-replay input[type=range]');
  await slider.fill(await slider.getAttribute('max')); // to the end of the loaded schedule
  assert.match(
    await app.locator('.explorer-thread').nth(1).locator('.explorer-status').textContent(),
    /^next: crashes \(BUG_ON at line \d+\)/,
  );
  await app.focus();
  await tab.page.keyboard.press('1');
  assert.match(
    await app.locator('.explorer-live').textContent(),
    /t1 crashes: BUG_ON at line \d+ \(the run ends for every thread\)/,
  );
  assert.match(await app.locator('.explorer-verdict').textContent(), /crash in t1/);
  tab.assertClean();
  await tab.close();
});

test('explorer: with JavaScript off the verified outcomes are a static table', async () => {
  const tab = await site.newTab({ mode: 'file', javaScriptEnabled: false });
  await tab.goto('load-fusing.html');
  assert.equal(await tab.page.locator(APP).isVisible(), false);
  // the record is a page of its own without JavaScript
  await gotoRecordPage(tab, `section.example[data-example="${ID}"]`);
  // under sequential consistency they are the outcome panel's view of the explorer's build
  const table = tab.page.locator(`${BUILD_VIEW} table.native-build-outcomes[data-variant=plain]`);
  assert.match(await table.textContent(), /t1 does not terminate/);
  // A schedule link leads to the example's explorer section on its page, not to a fragment only the
  // script reads.
  const href = await table.locator('a.explorer-witness').first().getAttribute('href');
  assert.match(href, /^load-fusing\.html\?variant=plain&schedule=[0-3]*&step=0#explorer-[a-z0-9-]+$/);
  await tab.page.goto(new URL(href, tab.page.url()).href);
  assert.equal(await tab.page.locator(`.explorer[data-example="${ID}"]${href.replace(/^[^#]*/, '')}`).count(), 1);
  await tab.close();
});

test('explorer: a schedule link of the outcome table replays that schedule (file://)', async () => {
  const tab = await site.newTab({ mode: 'file' });
  const app = await openApp(tab);
  await openRecordOf(tab.page, ID);
  const link = tab.page
    .locator(`${BUILD_VIEW} table.native-build-outcomes[data-variant=plain] tr`, {
      hasText: 't1 does not terminate',
    })
    .locator('a.explorer-witness');
  const spec = await link.getAttribute('data-explore');
  const schedule = new RegExp(`^${ID}:plain:([0-3]+)$`).exec(spec)[1];
  await link.click();
  assert.equal(await app.locator('.explorer-replay-text').textContent(), `step 0 of ${schedule.length}`);
  for (let k = 0; k < schedule.length; k++) await tab.page.keyboard.press('n');
  await tab.page.waitForFunction(
    (sel) => /t1 does not terminate/.test(document.querySelector(sel).textContent),
    `${APP} .explorer-verdict`,
  );
  assert.equal(await app.locator('.explorer-timeline li').count(), schedule.length);
  // the URL is the view: this replay at its last step
  const url = new URL(tab.page.url());
  assert.equal(url.searchParams.get('schedule'), schedule);
  assert.equal(url.searchParams.get('step'), String(schedule.length));
  tab.assertClean();
  await tab.close();
});

test('explorer: print.html has the verified outcome tables, no explorer app and loads no data script', async () => {
  const tab = await site.newTab({ mode: 'http' });
  const requested = [];
  tab.page.on('request', (r) => requested.push(r.url()));
  await tab.goto('print.html');
  const table = tab.page.locator(`${BUILD_VIEW} table.native-build-outcomes[data-variant=plain]`);
  assert.equal(await table.count(), 1);
  assert.match(await table.textContent(), /t1 does not terminate/);
  assert.equal(
    await tab.page
      .locator('.explorer-app, .explorer a.explorer-witness, .native-view-build a, .explorer script')
      .count(),
    0,
  );
  assert.equal(await tab.page.locator('script[src*="data/"], script[src*="static/explorer/"]').count(), 0);
  // The explorer's stylesheet is linked in every page's head (it styles the outcome tables); its
  // scripts and the data scripts must not load.
  const data = requested.filter((u) => /\/data\/|\/static\/explorer\/.*\.js$/.test(u));
  assert.deepEqual(data, [], 'print.html requests no data script and no explorer script');
  tab.assertClean();
  await tab.close();
});

// One exhaustive run for both themes: the light theme, then the same tab with the colour-scheme
// preference switched to dark (the stylesheets follow prefers-color-scheme; no script reads it).
test('explorer: axe finds no WCAG A/AA violations (light and dark)', async () => {
  const tab = await site.newTab({ mode: 'http', colorScheme: 'light' });
  const app = await openApp(tab, `#explore=${ID}:plain:10`);
  await app.getByRole('button', { name: 'Every outcome' }).click();
  await app.getByRole('button', { name: 'Find every outcome' }).click();
  await tab.page.waitForFunction(
    (sel) => /^Done\./.test(document.querySelector(sel).textContent),
    `${APP} .explorer-exhaustive .explorer-progress`,
  );
  await app.getByRole('button', { name: 'Play the scheduler' }).click();
  for (const colorScheme of ['light', 'dark']) {
    await tab.page.emulateMedia({ colorScheme });
    assert.equal(
      await tab.page.evaluate(() => matchMedia('(prefers-color-scheme: dark)').matches),
      colorScheme === 'dark',
    );
    const res = await tab.axe({
      include: `.explorer[data-example="${ID}"]`,
      tags: ['wcag2a', 'wcag2aa', 'wcag21aa'],
      preload: true,
    });
    assert.deepEqual(res, [], colorScheme);
  }
  tab.assertClean();
  await tab.close();
});
