// native-tso.test.js - the real machine code under x86-TSO on an example page (issue 16): the store
// buffering with smp_mb() example of the Litmus tests page (litmus/sb-fencembonceonces), over http and
// file://. On an x86 cell the outcomes section has a second set of tables under x86-TSO: the plain code
// (no barrier) reaches both loads reading 0, marked as what the fixed code never does, and the fixed
// code does not; its witness replays step by step with each thread's store buffer (a store enters the
// buffer while memory stays 0, the loads pass it, the drains write memory); the verdict names the
// model. An AArch64 cell says x86-TSO is explored on x86 only. A ?replay=<variant>@tso:<schedule> link
// opens that replay; malformed ones open nothing and break nothing. With JavaScript off the default
// (x86-64) cell's x86-TSO tables are plain HTML. (Loading the cells' data scripts over http and from
// file:// is native.test.js's; here the replay runs from file://, the links over http.)
'use strict';
const { test } = require('node:test');
const assert = require('node:assert/strict');
const h = require('./harness');
const { nativeCell, outcomeKeys } = require('./native-view');
const { gotoRecordPage, openRecord } = require('./course');

const PAGE = 'litmus.html';
const EX = '#ex-litmus-sb-fencembonceonces';
const SEC = 'section.native[data-example="litmus/sb-fencembonceonces"]'; // on the page, or the record's own
const BOTH = 'P0_r0=0 P1_r0=0';
const TSO = (v) => `${SEC} .native-tso table.native-outcomes[data-variant="${v}"][data-model="tso"]`;

const site = h.openForFile();

{
  const mode = 'file';
  test(`x86-TSO tables and a replay with the store buffers (${mode})`, async () => {
    const tab = await site.newTab({ mode });
    await tab.goto(PAGE);
    const page = tab.page;
    await openRecord(page, EX);
    await nativeCell(page, EX, 'gcc-12/x86_64/O2');
    await page.waitForSelector(TSO('plain'));
    assert.ok((await outcomeKeys(page, TSO('plain'))).includes(BOTH), 'plain reaches both zero under x86-TSO');
    assert.ok(!(await outcomeKeys(page, TSO('fixed'))).includes(BOTH), 'smp_mb() keeps both zero away under x86-TSO');
    assert.ok(
      !(await outcomeKeys(page, `${SEC} .native-tables table[data-variant="plain"]:not([data-model])`)).includes(BOTH),
      'no both zero under SC',
    );
    assert.match(
      await page.textContent(`${SEC} .native-tso-verdict`),
      /x86-TSO: the plain code reaches what the fixed code never does: P0_r0 == 0 && P1_r0 == 0/,
    );
    assert.match(await page.textContent(`${SEC} .native-tso h5`), /Under x86-TSO/);

    const link = page.locator(`${TSO('plain')} tr.native-bad a.native-witness`);
    const witness = await link.textContent();
    assert.match(witness, /^[01ab]+$/);
    assert.match(witness, /[ab]/, 'the witness drains a buffer');
    assert.match(await link.getAttribute('href'), /replay=plain@tso:[01ab]+#ex-litmus-sb-fencembonceonces$/);
    await link.click();
    const panel = page.locator(`${EX} .native-replay`);
    assert.match(await panel.locator('h5').textContent(), /P0_r0=0 P1_r0=0 \(plain, under x86-TSO, schedule/);
    const buffers = panel.locator('.native-buffers tbody');
    assert.deepEqual(await buffers.locator('td').allTextContents(), ['(empty)', '(empty)']);
    const texts = [],
      held = [];
    for (let i = 0; i < witness.length; i++) {
      await page.click(`${EX} button.native-next`);
      texts.push(await panel.locator('.native-step-text').textContent());
      held.push((await buffers.locator('td').allTextContents()).join(' | '));
    }
    // the first step is a store into a buffer: memory x and y still 0, the store in P0's or P1's buffer
    assert.match(texts[0], /writes [xy] \u2190 1 into its store buffer/);
    assert.match(held[0], /[xy] \u2190 1/);
    // the loads read 0, the drains write memory, the run ends with empty buffers and both zero
    assert.equal(texts.filter((t) => /reads [xy] = 0/.test(t)).length, 2, texts.join('\n'));
    assert.equal(
      texts.filter((t) => /oldest buffered store reaches memory: [xy] \u2190 1/.test(t)).length,
      2,
      texts.join('\n'),
    );
    assert.equal(held[held.length - 1], '(empty) | (empty)');
    assert.match(texts[texts.length - 1], /Outcome: P0_r0=0 P1_r0=0\./);
    assert.match(await panel.locator('.native-memory caption').textContent(), /what the other threads read/);
    await tab.screenshot(`native-tso-replay-${mode}`);

    // an AArch64 cell: the processor's reordering is explored on x86 only, said in words
    await page.selectOption(`${EX} .disasm-arch`, 'aarch64');
    await nativeCell(page, EX, 'gcc-12/aarch64/O2');
    assert.equal(await page.locator(`${SEC} .native-tso table`).count(), 0);
    assert.match(await page.textContent(`${SEC} .native-tso`), /explored for the x86-64 and i386 cells/);
    tab.assertClean();
    await tab.close();
  });
}

{
  const mode = 'http';
  test(`a ?replay=...@tso: link opens the x86-TSO replay; malformed ones open nothing (${mode})`, async () => {
    // One tab for every load of this long page (a fresh context's first load of it costs chromium the
    // most); each link is a new load of the page through about:blank, which is what the page reads.
    const t2 = await site.newTab({ mode });
    await t2.goto(PAGE);
    await openRecord(t2.page, EX);
    await nativeCell(t2.page, EX, 'gcc-12/x86_64/O2');
    const href = await t2.page.getAttribute(`${TSO('plain')} tr.native-bad a.native-witness`, 'href');
    await t2.goto('about:blank');
    // a schedule link is a query of the example's page (the build names the page, from the record's
    // own page too; native.js's drawing does not)
    assert.match(href, /^(litmus\.html)?\?asm=/);
    await t2.goto(href.replace(/^[^?]*\?asm=[^&]+/, `${PAGE}?asm=gcc-12/x86_64/O2`));
    await t2.page.waitForSelector(`${EX} .native-replay:not([hidden])`);
    assert.match(await t2.page.textContent(`${EX} .native-replay h5`), /under x86-TSO/);
    // (runtime.js parseSchedule, the one parser: drains without @tso, a thread of the alphabet the
    // test does not have, its buffer)
    const bad = ['plain@tso:01<b>', 'plain:0a1b', 'plain:2', 'plain@tso:01c', 'nope@tso:01ab', '%E0%A4%A'];
    for (const r of bad) {
      await t2.goto('about:blank');
      await t2.goto(`${PAGE}?asm=gcc-12/x86_64/O2&replay=${r}#ex-litmus-sb-fencembonceonces`);
      await nativeCell(t2.page, EX, 'gcc-12/x86_64/O2');
      await t2.page.waitForSelector(TSO('plain'), { state: 'attached' });
      assert.equal(await t2.page.locator(`${EX} .native-replay`).isVisible(), false, r);
      assert.equal(await t2.page.locator(`${SEC} b`).count(), 0, r);
    }
    t2.assertClean();
    await t2.close();
  });
}

test("the default x86 cell's x86-TSO tables are plain HTML with JavaScript off", async () => {
  const tab = await site.newTab({ mode: 'file', javaScriptEnabled: false });
  await tab.goto(PAGE);
  await gotoRecordPage(tab, EX);
  const page = tab.page;
  assert.equal(await page.getAttribute(SEC, 'data-cell'), 'gcc-12/x86_64/O2');
  assert.ok((await outcomeKeys(page, TSO('plain'))).includes(BOTH));
  assert.ok(!(await outcomeKeys(page, TSO('fixed'))).includes(BOTH));
  assert.match(await page.textContent(`${SEC} .native-tso-verdict`), /never does: P0_r0 == 0 && P1_r0 == 0/);
  assert.match(await page.textContent(`${SEC} .native-tso-model`), /store buffer/);
  tab.assertClean();
  await tab.close();
});
