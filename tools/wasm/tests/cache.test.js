// cache.test.js - the wasm build cache's key (lib/pipeline.js inputsHash): a module is reused only
// with the same source, flags, names, course.h, pipeline and tool versions (emcc, binaryen, wabt,
// llvm-dwarfdump); and the size reported as wasm_emcc is the compiler's module, not a later stage.
'use strict';
const test = require('node:test');
const assert = require('node:assert');
const fs = require('fs');
const path = require('path');
const H = require('./helpers');
const { inputsHash, toolVersions } = require('../lib/pipeline');

test('the cache key changes with every tool version, and only then', () => {
  const v = toolVersions(H.CACHE);
  for (const tool of ['emcc', 'wasm-opt', 'wasm2wat', 'llvm-dwarfdump-14'])
    assert.match(v, new RegExp('^' + tool + ': ', 'm'));
  const base = inputsHash('int x;', ['-O2'], { names: ['x'] }, v);
  assert.strictEqual(inputsHash('int x;', ['-O2'], { names: ['x'] }, v), base);
  assert.strictEqual(toolVersions(H.CACHE), v, 'asked once, then remembered');
  assert.ok(JSON.parse(fs.readFileSync(path.join(H.CACHE, 'tool-versions.json'), 'utf8')).versions === v);
  for (const line of v.split('\n'))
    assert.notStrictEqual(
      inputsHash('int x;', ['-O2'], { names: ['x'] }, v.replace(line, line + ' (other build)')),
      base,
      line,
    );
});

test("wasm_emcc is the size of the compiler's own module (without DWARF), not of a rewritten one", () => {
  const meta = H.program('store-buffering');
  const mod = H.build(meta, 'plain');
  assert.strictEqual(mod.rawBytes, fs.statSync(path.join(H.CACHE, mod.hash, 'plain.wasm')).size);
  assert.ok(mod.rawBytes > 0 && mod.rawBytes < mod.finalBytes);
});
