// emcc-missing.test.js - the WebAssembly step on a machine without emcc: it fails itself, naming the
// example and the package to install, even with --no-fail (which only tolerates expect disagreements),
// and writes no outcomes (empty outcomes would make a content page fail later with an unrelated message).
'use strict';
const test = require('node:test');
const assert = require('node:assert');
const fs = require('fs');
const os = require('os');
const path = require('path');
const { spawnSync } = require('child_process');

const TOP = path.resolve(__dirname, '../../..');

test('explore.js with no emcc on PATH: examples/<id>.c:1: emcc not found, exit 1, no outcomes', () => {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'emcc-missing-'));
  try {
    const src = path.join(tmp, 'plain.c');
    fs.writeFileSync(src, '#include "course.h"\nSHARED int x;\nTHREAD(t1) { WRITE_ONCE(x, 1); }\n');
    const meta = {
      id: 'topic/no-emcc',
      file: 'examples/topic/no-emcc.c',
      variants: ['plain'],
      sources: { plain: src },
      cflags: {},
      shared: [],
      observed: [],
      threads: ['t1'],
      expect: {},
    };
    fs.mkdirSync(path.join(tmp, 'data/meta/topic'), { recursive: true });
    fs.writeFileSync(path.join(tmp, 'data/meta/topic/no-emcc.json'), JSON.stringify(meta));
    const emptyPath = path.join(tmp, 'bin'); // a PATH with no emcc (and nothing else) on it
    fs.mkdirSync(emptyPath);
    const r = spawnSync(
      process.execPath,
      [path.join(TOP, 'tools/wasm/explore.js'), '--build', tmp, '--id', 'topic/no-emcc', '--no-fail', '--quiet'],
      { encoding: 'utf8', env: { ...process.env, PATH: emptyPath } },
    );
    assert.strictEqual(
      r.stderr,
      'examples/topic/no-emcc.c:1: emcc not found: install the Debian package emscripten ' +
        '(sh tools/setup/install-deps.sh)\n',
    );
    assert.strictEqual(r.status, 1);
    assert.ok(!fs.existsSync(path.join(tmp, 'data/outcomes/topic/no-emcc.json')), 'outcomes written anyway');
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
});
