// tasks.js - the steps of one playground run, each a synchronous function of plain JSON (the pool runs
// them in worker threads, lib/pool.js). They are the course's own programs on the reader's file, as the
// lab grader runs them (tools/lab/lib/pipeline.js step(): every one in tools/sandbox, bubblewrap and the
// grader's limits, a limit or a refusal thrown as a StepStopped carrying the sandbox's verdict):
//   convert   tools/litmus's converter: a kernel C litmus test -> an example
//   meta      tools/asm/meta.sh (asm-tool meta, the one reader of the format; unifdef cuts the variants)
//   check     tools/sandbox check on one compiler's view of one variant's compiled file
//   compile   tools/asm/compile.sh on one target (the cells the metadata names), then nothing else
//   collect   asm-tool collect: the page data of every target compiled so far
//   wasm, explore   the wasm explorer (tools/lab/lib/explore-child.js, as the grader)
//   native    native-tool cells on one target; nativeCollect: tools/native/expect.js + native-tool collect
//   render    build/bin/sitegen renders the run's one page with the course's templates
//   a64       tools/a64's a64-tool run on an AArch64 or X86 assembly litmus test (herd's format): the
//             Armv8 model, or x86-TSO on the native explorer, as `make litmus` runs the project's suite
// A run's work directory is the cwd of every step and looks like the repository to the tools
// (examples/<id>.c the reader's file, examples/targets.conf a copy of the server's matrix (lib/matrix.js),
// examples/include a link to the course's, BUILD=build), so each file and diagnostic is named as in the course (examples/<id>.c:12:) and the
// compile cache's key (the source's text and its path) is the same in every run of the same id.
// ctx: {work, id, root (the run's directory), cache (the playground's shared caches), limits}.
'use strict';
const fs = require('fs');
const path = require('path');
const pipeline = require('../../lab/lib/pipeline.js');
const sandbox = require('../../sandbox/sandbox.js');
const { emccCompileFlags, EMCC_HEADERS } = require('../../wasm/lib/pipeline.js');
const { truncate } = require('../../lab/lib/run.js');
const { sitegenArgs } = require('../../lab/lib/page.js');

const ROOT = path.resolve(__dirname, '..', '..', '..');
const R = (...p) => path.join(ROOT, ...p);
const ASM_TOOL = R('build', 'asm', 'asm-tool');
const NATIVE_TOOL = R('build', 'native', 'native-tool');
const LITMUS_TOOL = R('build', 'litmus', 'litmus-tool');
const A64_TOOL = R('build', 'a64', 'a64-tool');
const SITEGEN = R('build', 'bin', 'sitegen');
const COURSE_H = R('examples', 'include', 'course.h');
const { PipelineError, StepStopped } = pipeline;
// The served page's way up to the course (lib/server.js serves a run's page at /playground/run/<hash>/).
const LINK_BASE = '../../../';
// The one step the grader does not have: the native explorer (Unicorn reserves its translation buffer
// as data, 2-3 GB of address space, while its resident memory stays near 20 MB; the runner's sampling of
// the resident memory is the limit that bites).
const LIMITS = { native: { cpu: 30, wall: 60, mem: 4096, output: 1 << 20, file: 64 << 20, procs: 4 } };
LIMITS.a64 = LIMITS.native; // a64-tool runs its threads on Unicorn too

// A step of the run: lab pipeline's step() from the work directory, the shared caches writable.
function step(ctx, name, argv, o) {
  o = o || {};
  const c = {
    work: ctx.work,
    fileAbs: path.join(ctx.work, 'examples', ctx.id + '.c'),
    limits: Object.assign({}, LIMITS, ctx.limits),
    unsandboxed: ctx.unsandboxed,
  };
  return pipeline.step(
    c,
    name,
    argv,
    Object.assign({}, o, {
      cwd: ctx.work,
      rw: [ctx.cache].concat(o.rw || []),
      env: Object.assign({ BUILD: 'build', ASM_TOOL, ASM_CACHE: path.join(ctx.cache, 'asm') }, o.env),
    }),
  );
}

// A tool that must succeed: its output (cut to 8 KB) in a PipelineError otherwise.
function tool(ctx, name, argv, what, o) {
  const r = step(ctx, name, argv, o);
  if (r.verdict !== 'OK') {
    const out = truncate(r.stdout + r.stderr, 8192);
    throw new PipelineError(`${what} failed:\n${out}`, out, r.exitCode);
  }
  return r;
}

function readData(ctx, rel) {
  return JSON.parse(fs.readFileSync(path.join(ctx.work, 'build', 'data', rel), 'utf8'));
}

// The first "file:line: message" of a tool's output, or null.
function located(out) {
  const m = /^\S+:\d+: .*$/m.exec(out || '');
  return m ? m[0] : null;
}

// A kernel C litmus test (ctx.work/input.litmus) converted into examples/<id>.c by tools/litmus's
// converter. Returns {source} or {error: "file:line: message"}.
function convert(ctx, a) {
  const out = path.join('examples', ctx.id + '.c');
  fs.mkdirSync(path.join(ctx.work, path.dirname(out)), { recursive: true });
  const r = step(ctx, 'convert', [LITMUS_TOOL, 'convert', '--source', a.name, a.name, out], {
    ro: [LITMUS_TOOL, R('examples', 'targets.conf')],
    limitsOf: 'preprocess',
  });
  if (r.verdict !== 'OK') return { error: located(r.stderr + r.stdout) || `${a.name}:1: ${truncate(r.stderr, 2000)}` };
  return { source: fs.readFileSync(path.join(ctx.work, out), 'utf8') };
}

// asm-tool meta on the file, for these cells ([] = every cell of the matrix). Returns {meta} or
// {error: "examples/<id>.c:line: message"}.
function meta(ctx, a) {
  const r = step(
    ctx,
    'read',
    ['sh', R('tools', 'asm', 'meta.sh'), ctx.id, `examples/${ctx.id}.c`].concat(a.cells || []),
  );
  if (r.verdict !== 'OK')
    return { error: located(r.stderr + r.stdout) || `examples/${ctx.id}.c:1: ${truncate(r.stderr, 2000)}` };
  return { meta: readData(ctx, `meta/${ctx.id}.json`) };
}

// tools/sandbox's checks on one view: the variant's compiled file (or the file itself for a
// single-variant example) as one compiler preprocesses it (a.argv: the compiler with every flag, as
// lab pipeline.checks builds it; a.emcc: the explorer's compile flags). Returns {findings, diagnostics}.
function check(ctx, a) {
  const file = path.join(ctx.work, a.file);
  const name = `${a.variant}-${a.compiler.replace(/[^A-Za-z0-9_.-]/g, '_')}`;
  const compilers = a.emcc
    ? [
        {
          name: 'emcc',
          argv: ['emcc'].concat(emccCompileFlags(a.cflags)),
          env: pipeline.EMCC_ENV,
          headers: EMCC_HEADERS,
        },
      ]
    : [{ name: a.compiler, argv: a.argv }];
  const c = sandbox.checkSubmission({
    file,
    courseH: COURSE_H,
    work: path.join(ctx.work, 'check', name),
    cwd: ctx.work,
    compilers,
    unsandboxed: ctx.unsandboxed,
    limits: (ctx.limits || {}).preprocess,
  });
  if (c.stopped) throw new StepStopped(c.stopped);
  return { findings: c.findings, diagnostics: c.diagnostics ? truncate(c.diagnostics, 8192) : null };
}

// compile.sh on one target (every cell of it the metadata lists). Returns {ok: true}, {compile: the
// compiler's diagnostics} (exit 3) or {error}.
function compile(ctx, a) {
  const r = step(ctx, 'compile', ['bash', R('tools', 'asm', 'compile.sh'), ctx.id, a.target], {
    env: { ASM_TIMEOUT: '30', ASM_VMEM_KB: '2000000' },
  });
  const out = truncate(r.stdout + r.stderr, 8192);
  if (r.verdict === 'OK') return { ok: true };
  if (r.exitCode === 3) return { compile: out.replace(/^asm: compile failed: .*\n?/m, '') };
  return {
    error: out
      .trim()
      .split('\n')
      .pop()
      .replace(/^\S*cache\/asm\/\S+: /, ''),
  };
}

// asm-tool collect (without evidence.json: this one example) -> the page data; returns the evidence of
// each compiled cell {"<target>/<opt>": {<variant>: {holds, predicates}}}.
function collect(ctx, a) {
  tool(
    ctx,
    'collect',
    [ASM_TOOL, 'collect', 'examples/targets.conf', 'build/data', '--no-evidence', ctx.id],
    'asm-tool collect',
  );
  const evidence = {};
  for (const t of a.targets) {
    const j = readData(ctx, `asm/${ctx.id}/${t}.json`);
    for (const [opt, vs] of Object.entries(j.cells)) {
      const cell = (evidence[`${t}/${opt}`] = {});
      for (const [v, c] of Object.entries(vs))
        cell[v] = {
          holds: c.holds,
          predicates: c.evidence.map((e) => ({ line: e.line, expr: e.expr, holds: e.holds })),
        };
    }
  }
  return { evidence, anchor: readData(ctx, `examples/${ctx.id}.json`).anchor };
}

// The explorer's two steps, as the grader runs them (explore-child.js in the sandbox): the module, then
// every interleaving. The child reads the metadata's sources relative to the repository, so it is
// given a copy whose paths are absolute. Returns {outcomes} or {error}.
function explore(ctx) {
  const m = readData(ctx, `meta/${ctx.id}.json`);
  for (const v of Object.keys(m.sources)) m.sources[v] = path.join(ctx.work, m.sources[v]);
  const metaAbs = path.join(ctx.work, 'meta-abs.json');
  fs.writeFileSync(metaAbs, JSON.stringify(m));
  const child = (mode, name, limitsOf) =>
    step(ctx, name, pipeline.exploreChildArgs(mode, metaAbs, 'build', path.join(ctx.cache, 'wasm')), {
      env: pipeline.EMCC_ENV,
      limitsOf,
    });
  const built = child('build', 'wasm', 'compile');
  if (built.verdict !== 'OK') return { error: mapPaths(ctx, truncate(built.stderr.trim(), 8192)) };
  const r = child('explore', 'explore');
  if (r.verdict !== 'OK') return { error: truncate(r.stderr + r.stdout, 8192) };
  const res = JSON.parse(r.stdout);
  return { outcomes: res.outcomes, errors: res.errors.map((e) => mapPaths(ctx, e)) };
}

// Absolute paths of the work directory in a message, as the course names them.
function mapPaths(ctx, text) {
  return text.split(ctx.work + path.sep).join('');
}

// native-tool on one target's cells (the objects compile.sh listed). Returns {ok} or {error}.
function native(ctx, a) {
  const objs = `build/data/asm/${ctx.id}/${a.target}.objs`;
  const out = `build/data/native/${ctx.id}/${a.target}.json`;
  fs.mkdirSync(path.join(ctx.work, path.dirname(out)), { recursive: true });
  const r = step(
    ctx,
    'native',
    [
      NATIVE_TOOL,
      'cells',
      `build/data/meta/${ctx.id}.json`,
      a.target,
      a.arch,
      objs,
      out,
      path.join(ctx.cache, 'native'),
      'all',
    ],
    { ro: [NATIVE_TOOL], limitsOf: 'native' },
  );
  if (r.verdict !== 'OK') return { error: truncate(r.stderr + r.stdout, 4096) };
  return { ok: true };
}

// The example's predicates on the native cells (tools/native/expect.js) and native-tool collect.
// Returns the native data (build/data/native/<id>.json).
function nativeCollect(ctx, a) {
  tool(
    ctx,
    'native',
    ['node', R('tools', 'native', 'expect.js'), 'build/data', ctx.id].concat(a.targets),
    'tools/native/expect.js',
    { ro: [R('tools', 'native'), R('tools', 'wasm'), R('tools', 'jslib')] },
  );
  tool(ctx, 'native', [NATIVE_TOOL, 'collect', 'build/data', ctx.id].concat(a.targets), 'native-tool collect', {
    ro: [NATIVE_TOOL],
  });
  return { native: readData(ctx, `native/${ctx.id}.json`) };
}

// The run's page (content/<page>.md, written by the caller) rendered by sitegen from the run's data
// into <root>/out/site, as the lab page is built (tools/lab/lib/page.js).
function render(ctx) {
  const out = path.join(ctx.root, 'out', 'site');
  fs.mkdirSync(path.dirname(out), { recursive: true });
  tool(ctx, 'page', sitegenArgs(SITEGEN, 'build/data', out, LINK_BASE), 'sitegen', {
    ro: [SITEGEN, R('site')],
    rw: [path.dirname(out)],
  });
  return { ok: true };
}

// An AArch64 or X86 assembly litmus test (ctx.work/<a.name>, herd's format) run by a64-tool: its report
// (herd's lines: the states, the condition, the observation and the verdict beside the file's own
// expectation). Returns {output, agrees: true | false | null (no expectation, or partial)} or {error:
// "file:line: message"} (a test that does not parse or assemble, an instruction the model does not know).
function a64(ctx, a) {
  const r = step(ctx, 'a64', [A64_TOOL, 'run', a.name], { ro: [A64_TOOL] });
  // a64-tool run: 0 the verdict agrees with the file's expectation (or it has none), 1 an error, 2 disagrees,
  // 3 partial (a bound: no verdict)
  if (r.exitCode === 1 || !r.stdout)
    return { error: located(r.stderr + r.stdout) || `${a.name}:1: ${truncate(r.stderr, 2000)}` };
  return {
    output: truncate(r.stdout, 65536),
    agrees: r.exitCode === 0 ? true : r.exitCode === 2 ? false : null,
    partial: r.exitCode === 3,
  };
}

const TASKS = { convert, meta, check, compile, collect, explore, native, nativeCollect, render, a64 };

// Runs one task; a step stopped by the sandbox comes back as {stopped: verdict}, a failed tool as
// {error}. Never throws for the reader's input.
function runTask(name, ctx, args) {
  const t0 = Date.now();
  try {
    const r = TASKS[name](ctx, args || {});
    return Object.assign({ ms: Date.now() - t0 }, r);
  } catch (e) {
    if (e instanceof StepStopped) {
      const s = e.result;
      return { ms: Date.now() - t0, stopped: { step: s.step, verdict: s.verdict, message: s.message, limit: s.limit } };
    }
    if (e instanceof PipelineError) return { ms: Date.now() - t0, error: mapPaths(ctx, e.message) };
    return { ms: Date.now() - t0, error: `internal error in ${name}: ${e.message}`, internal: true };
  }
}

module.exports = { runTask, TASKS, ASM_TOOL, ROOT, LIMITS, LINK_BASE };
