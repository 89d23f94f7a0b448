// weight.bench.js - `make page-weight-bench` (part of `make bench`): what each page with an example
// costs a reader on a first visit, over the harness's http server (no gzip, a fresh browser context:
// nothing cached), every response body counted until the network is idle, and any URL requested more
// than once named, and what kind each byte is (the HTML, and within it the inline JSON; scripts;
// styles; data scripts, data/*). Goals (issue 27): an example page under 200 KB, litmus.html under
// 400 KB. The game and the machine code's outcomes are loaded only when the reader opens them
// (static/ondemand.js), so a first visit does not count them.
'use strict';
const h = require('./harness');

const GOAL = { 'litmus.html': 400 * 1024 };
const DEFAULT_GOAL = 200 * 1024;

const kb = (n) => `${(n / 1024).toFixed(1)} KB`;

async function weigh(site, path) {
  const tab = await site.newTab({ mode: 'http' });
  const seen = [];
  tab.page.on('response', async (r) => {
    try {
      seen.push([r.url(), (await r.body()).length]);
    } catch (e) {
      /* a redirect has no body */
    }
  });
  await tab.goto(path);
  await tab.page.waitForLoadState('networkidle');
  // the inline data: the JSON of <script type="application/json"> in the HTML (the views' indexes)
  const inline = await tab.page.$$eval('script[type="application/json"]', (ss) =>
    ss.reduce((a, s) => a + s.textContent.length, 0),
  );
  const kinds = { html: 0, css: 0, js: 0, data: 0 };
  for (const [u, n] of seen) {
    const p = u.replace(site.httpBase, '');
    kinds[/\.css$/.test(p) ? 'css' : /^data\//.test(p) ? 'data' : /\.js$/.test(p) ? 'js' : 'html'] += n;
  }
  const counts = {};
  for (const [u] of seen) counts[u] = (counts[u] || 0) + 1;
  await tab.close();
  return {
    bytes: seen.reduce((a, [, n]) => a + n, 0),
    kinds,
    inline,
    requests: seen.length,
    twice: Object.keys(counts)
      .filter((u) => counts[u] > 1)
      .map((u) => u.replace(site.httpBase, '')),
  };
}

(async () => {
  const site = await h.open();
  const probe = await site.newTab({ mode: 'http' });
  await probe.goto('index.html');
  const pages = await probe.page.$$eval('#sidebar a', (as) => as.map((a) => a.getAttribute('href')));
  const withExamples = [];
  for (const p of pages) {
    await probe.goto(p);
    if (await probe.page.locator('section.example').count()) withExamples.push(p);
  }
  await probe.close();
  let over = 0;
  for (const p of withExamples) {
    const w = await weigh(site, p),
      goal = GOAL[p] || DEFAULT_GOAL;
    if (w.bytes > goal) over++;
    console.log(
      `${p.padEnd(36)} ${String(Math.round(w.bytes / 1024)).padStart(6)} KB in ${String(w.requests).padStart(3)} requests` +
        `  (goal < ${goal / 1024} KB: ${w.bytes > goal ? 'over' : 'met'})${w.twice.length ? '  requested twice: ' + w.twice.join(', ') : ''}\n` +
        `${''.padEnd(38)}HTML ${kb(w.kinds.html)} (inline JSON ${kb(w.inline)}), scripts ${kb(w.kinds.js)}, styles ${kb(w.kinds.css)}, data scripts ${kb(w.kinds.data)}`,
    );
  }
  console.log(`${withExamples.length} pages with examples, ${over} over their goal (no gzip, nothing cached)`);
  await site.close();
})().catch((e) => {
  console.error(e);
  process.exit(1);
});
