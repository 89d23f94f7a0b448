// sandbox.js - the grader's interface to tools/sandbox (README.md): every step that touches a
// student's code (preprocess, compile, assemble, link, disassemble, explore) goes through step(),
// and checkSubmission() runs the include/directive/constructor checks on each preprocessor's own
// view before anything is compiled. Both run build/sandbox/sandbox (C); nothing here parses C.
'use strict';
const fs = require('fs');
const os = require('os');
const path = require('path');
const { spawnSync } = require('child_process');

const ROOT = path.resolve(__dirname, '..', '..');
const BIN = path.join(ROOT, 'build', 'sandbox', 'sandbox');

// Per-step limits (seconds, MB, bytes). Steps not listed get `default`.
const LIMITS = {
  default: { cpu: 30, wall: 60, mem: 1024, output: 1 << 20, file: 64 << 20, procs: 32 },
  preprocess: { cpu: 10, wall: 20, mem: 1024, output: 64 << 10, file: 16 << 20, procs: 16 },
  check: { cpu: 10, wall: 20, mem: 512, output: 64 << 10, file: 1 << 20, procs: 4 },
  compile: { cpu: 30, wall: 60, mem: 1024, output: 64 << 10, file: 64 << 20, procs: 16 },
  disassemble: { cpu: 30, wall: 60, mem: 1024, output: 16 << 20, file: 64 << 20, procs: 8 },
  explore: { cpu: 240, wall: 300, mem: 1536, output: 64 << 20, file: 256 << 20, procs: 32 },
  // the native explorer under Armv8 (the lab's AArch64 cells): Unicorn reserves its translation
  // buffers as data (1 GB each, two machines per cell) while its resident memory stays small
  armv8: { cpu: 120, wall: 180, mem: 4096, output: 16 << 20, file: 256 << 20, procs: 32 },
};

// The teacher's explicit opt-out: LAB_UNSANDBOXED=1 (or opts.unsandboxed).
function optedOut(opts) {
  return !!(opts && opts.unsandboxed) || process.env.LAB_UNSANDBOXED === '1';
}

// step({step, argv, cwd, ro: [paths], rw: [dirs], env: {NAME: value}, limits: {...}, unsandboxed})
// -> {step, verdict, limit: {name, value, unit} | null, message, exitCode, signal, sandboxed, usage,
//     stdout, stderr}. verdict: OK | FAIL | TIMEOUT | MEMORY | OUTPUT | REFUSED | ERROR; message is
//     "<step>: <VERDICT>: ..." for every verdict but OK and FAIL.
function step(o) {
  const lim = Object.assign({}, LIMITS[o.step] || LIMITS.default, o.limits || {});
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sbx-verdict-'));
  const verdictFile = path.join(dir, 'verdict.json');
  const args = [
    'run',
    '--step',
    o.step,
    '--verdict',
    verdictFile,
    '--cwd',
    o.cwd || process.cwd(),
    '--cpu',
    String(lim.cpu),
    '--wall',
    String(lim.wall),
    '--mem',
    String(lim.mem),
    '--output',
    String(lim.output),
    '--file',
    String(lim.file),
    '--procs',
    String(lim.procs),
  ];
  for (const p of o.ro || []) args.push('--ro', path.resolve(p));
  for (const p of o.rw || []) args.push('--rw', path.resolve(p));
  for (const [k, v] of Object.entries(o.env || {})) args.push('--env', `${k}=${v}`);
  if (optedOut(o)) args.push('--unsandboxed');
  args.push('--', ...o.argv);
  const r = spawnSync(BIN, args, { encoding: 'utf8', maxBuffer: 4 * lim.output + (1 << 20) });
  let v;
  try {
    v = JSON.parse(fs.readFileSync(verdictFile, 'utf8'));
  } catch (e) {
    v = {
      verdict: 'ERROR',
      limit: null,
      exit_code: null,
      signal: null,
      sandboxed: !optedOut(o),
      usage: null,
      message:
        `${o.step}: ERROR: the sandbox tool did not report (${r.error ? r.error.message : `exit ${r.status}`}` +
        `${fs.existsSync(BIN) ? '' : `; ${BIN} is not built: make sandbox`})`,
    };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
  // the runner's own "sandbox: ..." line is in the verdict; keep stderr the step's
  const stderr = (r.stderr || '')
    .split('\n')
    .filter((l) => !l.startsWith('sandbox: ' + o.step + ': '))
    .join('\n');
  return {
    step: o.step,
    verdict: v.verdict,
    limit: v.limit,
    message: v.message,
    exitCode: v.exit_code,
    signal: v.signal,
    sandboxed: v.sandboxed,
    usage: v.usage,
    stdout: r.stdout || '',
    stderr,
  };
}

// A limit, a refusal or a sandbox error: the step did not end on its own.
function stopped(r) {
  return !['OK', 'FAIL'].includes(r.verdict);
}

// Runs the checks of tools/sandbox/src/scan.h on each compiler's view of the submission: the
// preprocessor writes its output (-E) and the list of the files it read (-MD), and `sandbox check`
// reads both. If the preprocessor fails (an include it cannot find, inside the sandbox), it runs
// again listing its includes without opening the missing ones (-M -MG), so a forbidden include
// gets the check's message rather than the compiler's "No such file".
// A preprocessor failure without a finding is the submission's error: its diagnostics are returned.
// o: {file, courseH, work (a writable directory of this submission's), cwd, compilers: [{name, argv,
//     env, headers}] (argv: the compiler and every flag it compiles with, -include and -I included,
//     without -c/-o; headers: the files those flags make it read besides course.h, shown read-only to
//     the preprocessor and allowed by the check), unsandboxed, limits}
// -> {ok, findings: ["file:line: message"] (each once), stopped: step result | null,
//     diagnostics: the preprocessor's messages if it failed for another reason, compiler}
function checkSubmission(o) {
  const file = o.file;
  const incDir = path.dirname(path.resolve(o.courseH));
  const seen = new Set();
  const findings = [];
  fs.mkdirSync(o.work, { recursive: true });
  const pp = (c, argv) =>
    step({
      step: 'preprocess',
      cwd: o.cwd,
      unsandboxed: o.unsandboxed,
      limits: o.limits,
      argv: c.argv.concat(['-nostdinc', '-I', incDir], argv),
      ro: [file, o.courseH].concat(c.headers || []),
      rw: [o.work],
      env: c.env,
    });
  const check = (c, args, ro) => {
    const allow = [path.join(incDir, 'course.h')].concat(c.headers || []).flatMap((h) => ['--allow', path.resolve(h)]);
    const chk = step({
      step: 'check',
      cwd: o.cwd,
      unsandboxed: o.unsandboxed,
      ro: [BIN, file, o.courseH].concat(ro),
      argv: [BIN, 'check', '--source', file].concat(allow, args),
    });
    if (!stopped(chk) && chk.exitCode > 1) throw new Error(`sandbox check failed: ${chk.stderr}`);
    for (const l of chk.stdout.split('\n').filter(Boolean)) {
      if (!seen.has(l)) findings.push(l);
      seen.add(l);
    }
    return chk;
  };
  for (const c of o.compilers) {
    const base = path.join(o.work, 'pre-' + c.name.replace(/[^A-Za-z0-9_.-]/g, '_'));
    const pre = pp(c, ['-E', '-MD', '-MF', base + '.d', file, '-o', base + '.i']);
    if (stopped(pre)) return { ok: false, findings, stopped: pre, compiler: c.name };
    // clang 22 -E exits 0 without writing its -MD list when an #embed file is missing
    if (pre.verdict === 'FAIL' || !fs.existsSync(base + '.d') || !fs.existsSync(base + '.i')) {
      // exits 1 when a missing header leaves an #if undefined, yet lists every include it saw
      const deps = pp(c, ['-M', '-MG', '-w', '-MF', base + '.mg.d', file]);
      const chk =
        !stopped(deps) && fs.existsSync(base + '.mg.d') ? check(c, ['--deps', base + '.mg.d'], [base + '.mg.d']) : null;
      if (chk && stopped(chk)) return { ok: false, findings, stopped: chk, compiler: c.name };
      if (findings.length) return { ok: false, findings, stopped: null, compiler: c.name };
      return { ok: false, findings, stopped: null, diagnostics: pre.stderr + pre.stdout, compiler: c.name };
    }
    const chk = check(c, ['--deps', base + '.d', '--preprocessed', base + '.i'], [base + '.d', base + '.i']);
    if (stopped(chk)) return { ok: false, findings, stopped: chk, compiler: c.name };
    if (findings.length) break; // one view's findings are enough to refuse; the next views would repeat them
  }
  return { ok: findings.length === 0, findings, stopped: null };
}

module.exports = { step, stopped, checkSubmission, LIMITS, BIN, optedOut };
