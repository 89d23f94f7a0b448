// metafiles.js - the examples' parsed metadata (build/data/meta/**/*.json), which only tools/asm
// writes (asm-tool meta, through tools/asm/meta.sh): list it, read it, or have it made for a file;
// and predicate texts outside an example file parsed by the same reader (asm-tool pred).
'use strict';
const fs = require('fs');
const path = require('path');
const { spawnSync } = require('child_process');

const TOP = path.resolve(__dirname, '../../..');

// Paths of every .json file below dir, sorted; [] when dir does not exist.
function metaFiles(dir) {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { recursive: true })
    .filter((f) => f.endsWith('.json'))
    .map((f) => path.join(dir, f))
    .sort();
}

// The parsed metadata of every example below dir.
function readMetas(dir) {
  return metaFiles(dir).map((p) => JSON.parse(fs.readFileSync(p, 'utf8')));
}

// Runs tools/asm/meta.sh on the example `file` as `id` with buildDir as BUILD (its data/meta and
// data/src), on the given cells of the matrix (["none"]: explored only). Returns the metadata;
// throws the tool's "file:line: message" on an invalid example. Needs build/asm/asm-tool.
function makeMeta(file, id, buildDir, cells) {
  const rel = path.isAbsolute(file) && file.startsWith(TOP + path.sep) ? path.relative(TOP, file) : file;
  const r = spawnSync('sh', [path.join(TOP, 'tools/asm/meta.sh'), id, rel].concat(cells || []), {
    cwd: TOP,
    encoding: 'utf8',
    env: Object.assign({}, process.env, { BUILD: buildDir, ASM_TOOL: path.join(TOP, 'build/asm/asm-tool') }),
  });
  if (r.status !== 0) throw new Error((r.stderr || r.error || 'meta.sh failed').toString().trim());
  return JSON.parse(fs.readFileSync(path.join(buildDir, 'data/meta', id + '.json'), 'utf8'));
}

// The trees of outcome predicate texts over the given names ({threads, outcome, has_init,
// has_check}), parsed by asm-tool pred (tools/example/pred.c, the one parser of the language).
// Returns the trees in order; throws the parser's "pred: EXPR: message (column N)" on a bad one.
function predicateTrees(exprs, names) {
  const spec = { threads: names.threads, vars: names.outcome, init: !!names.has_init, check: !!names.has_check };
  const r = spawnSync(path.join(TOP, 'build/asm/asm-tool'), ['pred', 'outcome', JSON.stringify(spec)].concat(exprs), {
    encoding: 'utf8',
  });
  if (r.status !== 0) throw new Error((r.stderr || r.error || 'asm-tool pred failed').toString().trim());
  return JSON.parse(r.stdout);
}

module.exports = { metaFiles, readMetas, makeMeta, predicateTrees };
