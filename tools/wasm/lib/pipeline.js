// pipeline.js - compiles one example variant to an instrumented, asyncified wasm module plus the
// tables the runtime needs (hook site -> source line, RMW sites, loop ids, exported addresses).
// Order: emcc -O2 -matomics -g -c (with include/x86-barriers.h), then an -O0 link (the compiler's optimized code, untouched by binaryen) -> wasm2wat, rewrite atomic RMW and
// cmpxchg into calls to env.course_rmw*/course_cmpxchg* and atomic.fence into env.course_fence -> wat2wasm -> wasm-opt --instrument-memory
// --log-execution -> wasm-opt --asyncify -O2. Results are cached under build/cache/wasm/<hash>/. The two emcc
// steps run through emcc-replay.js (emcc's own sub-commands, once they are seen to give emcc's bytes).
'use strict';
const fs = require('fs');
const path = require('path');
const crypto = require('crypto');
const { execFileSync } = require('child_process');
const { emcc } = require('./emcc-replay');
const { writeFileAtomic, tempName } = require('../../jslib/fsutil');

const TOP = path.resolve(__dirname, '../../..');
const PIPELINE_VERSION = '5';
// smp_rmb()/smp_wmb() as x86 maps them (compiler barriers): atomic.fence is then smp_mb() alone.
const BARRIERS_H = path.join(__dirname, '..', 'include', 'x86-barriers.h');
const ASYNC_IMPORTS = [
  'env.load_ptr',
  'env.store_val_i32',
  'env.store_val_i64',
  'env.store_val_f32',
  'env.store_val_f64',
  'env.log_execution',
  'env.course_rmw32',
  'env.course_rmw64',
  'env.course_cmpxchg32',
  'env.course_cmpxchg64',
  'env.course_fence',
  'env.course_rcu',
];

// The Debian package of each tool run here (tools/setup/debian-packages.txt installs them).
const TOOL_PACKAGES = {
  emcc: 'emscripten',
  'wasm-opt': 'binaryen',
  'wasm-dis': 'binaryen',
  wasm2wat: 'wabt',
  wat2wasm: 'wabt',
  'wasm-objdump': 'wabt',
  'llvm-dwarfdump-14': 'llvm-14',
};

// A tool that is not installed (or does not run): not a failed build, the step cannot run at all
// (explore.js fails even with --no-fail). buildVariant prefixes examples/<id>.c:1.
function toolMissing(cmd, e) {
  const err = new Error(
    `${cmd} ${e.code === 'ENOENT' ? 'not found' : `does not run (${e.code || e.status})`}: ` +
      `install the Debian package ${TOOL_PACKAGES[cmd] || cmd} (sh tools/setup/install-deps.sh)`,
  );
  err.toolMissing = true;
  return err;
}

function run(cmd, args, opts) {
  try {
    return execFileSync(
      cmd,
      args,
      Object.assign(
        {
          encoding: 'utf8',
          maxBuffer: 64 << 20,
          stdio: ['ignore', 'pipe', 'pipe'],
          env: Object.assign({}, process.env, { NODE_PATH: '/usr/share/nodejs' }),
        },
        opts || {},
      ),
    );
  } catch (e) {
    if (e.code === 'ENOENT') throw toolMissing(cmd, e);
    const err = new Error(`${cmd} failed:\n${(e.stderr || '') + (e.stdout || '')}`.trim());
    err.toolOutput = (e.stderr || '') + (e.stdout || '');
    throw err;
  }
}

// DWARF line table of the emcc output: sorted rows {addr, line} (addresses relative to the code section).
function lineTable(wasmPath) {
  const out = run('llvm-dwarfdump-14', ['--debug-line', wasmPath]);
  const rows = [];
  for (const l of out.split('\n')) {
    const m = /^0x([0-9a-f]{16})\s+(\d+)\s+(\d+)\s+(\d+)\s.*?(end_sequence)?\s*$/.exec(l);
    if (m) rows.push({ addr: parseInt(m[1], 16), line: +m[2], end: !!m[5] });
  }
  rows.sort((a, b) => a.addr - b.addr || (a.end ? -1 : 1));
  return rows;
}

function lineAt(rows, addr) {
  let best = 0;
  for (const r of rows) {
    if (r.addr > addr) break;
    best = r.end ? 0 : r.line;
  }
  return best;
}

// Addresses of global variables from DWARF (for `static` shared variables, which cannot be exported).
function dwarfAddrs(wasmPath) {
  const out = run('llvm-dwarfdump-14', ['--debug-info', wasmPath]);
  const addrs = {};
  for (const die of out.split(/\n(?=0x[0-9a-f]+:\s+DW_TAG_)/)) {
    if (!/^0x[0-9a-f]+:\s+DW_TAG_variable/.test(die)) continue;
    const n = /DW_AT_name\s+\("([^"]+)"\)/.exec(die);
    const a = /DW_AT_location\s+\(DW_OP_addr 0x([0-9a-f]+)\)/.exec(die);
    if (n && a && !(n[1] in addrs)) addrs[n[1]] = parseInt(a[1], 16);
  }
  return addrs;
}

// Instructions of every function body in order, with file offsets, from wasm-objdump.
function instructions(wasmPath) {
  const hdr = run('wasm-objdump', ['-h', wasmPath]);
  const cm = /Code start=0x([0-9a-f]+)/.exec(hdr);
  if (!cm) throw new Error('no code section in ' + wasmPath);
  const codeStart = parseInt(cm[1], 16);
  const dis = run('wasm-objdump', ['-d', wasmPath]);
  const list = [];
  let fn = null;
  for (const l of dis.split('\n')) {
    const f = /^[0-9a-f]+ func\[\d+\] <(.*)>:/.exec(l);
    if (f) {
      fn = f[1];
      continue;
    }
    const m = /^ ([0-9a-f]+): [0-9a-f ]+\| (\s*)(\S+)(.*)$/.exec(l);
    if (!m || m[3].startsWith('local[')) continue;
    list.push({ off: parseInt(m[1], 16) - codeStart, op: m[3], fn });
  }
  return list;
}

const RMW_RE = /^(i32|i64)\.atomic\.rmw(8|16|32)?\.(add|sub|and|or|xor|xchg|cmpxchg)(_u)?$/;
const MEM_RE = /^(i32|i64|f32|f64)\.(atomic\.)?(load|store)(8|16|32)?(_[su])?$/;

// Rewrites the flat text form: every atomic RMW / cmpxchg becomes `i32.const <site>; call $course_*`,
// every atomic.fence `i32.const <site>; call $course_fence` (a point where the x86-TSO mode waits).
function rewriteRmw(wat, rmwSites, fenceSites) {
  if (/\bcall \d+\b|\(func \d+\)|\bref\.func \d+\b/.test(wat)) throw new Error('unnamed function references in wat');
  if (/memory\.atomic\.(wait|notify)|atomic\.wait|atomic\.notify/.test(wat))
    throw new Error('atomic wait/notify is not supported');
  let j = 0,
    k = 0;
  const lines = wat.split('\n').map((l) => {
    const f = /^(\s*)atomic\.fence(\)*)\s*$/.exec(l); // the last instruction of a block ends with its ')'
    if (f) {
      const site = fenceSites[k++];
      if (!site) throw new Error('fence count mismatch');
      return `${f[1]}i32.const ${site.id}\n${f[1]}call $course_fence${f[2]}`;
    }
    const m = /^(\s*)((i32|i64)\.atomic\.rmw\S*)(.*)$/.exec(l);
    if (!m) return l;
    const op = RMW_RE.exec(m[2]);
    if (!op) throw new Error('unknown atomic instruction ' + m[2]);
    const off = /offset=(\d+)/.exec(m[4]);
    const site = rmwSites[j];
    if (!site || site.insn !== m[2]) throw new Error('RMW site mismatch at ' + m[2]);
    site.offset = off ? +off[1] : 0;
    j++;
    const width = op[2] ? +op[2] / 8 : op[1] === 'i64' ? 8 : 4;
    Object.assign(site, { type: op[1], width, op: op[3] });
    const fnName = (op[3] === 'cmpxchg' ? 'course_cmpxchg' : 'course_rmw') + (op[1] === 'i64' ? '64' : '32');
    return `${m[1]}i32.const ${site.id}\n${m[1]}call $${fnName}`;
  });
  if (j !== rmwSites.length) throw new Error('RMW count mismatch');
  if (k !== fenceSites.length) throw new Error('fence count mismatch');
  const imports = [
    '(import "env" "course_rmw32" (func $course_rmw32 (param i32 i32 i32) (result i32)))',
    '(import "env" "course_rmw64" (func $course_rmw64 (param i32 i64 i32) (result i64)))',
    '(import "env" "course_cmpxchg32" (func $course_cmpxchg32 (param i32 i32 i32 i32) (result i32)))',
    '(import "env" "course_cmpxchg64" (func $course_cmpxchg64 (param i32 i64 i64 i32) (result i64)))',
    '(import "env" "course_fence" (func $course_fence (param i32)))',
  ];
  let text = lines.join('\n');
  // Imports must precede every definition: put ours before the first (func / (table / (memory / (global.
  const at = text.search(/\n\s*\((func|table|memory|global) /);
  text = text.slice(0, at) + '\n  ' + imports.join('\n  ') + text.slice(at);
  // The shadow-stack pointer, so the runtime can give every thread its own stack.
  if (!/\(global \$__stack_pointer \(mut i32\)/.test(text)) throw new Error('no $__stack_pointer global');
  text = text.replace(/\n\s*\(export "memory"/, '\n  (export "course_sp" (global $__stack_pointer))$&');
  return text;
}

// The versions of every tool the pipeline runs (emcc, its clang, binaryen, wabt, llvm-dwarfdump): a
// cached module is only reused with the tools that made it. Asking them takes seconds (emcc is a
// Python program), so the answer is kept in <cacheDir>/tool-versions.json, valid while the tools'
// files and the package database are unchanged.
// The optimization level of the explorer's compile; the pages state it (outcomes.js "build").
const COMPILE_OPT = '-O2';

const TOOLS = [
  ['emcc', '--version'],
  ['wasm-opt', '--version'],
  ['wasm2wat', '--version'],
  ['llvm-dwarfdump-14', '--version'],
];
const memo = {};

function which(cmd) {
  for (const d of (process.env.PATH || '').split(':')) {
    const p = path.join(d || '.', cmd);
    try {
      fs.accessSync(p, fs.constants.X_OK);
      return fs.realpathSync(p);
    } catch (e) {
      /* not here */
    }
  }
  return null;
}

function toolsStamp() {
  const parts = TOOLS.map(([cmd]) => {
    const p = which(cmd);
    const st = p && fs.statSync(p);
    return p ? `${p}:${st.size}:${st.mtimeMs}` : `${cmd}:missing`;
  });
  try {
    parts.push('dpkg:' + fs.statSync('/var/lib/dpkg/status').mtimeMs);
  } catch (e) {
    /* not Debian */
  }
  return parts.join('\n');
}

function askVersions() {
  return TOOLS.map(([cmd, arg]) => {
    try {
      return (
        cmd +
        ': ' +
        execFileSync(cmd, [arg], {
          encoding: 'utf8',
          stdio: ['ignore', 'pipe', 'pipe'],
          env: Object.assign({}, process.env, { NODE_PATH: '/usr/share/nodejs' }),
        }).trim()
      );
    } catch (e) {
      throw toolMissing(cmd, e);
    }
  }).join('\n');
}

function toolVersions(cacheDir) {
  const stamp = toolsStamp();
  if (memo[stamp]) return memo[stamp];
  const file = cacheDir ? path.join(cacheDir, 'tool-versions.json') : null;
  try {
    const saved = JSON.parse(fs.readFileSync(file, 'utf8'));
    if (saved.stamp === stamp) return (memo[stamp] = saved.versions);
  } catch (e) {
    /* none yet */
  }
  const versions = askVersions();
  if (file) writeFileAtomic(file, JSON.stringify({ stamp, versions }));
  return (memo[stamp] = versions);
}

// The explorer's emcc command lines without their input and output files: the one argument list of
// this build, of the lab grader's checks on emcc's view of a lab file (tools/lab/lib/pipeline.js
// checks: the view they check is the one compiled) and of the sandbox's grading steps
// (tools/sandbox/tests/steps.js). Two steps: clang optimizes at -O2 into an object (-g only adds
// DWARF, for the line table), with course.h's folder and x86-barriers.h included before the file;
// the link runs at -O0. emcc -O2 in one step would also run binaryen's optimizer on the linked
// module, which knows nothing of C's volatile and reorders READ_ONCE loads and drops fences: the
// explorer must run the compiler's code, not that.
function emccCompileFlags(cflags) {
  return [COMPILE_OPT, '-matomics', '-g', '-I', path.join(TOP, 'examples/include'), '-include', BARRIERS_H].concat(
    cflags || [],
  );
}
function emccLinkFlags() {
  return ['-O0', '-matomics', '-g', '-sSTANDALONE_WASM', '--no-entry', '-sERROR_ON_UNDEFINED_SYMBOLS=0'];
}
// The files the compile reads besides the source and course.h (a sandbox must show them to emcc, and
// the checks allow them).
const EMCC_HEADERS = [BARRIERS_H];

// The cache key of one module: the pipeline's version and code, the source, flags, names, course.h
// and the tools' versions.
function inputsHash(srcText, cflags, extra, tools) {
  if (typeof tools !== 'string') throw new Error('inputsHash needs the tool versions');
  const h = crypto.createHash('sha256');
  h.update(PIPELINE_VERSION + '\0' + srcText + '\0' + JSON.stringify(cflags) + '\0' + JSON.stringify(extra));
  h.update('\0' + tools + '\0');
  h.update(fs.readFileSync(path.join(TOP, 'examples/include/course.h')));
  h.update(fs.readFileSync(BARRIERS_H));
  h.update(fs.readFileSync(__filename));
  h.update(fs.readFileSync(path.join(__dirname, 'emcc-replay.js')));
  return h.digest('hex').slice(0, 24);
}

// Builds (or loads from cache) one variant. Returns the module description the runtime consumes.
function buildVariant(opts) {
  const { src, cflags, meta, cacheDir } = opts;
  const srcText = fs.readFileSync(src, 'utf8');
  const names = meta.shared
    .concat(meta.observed)
    .filter((v) => !v.static)
    .map((v) => v.name);
  let tmp = null;
  try {
    const tools = toolVersions(cacheDir);
    const hash = inputsHash(srcText, cflags, { names, threads: meta.threads }, tools);
    const dir = path.join(cacheDir, hash);
    const cached = path.join(dir, 'module.json');
    if (fs.existsSync(cached)) return JSON.parse(fs.readFileSync(cached, 'utf8'));
    tmp = tempName(dir);
    fs.mkdirSync(tmp, { recursive: true });
    return buildIn(tmp, dir, opts, srcText, names, hash, tools);
  } catch (e) {
    if (e.toolMissing) e.message = `${meta.file}:1: ${e.message}`; // examples/<id>.c:1: emcc not found: ...
    throw e;
  } finally {
    if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
  }
}

function buildIn(tmp, dir, opts, srcText, names, hash, tools) {
  const { src, cflags, meta, variant } = opts;
  const raw = path.join(tmp, 'emcc.wasm');
  const exportsFlags = [];
  for (const n of names) exportsFlags.push('-Wl,--export=' + n);
  for (const s of [
    '__start_course_shared',
    '__stop_course_shared',
    '__start_course_observed',
    '__stop_course_observed',
  ])
    exportsFlags.push('-Wl,--export-if-defined=' + s);
  exportsFlags.push('-Wl,--export=__data_end', '-Wl,--export=__heap_base');
  // Compile the variant's file as it is (line numbers are the shown source's), then link.
  const obj = path.join(tmp, 'emcc.o');
  const compileArgs = emccCompileFlags(cflags).concat(['-c', src, '-o', obj]);
  const linkArgs = emccLinkFlags().concat([obj, '-o', raw], exportsFlags);
  try {
    // emcc's own sub-commands, replayed (emcc-replay.js): emcc itself the first time each shape is seen
    const via = { cwd: TOP, cacheDir: opts.cacheDir, tools, env: { NODE_PATH: '/usr/share/nodejs' } };
    emcc(compileArgs, Object.assign({ input: src, output: obj }, via), run);
    emcc(linkArgs, Object.assign({ input: obj, output: raw }, via), run);
  } catch (e) {
    if (e.toolMissing) throw e;
    const m = /([^\s:]+\.c):(\d+):(\d+): error: (.*)/.exec(e.toolOutput || '');
    throw new Error(m ? `${src}:${m[2]}: ${m[4]} (emcc, variant ${variant})` : `${src}:1: emcc failed: ${e.message}`);
  }
  const rows = lineTable(raw);
  const daddrs = dwarfAddrs(raw);
  const addrs = {};
  for (const v of meta.shared.concat(meta.observed))
    if (v.static) addrs[v.name] = v.name in daddrs ? daddrs[v.name] : null;
  const insns = instructions(raw);
  const memSites = [];
  const rmwSites = [];
  const fenceSites = [];
  const loops = [];
  insns.forEach((ins, i) => {
    if (MEM_RE.test(ins.op)) memSites.push({ id: memSites.length + 1, line: lineAt(rows, ins.off), fn: ins.fn });
    else if (RMW_RE.test(ins.op))
      rmwSites.push({ id: 100000 + rmwSites.length, insn: ins.op, line: lineAt(rows, ins.off), fn: ins.fn });
    else if (ins.op === 'atomic.fence')
      fenceSites.push({ id: 200000 + fenceSites.length, line: lineAt(rows, ins.off) });
    else if (ins.op === 'loop') {
      const next = insns[i + 1];
      loops.push({ line: lineAt(rows, (next || ins).off) || lineAt(rows, ins.off), fn: ins.fn });
    }
  });
  const wat = run('wasm2wat', ['--enable-threads', raw]);
  const rewritten = path.join(tmp, 'rewritten.wat');
  fs.writeFileSync(rewritten, rewriteRmw(wat, rmwSites, fenceSites));
  const rw = path.join(tmp, 'rewritten.wasm');
  run('wat2wasm', ['--enable-threads', rewritten, '-o', rw]);
  const inst = path.join(tmp, 'inst.wasm');
  run('wasm-opt', [
    '--enable-threads',
    '--enable-mutable-globals',
    '--instrument-memory',
    '--log-execution',
    rw,
    '-o',
    inst,
  ]);
  // Which log_execution ids are loop headers: the j-th loop in binaryen's text is the j-th loop of the binary.
  const disText = run('wasm-dis', [inst]);
  const li = /\(import "env" "log_execution" \(func (\$\S+)/.exec(disText);
  if (!li) throw new Error('no log_execution import after wasm-opt');
  const logCall = '(call ' + li[1];
  const dis = disText.split('\n');
  const loopIds = {};
  let lj = 0;
  for (let i = 0; i < dis.length; i++) {
    if (/^\s*\(loop\b/.test(dis[i])) {
      const m = (dis[i + 1] || '').trim() === logCall && /\(i32\.const (\d+)\)/.exec(dis[i + 2] || '');
      if (!m) throw new Error('loop without log_execution in ' + src);
      const lp = loops[lj++];
      if (!lp) throw new Error('loop count mismatch in ' + src);
      loopIds[m[1]] = { line: lp.line, fn: lp.fn };
    }
  }
  if (lj !== loops.length) throw new Error('loop count mismatch in ' + src);
  const final = path.join(tmp, 'final.wasm');
  run('wasm-opt', [
    '--enable-threads',
    '--enable-mutable-globals',
    '--asyncify',
    '--pass-arg=asyncify-imports@' + ASYNC_IMPORTS.join(','),
    '-O2',
    inst,
    '-o',
    final,
  ]);
  const bytes = fs.readFileSync(final);
  const sites = {};
  for (const s of memSites) sites[s.id] = s.line;
  const rmw = {};
  for (const s of rmwSites) rmw[s.id] = { op: s.op, type: s.type, width: s.width, offset: s.offset, line: s.line };
  const fences = {};
  for (const s of fenceSites) fences[s.id] = s.line;
  const mod = {
    id: meta.id,
    variant,
    hash,
    wasm: bytes.toString('base64'),
    rawBytes: 0,
    finalBytes: bytes.length,
    sites,
    rmw,
    fences,
    loops: loopIds,
    addrs,
  };
  // The compiler's own module, uninstrumented and without its DWARF: the benchmark's straight-through
  // baseline, and what the outcomes report as wasm_emcc.
  run('wasm-opt', ['--enable-threads', '--strip-debug', raw, '-o', path.join(tmp, 'plain.wasm')]);
  mod.rawBytes = fs.statSync(path.join(tmp, 'plain.wasm')).size;
  fs.writeFileSync(path.join(tmp, 'module.json'), JSON.stringify(mod));
  for (const f of fs.readdirSync(tmp)) if (!/^(module\.json|plain\.wasm)$/.test(f)) fs.rmSync(path.join(tmp, f));
  fs.rmSync(dir, { recursive: true, force: true });
  fs.renameSync(tmp, dir);
  return mod;
}

module.exports = {
  buildVariant,
  inputsHash,
  toolVersions,
  emccCompileFlags,
  emccLinkFlags,
  EMCC_HEADERS,
  TOP,
  COMPILE_OPT,
};
