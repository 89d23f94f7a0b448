// Helpers shared by the browser tests of an example's machine-code outcomes (native.test.js,
// native-tso.test.js; site/static/native.js draws what they read).
'use strict';

// Waits until example ex ('#ex-<slug>') shows the tables of cell want ("gcc-12/aarch64/O2") and its
// disassembly shows that cell. The section's data-cell changes as soon as a cell is chosen, while the
// previous cell's tables stay until the new cell's data script has arrived; native.js then writes the
// caption (.native-cell, "gcc-12/aarch64 · -O2") and the tables together, from the data of the cell
// chosen last. The default cell's tables are the build's HTML until the record is opened (which loads
// native.js, static/ondemand.js): native.js then redraws them at once from its data, except the
// "Under Armv8" part of a cell that is not AArch64, which waits for another data script (armv8Drawn).
async function nativeCell(page, ex, want) {
  const label = want.replace(/\/([^/]+)$/, ' · -$1');
  await page.waitForFunction(
    ([e, w, l]) => {
      const s = document.querySelector(e + ' section.native'),
        c = s && s.querySelector('.native-cell');
      return (
        s &&
        s.getAttribute('data-cell') === w &&
        c &&
        c.textContent === l &&
        s.querySelector('.native-outcomes caption') &&
        (document.querySelector(e).getAttribute('data-shown') || '').startsWith(w + '/')
      );
    },
    [ex, want, label],
  );
}

// Waits until the "Under Armv8" part of example ex is native.js's drawing of the AArch64 cell want,
// whose data script may come after the cell's own.
async function armv8Drawn(page, ex, want) {
  await page.waitForSelector(`${ex} section.native .native-armv8[data-drawn="${want}"]`);
}

// The outcome keys of the outcome table(s) that selector matches, in order.
async function outcomeKeys(page, selector) {
  return page.$$eval(`${selector} tbody td:first-child`, (tds) => tds.map((td) => td.firstChild.textContent.trim()));
}

module.exports = { nativeCell, armv8Drawn, outcomeKeys };
