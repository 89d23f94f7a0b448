// native-panel.test.js - one outcome panel per cell (issue 27, point 6): on the store-tearing page,
// the machine code of the cell on display and the explorer's build are two labelled views of the
// same variants, both counted in outcomes, the bad outcome flagged the same way in both, and a
// sentence says whether and why they differ. The page opens on gcc-12/aarch64 at -O2, a cell where
// the plain code's 64-bit store tears (r1=1) and the explorer's build does not: the sentence names
// the outcome only the machine code reaches and the two compilations; on gcc-12/x86_64 at -O2 (one
// 8-byte store, no tearing) they agree. With JavaScript off the default cell's panel is plain HTML.
'use strict';
const { test } = require('node:test');
const assert = require('node:assert/strict');
const h = require('./harness');
const { nativeCell, outcomeKeys } = require('./native-view');
const { gotoRecordPage, openRecord } = require('./course');

const PAGE = 'store-tearing.html';
const EX = '#ex-store-tearing-const64';
const SEC = 'section.native[data-example="store-tearing/const64"]'; // on the page, or the record's own
const MACHINE = (v) => `${SEC} .native-view-machine table.native-outcomes[data-variant="${v}"]`;
const BUILD = (v) => `${SEC} .native-view-build table.native-build-outcomes[data-variant="${v}"]`;

const site = h.openForFile();

test("one panel: the machine code and the explorer's build, the same units and marks, the difference said", async () => {
  const tab = await site.newTab({ mode: 'http' });
  await tab.goto(PAGE);
  const page = tab.page;
  // the default cell: the machine code tears the store, the explorer's build does not
  await openRecord(page, EX); // the verified tables are folded in the record after the game
  await nativeCell(page, EX, 'gcc-12/aarch64/O2');
  assert.match(await page.textContent(`${SEC} .native-view-machine h5`), /This machine code \(gcc-12\/aarch64 · -O2\)/);
  assert.match(
    await page.textContent(`${SEC} .native-view-build h5`),
    /The explorer's build \(emcc [\d.]+ at -O2, wasm32/,
  );
  assert.deepEqual(await outcomeKeys(page, MACHINE('plain')), ['r1=0', 'r1=1']);
  assert.deepEqual(await outcomeKeys(page, BUILD('plain')), ['r1=0']);
  assert.match(await page.textContent(`${MACHINE('plain')} tr.native-bad`), /r1=1 \(the fixed code never does this/);
  const differ = await page.textContent(`${SEC} .native-differ`);
  assert.match(
    differ,
    /two compilations of the same C code: the explorer runs emcc [\d.]+'s WebAssembly build \(wasm32/,
  );
  assert.match(differ, /the gcc-12\/aarch64 code at -O2/);
  assert.match(differ, /plain: only the machine code reaches r1=1\./);
  await tab.screenshot('native-panel');

  // a cell where both views agree: x86-64 stores the constant with one 8-byte mov
  await page.selectOption(`${EX} .disasm-arch`, 'x86_64');
  await nativeCell(page, EX, 'gcc-12/x86_64/O2');
  assert.match(await page.textContent(`${SEC} .native-view-machine h5`), /This machine code \(gcc-12\/x86_64 · -O2\)/);
  // the build view is also the explorer's verified table: its caption counts the schedules explored
  for (const [sel, cap] of [
    [MACHINE('transformed'), /^transformed: 2 outcomes\s*$/],
    [BUILD('transformed'), /^transformed: 2 outcomes from \d+ schedules explored/],
  ]) {
    assert.match(await page.textContent(`${sel} caption`), cap, sel);
    assert.match(
      await page.textContent(`${sel} tr.native-bad`),
      /r1=1 \(the fixed code never does this: r1 == 1\)/,
      sel,
    );
  }
  assert.deepEqual(await outcomeKeys(page, MACHINE('plain')), ['r1=0']);
  assert.match(await page.textContent(`${SEC} .native-differ`), /The two views agree on every variant/);
  tab.assertClean();
  await tab.close();
});

test("the default cell's panel is plain HTML with JavaScript off", async () => {
  const tab = await site.newTab({ mode: 'file', javaScriptEnabled: false });
  await tab.goto(PAGE);
  await gotoRecordPage(tab, EX);
  const page = tab.page;
  assert.match(
    await page.textContent(`${BUILD('transformed')} caption`),
    /^transformed: 2 outcomes from \d+ schedules explored/,
  );
  assert.match(
    await page.textContent(`${BUILD('transformed')} tr.native-bad`),
    /the fixed code never does this: r1 == 1/,
  );
  assert.equal(await page.getAttribute(SEC, 'data-cell'), 'gcc-12/aarch64/O2');
  assert.deepEqual(await outcomeKeys(page, MACHINE('plain')), ['r1=0', 'r1=1']);
  assert.match(
    await page.textContent(`${SEC} .native-differ`),
    /the gcc-12\/aarch64 code at -O2.*plain: only the machine code reaches r1=1\./s,
  );
  tab.assertClean();
  await tab.close();
});
