// Browser tests of the site's own front end (templates, style.css, theme.js, nav.js, search.js,
// progress.js, quiz.js) against the built build/site, over http and over file://. Every tab must
// end without console errors, page errors or failed requests (tab.assertClean()). A mode's tests run
// two at a time (each test has tabs, so storage, of its own).
// The axe check of every page is site-axe.test.js. Screenshots (BROWSER_SHOTS=1, harness.js):
// build/test-artifacts/site-*.png.
'use strict';
const { test, describe } = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const h = require('./harness');
const { LOAD_FUSING, sidebarPaths, firstQuiz } = require('./course');

const PHONE = { width: 360, height: 740 };

const site = h.openForFile();

// Site paths (relative to the site root) of the links matched by selector on the current page.
async function sitePaths(tab, selector) {
  const base = site.url(tab.mode, '');
  const hrefs = await tab.page.$$eval(selector, (as) => as.map((a) => a.href));
  return hrefs.map((u) => (u.startsWith(base) ? u.slice(base.length) : u));
}

// Relative luminance of a computed CSS colour "rgb(r, g, b)".
function luminance(rgb) {
  const [r, g, b] = rgb
    .match(/\d+(\.\d+)?/g)
    .slice(0, 3)
    .map(Number)
    .map((v) => {
      const c = v / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}
const bodyBg = (page) => page.evaluate(() => getComputedStyle(document.body).backgroundColor);

const badgeOf = (page, p) => page.textContent(`#sidebar a[href="${p}"] ~ .quiz-badge`);

for (const mode of h.MODES) {
  describe(`site over ${mode}`, { concurrency: 2 }, () => {
    // Over http only (httpOnly): a page's width, aria-current and print styles are the same bytes from
    // file://, and every page of the site loading cleanly from file:// is labs.test.js's walk of the
    // unpacked archive; the multiple-choice, outcome and reveal quizzes are quiz.js's rules on the
    // page, the same script in both modes, and what depends on the mode (the progress kept in the
    // origin's storage and read back) is the single-choice quiz's and the export's tests in both.
    const httpOnly = (name, fn) => mode === 'http' && test(name, fn);
    httpOnly('every page in the sidebar loads cleanly, marks itself current and fits 360 px', async () => {
      const tab = await site.newTab({ mode, viewport: PHONE });
      const paths = await sidebarPaths(tab);
      assert.ok(paths.length >= 2, `sidebar lists ${paths.length} pages`);
      assert.ok(paths.includes(LOAD_FUSING), `sidebar has no link to ${LOAD_FUSING}: ${paths.join(' ')}`);
      const extra = ['print.html', '404.html'];
      for (const p of [...paths, ...extra]) {
        await tab.goto(p);
        const r = await tab.page.evaluate(() => ({
          scroll: document.documentElement.scrollWidth,
          width: document.documentElement.clientWidth,
          h1: document.querySelectorAll('h1').length,
        }));
        r.current = await sitePaths(tab, '#sidebar a[aria-current="page"]');
        assert.ok(r.scroll <= r.width, `${p}: horizontal scroll at 360 px (${r.scroll} > ${r.width})`);
        assert.ok(r.h1 >= 1, `${p}: no <h1>`);
        if (!extra.includes(p)) assert.deepEqual(r.current, [p], `${p}: aria-current marks ${r.current}`);
      }
      tab.assertClean();
      await tab.close();
    });

    test('navigate by the sidebar, and on a phone through the Contents button', async () => {
      const tab = await site.newTab({ mode });
      await tab.goto('index.html');
      await tab.page.click(`#sidebar a[href="${LOAD_FUSING}"]`);
      await tab.page.waitForURL(`**/${LOAD_FUSING}`);
      assert.equal((await tab.page.textContent('main h1')).trim(), 'Load fusing');
      assert.equal(await tab.page.getAttribute(`#sidebar a[href="${LOAD_FUSING}"]`, 'aria-current'), 'page');
      // Next page link leads on and the sidebar follows.
      const next = await tab.page.getAttribute('.prev-next a.next', 'href');
      if (next) {
        await tab.page.click('.prev-next a.next');
        await tab.page.waitForURL(`**/${next.replace(/^(\.\.\/)+/, '')}`);
        assert.deepEqual(await sitePaths(tab, '#sidebar a[aria-current="page"]'), [next]);
      }
      await tab.screenshot(`site-light-${mode}`);
      tab.assertClean();
      await tab.close();

      const phone = await site.newTab({ mode, viewport: PHONE });
      await phone.goto(LOAD_FUSING);
      assert.equal(await phone.page.isVisible('#sidebar'), false, 'sidebar shows on a phone before the button');
      await phone.screenshot(`site-phone-${mode}`);
      await phone.page.click('.nav-toggle');
      assert.equal(await phone.page.getAttribute('.nav-toggle', 'aria-expanded'), 'true');
      assert.equal(await phone.page.isVisible(`#sidebar a[href="index.html"]`), true);
      await phone.screenshot(`site-phone-menu-${mode}`, { fullPage: false });
      await phone.page.keyboard.press('Escape');
      assert.equal(await phone.page.isVisible('#sidebar'), false, 'Escape did not close the sidebar');
      await phone.page.click('.nav-toggle');
      await phone.page.click(`#sidebar a[href="index.html"]`);
      await phone.page.waitForURL('**/index.html');
      phone.assertClean();
      await phone.close();
    });

    test('answer a quiz: feedback, retry, progress badge, and reload keeps the progress', async () => {
      const tab = await site.newTab({ mode });
      await tab.goto(LOAD_FUSING);
      const q = await firstQuiz(tab.page, 'single');
      assert.ok(
        q && q.right >= 0 && q.wrong >= 0,
        'load fusing has no single-choice quiz with a right and a wrong choice',
      );
      const sel = `.quiz[data-quiz-id="${q.id}"]`;
      const choice = (i) => `${sel} .quiz-choice >> nth=${i}`;
      const inChoice = (i, what) => `${choice(i)} >> ${what}`;
      assert.match(await badgeOf(tab.page, LOAD_FUSING), /^0\/\d+$/);

      // Feedback is hidden until checked.
      assert.equal(await tab.page.isVisible(inChoice(q.wrong, '.quiz-feedback')), false);
      await tab.page.check(inChoice(q.wrong, 'input'));
      await tab.page.click(`${sel} .quiz-check`);
      assert.match(await tab.page.getAttribute(choice(q.wrong), 'class'), /is-wrong/);
      assert.equal(await tab.page.isVisible(inChoice(q.wrong, '.quiz-feedback')), true);
      assert.match(await tab.page.textContent(`${sel} .quiz-result`), /not quite/i);
      assert.deepEqual(
        await tab.page.evaluate((id) => JSON.parse(localStorage.getItem('course-quiz-progress'))[id], q.id),
        { answered: true, correct: false, solved: false },
      );
      assert.match(await badgeOf(tab.page, LOAD_FUSING), /^0\/\d+$/);

      await tab.page.click(`${sel} .quiz-retry`);
      assert.equal(await tab.page.isVisible(inChoice(q.wrong, '.quiz-feedback')), false);
      await tab.page.check(inChoice(q.right, 'input'));
      await tab.page.click(`${sel} .quiz-check`);
      assert.match(await tab.page.getAttribute(choice(q.right), 'class'), /is-right/);
      assert.equal(await tab.page.isVisible(inChoice(q.right, '.quiz-feedback')), true);
      assert.match(await tab.page.textContent(`${sel} .quiz-result`), /correct/i);
      // the first attempt counts: right after a wrong one is solved, not right at the first try
      assert.deepEqual(
        await tab.page.evaluate((id) => JSON.parse(localStorage.getItem('course-quiz-progress'))[id], q.id),
        { answered: true, correct: false, solved: true },
      );
      assert.match(await badgeOf(tab.page, LOAD_FUSING), /^0\/\d+$/);
      if (await tab.page.$(`${sel} details.quiz-answer .quiz-explanation`)) {
        assert.equal(
          await tab.page.isVisible(`${sel} .quiz-explanation-shown`),
          true,
          'no explanation after answering',
        );
      }
      await tab.screenshot(`site-quiz-${mode}`, { locator: tab.page.locator(sel) });

      await tab.page.reload();
      assert.match(await badgeOf(tab.page, LOAD_FUSING), /^0\/\d+$/);
      assert.match(await tab.page.textContent(`${sel} .quiz-result`), /correctly before, after a first wrong try/);
      // The home outline shows the same badge.
      await tab.goto('index.html');
      assert.match(await tab.page.textContent(`.outline a[href="${LOAD_FUSING}"] ~ .quiz-badge`), /^0\/\d+$/);
      tab.assertClean();
      await tab.close();
    });

    httpOnly('multiple-choice and outcome quizzes: exactly the right set is correct', async (t) => {
      const tab = await site.newTab({ mode });
      const paths = await sidebarPaths(tab);
      const todo = new Set(['multiple', 'outcome']);
      for (const p of paths) {
        if (todo.size === 0) break;
        await tab.goto(p);
        for (const type of [...todo]) {
          const q = await tab.page.$(`.quiz[data-quiz-type="${type}"]`);
          if (!q) continue;
          todo.delete(type);
          const id = await q.getAttribute('data-quiz-id');
          const sel = `.quiz[data-quiz-id="${id}"]`;
          const flags = await tab.page.$$eval(`${sel} .quiz-choice`, (cs) =>
            cs.map((c) => c.dataset.correct === 'true'),
          );
          assert.equal(await tab.page.getAttribute(`${sel} .quiz-choice input`, 'type'), 'checkbox');
          // All boxes ticked is wrong unless every choice is right.
          for (let i = 0; i < flags.length; i++) await tab.page.check(`${sel} .quiz-choice >> nth=${i} >> input`);
          await tab.page.click(`${sel} .quiz-check`);
          const allRight = flags.every(Boolean);
          assert.match(
            await tab.page.textContent(`${sel} .quiz-result`),
            allRight ? /^Correct/ : /^Not quite/,
            `${p} ${id}`,
          );
          await tab.page.click(`${sel} .quiz-retry`);
          for (let i = 0; i < flags.length; i++)
            if (flags[i]) await tab.page.check(`${sel} .quiz-choice >> nth=${i} >> input`);
          await tab.page.click(`${sel} .quiz-check`);
          assert.match(await tab.page.textContent(`${sel} .quiz-result`), /^Correct/, `${p} ${id}`);
          assert.deepEqual(
            await tab.page.evaluate((qid) => JSON.parse(localStorage.getItem('course-quiz-progress'))[qid], id),
            { answered: true, correct: allRight, solved: true },
          );
        }
      }
      if (todo.size) t.diagnostic(`no quiz of type ${[...todo].join(', ')} in the course`);
      assert.equal(todo.has('multiple') && todo.has('outcome'), false, 'no multiple-choice or outcome quiz found');
      tab.assertClean();
      await tab.close();
    });

    httpOnly('reveal quizzes count as answered when the answer is shown', async (t) => {
      const tab = await site.newTab({ mode });
      const paths = await sidebarPaths(tab);
      let found = null;
      for (const p of paths) {
        await tab.goto(p);
        const el = await tab.page.$('.quiz[data-quiz-type="reveal"]');
        if (el) {
          found = { p, id: await el.getAttribute('data-quiz-id') };
          break;
        }
      }
      if (!found) {
        t.skip('no reveal quiz in the course');
        await tab.close();
        return;
      }
      await tab.page.click(`.quiz[data-quiz-id="${found.id}"] details.quiz-answer > summary`);
      assert.equal(
        await tab.page.isVisible(`.quiz[data-quiz-id="${found.id}"] details.quiz-answer > :not(summary)`),
        true,
      );
      // <details> fires 'toggle' in a task queued after the click, not during it (HTML spec): wait
      // for quiz.js to have recorded the answer instead of reading localStorage before it ran.
      const stored = (id) => JSON.parse(localStorage.getItem('course-quiz-progress') || '{}')[id] || null;
      await tab.page.waitForFunction(stored, found.id);
      const rec = await tab.page.evaluate(stored, found.id);
      assert.deepEqual(rec, { answered: true, correct: true, solved: true });
      tab.assertClean();
      await tab.close();
    });

    test('export and import progress round trip; a bad file is refused', async () => {
      const tab = await site.newTab({ mode });
      await tab.goto(LOAD_FUSING);
      const q = await firstQuiz(tab.page, 'single');
      const sel = `.quiz[data-quiz-id="${q.id}"]`;
      await tab.page.check(`${sel} .quiz-choice >> nth=${q.right} >> input`);
      await tab.page.click(`${sel} .quiz-check`);
      assert.match(await badgeOf(tab.page, LOAD_FUSING), /^1\//);

      const [download] = await Promise.all([tab.page.waitForEvent('download'), tab.page.click('.progress-export')]);
      const file = path.join(h.ARTIFACTS, `site-progress-${mode}.json`);
      await download.saveAs(file);
      const data = JSON.parse(fs.readFileSync(file, 'utf8'));
      assert.equal(data.format, 'course-quiz-progress');
      assert.equal(data.version, 1);
      assert.deepEqual(data.progress[q.id], { answered: true, correct: true, solved: true });
      assert.match(download.suggestedFilename(), /^course-progress-\d{4}-\d\d-\d\d\.json$/);

      tab.page.once('dialog', (d) => d.accept());
      await tab.page.click('.progress-reset');
      assert.match(await badgeOf(tab.page, LOAD_FUSING), /^0\//);
      assert.equal(await tab.page.evaluate(() => localStorage.getItem('course-quiz-progress')), null);

      // A file that is JSON but not a progress file changes nothing and says why.
      const bad = path.join(h.ARTIFACTS, `site-progress-bad-${mode}.json`);
      fs.writeFileSync(
        bad,
        JSON.stringify({
          format: 'course-quiz-progress',
          version: 1,
          progress: { [q.id]: { answered: 'yes', correct: true } },
        }),
      );
      await tab.page.setInputFiles('.progress-import-file', bad);
      await tab.page.waitForFunction(() => document.querySelector('.progress-message').classList.contains('error'));
      assert.match(await tab.page.textContent('.progress-message'), /Import failed: .*answered/);
      assert.match(await badgeOf(tab.page, LOAD_FUSING), /^0\//);
      fs.writeFileSync(bad, 'not json');
      await tab.page.setInputFiles('.progress-import-file', bad);
      await tab.page.waitForFunction(() =>
        /not a JSON file/.test(document.querySelector('.progress-message').textContent),
      );

      await tab.page.setInputFiles('.progress-import-file', file);
      await tab.page.waitForFunction(() => /^Imported/.test(document.querySelector('.progress-message').textContent));
      assert.match(await badgeOf(tab.page, LOAD_FUSING), /^1\//);
      await tab.page.reload();
      assert.match(await badgeOf(tab.page, LOAD_FUSING), /^1\//);
      tab.assertClean();
      await tab.close();
    });

    test('search finds the load fusing page, ranked first, and the keyboard opens it', async () => {
      const tab = await site.newTab({ mode });
      await tab.goto('index.html');
      // The index (the largest script) is loaded only once the reader uses the search box.
      assert.equal(
        await tab.page.evaluate(() => Array.isArray(window.COURSE_SEARCH)),
        false,
        'search-index.js was loaded before the search box was used',
      );
      await tab.page.keyboard.press('/');
      assert.equal(await tab.page.evaluate(() => document.activeElement.id), 'search-input');
      await tab.page.keyboard.type('load fusing');
      await tab.page.waitForSelector('#search-results [role="option"]');
      const first = await tab.page.$eval('#search-results [role="option"]', (a) => ({
        title: a.querySelector('.search-result-title').textContent,
        href: a.getAttribute('href'),
        marks: [...a.querySelectorAll('mark')].map((m) => m.textContent.toLowerCase()),
      }));
      assert.equal(first.title, 'Load fusing');
      assert.match(first.href, /^load-fusing\.html(#.*)?$/);
      assert.ok(first.marks.includes('fusing'), `excerpt marks: ${first.marks}`);
      await tab.screenshot(`site-search-${mode}`);
      await tab.page.keyboard.press('ArrowDown');
      assert.equal(await tab.page.getAttribute('#search-results [role="option"] >> nth=0', 'aria-selected'), 'true');
      await tab.page.keyboard.press('Enter');
      await tab.page.waitForURL(`**/${LOAD_FUSING}*`);
      await tab.page.focus('#search-input');
      await tab.page.waitForFunction(() => Array.isArray(window.COURSE_SEARCH));
      // Ranking: pages with the word in their title come before pages that only mention it.
      for (const word of ['fusing', 'tearing']) {
        const titles = await tab.page.evaluate((w) => window.courseSearch(w).map((r) => r.title), word);
        const inTitle = titles.map((t) => t.toLowerCase().includes(word));
        assert.ok(inTitle[0], `"${word}": first result "${titles[0]}" lacks it in its title`);
        assert.equal(
          inTitle.indexOf(false) < 0 ? inTitle.length : inTitle.indexOf(false),
          inTitle.filter(Boolean).length,
          `"${word}": ranked ${titles.join(' | ')}`,
        );
      }
      // A hit in a section heading links to that heading, and the anchor exists.
      await tab.page.fill('#search-input', 'polling loop');
      await tab.page.waitForSelector('#search-results [role="option"]');
      const withHash = await tab.page.$$eval('#search-results [role="option"]', (as) =>
        as.map((a) => a.href).filter((u) => u.includes('#')),
      );
      assert.ok(withHash.length > 0, 'no search result links to a heading for "polling loop"');
      await tab.page.goto(withHash[0]);
      const hash = decodeURIComponent(new URL(withHash[0]).hash.slice(1));
      assert.ok(await tab.page.$(`[id="${hash}"]`), `search linked to a missing anchor: ${withHash[0]}`);
      // Nothing matches nonsense.
      await tab.page.fill('#search-input', 'zzqxv');
      await tab.page.waitForSelector('#search-results .search-empty');
      assert.equal(await tab.page.$$eval('#search-results [role="option"]', (x) => x.length), 0);
      await tab.page.keyboard.press('Escape');
      assert.equal(await tab.page.isVisible('#search-results'), false);
      tab.assertClean();
      await tab.close();
    });

    test('dark theme follows prefers-color-scheme; the toggle wins and is remembered', async () => {
      const dark = await site.newTab({ mode, colorScheme: 'dark' });
      await dark.goto(LOAD_FUSING);
      assert.ok(luminance(await bodyBg(dark.page)) < 0.05, 'dark preference gives a light page');
      assert.equal(await dark.page.getAttribute('[data-theme-choice="system"]', 'aria-pressed'), 'true');
      await dark.screenshot(`site-dark-${mode}`);
      await dark.page.click('[data-theme-choice="light"]');
      assert.ok(luminance(await bodyBg(dark.page)) > 0.8, 'Light button left the page dark');
      await dark.page.reload();
      assert.ok(luminance(await bodyBg(dark.page)) > 0.8, 'light choice forgotten on reload');
      await dark.goto('index.html');
      assert.equal(await dark.page.getAttribute('html', 'data-theme'), 'light');
      assert.equal(await dark.page.getAttribute('[data-theme-choice="light"]', 'aria-pressed'), 'true');
      dark.assertClean();
      await dark.close();

      const light = await site.newTab({ mode, colorScheme: 'light' });
      await light.goto('index.html');
      assert.ok(luminance(await bodyBg(light.page)) > 0.8);
      await light.page.click('[data-theme-choice="dark"]');
      assert.ok(luminance(await bodyBg(light.page)) < 0.05, 'Dark button left the page light');
      await light.goto(LOAD_FUSING);
      assert.ok(luminance(await bodyBg(light.page)) < 0.05, 'dark choice forgotten on the next page');
      // Applied before first paint: the attribute is already set when <body> enters the document.
      await light.page.addInitScript(() => {
        new MutationObserver((_, obs) => {
          if (document.body) {
            window.__themeAtBody = document.documentElement.getAttribute('data-theme') || 'none';
            obs.disconnect();
          }
        }).observe(document, { childList: true, subtree: true });
      });
      await light.page.reload();
      assert.equal(await light.page.evaluate(() => window.__themeAtBody), 'dark');
      await light.page.click('[data-theme-choice="system"]');
      assert.ok(luminance(await bodyBg(light.page)) > 0.8, 'System did not return to the light preference');
      assert.equal(await light.page.evaluate(() => localStorage.getItem('course-theme')), null);
      light.assertClean();
      await light.close();
    });

    httpOnly('print: one page holds the whole course; print media drops the chrome and the dark theme', async () => {
      const tab = await site.newTab({ mode, colorScheme: 'dark' });
      const paths = await sidebarPaths(tab);
      await tab.goto('print.html');
      const ids = await tab.page.$$eval('.print-page', (ss) => ss.map((s) => s.id));
      assert.ok(ids.length >= paths.length - 1, `print.html has ${ids.length} pages, the sidebar ${paths.length}`);
      assert.ok(ids.includes('load-fusing'));
      await tab.page.emulateMedia({ media: 'print' });
      assert.equal(await tab.page.isVisible('.site-header'), false);
      assert.ok(luminance(await bodyBg(tab.page)) > 0.9, 'printing keeps the dark background');
      await tab.goto(LOAD_FUSING);
      assert.equal(await tab.page.isVisible('#sidebar'), false);
      assert.equal(await tab.page.isVisible('main h1'), true);
      tab.assertClean();
      await tab.close();
    });

    test('with JavaScript off the course is readable and quiz answers are in <details>', async () => {
      const tab = await site.newTab({ mode, javaScriptEnabled: false, viewport: PHONE });
      await tab.goto(LOAD_FUSING);
      assert.equal(await tab.page.isVisible('.search'), false);
      assert.equal(await tab.page.isVisible('.theme-toggle'), false);
      assert.equal(await tab.page.isVisible(`#sidebar a[href="${LOAD_FUSING}"]`), true, 'no sidebar without JS');
      assert.equal(await tab.page.isVisible('.quiz-check'), false, 'a Check button that cannot work');
      const quiz = '.quiz[data-quiz-type="single"] >> nth=0';
      assert.equal(
        await tab.page.isVisible(`${quiz} >> .quiz-feedback >> nth=0`),
        false,
        'feedback visible before answering',
      );
      await tab.page.click(`${quiz} >> details.quiz-answer > summary`);
      assert.equal(await tab.page.isVisible(`${quiz} >> details.quiz-answer >> [data-correct="true"]`), true);
      const r = await tab.page.evaluate(
        () => document.documentElement.scrollWidth <= document.documentElement.clientWidth,
      );
      assert.ok(r, 'horizontal scroll at 360 px without JS');
      await tab.screenshot(`site-nojs-phone-${mode}`);
      tab.assertClean();
      await tab.close();
    });
  });
}
