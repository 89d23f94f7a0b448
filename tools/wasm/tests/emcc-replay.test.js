// emcc-replay.test.js - emcc's sub-commands replayed (tools/wasm/lib/emcc-replay.js): the replayed
// compile and link give emcc's own bytes, one recipe serves programs with other names and exports, an
// object emcc would link differently gets a recipe of its own, and a recipe that does not reproduce
// emcc is not kept.
'use strict';
const test = require('node:test');
const assert = require('node:assert');
const fs = require('fs');
const os = require('os');
const path = require('path');
const { execFileSync } = require('child_process');
const { emcc, splitWords, printedCommands } = require('../lib/emcc-replay');
const H = require('./helpers');

delete process.env.EMCC_REPLAY; // these tests set it themselves
const ENV = Object.assign({}, process.env, { NODE_PATH: '/usr/share/nodejs' });
function run(cmd, args, opts) {
  return execFileSync(
    cmd,
    args,
    Object.assign({ encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], env: ENV }, opts),
  );
}
const INCLUDE = [
  '-I',
  path.join(H.TOP, 'examples/include'),
  '-include',
  path.join(H.TOP, 'tools/wasm/include/x86-barriers.h'),
];
const compileArgs = (src, obj) => ['-O2', '-matomics', '-g'].concat(INCLUDE, ['-c', src, '-o', obj]);
const linkArgs = (obj, out, names) =>
  [
    '-O0',
    '-matomics',
    '-g',
    '-sSTANDALONE_WASM',
    '--no-entry',
    '-sERROR_ON_UNDEFINED_SYMBOLS=0',
    obj,
    '-o',
    out,
  ].concat(
    names.map((n) => '-Wl,--export=' + n),
    ['-Wl,--export=__heap_base'],
  );

function scratch(t) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'emcc-replay-'));
  t.after(() => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}
// Compiles and links src through emcc-replay into dir; returns how each step ran and the two files.
function build(dir, cacheDir, name, src, names, _env) {
  const o = { cwd: dir, cacheDir, tools: 'test', env: { NODE_PATH: '/usr/share/nodejs' } };
  const obj = path.join(dir, name + '.o'),
    out = path.join(dir, name + '.wasm');
  const how = [
    emcc(compileArgs(src, obj), Object.assign({ input: src, output: obj }, o), run),
    emcc(linkArgs(obj, out, names), Object.assign({ input: obj, output: out }, o), run),
  ];
  return { how, obj: fs.readFileSync(obj), wasm: fs.readFileSync(out) };
}
// The same two steps by emcc itself.
function byEmcc(dir, name, src, names) {
  const obj = path.join(dir, name + '.emcc.o'),
    out = path.join(dir, name + '.emcc.wasm');
  run('emcc', compileArgs(src, obj), { cwd: dir });
  run('emcc', linkArgs(obj, out, names), { cwd: dir });
  return { obj: fs.readFileSync(obj), wasm: fs.readFileSync(out) };
}
const source = (name) => path.join(__dirname, 'programs', name + '.c');

test("emcc's printed commands are read back word for word", () => {
  assert.deepStrictEqual(splitWords(`-o a.o 'a b' '-DX='"'"'q'"'"'' --x=`), ['-o', 'a.o', 'a b', "-DX='q'", '--x=']);
  assert.strictEqual(splitWords("'unbalanced"), null);
  assert.deepStrictEqual(printedCommands('warning: x\n "/usr/bin/clang-14" -c \'a b.c\'\nnote\n'), [
    ['/usr/bin/clang-14', '-c', 'a b.c'],
  ]);
});

test("replayed compile and link give emcc's bytes; one recipe serves other programs and exports", (t) => {
  const dir = scratch(t),
    cache = path.join(dir, 'cache');
  const first = build(dir, cache, 'sb', source('store-buffering'), ['x', 'y']);
  assert.deepStrictEqual(first.how, ['learned', 'learned']);
  const second = build(dir, cache, 'wrc', source('wrc'), ['x', 'y']);
  assert.deepStrictEqual(second.how, ['recipe', 'recipe'], 'a second program of the same shape runs the recipes');
  const own = byEmcc(dir, 'wrc', source('wrc'), ['x', 'y']);
  assert.ok(second.obj.equals(own.obj), "the replayed compile differs from emcc's");
  assert.ok(second.wasm.equals(own.wasm), "the replayed link differs from emcc's");
  // other exports: the -Wl, flags are the recipe's placeholder, not part of its shape
  const third = build(dir, cache, 'sb2', source('store-buffering'), ['x', '__data_end']);
  assert.deepStrictEqual(third.how, ['recipe', 'recipe']);
  assert.ok(third.wasm.equals(byEmcc(dir, 'sb2', source('store-buffering'), ['x', '__data_end']).wasm));
  assert.notStrictEqual(
    Buffer.compare(third.wasm, first.wasm),
    0,
    'the exports changed nothing: the test shows nothing',
  );
});

test('an object with other undefined symbols gets a recipe of its own', (t) => {
  const dir = scratch(t),
    cache = path.join(dir, 'cache');
  build(dir, cache, 'sb', source('store-buffering'), ['x', 'y']);
  const ext = path.join(dir, 'ext.c');
  fs.writeFileSync(
    ext,
    '#include "course.h"\nSHARED(int, x);\nvoid outside(void);\nTHREAD(t0) { outside(); WRITE_ONCE(x, 1); }\n',
  );
  const r = build(dir, cache, 'ext', ext, ['x']);
  assert.deepStrictEqual(
    r.how,
    ['recipe', 'learned'],
    'the link of an object with an undefined function reused a recipe',
  );
  assert.ok(r.wasm.equals(byEmcc(dir, 'ext', ext, ['x']).wasm));
});

test("a recipe that does not reproduce emcc's output is refused, and emcc keeps running", (t) => {
  const dir = scratch(t),
    cache = path.join(dir, 'cache');
  // an emcc that adds a byte to the modules the real one links: replaying its sub-commands cannot match
  const bin = path.join(dir, 'bin');
  fs.mkdirSync(bin);
  fs.writeFileSync(
    path.join(bin, 'emcc'),
    '#!/bin/sh\n/usr/bin/emcc "$@" || exit $?\nout=\nprev=\n' +
      'for a in "$@"; do [ "$prev" = -o ] && out=$a; prev=$a; done\ncase $out in *.wasm) printf x >> "$out";; esac\n',
    { mode: 0o755 },
  );
  const saved = process.env.PATH;
  process.env.PATH = bin + ':' + saved;
  ENV.PATH = process.env.PATH;
  try {
    const first = build(dir, cache, 'sb', source('store-buffering'), ['x', 'y']);
    assert.deepStrictEqual(first.how, ['learned', 'emcc'], "the compile is emcc's, the link is not");
    assert.strictEqual(first.wasm[first.wasm.length - 1], 'x'.charCodeAt(0), "the output is not emcc's");
    const again = build(dir, cache, 'sb', source('store-buffering'), ['x', 'y']);
    assert.deepStrictEqual(again.how, ['recipe', 'emcc'], 'a refused shape ran a recipe');
    assert.strictEqual(again.wasm[again.wasm.length - 1], 'x'.charCodeAt(0));
    const recipes = fs
      .readdirSync(path.join(cache, 'emcc-recipes'))
      .map((f) => JSON.parse(fs.readFileSync(path.join(cache, 'emcc-recipes', f), 'utf8')));
    assert.deepStrictEqual(recipes.map((r) => r.refused || 'kept').sort(), [
      'kept',
      'replaying gave other bytes than emcc',
    ]);
  } finally {
    process.env.PATH = saved;
    ENV.PATH = saved;
  }
});

test('EMCC_REPLAY=0 runs emcc itself', (t) => {
  const dir = scratch(t),
    cache = path.join(dir, 'cache');
  process.env.EMCC_REPLAY = '0';
  try {
    assert.deepStrictEqual(build(dir, cache, 'sb', source('store-buffering'), ['x', 'y']).how, ['emcc', 'emcc']);
  } finally {
    delete process.env.EMCC_REPLAY;
  }
  assert.ok(!fs.existsSync(path.join(cache, 'emcc-recipes')));
});
