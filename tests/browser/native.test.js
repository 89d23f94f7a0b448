// native.test.js - the outcomes of the machine code shown in the disassembly view
// (site/templates/partials/native-outcomes.html, site/static/native.js, data from tools/native),
// over http and file://: the store-tearing page says the torn value is reachable for gcc 12 on
// AArch64 where its code splits the store and nowhere else it looks; the table follows the
// disassembly selector; a schedule replays step by step over the listing (the stp marked, part 1
// then part 2, the reader between them); a ?replay= link opens it; with JavaScript off the default
// cell's table is plain HTML; the "How real" page links each cell that reaches a bad outcome.
'use strict';
const { test } = require('node:test');
const assert = require('node:assert/strict');
const h = require('./harness');
const { nativeCell, outcomeKeys } = require('./native-view');
const { gotoRecordPage, openRecord } = require('./course');

const PAGE = 'store-tearing.html';
const EX = '#ex-store-tearing-const64';
const SEC = 'section.native[data-example="store-tearing/const64"]'; // on the page, or the record's own
const TORN = 'r1=1';

const site = h.openForFile();

const cell = (page, want) => nativeCell(page, EX, want);

async function choose(page, target, opt) {
  const [compiler, arch] = target.split('/');
  await page.selectOption(`${EX} .disasm-compiler`, compiler);
  await page.selectOption(`${EX} .disasm-arch`, arch);
  await page.selectOption(`${EX} .disasm-opt`, opt);
  await cell(page, `${target}/${opt}`);
}

const plainKeys = (page) => outcomeKeys(page, `${SEC} table.native-outcomes[data-variant="plain"]`);

for (const mode of h.MODES) {
  test(`torn value reachable exactly where gcc 12 splits the store (${mode})`, async () => {
    const tab = await site.newTab({ mode });
    await tab.goto(PAGE);
    const page = tab.page;
    await openRecord(page, EX); // the tables are in the folded record: opening it loads native.js
    await cell(page, 'gcc-12/aarch64/O2'); // the page opens on a cell where the store is torn
    await choose(page, 'gcc-12/x86_64', 'O2');
    // each cell's data arrive late, as on a loaded machine: the tables read are still the chosen cell's
    await page.evaluate(() => {
      const load = window.COURSE_LOAD_DATA;
      window.COURSE_LOAD_DATA = (path, key, done) =>
        load(path, key, (err, data) => setTimeout(() => done(err, data), key.startsWith('native/') ? 300 : 0));
    });
    assert.ok(!(await plainKeys(page)).includes(TORN), 'one 8-byte store on x86_64: not torn');
    for (const opt of ['O0', 'O2', 'Os']) {
      await choose(page, 'gcc-12/aarch64', opt);
      assert.ok((await plainKeys(page)).includes(TORN), `gcc-12/aarch64/${opt} splits the store`);
      const verdict = await page.textContent(`${SEC} .native-verdict`);
      assert.match(verdict, /gcc-12\/aarch64 · -O\d|gcc-12\/aarch64 · -Os/);
      assert.match(verdict, /never does: r1 == 1/);
    }
    await choose(page, 'clang-22/aarch64', 'O2');
    assert.ok(!(await plainKeys(page)).includes(TORN), 'clang stores the constant with one str');
    await tab.screenshot(`native-table-${mode}`);
    tab.assertClean();
    await tab.close();
  });

  test(`a schedule replays over the listing (${mode})`, async () => {
    const tab = await site.newTab({ mode });
    await tab.goto(PAGE);
    const page = tab.page;
    await openRecord(page, EX);
    await cell(page, 'gcc-12/aarch64/O2');
    await page.click(`${SEC} table.native-outcomes[data-variant="plain"] tr.native-bad a.native-witness`);
    const panel = page.locator(`${EX} .native-replay`);
    await panel.waitFor({ state: 'visible' }); // the click loads runtime.js, native.js and the cell's data first
    const t0 = page.locator(`${EX} .disasm-thread[data-thread="t0"] .disasm-asm[data-variant="plain"]`);
    // before the first step each thread waits at its first shared access: t0 at its stp
    assert.match(await t0.locator('li.native-at .asm-text').textContent(), /^stp\s/);
    await page.click(`${EX} button.native-next`);
    assert.match(await panel.locator('.native-step-text').textContent(), /access 1 of 2 of one instruction/);
    assert.match(await t0.locator('li.native-step .asm-text').textContent(), /^stp\s/);
    assert.match(await t0.locator('li.native-at .asm-text').textContent(), /^stp\s/, 't0 still at its stp');
    await page.click(`${EX} button.native-next`);
    assert.match(await panel.locator('.native-step-text').textContent(), /^Step 2 of 3: t1 reads big/);
    await page.click(`${EX} button.native-next`);
    const last = await panel.locator('.native-step-text').textContent();
    assert.match(last, /access 2 of 2 of one instruction/);
    assert.match(last, /Outcome: r1=1\./);
    assert.equal(
      await panel.locator('.native-memory td').first().textContent(),
      '1311768465173141112 (0x1234567812345678)',
    );
    await tab.screenshot(`native-replay-${mode}`);
    await page.click(`${EX} button.native-back`);
    assert.equal(await page.getAttribute(SEC, 'data-replay-step'), '2');
    tab.assertClean();
    await tab.close();
  });

  test(`a ?replay= link opens the replay (${mode})`, async () => {
    const tab = await site.newTab({ mode });
    const href = await (async () => {
      const t = await site.newTab({ mode });
      await t.goto('how-real.html');
      const a = await t.page.$$eval('.native-behaviour a', (as) =>
        as.map((x) => x.getAttribute('href')).filter((x) => x.includes('store-tearing.html?asm=gcc-12/aarch64/O2&')),
      );
      await t.close();
      return a[0];
    })();
    assert.ok(href, 'the How real page links gcc-12/aarch64/O2 of the store-tearing example');
    await tab.goto(href);
    await cell(tab.page, 'gcc-12/aarch64/O2');
    await tab.page.waitForSelector(`${EX} .native-replay:not([hidden])`);
    assert.match(await tab.page.textContent(`${EX} .native-replay h5`), /r1=1/);
    tab.assertClean();
    await tab.close();
  });
}

test("the default cell's outcomes are plain HTML with JavaScript off", async () => {
  const tab = await site.newTab({ mode: 'file', javaScriptEnabled: false });
  await tab.goto(PAGE);
  const page = tab.page;
  assert.equal(await page.locator(`${EX} .native-replay`).isVisible(), false);
  await gotoRecordPage(tab, EX);
  assert.equal(
    await page.getAttribute(SEC, 'data-cell'),
    'gcc-12/aarch64/O2',
    'the page opens where the store is torn',
  );
  const keys = await plainKeys(page);
  assert.ok(keys.includes(TORN));
  assert.match(await page.textContent(`${SEC} .native-model`), /one memory access at a time/);
  assert.match(await page.textContent(`${SEC} .native-model`), /Barrier instructions have no effect/);
  await tab.screenshot('native-nojs');
  tab.assertClean();
  await tab.close();
});
