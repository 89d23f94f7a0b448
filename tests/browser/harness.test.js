// Self-test of the browser-test harness: on a tiny site written to a temporary directory, a tab
// must record a missing file, a console error and an uncaught exception, over http and file://,
// and the http server must refuse paths outside the site and answer 404 with 404.html; site.onTabs
// must fail a broken page's subtest and no other.
'use strict';
const { test, before, after } = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const http = require('node:http');
const { execFile } = require('node:child_process');
const h = require('./harness');

let dir, site;
before(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'harness-site-'));
  const page = (body) => `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>t</title>
<link rel="icon" href="data:,"></head><body>${body}</body></html>`;
  fs.writeFileSync(path.join(dir, 'index.html'), page('<p id="ok">fine</p>'));
  fs.writeFileSync(path.join(dir, '404.html'), page('<p>not here</p>'));
  fs.writeFileSync(
    path.join(dir, 'bad.html'),
    page(
      '<img src="missing.png" alt="">\n<script>console.error("boom-console");</script>\n<script>throw new Error("boom-throw");</script>',
    ),
  );
  site = await h.open({ siteDir: dir });
});
after(async () => {
  if (site) await site.close();
});

for (const mode of h.MODES) {
  test(`a clean page has no problems, a broken one has each kind (${mode})`, async () => {
    const tab = await site.newTab({ mode });
    await tab.goto('index.html');
    assert.equal(await tab.page.textContent('#ok'), 'fine');
    tab.assertClean();
    await tab.goto('bad.html');
    await tab.page.waitForTimeout(100);
    const all = tab.problems.join('\n');
    assert.match(all, /missing\.png/);
    assert.match(all, /console error: boom-console/);
    assert.match(all, /page error: boom-throw/);
    assert.throws(() => tab.assertClean(), /problems on the/);
    await tab.close();
  });
}

test('allowProblems filters only what it names', async () => {
  const tab = await site.newTab({ allowProblems: [/missing\.png/, /Failed to load resource/] });
  await tab.goto('bad.html');
  await tab.page.waitForTimeout(100);
  assert.ok(tab.problems.length >= 2);
  assert.ok(
    tab.problems.every((p) => !/missing\.png|Failed to load/.test(p)),
    tab.problems.join('\n'),
  );
  await tab.close();
});

test('the http server answers 404 with 404.html and refuses to leave the site', async () => {
  const get = (p) =>
    new Promise((resolve, reject) => {
      http
        .get(site.httpBase + p, (res) => {
          let body = '';
          res.on('data', (c) => {
            body += c;
          });
          res.on('end', () => resolve({ status: res.statusCode, body }));
        })
        .on('error', reject);
    });
  const nf = await get('nope/x.html');
  assert.equal(nf.status, 404);
  assert.match(nf.body, /not here/);
  assert.equal((await get('index.html')).status, 200);
  const out = await get('%2e%2e/%2e%2e/etc/passwd');
  assert.notEqual(out.status, 200);
  assert.doesNotMatch(out.body, /root:/);
});

// site.onTabs: every item a subtest of its own on shared tabs; a broken page fails its subtest and
// the test, and its problems do not follow the tab to the next page (fixtures/ontabs-walk.js, run
// here in a node --test of its own, in the shared browser when there is one).
test('onTabs: a broken page fails its own subtest only', async () => {
  const env = { ...process.env };
  delete env.NODE_TEST_CONTEXT; // else node --test takes itself for a file of this run and runs nothing
  const r = await new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--test', '--test-reporter=tap', path.join(__dirname, 'fixtures', 'ontabs-walk.js')],
      { env },
      (err, stdout, stderr) => resolve({ status: err ? err.code : 0, out: stdout + stderr }),
    );
  });
  const out = r.out;
  assert.equal(r.status, 1, out);
  assert.match(out, /^ {4}not ok \d+ - b\.html$/m, out);
  for (const p of ['a', 'c', 'd', 'e']) assert.match(out, new RegExp(`^ {4}ok \\d+ - ${p}\\.html$`, 'm'), out);
  assert.match(out, /console error: boom-b/, out);
});

// A closed tab's context serves the next tab with the same options, emptied: what the first tab kept
// (localStorage, sessionStorage, IndexedDB, a cookie, a granted permission, a page it opened) is gone
// for the second; a fresh tab never takes a kept context.
for (const mode of h.MODES) {
  test(`a tab after another starts empty, though it reuses the context (${mode})`, async () => {
    const keep = () =>
      new Promise((resolve) => {
        localStorage.setItem('k', 'v');
        sessionStorage.setItem('k', 'v');
        document.cookie = 'k=v; max-age=600';
        const open = indexedDB.open('kept', 1);
        open.onupgradeneeded = () => open.result.createObjectStore('s');
        open.onsuccess = () => {
          open.result.close();
          resolve();
        };
      });
    const left = () =>
      indexedDB.databases().then((dbs) => ({
        local: localStorage.length,
        session: sessionStorage.length,
        cookie: document.cookie,
        dbs: dbs.map((d) => d.name),
      }));
    const a = await site.newTab({ mode });
    await a.goto('index.html');
    await a.page.evaluate(keep);
    assert.deepEqual((await a.page.evaluate(left)).dbs, ['kept']);
    if (mode === 'http') await a.context.grantPermissions(['clipboard-read']);
    await a.context.newPage();
    const first = a.context;
    await a.close();
    const b = await site.newTab({ mode });
    assert.equal(b.context, first, "the second tab reuses the first one's context");
    assert.equal(b.context.pages().length, 1, 'the pages the first tab opened are closed');
    await b.goto('index.html');
    assert.deepEqual(await b.page.evaluate(left), { local: 0, session: 0, cookie: '', dbs: [] });
    if (mode === 'http') {
      const perm = await b.page.evaluate(() =>
        navigator.permissions.query({ name: 'clipboard-read' }).then((p) => p.state),
      );
      assert.notEqual(perm, 'granted');
    }
    await b.close();
    const c = await site.newTab({ mode, fresh: true });
    assert.notEqual(c.context, first, 'a fresh tab has a context of its own');
    await c.close();
  });
}
