// game.test.js - the explorer's game ("Play the scheduler") as a reader plays it, over http:
// - the game goes on where it was after "Random runs" and "Every outcome" (the play state never
//   depends on what another mode did), on code-reordering's publish example (SC) and on store
//   buffering (litmus/sb-poonceonces) under x86-TSO, by key and by the Run buttons;
// - the goal box says what the exhaustive results say of the variant and model in play (the goal
//   can be reached here, or no run of this variant reaches it), for the plain and fixed variants
//   under SC and x86-TSO, and a finished run on which the goal holds is a win in any variant;
// - store tearing's game plays the page's 64-bit store of 0x1234567812345678 and shows big in
//   hexadecimal (its metadata's hex key), halves and torn read included.
'use strict';
const { test } = require('node:test');
const assert = require('node:assert/strict');
const h = require('./harness');
const { playGame } = require('./course');

const PUBLISH = 'code-reordering/publish',
  SB = 'litmus/sb-poonceonces',
  MB = 'litmus/sb-fencembonceonces';
const PAGE = { [PUBLISH]: 'code-reordering.html', [SB]: 'litmus.html', [MB]: 'litmus.html' };
const appSel = (id) => `.explorer-app[data-example="${id}"]`;
const site = h.openForFile();

async function openApp(tab, id) {
  if (!tab.page.url().endsWith(PAGE[id])) await tab.goto(PAGE[id]);
  const a = await playGame(tab.page, id);
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
    await tab.page.waitForFunction(
      (s) => /^\d+ random runs: /.test(document.querySelector(s + ' .explorer-live').textContent),
      sel,
    );
  } else {
    await a.getByRole('button', { name: 'Every outcome', exact: true }).click();
    await a.getByRole('button', { name: 'Find every outcome' }).click();
    await tab.page.waitForFunction(
      (s) => /^Done\./.test(document.querySelector(s + ' .explorer-exhaustive .explorer-progress').textContent),
      sel,
    );
  }
  assert.ok((await a.locator(`.explorer-${mode} tbody tr`).count()) >= 1, `${mode}: an outcome table`);
  await a.getByRole('button', { name: 'Play the scheduler' }).click();
}

// One step of the game by key (a thread 0-3, a drain a-d) or by its button: the game must take it.
async function step(tab, a, k, how) {
  const before = await state(a);
  const n = +/\d+/.exec(before.counter)[0];
  if (how === 'button') {
    const i = /^[0-3]$/.test(k) ? +k : 'abcd'.indexOf(k);
    await a
      .locator(/^[0-3]$/.test(k) ? '.explorer-step' : '.explorer-drain')
      .nth(i)
      .click();
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

// The goal box of a variant under a model, and whether it invites the reader to win here.
async function goalBox(a, variant, model) {
  await pick(a, variant, model);
  return a.locator('.explorer-goal').textContent();
}
async function play(tab, a, keys) {
  await a.getByRole('button', { name: 'Start over' }).click();
  await a.focus();
  for (const k of keys) await tab.page.keyboard.press(k);
  return a.locator('.explorer-verdict').textContent();
}

test('the goal box follows the exhaustive results under SC: publish, plain, fixed and transformed', async () => {
  const tab = await site.newTab({ mode: 'http' });
  const a = await openApp(tab, PUBLISH);
  const words = 'make t1 see ready set and still read data before it was written';
  assert.equal(await goalBox(a, 'plain', 'sc'), `Goal: ${words}. You win when a run ends with r0 == 1 && r1 != 42.`);
  assert.match(await play(tab, a, '00110'), /^Goal reached in 5 steps!/);
  // the transformed variant reaches it too: a win there is a win
  const transformed = await goalBox(a, 'transformed', 'sc');
  assert.equal(transformed, `Goal: ${words}. You win when a run ends with r0 == 1 && r1 != 42.`);
  assert.match(await play(tab, a, '00110'), /^Goal reached in 5 steps!.*Outcome: r0=1 r1=0\./);
  // the fixed variant cannot reach it: said so, with the variant that can, and no win is offered
  const fixed = await goalBox(a, 'fixed', 'sc');
  assert.match(
    fixed,
    new RegExp(
      `^Goal: ${words}\\. No run of the fixed variant’s code as emcc [\\d.]+ at -O2 compiles it to WebAssembly reaches it: the explorer tried every schedule\\.`,
    ),
  );
  assert.doesNotMatch(fixed, /You win/);
  assert.equal(await a.getByRole('button', { name: 'Play the plain variant' }).count(), 1);
  assert.match(
    await play(tab, a, '00011'),
    /^Run complete\. Outcome: r0=1 r1=42\. ?No run of this variant reaches the goal/,
  );
  await tab.screenshot('game-goal-sc');
  tab.assertClean();
  await tab.close();
});

test('the goal box follows the exhaustive results under x86-TSO: store buffering, plain and fixed', async () => {
  const tab = await site.newTab({ mode: 'http' });
  let a = await openApp(tab, SB);
  const words = "make the test's condition \\(exists 0:r0=0 /\\\\ 1:r0=0\\) come true";
  const win = new RegExp(`^Goal under x86-TSO: ${words}\\. You win when a run ends with P0_r0 == 0 && P1_r0 == 0\\.$`);
  // under SC neither variant has a goal: the box offers the one under x86-TSO
  for (const v of ['plain', 'fixed']) {
    const sc = await goalBox(a, v, 'sc');
    assert.match(sc, new RegExp(`^Goal under x86-TSO: ${words}\\.`), v);
    assert.doesNotMatch(sc, /not in this one/, v);
  }
  // the plain variant reaches the goal under x86-TSO (schedule 0011ab), as the test as written does
  assert.match(await goalBox(a, 'plain', 'tso'), win);
  assert.match(await play(tab, a, '0011ab'), /^Goal reached in 6 steps!.*Outcome: P0_r0=0 P1_r0=0\./);
  assert.match(await goalBox(a, 'fixed', 'tso'), win);
  assert.match(await play(tab, a, '0011ab'), /^Goal reached in 6 steps!/);
  // with smp_mb() the fixed variant cannot reach it under x86-TSO: said so
  a = await openApp(tab, MB);
  const mb = await goalBox(a, 'fixed', 'tso');
  assert.match(
    mb,
    new RegExp(
      `^Goal under x86-TSO: ${words}\\. No run of the fixed variant’s code as emcc [\\d.]+ at -O2 compiles it to WebAssembly reaches it under x86-TSO: the explorer tried every schedule\\.`,
    ),
  );
  assert.equal(await a.getByRole('button', { name: 'Play the plain variant' }).count(), 1);
  assert.match(await goalBox(a, 'plain', 'tso'), win);
  await tab.screenshot('game-goal-tso');
  tab.assertClean();
  await tab.close();
});

// Store tearing: the game plays the page's program, a 64-bit store of 0x1234567812345678 (not the
// 32-bit word of wasm32's unsigned long), and shows big as the bit pattern it is.
test("store tearing's game shows the page's 64-bit values in hexadecimal", async () => {
  const tab = await site.newTab({ mode: 'http' });
  await tab.goto('store-tearing.html');
  const page = await tab.page.locator('main').textContent();
  assert.ok(page.includes('0x1234567812345678'), 'the page teaches the constant');
  const a = await playGame(tab.page, 'store-tearing/const64');
  const big = () => a.locator('.explorer-memory tr', { hasText: 'big' }).locator('td').nth(1).textContent();
  await a.locator('input[type=radio][value=plain]').check();
  assert.equal(await big(), '0x0000000000000000');
  await step(tab, a, '0', 'key');
  assert.match(
    await a.locator('.explorer-live').textContent(),
    /^Step 1: t0 writes big = 0x1234567812345678 at line \d+/,
  );
  assert.match(await big(), /^0x1234567812345678/);
  // the transformed variant: two 32-bit halves, and t1 reads between them
  await a.locator('input[type=radio][value=transformed]').check();
  await step(tab, a, '0', 'key');
  assert.match(await a.locator('.explorer-live').textContent(), /^Step 1: t0 writes big = 0x12345678 at line \d+/);
  assert.match(await big(), /^0x0000000012345678/);
  await step(tab, a, '1', 'key');
  assert.match(
    await a.locator('.explorer-live').textContent(),
    /^Step 2: t1 reads big = 0x0000000012345678 at line \d+/,
  );
  await step(tab, a, '0', 'key');
  assert.match(await a.locator('.explorer-live').textContent(), /^Step 3: t0 writes big\+4 = 0x12345678 at line \d+/);
  assert.match(await big(), /^0x1234567812345678/);
  assert.match(await a.locator('.explorer-verdict').textContent(), /^Goal reached in 3 steps!.*Outcome: r1=1\./);
  assert.match(await a.locator('.explorer-timeline').textContent(), /t1 reads big = 0x0000000012345678/);
  await tab.screenshot('game-store-tearing-hex');
  tab.assertClean();
  await tab.close();
});
