// pipeline.js - the course's own pipeline on one lab file, every step in the sandbox. The lab's file is
// a single-variant example (examples/README.md) with id lab/<name>, compiled on the lab's cells, in a
// build directory of its own (BUILD = the work directory: data/meta, data/asm, data/outcomes). The
// same programs as the course build, with the lab's cells as their parameter: tools/asm/meta.sh,
// the checks on each compiler's view (tools/sandbox check), compile.sh, asm-tool collect, the wasm
// explorer (tools/wasm/lib/outcomes.js, in a node of its own) and, on the AArch64 cells, the native
// explorer's Armv8 exploration (native-tool cells and tools/native/expect.js). Each runs under tools/sandbox
// (bubblewrap and limits) seeing only /usr, the tool it runs, course.h, the file and the work
// directory: nothing of the student's file is read or run outside a sandbox. A step stopped by a
// limit (or refused: no bubblewrap) throws a StepStopped carrying the sandbox's verdict. The caches
// are the work directory's own (work/cache), so one submission cannot plant a result for another.
// Nothing here parses the file or the metadata.
'use strict';
const fs = require('fs');
const path = require('path');
const { run, truncate } = require('./run');
const { ROOT } = require('./config');
const sandbox = require('../../sandbox/sandbox.js');
const { emccCompileFlags, EMCC_HEADERS } = require('../../wasm/lib/pipeline.js');

const ASM_TOOL = path.join(ROOT, 'build', 'asm', 'asm-tool');
const NATIVE_TOOL = path.join(ROOT, 'build', 'native', 'native-tool');
const COURSE_H = path.join(ROOT, 'examples', 'include', 'course.h');
const R = (...p) => path.join(ROOT, ...p);
// the student's code: each compiler under 30 s and 2 GB of address space (compile.sh's own limits,
// inside the sandbox's)
const COMPILE_ENV = { ASM_TIMEOUT: '30', ASM_VMEM_KB: '2000000' };
// emcc's environment; EMCC_REPLAY=0 (tools/wasm/lib/emcc-replay.js: run emcc itself) reaches it too
const EMCC_ENV = Object.assign(
  { NODE_PATH: '/usr/share/nodejs' },
  process.env.EMCC_REPLAY === '0' ? { EMCC_REPLAY: '0' } : {},
);
// What each step sees besides /usr, the file and the work directory (read-only).
const SEES = {
  read: [R('tools', 'asm', 'meta.sh'), R('examples', 'targets.conf'), ASM_TOOL],
  compile: [R('tools', 'asm', 'compile.sh'), R('examples', 'targets.conf'), R('examples', 'include'), ASM_TOOL],
  collect: [R('examples', 'targets.conf'), ASM_TOOL],
  wasm: [
    R('tools', 'wasm'),
    R('tools', 'jslib'),
    R('tools', 'lab', 'lib', 'explore-child.js'),
    R('examples', 'include'),
  ],
  explore: [
    R('tools', 'wasm'),
    R('tools', 'jslib'),
    R('tools', 'lab', 'lib', 'explore-child.js'),
    R('examples', 'include'),
  ],
  armv8: [
    NATIVE_TOOL,
    R('tools', 'native', 'expect.js'),
    R('tools', 'wasm'),
    R('tools', 'jslib'),
    R('tools', 'lab', 'lib', 'armv8-child.js'),
  ],
  cost: [],
};

class PipelineError extends Error {
  constructor(message, out, status) {
    super(message);
    this.toolOutput = out;
    this.status = status;
  }
}

// A step that did not end on its own: a limit (TIMEOUT, MEMORY, OUTPUT), no sandbox (REFUSED), or a
// step that could not start (ERROR). r: sandbox.step()'s result.
class StepStopped extends Error {
  constructor(r) {
    super(r.message);
    this.result = r;
  }
}

// The file as the tools name it: relative to the repository when inside it.
function toolPath(fileAbs) {
  return fileAbs.startsWith(ROOT + path.sep) ? path.relative(ROOT, fileAbs) : fileAbs;
}

// Runs one step in the sandbox, from the repository's root (the tools name their inputs relative to
// it) unless o.cwd says otherwise. ctx: {work, fileAbs, limits: {step: {...}} (tests), unsandboxed, onStep (tests: called
// with every step's result, whatever its verdict)}. Returns sandbox.step()'s result for OK and FAIL; throws StepStopped
// otherwise.
function step(ctx, name, argv, o) {
  o = o || {};
  fs.mkdirSync(ctx.work, { recursive: true });
  const r = sandbox.step({
    step: name,
    argv,
    cwd: o.cwd || ROOT,
    ro: (SEES[name] || []).concat([ctx.fileAbs], o.ro || []),
    rw: [ctx.work].concat(o.rw || []),
    env: Object.assign({ BUILD: ctx.work }, o.env),
    limits: Object.assign({}, sandbox.LIMITS[o.limitsOf || name], (ctx.limits || {})[name]),
    unsandboxed: ctx.unsandboxed,
  });
  if (ctx.onStep) ctx.onStep(r, argv);
  if (sandbox.stopped(r)) throw new StepStopped(r);
  return r;
}

// A tool of the pipeline in the sandbox; a failure throws a PipelineError with its output.
function tool(ctx, name, argv, what, env) {
  const r = step(ctx, name, argv, {
    env: Object.assign({ ASM_TOOL, ASM_CACHE: path.join(ctx.work, 'cache', 'asm') }, env),
  });
  const out = truncate(r.stdout + r.stderr, 8192);
  if (r.verdict !== 'OK') throw new PipelineError(`${what} failed:\n${out}`, out, r.exitCode);
  return r;
}

function readJson(ctx, rel) {
  return JSON.parse(fs.readFileSync(path.join(ctx.work, 'data', rel), 'utf8'));
}

// The compile matrix for JavaScript callers, from its one reader, asm-tool matrix --json (trusted
// input: run outside the sandbox): {flags: [...], targets: {"gcc-12/x86_64": {pkg, arch, cmd: [...]}}}.
function readTargets() {
  const r = run([ASM_TOOL, 'matrix', 'examples/targets.conf', '--json'], {
    cwd: ROOT,
    timeoutSec: 120,
    vmemKb: 4000000,
    maxOutput: 1 << 20,
  });
  if (r.status !== 0) throw new Error(`asm-tool matrix failed (make build/asm/asm-tool first?):\n${r.out}`);
  const m = JSON.parse(r.stdout);
  const targets = {};
  for (const t of m.targets) targets[t.target] = { pkg: t.package, arch: t.arch, cmd: t.command };
  return { flags: m.flags, targets };
}

// ctx: {lab, fileAbs, work, cells}. asm-tool meta on the file; returns the metadata, or throws a
// PipelineError whose message is the tool's "file:line: message".
function meta(ctx) {
  ctx.id = `lab/${ctx.lab}`;
  fs.rmSync(path.join(ctx.work, 'data'), { recursive: true, force: true });
  try {
    tool(ctx, 'read', ['sh', 'tools/asm/meta.sh', ctx.id, toolPath(ctx.fileAbs)].concat(ctx.cells), 'asm-tool meta');
  } catch (e) {
    if (!(e instanceof PipelineError)) throw e;
    const m = /^\S+:\d+: .*$/m.exec(e.toolOutput || '');
    throw new PipelineError(m ? m[0] : e.message, e.toolOutput, e.status);
  }
  return readJson(ctx, `meta/${ctx.id}.json`);
}

// The checks of tools/sandbox (sandbox check) on each view of the file: each target's compiler with
// the matrix's flags and the file's cflags, and emcc with the explorer's own compile flags
// (tools/wasm/lib/pipeline.js emccCompileFlags: x86-barriers.h included first). Returns null (clean), or
// {findings: ["file:line: message"]} / {diagnostics} (the preprocessor's own error). Throws
// StepStopped when a preprocessor or a check hits a limit.
function checks(ctx, targets, opt, cflags) {
  const m = readTargets();
  const flags = m.flags.filter((f) => f !== '-c').concat([`-${opt}`], cflags);
  const compilers = targets
    .map((t) => ({ name: t, argv: m.targets[t].cmd.concat(flags) }))
    .concat([{ name: 'emcc', argv: ['emcc'].concat(emccCompileFlags(cflags)), env: EMCC_ENV, headers: EMCC_HEADERS }]);
  const c = sandbox.checkSubmission({
    file: ctx.fileAbs,
    courseH: COURSE_H,
    work: path.join(ctx.work, 'check'),
    cwd: ctx.work,
    compilers,
    unsandboxed: ctx.unsandboxed,
    limits: (ctx.limits || {}).preprocess,
  });
  if (c.stopped) throw new StepStopped(c.stopped);
  if (c.findings.length) return { findings: c.findings };
  if (c.diagnostics) return { diagnostics: c.diagnostics, compiler: c.compiler };
  return null;
}

// compile.sh on each target of the lab, then asm-tool collect. Returns {cells: {target: analysis of
// the student variant}, failed: {target: message}} or, when the compiler rejects the file, {compile:
// {target, out}} (the compiler's diagnostics name the file's own lines).
function compile(ctx, targets, opt) {
  const cells = {},
    failed = {};
  for (const t of targets) {
    try {
      tool(ctx, 'compile', ['bash', 'tools/asm/compile.sh', ctx.id, t], `tools/asm/compile.sh (${t})`, COMPILE_ENV);
      cells[t] = readJson(ctx, `asm/${ctx.id}/${t}.json`).cells[opt].student;
    } catch (e) {
      if (!(e instanceof PipelineError)) throw e;
      if (e.status === 3)
        return { compile: { target: t, out: e.toolOutput.replace(/^asm: compile failed: .*\n?/m, '') } };
      failed[t] = (e.toolOutput || e.message)
        .trim()
        .split('\n')
        .pop()
        .replace(/^\S*cache\/asm\/\S+: /, '');
    }
  }
  if (Object.keys(cells).length)
    tool(
      ctx,
      'collect',
      [ASM_TOOL, 'collect', 'examples/targets.conf', path.join(ctx.work, 'data'), '--no-evidence', ctx.id],
      'asm-tool collect',
    );
  return { cells, failed };
}

// The command line of one explore-child.js step: mode 'build' (the wasm module, into cacheDir) or
// 'explore' (every interleaving), on the metadata file meta, with buildDir as the build directory.
// The grader's explore and the playground's (tools/playground/lib/tasks.js) run it.
function exploreChildArgs(mode, meta, buildDir, cacheDir) {
  return [
    'node',
    '--max-old-space-size=1024',
    R('tools', 'lab', 'lib', 'explore-child.js'),
    mode,
    meta,
    buildDir,
    cacheDir,
  ];
}

// The wasm explorer on the student's variant, in two sandboxed steps with a node each: `wasm` builds
// the module (emcc, binaryen) into the work directory's cache, `explore` runs every interleaving.
// Returns the outcomes JSON of <work>/data/outcomes/<id>.json and the explorer's errors (a module
// that could not be built: {outcomes: null, errors}).
function explore(ctx) {
  const meta = path.join(ctx.work, 'data', 'meta', ctx.id + '.json');
  const child = (mode, name, limitsOf) =>
    step(ctx, name, exploreChildArgs(mode, meta, ctx.work, path.join(ctx.work, 'cache', 'wasm')), {
      env: EMCC_ENV,
      limitsOf,
    });
  const built = child('build', 'wasm', 'compile');
  if (built.verdict !== 'OK') return { outcomes: null, errors: [truncate(built.stderr.trim(), 8192)] };
  const r = child('explore', 'explore');
  if (r.verdict !== 'OK') {
    const out = truncate(r.stderr + r.stdout, 8192);
    throw new PipelineError(`the explorer failed:\n${out}`, out, r.exitCode);
  }
  return JSON.parse(r.stdout);
}

// The Armv8 exploration of the lab's AArch64 cells (targets: those of the lab whose arch is
// aarch64), in one sandboxed step `armv8` under its own limits (sandbox.LIMITS.armv8): armv8-child.js runs the
// course build's own native-tool cells and tools/native/expect.js on the objects compile() wrote.
// Returns {cells: {"<target>/<opt>": ...}} (armv8-child.js); throws a PipelineError when the step
// fails, StepStopped when a limit stopped it.
function armv8(ctx, targets) {
  if (!targets.length) return { cells: {} };
  if (!fs.existsSync(NATIVE_TOOL))
    throw new Error('build/native/native-tool is missing: run `make build/native/native-tool` first');
  const r = step(
    ctx,
    'armv8',
    [
      'node',
      '--max-old-space-size=1024',
      R('tools', 'lab', 'lib', 'armv8-child.js'),
      path.join(ctx.work, 'data', 'meta', ctx.id + '.json'),
      ctx.work,
    ].concat(targets),
  );
  if (r.verdict !== 'OK') {
    const out = truncate(r.stderr + r.stdout, 8192);
    throw new PipelineError(`the Armv8 exploration failed:\n${out}`, out, r.exitCode);
  }
  return JSON.parse(r.stdout);
}

// The file's text without comments (cpp -fpreprocessed removes comments and expands nothing), for
// the cost count.
function uncommented(ctx) {
  const r = step(ctx, 'cost', ['gcc-12', '-fpreprocessed', '-dD', '-E', '-P', ctx.fileAbs], { limitsOf: 'preprocess' });
  if (r.verdict !== 'OK')
    throw new PipelineError(
      `${toolPath(ctx.fileAbs)}:1: cannot read the source for the cost count:\n${r.stderr}`,
      r.stderr,
      r.exitCode,
    );
  return r.stdout;
}

module.exports = {
  meta,
  checks,
  compile,
  explore,
  exploreChildArgs,
  armv8,
  uncommented,
  readTargets,
  toolPath,
  step,
  PipelineError,
  StepStopped,
  COURSE_H,
  EMCC_ENV,
};
