// Helpers shared by the browser tests of the course pages (site.test.js, site-axe.test.js): the
// course's pages as the home page's sidebar lists them, the first quiz of a kind on a page, and the
// shape of a page on a phone.
'use strict';
const assert = require('node:assert/strict');

const PHONE = { width: 360, height: 740 };

// Every page listed in the sidebar of the home page, as site paths (navigates tab to index.html).
async function sidebarPaths(tab) {
  await tab.goto('index.html');
  return tab.page.$$eval('#sidebar a', (as) => as.map((a) => a.getAttribute('href')));
}

// The first quiz of a kind on the page, with a right and a wrong choice's indexes; null if none.
async function firstQuiz(page, type) {
  return page.evaluate((t) => {
    const q = document.querySelector(`.quiz[data-quiz-type="${t}"]`);
    if (!q) return null;
    const choices = [...q.querySelectorAll('.quiz-choice')];
    return {
      id: q.getAttribute('data-quiz-id'),
      right: choices.findIndex((c) => c.dataset.correct === 'true'),
      wrong: choices.findIndex((c) => c.dataset.correct === 'false'),
      count: choices.length,
    };
  }, type);
}

// The page p loaded on tab, at 360 px wide (the tab's viewport is set to PHONE, then put back): it does
// not scroll sideways, it has an <h1>, and, for a page of the sidebar (current), the sidebar marks
// exactly p's link as the current page. base: the site's root URL in the tab's mode.
async function checkPhoneShape(tab, p, base, { current = true } = {}) {
  const size = tab.page.viewportSize();
  await tab.page.setViewportSize(PHONE);
  const r = await tab.page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    width: document.documentElement.clientWidth,
    h1: document.querySelectorAll('h1').length,
    current: [...document.querySelectorAll('#sidebar a[aria-current="page"]')].map((a) => a.href),
  }));
  if (size) await tab.page.setViewportSize(size);
  assert.ok(r.scroll <= r.width, `${p}: horizontal scroll at 360 px (${r.scroll} > ${r.width})`);
  assert.ok(r.h1 >= 1, `${p}: no <h1>`);
  if (current) {
    const marked = r.current.map((u) => (u.startsWith(base) ? u.slice(base.length) : u));
    assert.deepEqual(marked, [p], `${p}: aria-current marks ${marked}`);
  }
}

module.exports = { LOAD_FUSING: 'load-fusing.html', PHONE, sidebarPaths, firstQuiz, checkPhoneShape };
