// matrix.js - the compile matrix for the playground, from its one reader (asm-tool matrix --json on
// examples/targets.conf, trusted input, run outside the sandbox as the grader's readTargets does), and
// which -O levels of a target show a file the same preprocessed view: the checks of tools/sandbox run
// once per view, not once per cell.
'use strict';
const { spawnSync } = require('child_process');
const path = require('path');
const { ROOT } = require('./tasks.js');

const ASM_TOOL = path.join(ROOT, 'build', 'asm', 'asm-tool');
let conf = path.join(ROOT, 'examples', 'targets.conf');
let cached = null;

// The matrix's file: examples/targets.conf, or (tests: a smaller matrix) a file of the same format
// naming some of its targets. One per process: set before the first load.
function use(file) {
  conf = path.resolve(file);
  cached = null;
}

function file() {
  return conf;
}

// -> {targets: [{target, compiler, arch, cmd}], opts: ["O0", ...], flags: [...], default: "t/opt",
//     cells: ["gcc-12/x86_64/O0", ...] (every cell, in the matrix's order)}
function load() {
  if (cached) return cached;
  const r = spawnSync(ASM_TOOL, ['matrix', conf, '--json'], {
    cwd: ROOT,
    encoding: 'utf8',
    timeout: 60000,
  });
  if (r.status !== 0)
    throw new Error(`asm-tool matrix failed (make build/asm/asm-tool first?): ${r.stderr || r.error}`);
  const m = JSON.parse(r.stdout);
  const targets = m.targets.map((t) => ({ target: t.target, compiler: t.compiler, arch: t.arch, cmd: t.command }));
  const cells = [];
  for (const t of targets) for (const o of m.opts) cells.push(`${t.target}/${o}`);
  cached = { targets, opts: m.opts, flags: m.flags.filter((f) => f !== '-c'), default: m.default, cells };
  return cached;
}

function target(name) {
  return load().targets.find((t) => t.target === name) || null;
}

// A cell "compiler/arch/opt" of the matrix, or null.
function parseCell(s) {
  if (typeof s !== 'string' || !load().cells.includes(s)) return null;
  const i = s.lastIndexOf('/');
  return { target: s.slice(0, i), opt: s.slice(i + 1) };
}

// The -O levels of a target that predefine the same macros ({"O0": ["O0"], "O2": ["O1", "O2", "O3"],
// "Os": ["Os"]} for gcc and clang), asked of the compiler once (on an empty file: trusted). A view of
// the file at one level of a group is its view at every level of the group. With an -O flag among the
// example's own flags every level is its own view.
const groups = new Map();
function viewGroups(tname, cflags) {
  const lv = load().opts;
  if ((cflags || []).some((f) => /^-O/.test(f))) return lv.map((o) => [o]);
  if (groups.has(tname)) return groups.get(tname);
  const t = target(tname);
  const byMacros = new Map();
  for (const o of lv) {
    const r = spawnSync(t.cmd[0], t.cmd.slice(1).concat([`-${o}`, '-dM', '-E', '-x', 'c', '/dev/null']), {
      encoding: 'utf8',
      timeout: 60000,
    });
    const key = r.status === 0 ? r.stdout.split('\n').sort().join('\n') : `unknown ${o}`;
    if (!byMacros.has(key)) byMacros.set(key, []);
    byMacros.get(key).push(o);
  }
  const g = [...byMacros.values()];
  groups.set(tname, g);
  return g;
}

module.exports = { use, file, load, target, parseCell, viewGroups };
