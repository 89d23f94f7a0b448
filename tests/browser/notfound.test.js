// The 404 page in a browser, shown by the site's server (tools/serve/serve.js, as `make serve`) for missing
// addresses at the root, inside labs/, deeper, and on a site served under a sub-path: the answer is
// status 404, styled like the site, nothing else is requested, and its links lead to the site's home and
// print pages (following one works). With JavaScript off it is styled too.
'use strict';
const { test } = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const http = require('node:http');
const path = require('node:path');
const h = require('./harness');

const site = h.openForFile();

const esc = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
// The 404 answer itself (and chromium's console line about it) is expected; anything else is a problem.
const the404 = (url) => new RegExp(`(^http 404: |status of 404 \\(Not Found\\) \\()${esc(url)}\\)?$`);

// What a page of the site looks like: the rules of the site stylesheet, applied.
async function looks(page) {
  return page.evaluate(() => ({
    rules: [...document.styleSheets].reduce((n, s) => n + s.cssRules.length, 0),
    header: getComputedStyle(document.querySelector('.site-header')).position,
    font: getComputedStyle(document.body).fontFamily,
    title: getComputedStyle(document.querySelector('.site-title')).fontWeight,
  }));
}

async function checkMissing(base, p, javaScriptEnabled) {
  const tab = await site.newTab({ mode: 'http', javaScriptEnabled, allowProblems: [the404(base + p)] });
  const home = await looks((await tab.goto('index.html'), tab.page));
  // chromium asks for the home page's icon after its load event, at a moment of its own: let that
  // request happen before counting what the 404 page asks for
  await tab.page.waitForLoadState('networkidle');
  const requests = [];
  tab.page.on('request', (r) => requests.push(r.url()));
  const resp = await tab.page.goto(base + p, { waitUntil: 'load' });
  assert.equal(resp.status(), 404, p);
  assert.match(await tab.page.title(), /^Page not found/);
  assert.deepEqual(requests, [base + p], `${p}: the 404 page requested more than itself`);
  const got = await looks(tab.page);
  assert.ok(got.rules > 50, `${p}: ${got.rules} style rules: not styled`);
  assert.deepEqual({ ...got, rules: 0 }, { ...home, rules: 0 }, `${p}: not styled like the site`);
  await tab.screenshot(`notfound-${javaScriptEnabled ? 'js' : 'nojs'}-${p.replace(/[^a-z0-9]+/gi, '-')}`);
  return tab;
}

for (const p of ['no-such-page.html', 'labs/no-such-lab.html', 'labs/a/b/c.html', 'case-studies/gone/']) {
  test(`a missing ${p}: 404, styled, self-contained, links to the site`, async () => {
    const tab = await checkMissing(site.httpBase, p, true);
    const hrefs = await tab.page.$$eval('a[data-site-path]', (as) => as.map((a) => a.href));
    assert.deepEqual(
      hrefs,
      ['index.html', 'index.html', 'print.html'].map((f) => site.httpBase + f),
    );
    const [nav] = await Promise.all([
      tab.page.waitForNavigation(),
      tab.page.click('.not-found a[data-site-path="index.html"]'),
    ]);
    assert.equal(nav.status(), 200);
    assert.equal(tab.page.url(), site.httpBase + 'index.html');
    tab.assertClean();
    await tab.close();
  });
}

test('a missing labs/ page with JavaScript off: 404, styled, self-contained', async () => {
  const tab = await checkMissing(site.httpBase, 'labs/no-such-lab.html', false);
  tab.assertClean();
  await tab.close();
});

// A host that serves the site under /course/ and shows its 404.html for any missing path.
test('a site under a sub-path: the links of a missing /course/labs/ page lead to /course/', async () => {
  const notFound = fs.readFileSync(path.join(site.siteDir, '404.html'));
  const server = http.createServer((req, res) => {
    const rel = decodeURIComponent(new URL(req.url, 'http://x').pathname);
    const file = rel.startsWith('/course/') && path.join(site.siteDir, path.normalize(rel.slice(8)));
    if (file && file.startsWith(site.siteDir + path.sep) && fs.existsSync(file) && fs.statSync(file).isFile()) {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(fs.readFileSync(file));
    } else {
      res.writeHead(404, { 'content-type': 'text/html; charset=utf-8' }).end(notFound);
    }
  });
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  try {
    const base = `http://127.0.0.1:${server.address().port}/course/`;
    const tab = await site.newTab({ mode: 'http', allowProblems: [the404(base + 'labs/gone.html')] });
    const resp = await tab.page.goto(base + 'labs/gone.html', { waitUntil: 'load' });
    assert.equal(resp.status(), 404);
    const hrefs = await tab.page.$$eval('a[data-site-path]', (as) => as.map((a) => a.href));
    assert.deepEqual(
      hrefs,
      ['index.html', 'index.html', 'print.html'].map((f) => base + f),
    );
    tab.assertClean();
    await tab.close();
  } finally {
    await new Promise((r) => server.close(r));
  }
});
