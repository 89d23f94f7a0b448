#!/usr/bin/env node
// explore.js - exhaustive exploration of every variant of every example (build/data/meta/*.json):
// builds the wasm (cached), explores with DPOR, checks expect.* lines, writes
// build/data/outcomes/<id>.json and build/data/site/wasm/<id>.<variant>.js.
// Usage: node tools/wasm/explore.js [--build DIR] [--meta DIR] [--id ID]... [--no-fail] [--silent] [--cap N] [--quiet]
// Exit status 1 with "file:line: message" lines on any disagreement (unless --no-fail; --silent: no
// lines either, for a lab's starter, whose expectations fail by design).
'use strict';
const fs = require('fs');
const path = require('path');
const { processExample, TOP } = require('./lib/outcomes');
const { metaFiles } = require('./lib/metafiles');
const { writeFileAtomic } = require('../jslib/fsutil');

function main(argv) {
  const opts = { build: path.join(TOP, 'build'), meta: null, ids: [], fail: true, silent: false, cap: 0, quiet: false };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--build') opts.build = path.resolve(argv[++i]);
    else if (a === '--meta') opts.meta = path.resolve(argv[++i]);
    else if (a === '--id') opts.ids.push(argv[++i]);
    else if (a === '--no-fail') opts.fail = false;
    else if (a === '--silent') {
      opts.silent = true;
      opts.fail = false;
    } else if (a === '--quiet') opts.quiet = true;
    else if (a === '--cap') opts.cap = +argv[++i];
    else {
      process.stderr.write(`explore.js: unknown argument ${a}\n`);
      return 2;
    }
  }
  const metaDir = opts.meta || path.join(opts.build, 'data/meta');
  let files = metaFiles(metaDir);
  if (opts.ids.length) files = opts.ids.map((id) => path.join(metaDir, id + '.json'));
  let errors = 0;
  for (const f of files) {
    let meta;
    try {
      meta = JSON.parse(fs.readFileSync(f, 'utf8'));
    } catch (e) {
      process.stderr.write(`${path.relative(process.cwd(), f)}:1: cannot read metadata: ${e.message}\n`);
      errors++;
      continue;
    }
    const r = processExample(meta, {
      buildDir: opts.build,
      cacheDir: path.join(opts.build, 'cache/wasm'),
      cap: opts.cap || undefined,
    });
    if (r.toolMissing) {
      // the step cannot run: fail it (even with --no-fail) and write no outcomes
      for (const e of r.errors) process.stderr.write(e + '\n');
      return 1;
    }
    const dst = path.join(opts.build, 'data/outcomes', meta.id + '.json');
    writeFileAtomic(dst, JSON.stringify(r.json, null, 1));
    if (!opts.silent) for (const e of r.errors) process.stderr.write(e + '\n');
    errors += r.errors.length;
    if (!opts.quiet) {
      const one = (v, x) =>
        `${v}: ${x.outcomes.length} outcomes, ${x.executions} schedules (naive ${x.naive}${x.naive_partial ? '+' : ''})${x.partial ? ' PARTIAL' : ''}`;
      const s = Object.entries(r.json.variants)
        .map(([v, x]) => one(v, x))
        .concat(Object.entries(r.json.tso ? r.json.tso.variants : {}).map(([v, x]) => one(v + ' x86-TSO', x)))
        .join('; ');
      process.stdout.write(
        `explore ${meta.id}: ${s}${r.errors.length ? ' -- ' + r.errors.length + ' error(s)' : ''}\n`,
      );
    }
  }
  if (errors && opts.fail) return 1;
  return 0;
}

if (require.main === module) process.exitCode = main(process.argv.slice(2));
module.exports = { main };
