// pipeline.js - the course's own pipeline on one lab file: the lab's file is a single-variant example
// (examples/README.md) with id lab/<name>, compiled on the lab's cells, in a build directory of its
// own (BUILD = the work directory: data/meta, data/asm, data/outcomes, data/site). The same programs
// as the course build, with the lab's cells as their parameter: tools/asm/meta.sh, compile.sh,
// asm-tool collect, and the wasm explorer (tools/wasm/lib/outcomes.js, in a child node). Nothing here
// parses the file or the metadata; every tool runs under the limits of run.js.
'use strict';
const fs = require('fs');
const path = require('path');
const { run } = require('./run');
const { ROOT } = require('./config');

const LIMITS = {
  tool: { timeoutSec: 120, vmemKb: 4000000, maxOutput: 8192 },
  explore: { timeoutSec: 300, vmemKb: 0, maxOutput: 8192 }, // V8 reserves address space for wasm: no ulimit -v
};
// the student's code: each compile under 30 s and 2 GB (compile.sh applies them to the compiler)
const COMPILE_ENV = { ASM_TIMEOUT: '30', ASM_VMEM_KB: '2000000' };
const ASM_TOOL = path.join(ROOT, 'build', 'asm', 'asm-tool');

class PipelineError extends Error {
  constructor(message, out, status) {
    super(message);
    this.toolOutput = out;
    this.status = status;
  }
}

// The file as the tools name it: relative to the repository when inside it.
function toolPath(fileAbs) {
  return fileAbs.startsWith(ROOT + path.sep) ? path.relative(ROOT, fileAbs) : fileAbs;
}

// A tool binary being rebuilt at this moment (another make in the same tree) is retried briefly.
const BUSY_RE = /asm-tool.*(Permission denied|Text file busy|No such file)/;
function tool(ctx, argv, what, extraEnv) {
  let r;
  const env = Object.assign({ BUILD: ctx.work, ASM_TOOL, ASM_CACHE: path.join(ROOT, 'build', 'cache', 'asm') }, extraEnv);
  for (let attempt = 0; attempt < 4; attempt++) {
    r = run(argv, Object.assign({ cwd: ROOT, env }, LIMITS.tool));
    if (r.status === 0 || !BUSY_RE.test(r.out)) break;
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 2000);
  }
  if (r.status !== 0)
    throw new PipelineError(`${what} failed${r.timedOut ? ' (time limit)' : ''}:\n${r.out}`, r.out, r.status);
  return r;
}

function readJson(ctx, rel) {
  return JSON.parse(fs.readFileSync(path.join(ctx.work, 'data', rel), 'utf8'));
}

// The compile matrix for JavaScript callers (the sandbox's tests), from its one reader, asm-tool
// matrix --json: {flags: "-g -c ...", targets: {"gcc-12/x86_64": {pkg, arch, cmd: [...]}}}.
function readTargets() {
  const r = run([ASM_TOOL, 'matrix', 'examples/targets.conf', '--json'], Object.assign({ cwd: ROOT }, LIMITS.tool, { maxOutput: 1 << 20 }));
  if (r.status !== 0) throw new Error(`asm-tool matrix failed (make build/asm/asm-tool first?):\n${r.out}`);
  const m = JSON.parse(r.stdout);
  const targets = {};
  for (const t of m.targets) targets[t.target] = { pkg: t.package, arch: t.arch, cmd: t.command };
  return { flags: m.flags.join(' '), targets };
}

// ctx: {lab, fileAbs, work, cells}. asm-tool meta on the file; returns the metadata, or throws a
// PipelineError whose message is the tool's "file:line: message".
function meta(ctx) {
  ctx.id = `lab/${ctx.lab}`;
  fs.rmSync(path.join(ctx.work, 'data'), { recursive: true, force: true });
  try {
    tool(ctx, ['sh', 'tools/asm/meta.sh', ctx.id, toolPath(ctx.fileAbs)].concat(ctx.cells), 'asm-tool meta');
  } catch (e) {
    const m = /^\S+:\d+: .*$/m.exec(e.toolOutput || '');
    throw new PipelineError(m ? m[0] : e.message, e.toolOutput, e.status);
  }
  return readJson(ctx, `meta/${ctx.id}.json`);
}

// compile.sh on each target of the lab, then asm-tool collect. Returns {cells: {target: analysis of
// the student variant}, failed: {target: message}} or, when the compiler rejects the file, {compile:
// {target, out}} (the compiler's diagnostics name the file's own lines).
function compile(ctx, targets, opt) {
  const cells = {}, failed = {};
  for (const t of targets) {
    try {
      tool(ctx, ['bash', 'tools/asm/compile.sh', ctx.id, t], `tools/asm/compile.sh (${t})`, COMPILE_ENV);
      cells[t] = readJson(ctx, `asm/${ctx.id}/${t}.json`).cells[opt].student;
    } catch (e) {
      if (e.status === 3) return { compile: { target: t, out: e.toolOutput.replace(/^asm: compile failed: .*\n?/m, '') } };
      failed[t] = (e.toolOutput || e.message).trim().split('\n').pop().replace(/^\S*cache\/asm\/\S+: /, '');
    }
  }
  if (Object.keys(cells).length)
    tool(ctx, [ASM_TOOL, 'collect', 'examples/targets.conf', path.join(ctx.work, 'data'), '--no-evidence', ctx.id], 'asm-tool collect');
  return { cells, failed };
}

// The wasm explorer on the student's variant, in a child node with a time limit. Returns the
// outcomes JSON of build/data/outcomes/<id>.json and the explorer's errors.
function explore(ctx) {
  const child = path.join(__dirname, 'explore-child.js');
  const r = run(['node', '--max-old-space-size=1024', child, path.join(ctx.work, 'data', 'meta', ctx.id + '.json'), ctx.work],
    Object.assign({ cwd: ROOT }, LIMITS.explore));
  if (r.status !== 0) {
    throw new PipelineError(r.timedOut ? `the exploration ran longer than ${LIMITS.explore.timeoutSec} s and was stopped`
      : `the explorer failed:\n${r.out}`, r.out, r.status);
  }
  return JSON.parse(r.stdout);
}

module.exports = { meta, compile, explore, readTargets, toolPath, PipelineError, LIMITS };
