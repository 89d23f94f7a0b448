// The imported litmus tests' pages (tools/litmus/folders.js) in a browser: the dialect suite
// (tools/litmus/tests/dialect: nested folders, non-C files, a broken file) imported by litmus-tool and
// written as pages into a site of their own (its static/ the course's), opened over http and file://.
// With JavaScript the search box (static/litmus-filter.js) keeps exactly the rows holding every word
// typed (a name, a verdict such as tso:sometimes), counts them, keeps the search in the URL and applies
// it again from there; the index finds a folder by its path or a test's name. With JavaScript off the
// box is not shown and every row is there. Light, dark and a 390 px phone: axe-core finds nothing (and
// with BROWSER_SHOTS=1, shots of each).
'use strict';
const { test, before, after } = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { execFileSync } = require('node:child_process');
const h = require('./harness');

const TOOL = path.join(h.ROOT, 'build/litmus/litmus-tool');
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'litmus-folders-browser-'));
const siteDir = path.join(tmp, 'site');
let site, summary;

before(async () => {
  const imp = path.join(tmp, 'import');
  // the broken file makes the import exit 1; its pages are made all the same
  try {
    execFileSync(TOOL, ['import', 'tools/litmus/tests/dialect', imp], { cwd: h.ROOT, stdio: 'ignore' });
  } catch (e) {
    if (e.status !== 1) throw e;
  }
  summary = JSON.parse(fs.readFileSync(path.join(imp, 'summary.json'), 'utf8'));
  fs.cpSync(path.join(h.ROOT, 'site/static'), path.join(siteDir, 'static'), { recursive: true });
  fs.writeFileSync(path.join(siteDir, 'index.html'), '<!DOCTYPE html><title>home</title>');
  execFileSync(
    process.execPath,
    ['tools/litmus/folders.js', '--import', imp, '--out', path.join(siteDir, 'data/litmus/imported')],
    {
      cwd: h.ROOT,
      stdio: 'ignore',
    },
  );
  site = await h.open({ siteDir });
});
after(async () => {
  await site.close();
  fs.rmSync(tmp, { recursive: true, force: true });
});

// The names of the rows shown (a test's or a folder's first cell), and the count the box says.
async function shown(tab) {
  return tab.page.evaluate(() => ({
    names: [...document.querySelectorAll('[data-search]')]
      .filter((r) => r.offsetParent !== null)
      .map((r) => r.querySelector('th').textContent.trim()),
    count: document.querySelector('.litmus-filter-count').textContent,
    box: !document.querySelector('.litmus-filter').hidden,
  }));
}

// Types a search and waits until the count says it was applied.
async function search(tab, text, count) {
  await tab.page.fill('#litmus-filter-input', text);
  await tab.page.waitForFunction((c) => document.querySelector('.litmus-filter-count').textContent === c, count);
  return shown(tab);
}

const herd = () => summary.tests.filter((t) => path.dirname(path.relative(summary.dir, t.file)) === 'herd');

for (const mode of h.MODES) {
  test(`a folder's table is searched by name and verdict, the search kept in the URL (${mode})`, async () => {
    const tab = await site.newTab({ mode });
    await tab.goto('data/litmus/imported/herd.html');
    const all = herd().map((t) => t.name);
    assert.deepEqual(await shown(tab), { names: all, count: `${all.length} tests`, box: true });
    const tso = herd().filter((t) => t.tso === 'Sometimes');
    assert.ok(tso.length > 0 && tso.length < all.length);
    const got = await search(tab, 'tso:sometimes', `${tso.length} of ${all.length} tests`);
    assert.deepEqual(
      got.names,
      tso.map((t) => t.name),
    );
    // every word must be there: a verdict and a shape (either alone keeps more rows)
    const lb = herd().filter((t) => t.armv8 === 'Sometimes' && /^LB/.test(t.name));
    assert.ok(lb.length > 0 && lb.length < herd().filter((t) => /^LB/.test(t.name)).length);
    assert.deepEqual(
      (await search(tab, 'Armv8:Sometimes lb', `${lb.length} of ${all.length} tests`)).names,
      lb.map((t) => t.name),
    );
    assert.deepEqual((await search(tab, 'no-such-test', `0 of ${all.length} tests`)).names, []);
    // the URL keeps the search; opened again from it, the page applies it
    await search(tab, 'SB5', `1 of ${all.length} tests`);
    assert.match(tab.page.url(), /#q=SB5$/);
    await tab.page.reload({ waitUntil: 'load' });
    await tab.page.waitForFunction(() => document.querySelector('.litmus-filter-count').textContent.startsWith('1 of'));
    assert.deepEqual((await shown(tab)).names, ['SB5+poonceonces']);
    assert.deepEqual((await search(tab, '', `${all.length} tests`)).names, all);
    tab.assertClean();
    await tab.close();
  });
}

test('the index finds a folder by its path or by a test in it', async () => {
  const tab = await site.newTab({ mode: 'file' });
  await tab.goto('data/litmus/imported/index.html');
  const folders = (await shown(tab)).names;
  assert.ok(folders.includes('rcu/srcu') && folders.includes('other'));
  assert.deepEqual((await search(tab, 'srcu', `1 of ${folders.length} folders`)).names, ['rcu/srcu']);
  assert.deepEqual((await search(tab, 'sb.ppc', `1 of ${folders.length} folders`)).names, ['other']);
  await tab.page.click('a[href="other.html"]');
  await tab.page.waitForURL(/other\.html$/);
  assert.deepEqual((await shown(tab)).names, ['Broken.litmus', 'MP.lisa.litmus', 'SB.ppc.litmus']);
  tab.assertClean();
  await tab.close();
});

test('without JavaScript the whole table is there and no search box', async () => {
  const tab = await site.newTab({ mode: 'file', javaScriptEnabled: false });
  await tab.goto('data/litmus/imported/herd.html');
  const got = await tab.page.evaluate(() => ({
    rows: [...document.querySelectorAll('[data-search]')].filter((r) => r.offsetParent !== null).length,
    box: document.querySelector('.litmus-filter').offsetParent !== null,
  }));
  assert.deepEqual(got, { rows: herd().length, box: false });
  tab.assertClean();
  await tab.close();
});

test('light, dark, a 390 px phone: no axe violation (and the shots)', async () => {
  for (const [name, opts] of [
    ['light', {}],
    ['dark', { colorScheme: 'dark' }],
    ['phone', { viewport: { width: 390, height: 844 } }],
  ]) {
    const tab = await site.newTab({ mode: 'http', ...opts });
    await tab.goto('data/litmus/imported/herd.html#q=sometimes');
    await tab.page.waitForFunction(() => / of /.test(document.querySelector('.litmus-filter-count').textContent));
    await tab.screenshot(`litmus-folders-${name}`);
    assert.deepEqual(await tab.axe(), [], `${name}: the folder's page`);
    await tab.goto('data/litmus/imported/index.html');
    await tab.screenshot(`litmus-folders-index-${name}`);
    assert.deepEqual(await tab.axe(), [], `${name}: the index`);
    tab.assertClean();
    await tab.close();
  }
});
