// check.js - the autograder: grades one lab file and returns the result object that lab.js prints
// and writes to build/lab/<lab>/result.json (schema: tools/lab/README.md, "result.json"). The file
// goes through the course's pipeline as a single-variant example (pipeline.js); this module only
// reads the pipeline's JSON and decides.
'use strict';
const fs = require('fs');
const path = require('path');
const { pathToFileURL } = require('url');
const config = require('./config');
const pipeline = require('./pipeline');
const cost = require('./cost');

const ROOT = config.ROOT;
const REFERENCE = path.join(ROOT, 'tools', 'lab', 'reference.json');
const MAX_BYTES = 200000;

function loadReference() {
  try {
    return JSON.parse(fs.readFileSync(REFERENCE, 'utf8'));
  } catch (e) {
    return {};
  }
}

// The lab page built from the file (in site, default build/lab/<lab>/site as `make lab` builds it),
// opened on one schedule of the explorer.
function witnessLink(lab, schedule, site) {
  const page = path.join(site || path.join(ROOT, 'build', 'lab', lab, 'site'), 'labs', lab + '.html');
  return pathToFileURL(page).href + `#explore=lab/${lab}:student:${schedule}`;
}

// The metadata lines the checker grades against: the block as asm-tool read it, title excluded
// (solutions and wrong fixes retitle). [{line, text}]
function gradedMeta(meta) {
  return meta.block.filter((b) => b.key !== 'title').map((b) => ({ line: b.line, text: `${b.key}: ${b.value}` }));
}

// The file and its metadata block: null, or the reason it is refused.
function readFile(ctx, file, ref) {
  let size;
  try {
    size = fs.statSync(ctx.fileAbs).size;
  } catch (e) {
    return { kind: 'metadata', line: 1, message: `${file}:1: cannot read the file: ${e.code || e.message}` };
  }
  if (size > MAX_BYTES)
    return { kind: 'metadata', line: 1, message: `${file}:1: the file is larger than ${MAX_BYTES} bytes` };
  try {
    ctx.meta = pipeline.meta(ctx);
  } catch (e) {
    if (!(e instanceof pipeline.PipelineError)) throw e;
    const m = /^\S+?:(\d+): (.*)$/.exec(e.message);
    return { kind: 'metadata', line: m ? +m[1] : 1, message: m ? `${file}:${m[1]}: ${m[2]}` : e.message };
  }
  const v = ctx.meta.block.find((b) => b.key === 'variants');
  if (ctx.meta.variants.length !== 1 || ctx.meta.variants[0] !== 'student')
    return {
      kind: 'metadata',
      line: v.line,
      message: `${file}:${v.line}: a lab file has exactly one variant: "variants: student"`,
    };
  if (!ref || !ref.meta) return null;
  const mine = gradedMeta(ctx.meta);
  for (let i = 0; i < Math.max(mine.length, ref.meta.length); i++) {
    if (mine[i] && mine[i].text === ref.meta[i]) continue;
    const line = mine[i] ? mine[i].line : ctx.meta.block[ctx.meta.block.length - 1].line + 1;
    return {
      kind: 'metadata',
      line,
      message:
        `${file}:${line}: the metadata block differs from the lab's ` +
        `(expected "${ref.meta[i] || '(nothing)'}"); the checker grades against it, so restore it`,
    };
  }
  return null;
}

// The sandbox's checks on each compiler's view of the file (pipeline.checks): the reasons it is
// refused (kind "check": an include of another file, an assembler directive that reads a file, a
// constructor; kind "compile": the preprocessor's own error, with its diagnostics), or [] when clean.
function checkViews(ctx, file, targets, opt, res) {
  const cf = ctx.meta.cflags || {};
  const c = pipeline.checks(ctx, targets, opt, (cf.all || []).concat(cf.student || []));
  if (!c) return [];
  if (c.diagnostics) {
    res.diagnostics = c.diagnostics;
    const m = lineOf(ctx, c.diagnostics);
    return [
      {
        kind: 'compile',
        target: c.compiler,
        line: m,
        message: `${file}:${m}: does not preprocess for ${c.compiler} (diagnostics below)`,
      },
    ];
  }
  return c.findings.map((f) => {
    const m = /^.*?:(\d+): (.*)$/s.exec(f);
    return { kind: 'check', line: m ? +m[1] : 1, message: m ? `${file}:${m[1]}: ${m[2]}` : `${file}:1: ${f}` };
  });
}

// The first line of the student's file that diagnostics name (1 if none).
function lineOf(ctx, out) {
  for (const name of [pipeline.toolPath(ctx.fileAbs), ctx.fileAbs]) {
    const m = new RegExp('^' + name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&') + ':(\\d+):', 'm').exec(out);
    if (m) return +m[1];
  }
  return 1;
}

// A step the sandbox stopped: its verdict is the result's, with the step and the limit it hit.
function stoppedBy(res, r) {
  res.verdict = r.verdict;
  res.limit = {
    step: r.step,
    name: r.limit ? r.limit.name : null,
    value: r.limit ? r.limit.value : null,
    unit: r.limit ? r.limit.unit : null,
    message: r.message,
  };
  return res;
}

// opts: {lab, file, work, site (the lab page's directory, for witness links), useReference (default
// true), limits ({step: {cpu, wall, mem, ...}}: tighter limits, for tests), unsandboxed}
function check(opts) {
  const res = { schema: 'lab-result/1' };
  try {
    return grade(opts, res);
  } catch (e) {
    if (e instanceof pipeline.StepStopped) return stoppedBy(res, e.result);
    throw e;
  }
}

// The evidence lines on each analyzed target's listing: fills res.evidence and the reasons.
function gradeEvidence(res, file, asm, analyzed, opt) {
  for (const t of analyzed) {
    for (const ev of asm.cells[t].evidence) {
      res.evidence.push({ target: `${t}/${opt}`, line: ev.line, expr: ev.expr, holds: ev.holds });
      if (!ev.holds)
        res.reasons.push({
          kind: 'evidence',
          target: `${t}/${opt}`,
          line: ev.line,
          expr: ev.expr,
          message: `${file}:${ev.line}: evidence ${ev.expr} does not hold on ${t}/${opt}`,
        });
    }
  }
}

// Every interleaving of the compiled code (tools/wasm), checked by its one checker: fills res.outcomes,
// res.partial, res.expect, res.witness and the reasons; false when the explorer could not build the file.
function gradeInterleavings(ctx, res, file, site) {
  const ex = pipeline.explore(ctx);
  const v = ex.outcomes && ex.outcomes.variants.student;
  if (!v) {
    res.reasons.push({
      kind: 'explore',
      line: 1,
      message: `${file}:1: the explorer could not build the file: ` + ex.errors.join('; '),
    });
    return false;
  }
  res.outcomes = v.outcomes.map((o) => ({ key: o.key, count: o.count, witness: o.witness }));
  res.partial = !!v.partial;
  for (const e of v.expect) {
    res.expect.push({ line: e.line, kind: e.kind, expr: e.expr, reachable: e.reachable, ok: e.ok, witness: e.witness });
    if (e.ok) continue;
    const r = { kind: 'outcome', model: 'sc', line: e.line, expr: `${e.kind}: ${e.expr}` };
    if (e.kind === 'unreachable') {
      const o = v.outcomes.find((x) => x.witness === e.witness) || {};
      r.witness = e.witness;
      r.outcome = o.key;
      r.link = witnessLink(ctx.lab, e.witness, site);
      r.message = `${file}:${e.line}: interleaved (sequential consistency): ${e.expr} must be impossible, but schedule ${e.witness} reaches "${o.key}"`;
      if (!res.witness) res.witness = { schedule: e.witness, outcome: o.key, link: r.link };
    } else {
      r.message =
        `${file}:${e.line}: interleaved (sequential consistency): ${e.expr} must be possible, but no interleaving reaches it` +
        (v.partial ? ' (the exploration stopped at its cap)' : '');
    }
    res.reasons.push(r);
  }
  return true;
}

// The lab's AArch64 cells (targets, compiled) under the Armv8 model: each expect-armv8.student line
// must hold on each cell; a cell explored only in part, or not at all, is a failure (no verdict is
// a FAIL, never a PASS). Fills res.armv8 {model, cells, witness} and the reasons (model "armv8",
// target, and for a reached outcome its witness execution).
function gradeArmv8(ctx, res, file, targets) {
  const a = pipeline.armv8(ctx, targets);
  const lines = (ctx.meta.expect_armv8 || {}).student || [];
  const at = lines.length ? lines[0].line : 1;
  res.armv8 = { model: 'armv8', cells: a.cells, witness: null };
  for (const [cell, c] of Object.entries(a.cells)) {
    const where = `${file}:${at}: under Armv8 on ${cell}`;
    if (c.status !== 'ok') {
      res.reasons.push({
        kind: 'explore',
        model: 'armv8',
        target: cell,
        line: at,
        message: `${where}: not explored, so no verdict: ${c.error}`,
      });
      continue;
    }
    if (c.partial) {
      res.partial = true;
      res.reasons.push({
        kind: 'explore',
        model: 'armv8',
        target: cell,
        line: at,
        message: `${where}: the exploration stopped at its bound (${c.why}), so no verdict`,
      });
      continue;
    }
    for (const e of c.expect) {
      if (!e.ok) res.reasons.push(armv8Reason(res, file, cell, c, e));
    }
  }
}

// The reason an expect-armv8 line e fails on cell (its Armv8 summary c).
function armv8Reason(res, file, cell, c, e) {
  const r = { kind: 'outcome', model: 'armv8', target: cell, line: e.line, expr: `${e.kind}: ${e.expr}` };
  const where = `${file}:${e.line}: under Armv8 on ${cell}`;
  if (e.kind !== 'unreachable') {
    r.message = `${where}: ${e.expr} must be possible, but no execution the model allows reaches it`;
    return r;
  }
  const o = c.outcomes.find((x) => x.witness === e.witness) || {};
  r.execution = e.witness;
  r.outcome = o.key;
  r.reordered = o.reordered || [];
  r.message =
    `${where}: ${e.expr} must be impossible, but the model allows "${o.key}": ${processorSays(r.reordered)} ` +
    `(execution: ${e.witness})`;
  if (!res.armv8.witness)
    res.armv8.witness = {
      cell,
      line: e.line,
      expr: e.expr,
      execution: e.witness,
      outcome: o.key,
      reordered: r.reordered,
    };
  return r;
}

// What the processor did in a witness execution, in one sentence, from its missing ordering edges
// (armv8-child.js "reordered": [before, after] pairs of one thread's accesses that the execution
// performs the other way round and that nothing orders).
function processorSays(pairs) {
  if (!pairs.length)
    return (
      'sequential consistency allows this execution too: the compiled code reaches it without ' +
      'any reordering by the processor'
    );
  const each = pairs.map(([a, b]) => `${a} after ${b}`);
  const list = each.length === 1 ? each[0] : each.slice(0, -1).join(', ') + ' and ' + each[each.length - 1];
  return (
    `an Arm processor may perform ${list}: no barrier, release/acquire or dependency orders ` +
    (pairs.length === 1 ? 'that pair' : pairs.length === 2 ? 'either pair' : 'any of those pairs')
  );
}

function grade(opts, res) {
  const conf = config.load();
  config.checkLab(conf, opts.lab);
  const lab = opts.lab;
  const file = opts.file || `labs/${lab}/lab.c`;
  const targets = config.targetsOf(conf, lab);
  Object.assign(res, {
    lab,
    file,
    verdict: 'FAIL',
    stage: 'read',
    targets: targets.map((t) => `${t}/${conf.opt}`),
    reasons: [],
    diagnostics: '',
    witness: null,
    evidence: [],
    expect: [],
    outcomes: [],
    armv8: null,
    cost: null,
    limit: null,
  });
  const fail = (r) => {
    res.reasons.push(r);
    return res;
  };
  const ctx = {
    lab,
    fileAbs: path.resolve(file),
    cells: config.cellsOf(conf, lab),
    limits: opts.limits,
    unsandboxed: opts.unsandboxed,
    work: opts.work || path.join(ROOT, 'build', 'lab', lab, 'check'),
  };
  const ref = opts.useReference === false ? null : loadReference()[lab] || null;
  const site = opts.site || path.join(ROOT, 'build', 'lab', lab, 'site');

  // 1. the file and its metadata block (asm-tool meta: the one reader of the format), then what each
  // compiler's preprocessor makes of it (tools/sandbox check)
  const refused = readFile(ctx, file, ref);
  if (refused) return fail(refused);
  const rejected = checkViews(ctx, file, targets, conf.opt, res);
  if (rejected.length) {
    res.reasons = rejected;
    return res;
  }
  // 2. compile for every target (the compiler's diagnostics name the file), disassemble, evidence
  res.stage = 'compile';
  const asm = pipeline.compile(ctx, targets, conf.opt);
  if (asm.compile) {
    res.diagnostics = asm.compile.out;
    const line = lineOf(ctx, asm.compile.out);
    return fail({
      kind: 'compile',
      target: `${asm.compile.target}/${conf.opt}`,
      line,
      message: `${file}:${line}: does not compile for ${asm.compile.target}/${conf.opt} (compiler diagnostics below)`,
    });
  }
  res.stage = 'evidence';
  for (const t of Object.keys(asm.failed)) {
    res.reasons.push({
      kind: 'evidence',
      target: `${t}/${conf.opt}`,
      line: 1,
      message: `${file}:1: the code compiled for ${t}/${conf.opt} cannot be analyzed: ${asm.failed[t]}`,
    });
  }
  const analyzed = targets.filter((t) => asm.cells[t]);
  if (!analyzed.length) return res;
  gradeEvidence(res, file, asm, analyzed, conf.opt);
  // 3. every interleaving of the compiled code (tools/wasm), checked by its one checker; then the
  // AArch64 cells under the Armv8 model (tools/native, the build's own exploration)
  res.stage = 'explore';
  const explored = gradeInterleavings(ctx, res, file, site);
  if (!explored) return res;
  gradeArmv8(
    ctx,
    res,
    file,
    analyzed.filter((t) => pipeline.readTargets().targets[t].arch === 'aarch64'),
  );
  // 4. cost against the reference solution
  res.stage = 'done';
  const c = { source: cost.sourceCost(pipeline.uncommented(ctx)), loops: {} };
  for (const t of analyzed) c.loops[`${t}/${conf.opt}`] = cost.loopCost(asm.cells[t], ctx.meta.threads);
  c.reference = ref ? ref.cost : null;
  c.warnings = cost.compare(c, c.reference);
  res.cost = c;
  res.verdict = res.reasons.length ? 'FAIL' : 'PASS';
  return res;
}

module.exports = { check, witnessLink, gradedMeta, REFERENCE, loadReference, processorSays };
