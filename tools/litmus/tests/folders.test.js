// folders.test.js - the imported tests' pages (tools/litmus/folders.js) on the dialect suite's import
// (nested folders, two herd tests in other languages, a broken file): an index listing every folder
// that holds tests with its count and verdicts, one page per folder with exactly that folder's tests
// (not its subfolders'), the non-C files and the broken one listed with their status and file:line,
// every test with an anchor its name links to; untrusted text escaped; a malformed summary.json an
// error at its line; no import, no pages; and page.js leaves an import of more than COMPILE_MAX
// tests to these pages instead of compiling it.
// Input: the import make litmus-test ran (LITMUS_DIALECT).
'use strict';
const test = require('node:test');
const assert = require('node:assert');
const fs = require('fs');
const os = require('os');
const path = require('path');
const { spawnSync } = require('child_process');

const TOP = path.resolve(__dirname, '../../..');
const BUILD = path.resolve(process.env.BUILD_DIR || path.join(TOP, 'build'));
const DIALECT = path.resolve(process.env.LITMUS_DIALECT || path.join(BUILD, 'litmus/dialect'));
const FOLDERS = path.join(TOP, 'tools/litmus/folders.js');
const { COMPILE_MAX, PAGE_MAX } = require(FOLDERS);

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'litmus-folders-'));
test.after(() => fs.rmSync(tmp, { recursive: true, force: true }));

function run(args, script = FOLDERS) {
  return spawnSync(process.execPath, [script, ...args], { cwd: TOP, encoding: 'utf8' });
}

// The rows of a folder page: [{id, name, cells: [shape, lkmm, sc, tso, armv8, status], more}].
function rows(html) {
  const out = [];
  for (const m of html.matchAll(/<tbody id="([^"]+)" data-search="[^"]*"><tr>(.*?)<\/tr>\n(.*?)<\/tbody>/gs)) {
    const name = /<a href="#([^"]+)"><code>([^<]*)<\/code><\/a>/.exec(m[2]);
    const cells = [...m[2].matchAll(/<td[^>]*>([^<]*)<\/td>/g)].map((c) => c[1]);
    out.push({ id: m[1], link: name && name[1], name: name && name[2], cells, more: m[3] });
  }
  return out;
}

const out = path.join(tmp, 'dialect');
const made = run(['--import', DIALECT, '--out', out]);
const summary = JSON.parse(fs.readFileSync(path.join(DIALECT, 'summary.json'), 'utf8'));

test('a page per folder that holds tests, each with exactly its own tests, and the index of them', () => {
  assert.strictEqual(made.status, 0, made.stderr);
  const index = fs.readFileSync(path.join(out, 'index.html'), 'utf8');
  const listed = [...index.matchAll(/<th scope="row"><a href="([^"]+)">([^<]+)<\/a><\/th><td>(\d+)<\/td>/g)].map(
    (m) => ({
      href: m[1],
      folder: m[2],
      n: +m[3],
    }),
  );
  const want = {};
  for (const t of summary.tests) {
    const f = path.relative(summary.dir, path.dirname(t.file));
    (want[f] = want[f] || []).push(t);
  }
  assert.deepStrictEqual(listed.map((l) => l.folder).sort(), Object.keys(want).sort());
  assert.ok(listed.some((l) => l.folder === 'rcu/srcu') && listed.some((l) => l.folder === 'herd/atomics'));
  for (const l of listed) {
    assert.strictEqual(l.n, want[l.folder].length, l.folder);
    const page = rows(fs.readFileSync(path.join(out, l.href), 'utf8'));
    // the folder's own tests, in the import's order; a subfolder's are on its own page
    assert.deepStrictEqual(
      page.map((r) => r.name),
      want[l.folder].map((t) => t.name || path.basename(t.file)),
      l.folder,
    );
    for (const [i, r] of page.entries()) {
      const t = want[l.folder][i];
      assert.strictEqual(r.link, r.id, `${r.name} links to its own details`);
      assert.deepStrictEqual(
        r.cells.slice(1),
        [t.lkmm || '–', t.sc || '–', t.tso || '–', t.armv8 || '–', t.status],
        r.name,
      );
    }
  }
  assert.strictEqual(new Set(listed.map((l) => l.href)).size, listed.length, 'one file per folder');
  // the totals: every test once, and the verdicts counted (SC: one "Always" among them)
  assert.match(index, new RegExp(`<th scope="row">All folders</th><td>${summary.tests.length}</td>`));
  const sc = summary.tests.filter((t) => t.sc === 'Never').length;
  assert.match(index, new RegExp(`<tbody class="litmus-total">.*?<td>N ${sc}, `, 's'));
});

test('the non-C files and the broken file are listed with their status and file:line, the rest is there', () => {
  const other = rows(fs.readFileSync(path.join(out, 'other.html'), 'utf8'));
  const byName = Object.fromEntries(other.map((r) => [r.name, r]));
  assert.deepStrictEqual(Object.keys(byName).sort(), ['Broken.litmus', 'MP.lisa.litmus', 'SB.ppc.litmus']);
  assert.strictEqual(byName['Broken.litmus'].cells[5], 'error');
  assert.match(
    byName['Broken.litmus'].more,
    /tools\/litmus\/tests\/dialect\/other\/Broken\.litmus:14: expected &#39;;&#39;/,
  );
  for (const n of ['MP.lisa.litmus', 'SB.ppc.litmus']) {
    assert.strictEqual(byName[n].cells[5], 'not C');
    assert.match(byName[n].more, /\.litmus:1: not C: a (LISA|PPC) litmus test/);
  }
  // a converted test's details: its condition, each model's finding and the file's text
  const srcu = rows(fs.readFileSync(path.join(out, 'rcu-srcu.html'), 'utf8'));
  const mp = srcu.find((r) => r.name === 'SRCU+MP');
  assert.match(mp.more, /<code class="litmus-cond">exists \(/);
  assert.match(mp.more, /SC: Never, \d+ outcomes? in \d+ states/);
  assert.match(mp.more, /Armv8: not run: line \d+: RCU and SRCU/);
  assert.match(mp.more, /<pre><code>C SRCU\+MP\n/);
});

// An import made up here: a hostile name, description and message; one folder.
function fakeImport(dir, tests) {
  fs.mkdirSync(path.join(dir, 'ref'), { recursive: true });
  fs.writeFileSync(path.join(dir, 'summary.json'), JSON.stringify({ dir: 'x', tests }, null, 1));
}

test('untrusted text is escaped', () => {
  const imp = path.join(tmp, 'hostile');
  const evil = '<script>alert(1)</script>"&\'';
  fakeImport(imp, [
    { file: `x/${evil}/a.litmus`, name: evil, status: 'error', reason: `x/a.litmus:3: ${evil}`, description: evil },
  ]);
  const r = run(['--import', imp, '--out', path.join(tmp, 'hostile-out')]);
  assert.strictEqual(r.status, 0, r.stderr);
  for (const f of fs.readdirSync(path.join(tmp, 'hostile-out'))) {
    const html = fs.readFileSync(path.join(tmp, 'hostile-out', f), 'utf8');
    assert.doesNotMatch(html, /<script>alert/, f);
    assert.doesNotMatch(html, /"&'/, f);
  }
  const page = fs.readFileSync(path.join(tmp, 'hostile-out', fs.readdirSync(path.join(tmp, 'hostile-out'))[0]), 'utf8');
  assert.match(page, /&lt;script&gt;alert\(1\)&lt;\/script&gt;&quot;&amp;&#39;/);
});

test('a folder of more than PAGE_MAX tests has a page per PAGE_MAX of them, each listed on the index', () => {
  const imp = path.join(tmp, 'large');
  const n = 2 * PAGE_MAX + 1;
  fakeImport(
    imp,
    Array.from({ length: n }, (_, i) => ({ file: `x/auto/T${i}.litmus`, name: `T${i}`, status: 'ok', sc: 'Never' })),
  );
  const pages = path.join(tmp, 'large-out');
  const r = run(['--import', imp, '--out', pages]);
  assert.strictEqual(r.status, 0, r.stderr);
  const index = fs.readFileSync(path.join(pages, 'index.html'), 'utf8');
  const listed = [...index.matchAll(/<th scope="row"><a href="([^"]+)">([^<]+)<\/a><\/th><td>(\d+)<\/td>/g)];
  assert.deepStrictEqual(
    listed.map((m) => [m[2], +m[3]]),
    [
      [`auto, tests 1 to ${PAGE_MAX} of ${n}`, PAGE_MAX],
      [`auto, tests ${PAGE_MAX + 1} to ${2 * PAGE_MAX} of ${n}`, PAGE_MAX],
      [`auto, tests ${n} to ${n} of ${n}`, 1],
    ],
  );
  const names = listed.map((m) => rows(fs.readFileSync(path.join(pages, m[1]), 'utf8')).map((t) => t.name));
  assert.deepStrictEqual(
    names.flat(),
    Array.from({ length: n }, (_, i) => `T${i}`),
    'every test once, in order',
  );
  // each page links to the others
  const last = fs.readFileSync(path.join(pages, listed[2][1]), 'utf8');
  for (const m of listed.slice(0, 2)) assert.ok(last.includes(`<li><a href="${m[1]}">`), m[1]);
});

test('a malformed summary.json is an error at its line; no import removes the pages', () => {
  const imp = path.join(tmp, 'bad');
  fs.mkdirSync(imp, { recursive: true });
  fs.writeFileSync(path.join(imp, 'summary.json'), '{\n "dir": "x",\n "tests": [\n  {"file": "a"},,\n ]\n}\n');
  const pages = path.join(tmp, 'bad-out');
  fs.mkdirSync(pages);
  fs.writeFileSync(path.join(pages, 'index.html'), 'old');
  const r = run(['--import', imp, '--out', pages]);
  assert.strictEqual(r.status, 1);
  assert.match(r.stderr, new RegExp(`^${path.join(imp, 'summary.json').replace(/[.+]/g, '\\$&')}:4: `));
  assert.strictEqual(fs.readFileSync(path.join(pages, 'index.html'), 'utf8'), 'old', 'the old pages stay on error');
  assert.strictEqual(run(['--out', pages]).status, 0);
  assert.ok(!fs.existsSync(pages));
});

test('page.js leaves an import of more than COMPILE_MAX tests to the folder pages', () => {
  const imp = path.join(tmp, 'many');
  // tests whose examples do not exist: compiling any of them would fail
  fakeImport(
    imp,
    Array.from({ length: COMPILE_MAX + 1 }, (_, i) => ({
      file: `x/t${i}.litmus`,
      name: `T${i}`,
      status: 'ok',
      example: `t${i}`,
    })),
  );
  const json = path.join(tmp, 'tests.json');
  const r = run(
    ['--build', path.join(tmp, 'build'), '--out', json, `imported=${imp}`],
    path.join(TOP, 'tools/litmus/page.js'),
  );
  assert.strictEqual(r.status, 0, r.stderr);
  const set = JSON.parse(fs.readFileSync(json, 'utf8')).sets[0];
  assert.deepStrictEqual(
    { compiled: set.compiled, total: set.total, tests: set.tests, pages: set.pages },
    { compiled: false, total: COMPILE_MAX + 1, tests: [], pages: 'data/litmus/imported/index.html' },
  );
});
