// lab-check.test.js - a lab page's checker section (site/templates/lab-check.html, issue 26 point 6):
// on the course site each lab page shows, folded, what the checker says about the lab's reference
// solution; opened (with JavaScript off too) it shows the verdict, the Armv8 exploration of each
// AArch64 cell with its outcomes and witness executions; it is clean and accessible in light and dark
// colours and on a 390 px phone, where its wide tables scroll inside themselves, not the page.
'use strict';
const { test } = require('node:test');
const assert = require('node:assert/strict');
const h = require('./harness');

const site = h.openForFile();

// Opens the section of labs/publish.html on a fresh tab; returns the tab and the section's locator.
async function openSection(opts) {
  const tab = await site.newTab(opts);
  await tab.goto('labs/publish.html');
  const sec = tab.page.locator('details.lab-check');
  assert.equal(await sec.count(), 1);
  assert.equal(await sec.evaluate((d) => d.open), false, 'folded until the reader opens it');
  await sec.locator('summary').click();
  assert.equal(await sec.evaluate((d) => d.open), true);
  return { tab, sec };
}

for (const [name, opts] of [
  ['light', { colorScheme: 'light' }],
  ['dark', { colorScheme: 'dark' }],
  ['phone', { viewport: { width: 390, height: 844 } }],
  ['no-js', { javaScriptEnabled: false }],
]) {
  test(`publish lab: the reference solution's check, Armv8 included (${name})`, async () => {
    const { tab, sec } = await openSection(opts);
    assert.match(await sec.locator('summary').innerText(), /reference solution \(labs\/publish\/solution\.c\): PASS/);
    for (const cell of ['gcc-12/aarch64/O2', 'clang-22/aarch64/O2']) {
      const p = sec.locator('p', { hasText: `Under Armv8 on ${cell}` });
      await p.waitFor();
      assert.match(await p.innerText(), /explored completely/);
    }
    assert.ok((await sec.locator('table.lab-check-armv8 tr', { hasText: 'R.acq ready=1' }).count()) >= 2);
    // the page itself does not scroll sideways: a wide table scrolls inside its own box
    const wide = await tab.page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    assert.ok(wide <= 1, `the page scrolls sideways by ${wide} px`);
    if (name !== 'no-js') assert.deepEqual(await tab.axe({ include: 'details.lab-check' }), []);
    await tab.screenshot(`lab-check-publish-${name}`, { locator: sec });
    tab.assertClean();
    await tab.close();
  });
}
