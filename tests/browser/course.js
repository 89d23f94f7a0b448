// Helpers shared by the browser tests of the course pages (site.test.js, site-axe.test.js): the
// course's pages as the home page's sidebar lists them, the first quiz of a kind on a page, an
// example's folded record opened as a reader opens it, and its game started as a reader starts it.
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

// Opens the folded record (details.example-verified: evidence, sources, every verified outcome) of the
// example that selector ex ('#ex-<slug>', or any element inside the example) names, by its summary, and
// waits until static/ondemand.js has inserted the record's body (its data script, example.html) when the
// page holds it on demand (print.html and the playground's view hold it inline).
async function openRecord(page, ex) {
  const d = page.locator(`${ex} details.example-verified, section.example:has(${ex}) details.example-verified`).first();
  if (!(await d.evaluate((e) => e.open))) await d.locator(':scope > summary').click();
  await recordInserted(d);
}

// Waits until the record of details locator d is on the page (inserted, or inline).
async function recordInserted(d) {
  await d.evaluate(
    (e) =>
      new Promise((resolve) => {
        const done = () => {
          const body = e.querySelector(':scope > .record-body');
          return !body || body.hasAttribute('data-record-ready');
        };
        if (done()) return resolve();
        new MutationObserver((_, obs) => {
          if (done()) {
            obs.disconnect();
            resolve();
          }
        }).observe(e, { attributes: true, subtree: true });
      }),
  );
}

// With JavaScript off the record is a page of its own: from the example's page (loaded in tab), follows
// the link the folded record holds to it (ex: '#ex-<slug>', or any element inside the example).
async function gotoRecordPage(tab, ex) {
  const link = tab.page
    .locator(`${ex} details.example-verified .record-link a, section.example:has(${ex}) .record-link a`)
    .first();
  await tab.page.goto(new URL(await link.getAttribute('href'), tab.page.url()).href);
}

// Opens the folded record of the example whose id (data-example) is id, by its summary (openRecord).
async function openRecordOf(page, id) {
  await openRecord(page, `section.example[data-example="${id}"]`);
}

// Starts the game of example id as a reader does: its "Start the game" button (static/ondemand.js then loads the
// explorer's scripts), unless the game is built or on its way already (a view of it in the URL, a
// schedule link). Returns the app's locator once ui.js has built it and it is visible.
async function playGame(page, id) {
  const sel = `.explorer-app[data-example="${id}"]`;
  const btn = page.locator(`section.explorer:has(${sel}) .explorer-start-button`);
  await page.waitForFunction((s) => {
    const a = document.querySelector(s),
      p = a && a.closest('section.explorer').querySelector('.explorer-start');
    return a && (a.getAttribute('data-ready') || (p && !p.hidden));
  }, sel);
  const idle = await btn.evaluateAll((bs) => bs.length === 1 && !bs[0].disabled && !bs[0].closest('[hidden]'));
  if (idle) await btn.click();
  const app = page.locator(sel);
  await app.waitFor({ state: 'visible' });
  return app;
}

// Waits until the code view of example section sec ('#ex-<slug>') has drawn variant v from the cell's data:
// choosing a variant changes the state at once, but the view opens on the page's HTML and is redrawn only
// once the cell's data script and the drawing have loaded (static/disasm.js, render; static/disasm-draw.js).
async function drawn(page, sec, v) {
  await page.waitForFunction(
    ([s, w]) => {
      const e = document.querySelector(s);
      return e && e.getAttribute('data-drawn') === 'data' && e.getAttribute('data-variant') === w;
    },
    [sec, v],
  );
}

// Starts every game of the page (playGame on each), in the page's order.
async function playAll(page) {
  const ids = await page.$$eval('.explorer-app', (as) => as.map((a) => a.getAttribute('data-example')));
  for (const id of ids) await playGame(page, id);
}

module.exports = {
  LOAD_FUSING: 'load-fusing.html',
  sidebarPaths,
  firstQuiz,
  openRecord,
  openRecordOf,
  gotoRecordPage,
  drawn,
  playGame,
  playAll,
};
