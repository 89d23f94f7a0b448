// site-axe.test.js - no WCAG 2 A/AA violation (axe-core) on the course's pages, in the light and the
// dark theme: over http every page in the home page's sidebar (the lab pages and the instructor guide
// among them) and 404.html, over file:// the home page and load fusing. Each page is checked with every
// quiz answer opened (on the lab pages and the guide every <details>: the hints too) and one quiz
// answered (wrongly), so those states are checked too; the dark theme is the same tab with the colour-scheme
// preference switched (the stylesheet follows prefers-color-scheme; no script reads it), so a page
// is loaded once for both themes. Two tabs check the pages, each page a subtest of its own.
'use strict';
const { test } = require('node:test');
const assert = require('node:assert/strict');
const path = require('node:path');
const h = require('./harness');
const { LOAD_FUSING, sidebarPaths, firstQuiz } = require('./course');

const LAB_PAGES = require(path.join(h.ROOT, 'tools/lab/lib/config.js'))
  .load()
  .labs.map((l) => `labs/${l}.html`)
  .concat(['labs/instructor.html']);

const site = h.openForFile();

// Checks page p on tab (already in the light theme), leaving it in the light theme.
async function checkPage(tab, p) {
  await tab.goto(p);
  // Open every quiz answer (on a lab page every <details>) and answer one quiz so those states are
  // checked too.
  await tab.page.evaluate(
    (sel) =>
      document.querySelectorAll(sel).forEach((d) => {
        d.open = true;
      }),
    p.startsWith('labs/') ? 'details' : 'details.quiz-answer',
  );
  const single = await firstQuiz(tab.page, 'single');
  if (single) {
    const sel = `.quiz[data-quiz-id="${single.id}"]`;
    await tab.page.check(`${sel} .quiz-choice >> nth=${single.wrong} >> input`);
    await tab.page.click(`${sel} .quiz-check`);
  }
  for (const colorScheme of ['light', 'dark']) {
    await tab.page.emulateMedia({ colorScheme });
    assert.equal(
      await tab.page.evaluate(() => matchMedia('(prefers-color-scheme: dark)').matches),
      colorScheme === 'dark',
    );
    const bad = await tab.axe();
    assert.deepEqual(bad, [], `${colorScheme} ${p}:\n  ${bad.join('\n  ')}`);
  }
  await tab.page.emulateMedia({ colorScheme: 'light' });
  tab.assertClean();
}

for (const mode of h.MODES) {
  test(`no WCAG 2 A/AA violations (axe-core) in the light and dark themes (${mode})`, { concurrency: 2 }, async (t) => {
    let pages = ['index.html', LOAD_FUSING];
    if (mode === 'http') {
      const probe = await site.newTab({ mode });
      pages = [...(await sidebarPaths(probe)), '404.html'];
      await probe.close();
    }
    assert.ok(pages.includes(LOAD_FUSING), `no ${LOAD_FUSING} among ${pages.join(' ')}`);
    if (mode === 'http') for (const l of LAB_PAGES) assert.ok(pages.includes(l), `no ${l} among ${pages.join(' ')}`);
    // Two tabs, each taking the next page (as the test did before with one tab per theme, a tab
    // keeps its storage from page to page: the quizzes answered stay answered).
    await site.onTabs(t, pages, { mode, tabs: 2 }, checkPage);
  });
}
