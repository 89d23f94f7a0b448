// steps.js - the grading steps of one lab file, each through the sandbox (tools/sandbox/sandbox.js),
// in the order the grader runs them: the checks on each preprocessor's view, a compile per target,
// the disassembly (readelf, objdump -d and the section contents), the wasm build (emcc compile and
// link, with tools/wasm/lib/pipeline.js's own flags, for the checks too), the explorer's start-up
// (explore-wasm.js) and the lab grader's Armv8 step (`armv8`: armv8-child.js on the AArch64 target,
// after the metadata read and compile.sh that give it its input, all three by the grader's own
// tools/lab/lib/pipeline.js).
// Used by the hostile corpus (hostile.test.js) to run each step alone: in the sandbox without the
// checks, and with neither (the grader itself always runs both).
//   node steps.js FILE WORK [--unchecked] [--unsandboxed] [--limits JSON]  -> one JSON line
'use strict';
const fs = require('fs');
const path = require('path');
const sandbox = require('../sandbox.js');
const { readTargets } = require('../../lab/lib/pipeline.js');
const { emccCompileFlags, emccLinkFlags, EMCC_HEADERS } = require('../../wasm/lib/pipeline.js');
const pipeline = require('../../lab/lib/pipeline.js');

const ROOT = path.resolve(__dirname, '..', '..', '..');
const COURSE_H = path.join(ROOT, 'examples', 'include', 'course.h');
const TARGETS = ['gcc-12/x86_64', 'clang-22/aarch64'];
const ARM = 'clang-22/aarch64'; // the Armv8 step's target, at the labs' level
const OPT = 'O2';
const EMCC_ENV = { NODE_PATH: '/usr/share/nodejs' };

// -> {verdict: REJECT | FAIL | OK | TIMEOUT | MEMORY | OUTPUT | REFUSED | ERROR, step, message,
//     findings, outputs: [{name, text}] (everything a step printed or wrote)}
function grade(file, work, opts) {
  const o = Object.assign({ checks: true, unsandboxed: false, limits: {} }, opts);
  fs.rmSync(work, { recursive: true, force: true });
  fs.mkdirSync(work, { recursive: true });
  const all = readTargets();
  const flags = all.flags.concat(['-O2', '-std=gnu11']);
  const outputs = [];
  const res = { verdict: 'OK', step: null, message: '', findings: [], outputs, usage: [] };
  const run = (spec) => {
    const r = sandbox.step(Object.assign({ unsandboxed: o.unsandboxed, limits: o.limits[spec.step], cwd: work }, spec));
    outputs.push({ name: `${spec.step}: ${spec.argv[0]}`, text: r.stdout + r.stderr + (r.message || '') });
    res.usage.push({
      step: spec.step,
      cmd: spec.argv[0],
      cpu_ms: r.usage && r.usage.cpu_ms,
      wall_ms: r.usage && r.usage.wall_ms,
    });
    if (r.verdict !== 'OK') Object.assign(res, { verdict: r.verdict, step: spec.step, message: r.message });
    return r;
  };
  const compilers = TARGETS.map((t) => ({
    name: t,
    argv: all.targets[t].cmd.concat(flags.filter((f) => f !== '-c')),
  })).concat([
    { name: 'emcc', argv: ['emcc'].concat(emccCompileFlags(['-std=gnu11'])), env: EMCC_ENV, headers: EMCC_HEADERS },
  ]);
  if (o.checks) {
    const c = sandbox.checkSubmission({
      file,
      courseH: COURSE_H,
      work: path.join(work, 'check'),
      cwd: work,
      compilers,
      unsandboxed: o.unsandboxed,
      limits: o.limits.preprocess,
    });
    res.findings = c.findings;
    outputs.push({ name: 'check', text: c.findings.join('\n') + (c.diagnostics || '') });
    if (c.stopped)
      return Object.assign(res, { verdict: c.stopped.verdict, step: c.stopped.step, message: c.stopped.message });
    if (c.diagnostics) return Object.assign(res, { verdict: 'FAIL', step: 'preprocess', message: c.diagnostics });
    if (!c.ok) return Object.assign(res, { verdict: 'REJECT', step: 'check', message: c.findings.join('\n') });
  }
  const inc = path.dirname(COURSE_H);
  const ro = [file, COURSE_H];
  for (const t of TARGETS) {
    const obj = path.join(work, t.replace('/', '-') + '.o');
    if (
      run({ step: 'compile', argv: all.targets[t].cmd.concat(flags, ['-I', inc, file, '-o', obj]), ro, rw: [work] })
        .verdict !== 'OK'
    )
      return res;
    const dis = run({
      step: 'disassemble',
      ro: [obj],
      argv: [
        'sh',
        '-c',
        'readelf -SsW "$1" && objdump -d -r -l --no-show-raw-insn "$1" && objdump -s "$1"',
        'disassemble',
        obj,
      ],
    });
    if (dis.verdict !== 'OK') return res;
    fs.writeFileSync(obj + '.dis', dis.stdout);
  }
  const wobj = path.join(work, 'emcc.o');
  const wasm = path.join(work, 'emcc.wasm');
  if (
    run({
      step: 'compile',
      env: EMCC_ENV,
      ro: ro.concat(EMCC_HEADERS),
      rw: [work],
      argv: ['emcc'].concat(emccCompileFlags(['-std=gnu11']), ['-c', file, '-o', wobj]),
    }).verdict !== 'OK'
  )
    return res;
  if (
    run({
      step: 'link',
      env: EMCC_ENV,
      rw: [work],
      argv: ['emcc'].concat(emccLinkFlags(), [wobj, '-o', wasm, '-Wl,--export=t0', '-Wl,--export=t1']),
    }).verdict !== 'OK'
  )
    return res;
  if (
    run({
      step: 'explore',
      ro: [path.join(__dirname, 'explore-wasm.js'), wasm],
      argv: ['node', '--max-old-space-size=1024', path.join(__dirname, 'explore-wasm.js'), wasm],
    }).verdict !== 'OK'
  )
    return res;
  return armv8(file, work, o, res);
}

// The grader's Armv8 step on the AArch64 target, with the two steps that make its input (asm-tool
// meta: step read; compile.sh: step compile) by the grader's own functions: each step's output
// recorded, a stopped or failed step the result's verdict.
function armv8(file, work, o, res) {
  const ctx = {
    lab: 'polling',
    fileAbs: file,
    work: path.join(work, 'armv8'),
    cells: [`${ARM}/${OPT}`],
    limits: o.limits,
    unsandboxed: o.unsandboxed,
    onStep: (r, argv) => {
      res.outputs.push({
        name: `${r.step}: ${argv.slice(0, 3).join(' ')}`,
        text: r.stdout + r.stderr + (r.message || ''),
      });
      res.usage.push({
        step: r.step,
        cmd: argv[0],
        cpu_ms: r.usage && r.usage.cpu_ms,
        wall_ms: r.usage && r.usage.wall_ms,
      });
    },
  };
  try {
    ctx.meta = pipeline.meta(ctx);
    const asm = pipeline.compile(ctx, [ARM], OPT);
    if (asm.compile || !asm.cells[ARM])
      return Object.assign(res, {
        verdict: 'FAIL',
        step: 'compile',
        message: asm.compile ? asm.compile.out : asm.failed[ARM],
      });
    res.armv8 = pipeline.armv8(ctx, [ARM]).cells;
  } catch (e) {
    if (e instanceof pipeline.StepStopped)
      return Object.assign(res, { verdict: e.result.verdict, step: e.result.step, message: e.message });
    if (!(e instanceof pipeline.PipelineError)) throw e;
    const step = /Armv8/.test(e.message) ? 'armv8' : /compile/.test(e.message) ? 'compile' : 'read';
    return Object.assign(res, { verdict: 'FAIL', step, message: e.message });
  }
  return res;
}

// Every file a run left in its work tree, as text (latin1: any byte survives).
function workFiles(work) {
  const out = [];
  const walk = (d) => {
    for (const e of fs.readdirSync(d, { withFileTypes: true })) {
      const p = path.join(d, e.name);
      if (e.isDirectory()) walk(p);
      else if (e.isFile()) out.push({ name: p, text: fs.readFileSync(p).toString('latin1') });
    }
  };
  if (fs.existsSync(work)) walk(work);
  return out;
}

module.exports = { grade, workFiles, TARGETS };

if (require.main === module) {
  const [file, work, ...rest] = process.argv.slice(2);
  const li = rest.indexOf('--limits');
  const r = grade(path.resolve(file), path.resolve(work), {
    checks: !rest.includes('--unchecked'),
    unsandboxed: rest.includes('--unsandboxed'),
    limits: li >= 0 ? JSON.parse(rest[li + 1]) : {},
  });
  r.outputs = r.outputs.concat(workFiles(path.resolve(work)));
  process.stdout.write(JSON.stringify(r) + '\n');
}
