// native-armv8.test.js - the real machine code under the Armv8 model on an example page (issue 26,
// point 5): the Litmus tests page's message-passing examples. Every cell has an "Under Armv8" part:
// its own on an AArch64 cell, the AArch64 cell of the same compiler and level on the others (named).
// With marked accesses only (litmus/mp-poonceonces) the fixed code loses its guarantee on Arm and the
// verdict says the processor takes it from the fixed code too; with release/acquire
// (litmus/mp-pooncerelease-poacquireonce) the fixed code keeps it, and on clang the plain code reaches
// the bad outcome only through the processor (under SC it does not). The tables count executions. The
// bad outcome's witness execution is drawn (build time SVG) with its two missing ordering edges; an
// event marks its instruction in the listing, linked back. With JavaScript off the default cell's
// Armv8 part and its pictures are plain HTML (file://).
'use strict';
const { test } = require('node:test');
const assert = require('node:assert/strict');
const h = require('./harness');
const { nativeCell, armv8Drawn, outcomeKeys } = require('./native-view');
const { gotoRecordPage, openRecord } = require('./course');

const PAGE = 'litmus.html';
const MP = '#ex-litmus-mp-poonceonces';
const REL = '#ex-litmus-mp-pooncerelease-poacquireonce';
const BAD = 'P1_r0=1 P1_r1=0';
const A8 = (ex, v) =>
  `${ex} section.native .native-armv8 table.native-outcomes[data-variant="${v}"][data-model="armv8"]`;

const site = h.openForFile();

test('Under Armv8: verdicts and tables from the data, on the AArch64 cell and beside another cell', async () => {
  const tab = await site.newTab({ mode: 'http' });
  await tab.goto(PAGE);
  const page = tab.page;
  // the AArch64 cell's data script is held until the x86-64 cell is drawn: meanwhile the Armv8
  // part is not marked drawn and has no tables (the build's HTML is gone), so a reader of it must
  // wait for data-drawn, not for the tables the build wrote
  let release, asked;
  const held = new Promise((r) => (release = r));
  const requested = new Promise((r) => (asked = r));
  await page.route(/\/data\/native\/litmus\/mp-poonceonces\/gcc-12\/aarch64-O2\.js$/, async (route) => {
    asked();
    await held;
    await route.continue();
  });
  // the default (x86-64) cell names the AArch64 cell it shows; the verified tables are folded in the
  // record after the game, and opening it loads native.js, which redraws them
  await openRecord(page, MP);
  await nativeCell(page, MP, 'gcc-12/x86_64/O2');
  await page.waitForSelector(`${MP} section.native[data-drawn="gcc-12/x86_64/O2"]`);
  await requested;
  assert.equal(await page.getAttribute(`${MP} .native-armv8`, 'data-drawn'), null);
  assert.deepEqual(await outcomeKeys(page, A8(MP, 'fixed')), []);
  release();
  await armv8Drawn(page, MP, 'gcc-12/aarch64/O2');
  assert.match(await page.textContent(`${MP} .native-armv8 h5`), /Under Armv8.*gcc-12\/aarch64 · -O2/);
  assert.ok(
    (await outcomeKeys(page, A8(MP, 'fixed'))).includes(BAD),
    'marked accesses alone: the fixed code reaches it on Arm',
  );
  assert.match(
    await page.textContent(`${MP} .native-armv8-verdict`),
    /the processor takes the fix's guarantee from the fixed code too, which reaches P1_r0 == 1 && P1_r1 == 0 on Arm/,
  );
  assert.match(await page.textContent(`${MP} .native-armv8-model`), /other-multi-copy-atomic/);
  assert.match(
    await page.textContent(`${A8(MP, 'plain')} caption`),
    /plain, under Armv8: 4 outcomes \(\d+ executions? allowed\)/,
  );
  // release/acquire on clang's AArch64 code
  await page.selectOption(`${REL} .disasm-compiler`, 'clang-14');
  await page.selectOption(`${REL} .disasm-arch`, 'aarch64');
  await openRecord(page, REL);
  await nativeCell(page, REL, 'clang-14/aarch64/O2');
  await armv8Drawn(page, REL, 'clang-14/aarch64/O2');
  assert.equal(
    await page.locator(`${REL} .native-armv8 h5 small`).count(),
    0,
    await page.textContent(`${REL} .native-armv8`),
  );
  assert.ok(!(await outcomeKeys(page, A8(REL, 'fixed'))).includes(BAD), 'release/acquire keeps it away');
  assert.ok((await outcomeKeys(page, A8(REL, 'plain'))).includes(BAD));
  const verdict = await page.textContent(`${REL} .native-armv8-verdict`);
  assert.match(
    verdict,
    /the plain code reaches what the fixed code never does, and only through the processor's reordering \(run one access at a time, this code never reaches it\): P1_r0 == 1 && P1_r1 == 0/,
  );
  assert.match(verdict, /the fixed code keeps its guarantee on Arm/);
  assert.match(await page.getAttribute(`${A8(REL, 'plain')} tr.native-bad`, 'class'), /native-bad/);
  // the bad outcome's execution, drawn: open, two ordering edges missing; an event marks its
  // instruction in the listing, which links back to the picture
  const pic = page.locator(`${A8(REL, 'plain')} tr.native-bad details.native-a8-pic`);
  assert.equal(await pic.getAttribute('open'), '');
  assert.match(await pic.locator('summary').textContent(), /2 ordering edges missing/);
  assert.equal(await pic.locator('svg .a8-miss').count(), 2);
  const ev = pic.locator('svg a.a8-ev').first();
  const [fn, addr] = [await ev.getAttribute('data-fn'), await ev.getAttribute('data-addr')];
  await ev.click();
  const marked = page.locator(`${REL} .asm-lines li.native-a8-at`);
  await marked.waitFor();
  assert.equal(await marked.count(), 1);
  assert.equal(await marked.locator('.asm-addr').textContent(), addr, `${fn}+${addr}`);
  assert.equal(await marked.locator('a.native-a8-back').getAttribute('href'), '#' + (await pic.getAttribute('id')));
  await tab.screenshot('native-armv8');
  tab.assertClean();
  await tab.close();
});

test("the default cell's Armv8 part is plain HTML with JavaScript off", async () => {
  const tab = await site.newTab({ mode: 'file', javaScriptEnabled: false });
  const page = tab.page;
  // each record is a page of its own without JavaScript (.record-page)
  await tab.goto(PAGE);
  await gotoRecordPage(tab, REL);
  assert.ok(!(await outcomeKeys(page, A8('.record-page', 'fixed'))).includes(BAD));
  assert.match(
    await page.textContent('.record-page .native-armv8-verdict'),
    /the fixed code keeps its guarantee on Arm/,
  );
  await tab.goto(PAGE);
  await gotoRecordPage(tab, MP);
  const MPR = '.record-page';
  assert.equal(await page.getAttribute(`${MPR} .native-armv8`, 'data-cell'), 'gcc-12/aarch64/O2');
  assert.equal(await page.getAttribute(`${MPR} .native-armv8`, 'data-drawn'), null, 'the build drew it');
  assert.ok((await outcomeKeys(page, A8(MPR, 'fixed'))).includes(BAD));
  assert.match(
    await page.textContent(`${MPR} .native-armv8-verdict`),
    /the fixed code too, which reaches P1_r0 == 1 && P1_r1 == 0 on Arm/,
  );
  // the witness of the fixed code's bad outcome (marked accesses alone) is drawn as plain HTML, open
  const pic = page.locator(`${A8(MPR, 'fixed')} tr.native-bad details.native-a8-pic`);
  assert.equal(await pic.getAttribute('open'), '');
  assert.equal(await pic.locator('svg a.a8-ev').count(), 4);
  assert.equal(await pic.locator('svg .a8-miss').count(), 2);
  assert.match(await pic.locator('svg').textContent(), /W flag = 1.*str w\d+/);
  assert.match(await pic.locator('figcaption').textContent(), /nothing in the code enforces/);
  tab.assertClean();
  await tab.close();
});
