// rules.test.js - the rules every explorer shares, as the page runs them (docs/ARCHITECTURE.md,
// "Outcome keys and schedules"): the engine the page loads (data/explorer/runtime.js, the one
// JavaScript parser of schedules) on every case of tests/fixtures/schedules.json and
// outcome-keys.json, from file://; then the page's scripts refuse through it what is not a schedule
// of the example: ui.js a #explore= link and a key naming a thread the example does not have (in the
// alphabet of eight threads, not among its two). native.js's ?replay= links of the same kinds are
// native-tso.test.js's.
'use strict';
const { test } = require('node:test');
const assert = require('node:assert/strict');
const path = require('path');
const h = require('./harness');
const { playGame } = require('./course');

const TOP = path.join(__dirname, '../..');
const SCHEDULES = require(path.join(TOP, 'tests/fixtures/schedules.json')).cases;
const KEYS = require(path.join(TOP, 'tests/fixtures/outcome-keys.json')).cases;
const ID = 'load-fusing/need-to-stop-gnu89';
const APP = `.explorer-app[data-example="${ID}"]`;

const site = h.openForFile();

test("the page's engine parses every fixture schedule and makes every fixture key (file://)", async () => {
  const tab = await site.newTab({ mode: 'file' });
  await tab.goto('load-fusing.html');
  await playGame(tab.page, ID); // loads runtime.js, the page's engine
  const got = await tab.page.evaluate(
    ([schedules, keys]) => {
      const X = window.CourseExplorer;
      return {
        drain: X.DRAIN,
        schedules: schedules.map((c) => X.parseSchedule(c.schedule, c.threads, c.model)),
        keys: keys.map((c) => X.keyOf(c.values.map((v) => v.join('=')).join(' '), c.hang, c.crash)),
      };
    },
    [SCHEDULES, KEYS],
  );
  SCHEDULES.forEach((c, i) => {
    const want = c.steps && c.steps.map(([t, kind]) => (kind === 'drain' ? got.drain + t : t));
    assert.deepEqual(
      got.schedules[i],
      want,
      `"${c.schedule}" (${c.threads} threads, ${c.model})${c.why ? ': ' + c.why : ''}`,
    );
  });
  KEYS.forEach((c, i) => assert.equal(got.keys[i], c.key, c.name));
  tab.assertClean();
  await tab.close();
});

test('ui.js refuses a link or a key naming a thread the example does not have', async () => {
  const tab = await site.newTab({ mode: 'http' });
  await tab.goto(`load-fusing.html#explore=${ID}:plain:2`);
  const app = await playGame(tab.page, ID); // #explore= loads the game at once
  await tab.page.waitForFunction((sel) => document.querySelector(sel).textContent !== '', `${APP} .explorer-live`);
  assert.match(await app.locator('.explorer-live').textContent(), /ignored: expected #explore=/);
  assert.equal(await app.locator('.explorer-timeline li').count(), 0);
  await app.focus();
  await tab.page.keyboard.press('7'); // a thread of the alphabet, not of this example
  assert.match(await app.locator('.explorer-live').textContent(), /^Thread 7 cannot run now: no such thread\./);
  await tab.page.keyboard.press('h'); // a drain letter: nothing under SC
  assert.equal(await app.locator('.explorer-timeline li').count(), 0);
  await tab.page.keyboard.press('1'); // the explorer still works
  assert.match(await app.locator('.explorer-live').textContent(), /^Step 1: t1 reads/);
  tab.assertClean();
  await tab.close();
});
