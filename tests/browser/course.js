// Helpers shared by the browser tests of the course pages (site.test.js, site-axe.test.js): the
// course's pages as the home page's sidebar lists them, and the first quiz of a kind on a page.
'use strict';

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

module.exports = { LOAD_FUSING: 'load-fusing.html', sidebarPaths, firstQuiz };
