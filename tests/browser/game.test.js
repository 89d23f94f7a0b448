// game.test.js - the explorer's game ("Play the scheduler") as a reader plays it, over http:
// - the game goes on where it was after "Random runs" and "Every outcome" (the play state never
//   depends on what another mode did), on code-reordering's publish example (SC) and on store
//   buffering (litmus/sb-poonceonces) under x86-TSO, by key and by the Run buttons.
'use strict';
const { test, before, after } = require('node:test');
const assert = require('node:assert/strict');
const h = require('./harness');

const PUBLISH = 'code-reordering/publish', SB = 'litmus/sb-poonceonces';
const PAGE = { [PUBLISH]: 'code-reordering.html', [SB]: 'litmus.html' };
const appSel = (id) => `.explorer-app[data-example="${id}"]`;
let site;
before(async () => { site = await h.open(); });
after(async () => { if (site) await site.close(); });

async function openApp(tab, id) {
  if (!tab.page.url().endsWith(PAGE[id])) await tab.goto(PAGE[id]);
  const a = tab.page.locator(appSel(id));
  await a.waitFor({ state: 'visible' });
  await a.scrollIntoViewIfNeeded();
  return a;
}
// The view's variant and memory model, as a reader picks them.
async function pick(a, variant, model) {
  await a.locator(`input[type=radio][value=${variant}]`).check();
  await a.locator(`input[type=radio][value=${model}]`).check();
}
// What the game shows: the step counter, the timeline's length, the live region.
async function state(a) {
  return {
    counter: await a.locator('.explorer-counter').textContent(),
    timeline: await a.locator('.explorer-timeline li').count(),
    live: await a.locator('.explorer-live').textContent(),
  };
}
// Runs the other mode to its end: 1000 random runs, or every outcome.
async function runOther(tab, a, id, mode) {
  const sel = appSel(id);
  if (mode === 'random') {
    await a.getByRole('button', { name: 'Random runs' }).click();
    await a.getByRole('button', { name: 'Run', exact: true }).click();
    await tab.page.waitForFunction((s) => /^\d+ random runs: /.test(document.querySelector(s + ' .explorer-live').textContent), sel);
  } else {
    await a.getByRole('button', { name: 'Every outcome', exact: true }).click();
    await a.getByRole('button', { name: 'Find every outcome' }).click();
    await tab.page.waitForFunction((s) => /^Done\./.test(document.querySelector(s + ' .explorer-exhaustive .explorer-progress').textContent), sel);
  }
  assert.ok(await a.locator(`.explorer-${mode} tbody tr`).count() >= 1, `${mode}: an outcome table`);
  await a.getByRole('button', { name: 'Play the scheduler' }).click();
}

// One step of the game by key (a thread 0-3, a drain a-d) or by its button: the game must take it.
async function step(tab, a, k, how) {
  const before = await state(a);
  const n = +/\d+/.exec(before.counter)[0];
  if (how === 'button') {
    const i = /^[0-3]$/.test(k) ? +k : 'abcd'.indexOf(k);
    await a.locator(/^[0-3]$/.test(k) ? '.explorer-step' : '.explorer-drain').nth(i).click();
  } else {
    await a.focus();
    await tab.page.keyboard.press(k);
  }
  const after = await state(a);
  assert.equal(after.counter, `Steps: ${n + 1}`, `step ${k} (${how}) was taken: ${after.live}`);
  assert.equal(after.timeline, n + 1);
  assert.match(after.live, new RegExp(`^Step ${n + 1}: `));
}

const GAMES = [
  // example, variant, model, the steps before the other mode, the steps after it
  { id: PUBLISH, variant: 'plain', model: 'sc', first: '0', then: '0110' },
  { id: SB, variant: 'plain', model: 'tso', first: '01', then: '10ab' },
];
for (const g of GAMES) {
  test(`the game goes on after random runs and every outcome: ${g.id}, ${g.variant}, ${g.model}`, async () => {
    const tab = await site.newTab({ mode: 'http' });
    const a = await openApp(tab, g.id);
    await pick(a, g.variant, g.model);
    for (const mode of ['random', 'exhaustive']) {
      await a.getByRole('button', { name: 'Start over' }).click();
      for (const k of g.first) await step(tab, a, k, 'key');
      const kept = await state(a);
      await runOther(tab, a, g.id, mode);
      // back in Play: the same game, at the same step, and it goes on by key and by button
      assert.equal(await a.locator('.explorer-play').isVisible(), true);
      assert.equal(await a.locator('.explorer-counter').textContent(), kept.counter);
      assert.equal(await a.locator('.explorer-timeline li').count(), kept.timeline);
      for (let i = 0; i < g.then.length; i++) await step(tab, a, g.then[i], i % 2 ? 'button' : 'key');
      assert.match(await a.locator('.explorer-verdict').textContent(), /Outcome: /, `${mode}: the run ends`);
    }
    await tab.screenshot(`game-after-modes-${g.id.replace('/', '-')}`);
    tab.assertClean();
    await tab.close();
  });
}
