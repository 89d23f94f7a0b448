// pipeline.js - runs the course's own tools on one lab file, in a work tree of its own:
//   work/examples/targets.conf    examples/targets.conf cut down to the lab's targets and -O level
//   work/examples/lab/<name>.c    the pipeline form of the student's file (labfile.js)
//   work/examples/include, work/tools/asm    links to the real ones
//   work/b/                       BUILD for tools/asm/meta.sh, compile.sh and asm-tool collect, and
//                                 for the wasm explorer (tools/wasm/lib/outcomes.js, in a child node)
// Nothing here parses C, compiles by itself beyond the diagnostics pre-check, or explores.
'use strict';
const fs = require('fs');
const path = require('path');
const { run } = require('./run');
const labfile = require('./labfile');
const { ROOT } = require('./config');

const LIMITS = {
  compile: { timeoutSec: 30, vmemKb: 2000000, maxOutput: 8192 },
  tool: { timeoutSec: 120, vmemKb: 4000000, maxOutput: 8192 },
  explore: { timeoutSec: 300, vmemKb: 0, maxOutput: 8192 }, // V8 reserves address space for wasm: no ulimit -v
};

function symlink(target, at) {
  fs.rmSync(at, { recursive: true, force: true });
  fs.mkdirSync(path.dirname(at), { recursive: true });
  fs.symlinkSync(target, at);
}

// examples/targets.conf lines: {flags, targets: {name: {arch, cmd}}, text}
function readTargets() {
  const text = fs.readFileSync(path.join(ROOT, 'examples', 'targets.conf'), 'utf8');
  const out = { flags: '', targets: {}, text };
  for (const l of text.split('\n')) {
    const f = l.trim().split(/\s+/);
    if (f[0] === 'flags') out.flags = f.slice(1).join(' ');
    if (f[0] === 'target') out.targets[f[1]] = { pkg: f[2], arch: f[3], cmd: f.slice(4) };
  }
  return out;
}

// The lab's cut of targets.conf: only its targets, only its -O level.
function labTargetsConf(all, targets, opt) {
  const keep = [];
  for (const l of all.text.split('\n')) {
    const f = l.trim().split(/\s+/);
    if (f[0] === 'target' && !targets.includes(f[1])) continue;
    if (f[0] === 'opts') { keep.push(`opts    ${opt}`); continue; }
    if (f[0] === 'default') { keep.push(`default ${targets[0]}/${opt}`); continue; }
    keep.push(l);
  }
  return keep.join('\n');
}

// ctx: {lab, file (as given), fileAbs, work, id, targets, opt}
function prepare(ctx) {
  const { work } = ctx;
  fs.rmSync(path.join(work, 'b', 'data'), { recursive: true, force: true });
  fs.mkdirSync(path.join(work, 'examples', 'lab'), { recursive: true });
  symlink(path.join(ROOT, 'examples', 'include'), path.join(work, 'examples', 'include'));
  symlink(path.join(ROOT, 'tools', 'asm'), path.join(work, 'tools', 'asm'));
  symlink(path.join(ROOT, 'build', 'asm', 'asm-tool'), path.join(work, 'b', 'asm', 'asm-tool'));
  const cache = path.join(ROOT, 'build', 'lab', 'cache');
  fs.mkdirSync(cache, { recursive: true });
  symlink(cache, path.join(work, 'b', 'cache'));
  const all = readTargets();
  for (const t of ctx.targets)
    if (!all.targets[t]) throw new labfile.LabFileError(`labs/labs.conf:1: target '${t}' is not in examples/targets.conf`);
  fs.writeFileSync(path.join(work, 'examples', 'targets.conf'), labTargetsConf(all, ctx.targets, ctx.opt));
  const lf = labfile.read(ctx.fileAbs);
  ctx.parts = lf.parts;
  ctx.exampleRel = `examples/lab/${ctx.lab}.c`;
  fs.writeFileSync(path.join(work, ctx.exampleRel), labfile.pipelineExample(lf.parts, `${ctx.lab}.c`));
  ctx.all = all;
  return ctx;
}

// Compiles the student's own file once per target with the matrix flags, so that compiler
// diagnostics name the student's file and lines. Returns null or {target, out}.
function precheck(ctx) {
  const all = ctx.all;
  for (const t of ctx.targets) {
    const cmd = all.targets[t].cmd.concat(all.flags.split(/\s+/).filter(Boolean),
      ['-' + ctx.opt, '-std=gnu11', '-I', path.join(ROOT, 'examples', 'include'), ctx.file, '-o', '/dev/null']);
    const r = run(cmd, Object.assign({ cwd: ctx.cwd }, LIMITS.compile));
    if (r.status !== 0) {
      const why = r.timedOut ? `the compiler ran longer than ${LIMITS.compile.timeoutSec} s and was stopped\n` : '';
      return { target: t, out: why + r.out };
    }
  }
  return null;
}

// A tool binary being rebuilt at this moment (another make in the same tree) is retried briefly.
const BUSY_RE = /asm-tool.*(Permission denied|Text file busy|No such file)/;
function tool(ctx, argv, what) {
  let r;
  for (let attempt = 0; attempt < 4; attempt++) {
    r = run(argv, Object.assign({ cwd: ctx.work, env: { BUILD: 'b' } }, LIMITS.tool));
    if (r.status === 0 || !BUSY_RE.test(r.out)) break;
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 2000);
  }
  if (r.status !== 0) {
    const e = new Error(`${what} failed${r.timedOut ? ' (time limit)' : ''}:\n${r.out}`);
    e.toolOutput = r.out;
    throw e;
  }
  return r;
}

// meta.sh, compile.sh for each target, asm-tool collect. Returns {meta, cells: {target: cell},
// failed: {target: message}}: a target whose listing the asm tools cannot analyze (say, the
// compiler reduced a thread function to nothing) is reported, not fatal, and left out of collect.
function runAsm(ctx) {
  const id = `lab/${ctx.lab}`;
  tool(ctx, ['sh', 'tools/asm/meta.sh', id], 'tools/asm/meta.sh');
  const data = path.join(ctx.work, 'b', 'data');
  const cells = {};
  const failed = {};
  for (const t of ctx.targets) {
    try {
      tool(ctx, ['bash', 'tools/asm/compile.sh', id, t], `tools/asm/compile.sh (${t})`);
      const j = JSON.parse(fs.readFileSync(path.join(data, 'asm', id, t + '.json'), 'utf8'));
      cells[t] = j.cells[ctx.opt].plain;
    } catch (e) {
      failed[t] = (e.toolOutput || e.message).trim().split('\n').pop().replace(/^\S*b\/cache\/\S+: /, '');
    }
  }
  const ok = ctx.targets.filter((t) => cells[t]);
  if (!ok.length) throw new Error('no target could be compiled and analyzed: ' + JSON.stringify(failed));
  if (ok.length < ctx.targets.length)
    fs.writeFileSync(path.join(ctx.work, 'examples', 'targets.conf'), labTargetsConf(ctx.all, ok, ctx.opt));
  tool(ctx, ['b/asm/asm-tool', 'collect', 'examples/targets.conf', 'b/data', id], 'asm-tool collect');
  const meta = JSON.parse(fs.readFileSync(path.join(data, 'meta', id + '.json'), 'utf8'));
  return { meta, cells, failed };
}

// The wasm explorer on the student's variant only, in a child node with a time limit.
function runExplore(ctx, meta) {
  const m = JSON.parse(JSON.stringify(meta));
  m.variants = ['plain'];
  // The student's own file is what the explorer compiles and shows: its lines are the page's lines.
  m.sources = { plain: ctx.fileAbs };
  const metaPath = path.join(ctx.work, 'b', 'explore-meta.json');
  fs.writeFileSync(metaPath, JSON.stringify(m));
  const child = path.join(__dirname, 'explore-child.js');
  const r = run(['node', '--max-old-space-size=1024', child, metaPath, path.join(ctx.work, 'b')],
    Object.assign({ cwd: ctx.work }, LIMITS.explore));
  if (r.status !== 0) {
    const e = new Error(r.timedOut ? `the exploration ran longer than ${LIMITS.explore.timeoutSec} s and was stopped`
      : `the explorer failed:\n${r.out}`);
    e.toolOutput = r.out;
    throw e;
  }
  const res = JSON.parse(r.stdout);
  return res;
}

module.exports = { prepare, precheck, runAsm, runExplore, readTargets, labTargetsConf, LIMITS };
