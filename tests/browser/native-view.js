// Helpers shared by the browser tests of an example's machine-code outcomes (native.test.js,
// native-tso.test.js; site/static/native.js draws what they read).
'use strict';

// Waits until example ex ('#ex-<slug>') shows the tables of cell want ("gcc-12/aarch64/O2") and its
// disassembly shows that cell. The section's data-cell changes as soon as a cell is chosen, while the
// previous cell's tables stay until the new cell's data script has arrived; native.js then writes the
// caption (.native-cell, "gcc-12/aarch64 · -O2") and the tables together, from the data of the cell
// chosen last.
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

// The outcome keys of the outcome table(s) that selector matches, in order.
async function outcomeKeys(page, selector) {
  return page.$$eval(`${selector} tbody td:first-child`, (tds) => tds.map((td) => td.firstChild.textContent.trim()));
}

module.exports = { nativeCell, outcomeKeys };
