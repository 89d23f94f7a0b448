// phone-layout.test.js - issue 27's phone fixes at 390 px (file://): how-real's table of the article's
// verdicts is read row by row (each row a card, the long third cell below the first two, nothing off
// the screen), and the game's "removed by the compiler" note wraps within its source box instead of
// running off its right edge (style.css, static/explorer/game.css).
'use strict';
const { test } = require('node:test');
const assert = require('node:assert/strict');
const h = require('./harness');
const { playGame } = require('./course');

const PHONE = { width: 390, height: 844 };
const site = h.openForFile();

test("how-real's three-column table reads row by row on a phone", async () => {
  const tab = await site.newTab({ mode: 'file', viewport: PHONE });
  await tab.goto('how-real.html');
  const g = await tab.page
    .locator('.page-body table:not([class])')
    .first()
    .evaluate((t) => {
      const rows = [...t.querySelectorAll('tbody tr')].map((tr) =>
        [...tr.children].map((c) => c.getBoundingClientRect()),
      );
      return {
        fits: t.scrollWidth <= t.clientWidth + 1 && t.getBoundingClientRect().right <= window.innerWidth,
        rows: rows.map(([a, b, c]) => ({
          sideBySide: Math.abs(a.top - b.top) < 2,
          below: c.top >= a.bottom - 1,
          wide: c.width > 0.8 * t.clientWidth,
        })),
      };
    });
  assert.ok(g.fits, 'the table fits the screen');
  assert.ok(g.rows.length >= 9, `${g.rows.length} rows`);
  assert.ok(
    g.rows.every((r) => r.sideBySide && r.below && r.wide),
    JSON.stringify(g.rows),
  );
  tab.assertClean();
  await tab.close();
});

test("the game's removed-line note stays within its source box on a phone", async () => {
  const tab = await site.newTab({ mode: 'file', viewport: PHONE });
  await tab.goto('load-fusing.html');
  const app = await playGame(tab.page, 'load-fusing/need-to-stop');
  const note = app.locator('li[data-removed] .explorer-removed-note').first();
  await note.scrollIntoViewIfNeeded();
  const g = await note.evaluate((n) => {
    const box = n.closest('.explorer-src').getBoundingClientRect(),
      r = n.getBoundingClientRect();
    return {
      left: r.left >= box.left - 1,
      right: r.right <= box.right + 1,
      lines: Math.round(r.height / parseFloat(getComputedStyle(n).lineHeight)),
    };
  });
  assert.ok(g.left && g.right, JSON.stringify(g));
  assert.ok(g.lines >= 2, 'the note wraps');
  tab.assertClean();
  await tab.close();
});
