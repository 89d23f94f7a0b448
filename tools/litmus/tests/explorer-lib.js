// explorer-lib.js - what the litmus node tests share (not a test itself): an imported test's
// example compiled by the explorer's pipeline with its reference JSON, and an exhaustive
// exploration of it under one memory model.
'use strict';
const fs = require('fs');
const path = require('path');

const TOP = path.resolve(__dirname, '../../..');
const { makeMeta } = require(path.join(TOP, 'tools/wasm/lib/metafiles.js'));
const { buildVariant } = require(path.join(TOP, 'tools/wasm/lib/pipeline.js'));
const { metaForRuntime } = require(path.join(TOP, 'tools/wasm/lib/outcomes.js'));
const X = require(path.join(TOP, 'tools/wasm/runtime.js'));

// The examples of an import (DIR/examples/<name>.c, DIR/ref/<name>.json), each as
// {name, meta, mod (its fixed variant, built), ref}; scratch: a folder for the metadata; build: the
// build folder (its wasm cache).
function loadExamples(dir, scratch, build, idPrefix) {
  const names = fs
    .readdirSync(path.join(dir, 'examples'))
    .filter((f) => f.endsWith('.c'))
    .map((f) => f.slice(0, -2))
    .sort();
  return names.map((name) => {
    const meta = makeMeta(path.join(dir, 'examples', name + '.c'), idPrefix + name, scratch, ['none']);
    const cflags = (meta.cflags.all || []).concat(meta.cflags.fixed || []);
    const mod = buildVariant({
      src: meta.sources.fixed,
      cflags,
      meta,
      variant: 'fixed',
      cacheDir: path.join(build, 'cache/wasm'),
    });
    const ref = JSON.parse(fs.readFileSync(path.join(dir, 'ref', name + '.json'), 'utf8'));
    return { name, meta, mod, ref };
  });
}

// t explored under model ('sc', 'tso') by mode ('dpor', 'naive'), optionally a broken machine.
function explore(t, model, mode, mutant) {
  const m = new X.Machine(t.mod, metaForRuntime(t.meta), { model, mutant });
  const ex = new X.Explorer(m, { mode, cap: 200000 });
  ex.run(Infinity);
  return ex.result();
}

const keys = (r) => r.outcomes.map((o) => o.key).sort();
const refKeys = (t, model) => t.ref.models[model].outcomes.map((o) => o.key).sort();

module.exports = { loadExamples, explore, keys, refKeys, X, metaForRuntime };
