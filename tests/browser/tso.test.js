// tso.test.js - the explorer's x86-TSO mode on the Litmus tests page, over http and file://:
// store buffering (litmus/sb-poonceonces, the test as written) reaches both loads reading 0 under
// x86-TSO, by keyboard (stores into the buffers, loads, drains a and b) and (over http) by a witness
// of the exhaustive mode stepped with n while the buffer panels show the buffered stores; never under SC,
// and never with smp_mb() (litmus/sb-fencembonceonces) under x86-TSO; the model in use is stated
// next to the controls; the static x86-TSO tables and the litmus table (with the native x86 cells'
// verdicts) with JavaScript off; a schedule link of the x86-TSO table replays under x86-TSO. The game
// under x86-TSO (goal-tso): store buffering's both-zero is the goal of the test as written, won by that
// keyboard run; with smp_mb() it is the plain variant's, which the goal box switches to from SC and the
// fixed variant.
'use strict';
const { test } = require('node:test');
const assert = require('node:assert/strict');
const h = require('./harness');
const { gotoRecordPage, openRecordOf, playGame } = require('./course');

const SB = 'litmus/sb-poonceonces',
  MB = 'litmus/sb-fencembonceonces';
const BOTH = 'P0_r0=0 P1_r0=0';
const site = h.openForFile();

async function openApp(tab, id, hash) {
  await tab.goto('litmus.html' + (hash || ''));
  return playGame(tab.page, id);
}
async function exhaustive(tab, a, id) {
  await a.getByRole('button', { name: 'Every outcome', exact: true }).click();
  await a.getByRole('button', { name: 'Find every outcome' }).click();
  await tab.page.waitForFunction(
    (sel) => /^Done\./.test(document.querySelector(sel).textContent),
    `.explorer-app[data-example="${id}"] .explorer-exhaustive .explorer-progress`,
  );
  return a.locator('.explorer-exhaustive tbody tr').allTextContents();
}

for (const mode of h.MODES) {
  // Over http only (httpOnly): the exhaustive searches are the explorer's script on the page's data, the
  // same bytes from file://, where the keyboard run loads the page, its data and the x86-TSO game.
  const httpOnly = (name, fn) => mode === 'http' && test(name, fn);
  test(`x86-TSO: store buffering reaches both-zero by keyboard, the buffers shown (${mode})`, async () => {
    const tab = await site.newTab({ mode });
    const a = await openApp(tab, SB);
    await a.locator('input[type=radio][value=fixed]').check();
    assert.match(await a.locator('.explorer-model-now').textContent(), /sequentially consistent interleaving/);
    // no goal under SC: the goal box names the one under x86-TSO
    assert.match(await a.locator('.explorer-goal').textContent(), /^Goal under x86-TSO: make the test's condition/);
    await a.locator('input[type=radio][value=tso]').check();
    assert.match(await a.locator('.explorer-model-now').textContent(), /^Model in use: x86-TSO/);
    assert.match(
      await a.locator('.explorer-goal').textContent(),
      /^Goal under x86-TSO: make the test's condition \(exists 0:r0=0 \/\\ 1:r0=0\) come true\. You win when a run ends with P0_r0 == 0 && P1_r0 == 0\.$/,
    );
    await a.focus();
    const live = a.locator('.explorer-live');
    await tab.page.keyboard.press('0');
    assert.match(await live.textContent(), /^Step 1: P0 writes x = 1 at line \d+ into its store buffer/);
    assert.match(await a.locator('.explorer-buffer').nth(0).textContent(), /x = 1/);
    assert.match(await a.locator('.explorer-memory').textContent(), /x\s*shared\s*0/, 'memory does not have it yet');
    await tab.page.keyboard.press('1');
    await tab.page.keyboard.press('0');
    assert.match(await live.textContent(), /P0 reads y = 0/);
    await tab.page.keyboard.press('1');
    assert.match(await live.textContent(), /P1 reads x = 0/);
    assert.equal(await a.locator('.explorer-verdict').textContent(), '', 'the stores still wait');
    await tab.page.keyboard.press('a');
    assert.match(await live.textContent(), /P0's store to x \(= 1, line \d+\) reaches memory/);
    await tab.page.keyboard.press('b');
    assert.match(await a.locator('.explorer-verdict').textContent(), new RegExp(`Outcome: ${BOTH}\\.`));
    assert.match(await a.locator('.explorer-verdict').textContent(), /^Goal reached in 6 steps!/);
    assert.equal(await a.locator('.explorer-verdict.won').count(), 1);
    // the view's link: the variant, the model and the schedule played (tools/wasm/README.md, the URL state)
    assert.match(
      await a.locator('.explorer-share').getAttribute('href'),
      /^\?variant=fixed&model=tso&schedule=0101ab#explorer-/,
    );
    await tab.screenshot(`tso-play-${mode}`);
    tab.assertClean();
    await tab.close();
  });

  httpOnly(
    `x86-TSO: an exhaustive witness of both-zero steps through buffered stores; never under SC or with smp_mb() (${mode})`,
    async () => {
      const tab = await site.newTab({ mode });
      let a = await openApp(tab, SB);
      await a.locator('input[type=radio][value=fixed]').check();
      let rows = await exhaustive(tab, a, SB);
      assert.ok(!rows.some((r) => r.includes(BOTH)), 'SC: ' + rows.join(' | '));
      await a.locator('input[type=radio][value=tso]').check();
      rows = await exhaustive(tab, a, SB);
      assert.ok(
        rows.some((r) => r.includes(BOTH)),
        'x86-TSO: ' + rows.join(' | '),
      );
      assert.match(await a.locator('.explorer-exhaustive .explorer-progress').textContent(), /explored under x86-TSO/);
      await a.locator('.explorer-exhaustive tr', { hasText: BOTH }).getByRole('button').click();
      let steps = 0,
        buffered = 0;
      while ((await a.locator('.explorer-verdict').textContent()) === '' && steps < 20) {
        await tab.page.keyboard.press('n');
        steps++;
        const bufs = await a.locator('.explorer-buffer').allTextContents();
        if (bufs.every((b) => /= 1/.test(b))) buffered++;
      }
      assert.match(await a.locator('.explorer-verdict').textContent(), new RegExp(BOTH));
      assert.ok(buffered >= 1, 'at some step both stores wait in the buffers');
      assert.ok((await a.locator('.explorer-timeline li', { hasText: 'reaches memory' }).count()) >= 2);
      // smp_mb() between the store and the load: not under x86-TSO either
      a = await playGame(tab.page, MB);
      await a.scrollIntoViewIfNeeded();
      await a.locator('input[type=radio][value=fixed]').check();
      await a.locator('input[type=radio][value=tso]').check();
      rows = await exhaustive(tab, a, MB);
      assert.ok(rows.length >= 3 && !rows.some((r) => r.includes(BOTH)), 'smp_mb(): ' + rows.join(' | '));
      await tab.screenshot(`tso-exhaustive-${mode}`);
      tab.assertClean();
      await tab.close();
    },
  );
}

test('x86-TSO: the goal of the plain variant without smp_mb(), offered from SC, won by keyboard (file://)', async () => {
  const tab = await site.newTab({ mode: 'file' });
  const a = await openApp(tab, MB);
  await a.locator('input[type=radio][value=fixed]').check();
  await a.getByRole('button', { name: 'Play it under x86-TSO' }).click();
  assert.equal(await a.locator('input[type=radio][value=plain]').isChecked(), true);
  assert.equal(await a.locator('input[type=radio][value=tso]').isChecked(), true);
  assert.match(
    await a.locator('.explorer-goal').textContent(),
    /^Goal under x86-TSO: .* You win when a run ends with P0_r0 == 0 && P1_r0 == 0\.$/,
  );
  await a.focus();
  // not won by a run that drains before loading
  for (const k of '0a1b01') await tab.page.keyboard.press(k);
  assert.match(
    await a.locator('.explorer-verdict').textContent(),
    /^Run complete\. Outcome: P0_r0=1 P1_r0=1\. ?Not the goal this time/,
  );
  await a.getByRole('button', { name: /Start over/ }).click();
  for (const k of '0101ab') await tab.page.keyboard.press(k);
  assert.match(
    await a.locator('.explorer-verdict').textContent(),
    new RegExp(`^Goal reached in 6 steps!.*Outcome: ${BOTH}\\.`),
  );
  await tab.screenshot('tso-goal-plain-file');
  tab.assertClean();
  await tab.close();
});

test('x86-TSO: a schedule link of the x86-TSO table replays under x86-TSO (file://)', async () => {
  const tab = await site.newTab({ mode: 'file' });
  const a = await openApp(tab, SB);
  await openRecordOf(tab.page, SB);
  const link = tab.page
    .locator(`.explorer[data-example="${SB}"] table.explorer-outcomes[data-variant=fixed][data-model=tso] tr`, {
      hasText: BOTH,
    })
    .locator('a.explorer-witness');
  const spec = await link.getAttribute('data-explore');
  const schedule = new RegExp(`^${SB}:fixed@tso:([0-3a-d]+)$`).exec(spec)[1];
  await link.click();
  // the witness opens at step 0 under x86-TSO; n plays it to the outcome, drains included
  assert.equal(await a.locator('input[type=radio][value=tso]').isChecked(), true);
  assert.equal(await a.locator('.explorer-timeline li').count(), 0);
  for (let i = 0; i < schedule.length; i++) await tab.page.keyboard.press('n');
  await tab.page.waitForFunction(
    (sel) => /Outcome: P0_r0=0 P1_r0=0/.test(document.querySelector(sel).textContent),
    `.explorer-app[data-example="${SB}"] .explorer-verdict`,
  );
  assert.equal(await a.locator('.explorer-timeline li').count(), schedule.length);
  assert.ok((await a.locator('.explorer-timeline li', { hasText: 'reaches memory' }).count()) >= 2);
  tab.assertClean();
  await tab.close();
});

test('x86-TSO: with JavaScript off the x86-TSO tables and the litmus table are static content', async () => {
  const tab = await site.newTab({ mode: 'file', javaScriptEnabled: false });
  // each record is a page of its own without JavaScript
  const record = async (id) => {
    await tab.goto('litmus.html');
    await gotoRecordPage(tab, `section.example[data-example="${id}"]`);
  };
  await record(SB);
  const tso = tab.page.locator(
    `.explorer[data-example="${SB}"] table.explorer-outcomes[data-variant=fixed][data-model=tso]`,
  );
  assert.match(await tso.textContent(), new RegExp(BOTH));
  // under sequential consistency: the outcome panel's view of the explorer's build (said once there)
  const sc = tab.page.locator(
    `section.native[data-example="${SB}"] .native-view-build table.native-build-outcomes[data-variant=fixed]`,
  );
  assert.doesNotMatch(await sc.textContent(), new RegExp(BOTH));
  assert.match(await tab.page.locator('.explorer-model').first().textContent(), /x86-TSO/);
  await record(MB);
  const mb = tab.page.locator(
    `.explorer[data-example="${MB}"] table.explorer-outcomes[data-variant=fixed][data-model=tso]`,
  );
  assert.doesNotMatch(await mb.textContent(), new RegExp(BOTH));
  await tab.goto('litmus.html');
  const row = tab.page.locator('table.litmus-table[data-set=project] tbody', { hasText: 'SB+poonceonces (' }).first();
  assert.match(await row.textContent(), /Sometimes\s*Never\s*Sometimes/);
  assert.match(await row.locator('details.litmus-witness').textContent(), /reaches memory/);
  // the witness's steps name the litmus file's lines
  const litmusLine =
    require('fs')
      .readFileSync(require('path').resolve(__dirname, '../../tools/litmus/tests/litmus/SB+poonceonces.litmus'), 'utf8')
      .split('\n')
      .indexOf('\tWRITE_ONCE(*x, 1);') + 1;
  assert.ok(litmusLine > 0);
  assert.match(
    await row.locator('details.litmus-witness').textContent(),
    new RegExp(`P0 writes x = 1 at line ${litmusLine} into its store buffer`),
  );
  // the native explorer's x86-TSO verdicts of every x86 cell (test as written / plain), and a reason
  // (equal verdicts at neighbouring -O levels share one cell: each row still covers its five levels)
  const cells = row.locator('table.litmus-native tbody td');
  const spans = await row
    .locator('table.litmus-native tbody tr')
    .evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('td')].reduce((n, td) => n + td.colSpan, 0)));
  assert.deepEqual(spans, [5, 5, 5, 5, 5, 5]);
  assert.match(await cells.first().textContent(), /S \/ S/);
  const mp = tab.page
    .locator('table.litmus-table[data-set=project] tbody', { hasText: 'MP+pooncerelease+poacquireonce' })
    .first();
  assert.match(await mp.locator('.litmus-native-reason').textContent(), /WebAssembly build's compiler reordered/);
  await tab.close();
});

test('x86-TSO: axe finds no WCAG A/AA violations in the x86-TSO explorer and the litmus table', async () => {
  const tab = await site.newTab({ mode: 'http' });
  await openApp(tab, SB, `#explore=${SB}:fixed@tso:0101a`);
  const res = [];
  for (const sel of [`.explorer[data-example="${SB}"]`, '.litmus-tests']) {
    res.push(...(await tab.axe({ include: sel, tags: ['wcag2a', 'wcag2aa', 'wcag21aa'], preload: true })));
  }
  assert.deepEqual(res, []);
  tab.assertClean();
  await tab.close();
});
