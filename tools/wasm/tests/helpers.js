// helpers.js - shared setup for the wasm part's node tests: has tools/asm make the metadata and variant
// sources of the test programs in a scratch directory (removed at exit unless KEEP_SCRATCH is set),
// builds and explores them.
'use strict';
const fs = require('fs');
const os = require('os');
const path = require('path');
const { readMetas, makeMeta } = require('../lib/metafiles');
const { buildVariant, TOP } = require('../lib/pipeline');
const { processExample, exploreVariant, metaForRuntime } = require('../lib/outcomes');
const X = require('../runtime.js');

const PROGRAMS = path.join(__dirname, 'programs');
const CACHE = path.join(TOP, 'build/cache/wasm');
const SCRATCH = fs.mkdtempSync(path.join(os.tmpdir(), 'wasm-test-'));
if (!process.env.KEEP_SCRATCH) process.on('exit', () => fs.rmSync(SCRATCH, { recursive: true, force: true }));

// The test programs are examples explored only (never compiled by the matrix): the one parser,
// asm-tool meta, writes their metadata like any example's.
function program(name) {
  return makeMeta(path.join(PROGRAMS, name + '.c'), 'test/' + name, SCRATCH, ['none']);
}
function programNames() {
  return fs
    .readdirSync(PROGRAMS)
    .filter((f) => f.endsWith('.c'))
    .map((f) => f.slice(0, -2))
    .sort();
}
function build(meta, variant, extraFlags) {
  const cflags = (meta.cflags.all || []).concat(meta.cflags[variant] || [], extraFlags || []);
  return buildVariant({ src: meta.sources[variant], cflags, meta, variant, cacheDir: CACHE });
}
function machine(meta, variant, extraFlags) {
  return new X.Machine(build(meta, variant, extraFlags), metaForRuntime(meta));
}
function explore(m, mode, cap) {
  const ex = new X.Explorer(m, { mode, cap: cap || 500000 });
  ex.run(Infinity);
  return ex.result();
}
function keys(res) {
  return res.outcomes.map((o) => o.key).sort();
}

// Real examples' metadata, when tools/asm has written it.
function realMetas() {
  return readMetas(path.join(TOP, 'build/data/meta'));
}

module.exports = {
  program,
  programNames,
  build,
  machine,
  explore,
  keys,
  realMetas,
  processExample,
  exploreVariant,
  X,
  TOP,
  SCRATCH,
  CACHE,
};
