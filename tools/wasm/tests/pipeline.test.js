// pipeline.test.js - the build pipeline and the verification step: dialect flags reach the compiler,
// hook sites map to source lines, -g does not change the code, builds are cached, and a wrong
// expect line fails with file:line.
'use strict';
const test = require('node:test');
const assert = require('node:assert');
const fs = require('fs');
const path = require('path');
const { execFileSync } = require('child_process');
const H = require('./helpers');

test('the example cflags pick the dialect: gnu89 hoists the load, C11 deletes the loop', () => {
  const meta = H.program('stop-flag'); // cflags: -std=gnu89
  const gnu89 = H.keys(H.explore(H.machine(meta, 'plain'), 'dpor'));
  assert.ok(
    gnu89.some((k) => /t1 does not terminate/.test(k)),
    gnu89.join(' | '),
  );
  const m89 = H.machine(meta, 'plain');
  m89.reset();
  assert.strictEqual(m89.threads[1].pending.kind, 'R', 'gnu89: t1 loads the flag once');
  const m11 = H.machine(meta, 'plain', ['-std=c11']);
  const c11 = H.keys(H.explore(m11, 'dpor'));
  assert.ok(!c11.some((k) => /does not terminate/.test(k)), c11.join(' | '));
  m11.reset();
  assert.strictEqual(m11.threads[1].status, 'done', 'C11: the loop is deleted, t1 returns without a shared access');
});

test('marked loads reach the scheduler in source order (no optimizer runs after the compiler)', () => {
  // emcc -O2 in one step also runs binaryen -O2 at link time, which treats the loads of READ_ONCE as
  // plain loads and moved the first load of seq after those of a and b.
  const m = H.machine(H.program('seq-reader'), 'plain');
  m.reset();
  const order = [];
  while (m.threads[1].status !== 'done') {
    const ev = m.step(1);
    if (ev && ev.kind === 'R') order.push(m.nameOf(ev.addr));
  }
  assert.deepStrictEqual(order, ['seq', 'a', 'b', 'seq']);
});

test('each thread is paused at the source line of its next shared access', () => {
  const meta = H.program('store-buffering');
  const src = fs.readFileSync(meta.sources.plain, 'utf8').split('\n');
  const line = (s) => src.findIndex((l) => l.includes(s)) + 1;
  const m = H.machine(meta, 'plain');
  m.reset();
  assert.strictEqual(m.lineOf(m.threads[0]), line('WRITE_ONCE(x, 1)'));
  assert.strictEqual(m.lineOf(m.threads[1]), line('WRITE_ONCE(y, 1)'));
  const ev = m.step(0);
  assert.deepStrictEqual([ev.kind, m.nameOf(ev.addr), ev.value], ['W', 'x', 1]);
  assert.strictEqual(m.lineOf(m.threads[0]), line('r0 = READ_ONCE(y)'));
  m.step(1);
  const rd = m.step(0);
  assert.deepStrictEqual([rd.kind, m.nameOf(rd.addr), rd.value], ['R', 'y', 1]);
  const cas = H.program('cas-cmpxchg');
  const mc = H.machine(cas, 'plain');
  mc.reset();
  const csrc = fs.readFileSync(cas.sources.plain, 'utf8').split('\n');
  assert.strictEqual(mc.threads[0].pending.kind, 'U');
  assert.strictEqual(mc.lineOf(mc.threads[0]), csrc.findIndex((l) => l.includes('__atomic_compare_exchange_n')) + 1);
});

test('-g adds debug information only: the code is the same as without it', () => {
  const meta = H.program('store-buffering');
  const dir = fs.mkdtempSync(path.join(H.SCRATCH, 'g-'));
  const env = Object.assign({}, process.env, { NODE_PATH: '/usr/share/nodejs' });
  const bodies = (flags) => {
    const out = path.join(dir, 'a.wasm');
    execFileSync(
      'emcc',
      [
        '-O2',
        '-matomics',
        '-sSTANDALONE_WASM',
        '--no-entry',
        '-I',
        path.join(H.TOP, 'examples/include'),
        meta.sources.plain,
        '-o',
        out,
      ].concat(flags),
      { env, stdio: 'pipe' },
    );
    const wat = execFileSync('wasm2wat', ['--enable-threads', '--no-debug-names', out], { encoding: 'utf8' });
    // The thread functions' bodies (emcc's post-link step keeps a few helpers apart under -g).
    return meta.threads
      .map((t) => {
        const idx = new RegExp(`\\(export "${t}" \\(func (\\d+)\\)\\)`).exec(wat)[1];
        const from = wat.indexOf(`(func (;${idx};)`);
        const to = wat.indexOf('\n  (', from + 1);
        return wat.slice(from, to);
      })
      .join('\n');
  };
  const g = bodies(['-g']);
  assert.match(g, /i32\.store/);
  assert.strictEqual(g, bodies([]));
});

test('builds are cached by a hash of their inputs', () => {
  const meta = H.program('store-buffering');
  const a = H.build(meta, 'fixed');
  const t0 = Date.now();
  const b = H.build(meta, 'fixed');
  assert.ok(Date.now() - t0 < 500, 'cached build is fast');
  assert.strictEqual(a.hash, b.hash);
  assert.ok(fs.existsSync(path.join(H.CACHE, a.hash, 'module.json')));
  const c = H.build(meta, 'fixed', ['-DEXTRA=1']);
  assert.notStrictEqual(c.hash, a.hash);
});

test('verification: agreement passes, a wrong expect line fails with file:line, quiz predicates are checked', () => {
  const meta = H.program('store-buffering');
  const ok = H.processExample(meta, { buildDir: H.SCRATCH, cacheDir: H.CACHE });
  assert.deepStrictEqual(ok.errors, []);
  const pv = ok.json.variants.plain;
  assert.strictEqual(pv.checked['r0 == 0 && r1 == 0'], false);
  assert.strictEqual(pv.checked['r0 == 1 && r1 == 0'], true, 'quiz.plain predicate is checked');
  assert.ok(fs.existsSync(path.join(H.SCRATCH, 'data/site', pv.data_script)));
  // what the page states next to the explorer: the compiler and level that built the WebAssembly
  // (the level is the one the pipeline compiles at), and the sequentially consistent interleaving
  assert.match(ok.json.build.compiler, /^emcc \d+\.\d+\.\d+$/);
  assert.strictEqual('-' + ok.json.build.opt, require('../lib/pipeline').COMPILE_OPT);
  assert.strictEqual(ok.json.build.model, 'sc');
  // the metadata's trees are what is checked: turn the unreachable line into a reachable one, and
  // add a tree that names no outcome variable (asm-tool never writes one: a broken contract)
  const bad = JSON.parse(JSON.stringify(meta));
  const sb = bad.expect.plain.find((e) => e.expr === 'r0 == 0 && r1 == 0');
  Object.assign(sb, { line: 7, kind: 'reachable' });
  bad.expect.fixed.push({
    line: 99,
    kind: 'reachable',
    expr: 'r9 == 1',
    tree: {
      op: '==',
      args: [
        { op: 'var', name: 'r9' },
        { op: 'int', value: 1 },
      ],
    },
  });
  const r = H.processExample(bad, { buildDir: H.SCRATCH, cacheDir: H.CACHE });
  assert.strictEqual(r.errors.length, 2, r.errors.join('\n'));
  assert.match(
    r.errors[0],
    /^tools\/wasm\/tests\/programs\/store-buffering\.c:7: expect\.plain: reachable: r0 == 0 && r1 == 0 -- but it is not reachable/,
  );
  assert.match(r.errors[1], /^tools\/wasm\/tests\/programs\/store-buffering\.c:99: the outcome has no value of r9/);
  // explore.js exits non-zero and prints the same lines.
  const metaDir = path.join(H.SCRATCH, 'badmeta');
  fs.mkdirSync(path.join(metaDir, 'test'), { recursive: true });
  fs.writeFileSync(path.join(metaDir, 'test/store-buffering.json'), JSON.stringify(bad));
  let status = 0,
    stderr = '';
  try {
    execFileSync(
      'node',
      [path.join(H.TOP, 'tools/wasm/explore.js'), '--meta', metaDir, '--build', path.join(H.SCRATCH, 'b2'), '--quiet'],
      { cwd: H.TOP, stdio: 'pipe' },
    );
  } catch (e) {
    status = e.status;
    stderr = String(e.stderr);
  }
  assert.strictEqual(status, 1);
  assert.match(stderr, /store-buffering\.c:7: /);
});
