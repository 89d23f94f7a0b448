// check.js - the autograder: grades one lab file and returns the result object that lab.js prints
// and writes to build/lab/<lab>/result.json (schema: tools/lab/README.md, "result.json").
'use strict';
const fs = require('fs');
const path = require('path');
const { pathToFileURL } = require('url');
const config = require('./config');
const labfile = require('./labfile');
const pipeline = require('./pipeline');
const cost = require('./cost');

const ROOT = config.ROOT;
const REFERENCE = path.join(ROOT, 'tools', 'lab', 'reference.json');

function loadReference() {
  try {
    return JSON.parse(fs.readFileSync(REFERENCE, 'utf8'));
  } catch (e) {
    return {};
  }
}

// The page that `make lab` builds, opened on one schedule of the explorer.
function witnessLink(lab, schedule) {
  const page = path.join(ROOT, 'build', 'lab', lab, 'site', 'labs', lab + '.html');
  return pathToFileURL(page).href + `#explore=lab/${lab}:plain:${schedule}`;
}

// opts: {lab, file, work, useReference (default true)}
function check(opts) {
  const conf = config.load();
  config.checkLab(conf, opts.lab);
  const lab = opts.lab;
  const file = opts.file || `labs/${lab}/lab.c`;
  const res = {
    schema: 'lab-result/1', lab, file, verdict: 'FAIL', stage: 'read',
    targets: config.targetsOf(conf, lab).map((t) => `${t}/${conf.opt}`),
    reasons: [], diagnostics: '', witness: null, evidence: [], expect: [], outcomes: [], cost: null,
  };
  const fail = (r) => { res.reasons.push(r); return res; };
  const ctx = {
    lab, file, fileAbs: path.resolve(file), cwd: process.cwd(),
    work: opts.work || path.join(ROOT, 'build', 'lab', lab, 'check'),
    targets: config.targetsOf(conf, lab), opt: conf.opt,
  };
  const ref = opts.useReference === false ? null : loadReference()[lab] || null;

  // 1. the file and its metadata block
  try {
    pipeline.prepare(ctx);
  } catch (e) {
    if (e instanceof labfile.LabFileError) return fail({ kind: 'metadata', message: e.message });
    throw e;
  }
  if (ref && ref.meta) {
    const mine = labfile.gradedMeta(ctx.parts);
    const keyed = ctx.parts.meta.filter((m) => m.key !== 'title');
    for (let i = 0; i < Math.max(mine.length, ref.meta.length); i++) {
      if (mine[i] === ref.meta[i]) continue;
      const line = keyed[i] ? keyed[i].line : ctx.parts.end + 1;
      return fail({ kind: 'metadata', line, message: `${file}:${line}: the metadata block differs from the lab's ` +
        `(expected "${ref.meta[i] || '(nothing)'}"); the checker grades against it, so restore it` });
    }
  }
  // 2. does it compile? (the student's own file, so diagnostics name it)
  res.stage = 'compile';
  const pre = pipeline.precheck(ctx);
  if (pre) {
    res.diagnostics = pre.out;
    const m = new RegExp('^' + file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&') + ':(\\d+):', 'm').exec(pre.out);
    const line = m ? +m[1] : 1;
    return fail({ kind: 'compile', target: pre.target, line,
      message: `${file}:${line}: does not compile for ${pre.target}/${conf.opt} (compiler diagnostics below)` });
  }
  // 3. compile for every target, disassemble, evidence (tools/asm)
  res.stage = 'evidence';
  const asm = pipeline.runAsm(ctx);
  const off = ctx.parts.start; // metadata lines are counted from the /*@example line
  for (const t of Object.keys(asm.failed)) {
    res.reasons.push({ kind: 'evidence', target: `${t}/${conf.opt}`, line: 1,
      message: `${file}:1: the code compiled for ${t}/${conf.opt} cannot be analyzed: ${asm.failed[t]}` });
  }
  for (const t of ctx.targets.filter((x) => asm.cells[x])) {
    for (const ev0 of asm.cells[t].evidence) {
      const ev = Object.assign({}, ev0, { line: ev0.line + off });
      res.evidence.push({ target: `${t}/${conf.opt}`, line: ev.line, expr: ev.expr, holds: ev.holds });
      if (!ev.holds)
        res.reasons.push({ kind: 'evidence', target: `${t}/${conf.opt}`, line: ev.line, expr: ev.expr,
          message: `${file}:${ev.line}: evidence ${ev.expr} does not hold on ${t}/${conf.opt}` });
    }
  }
  // 4. every interleaving of the compiled code (tools/wasm)
  res.stage = 'explore';
  const ex = pipeline.runExplore(ctx, asm.meta);
  const v = ex.outcomes.variants.plain;
  if (!v) {
    return fail({ kind: 'explore', line: 1, message: `${file}:1: the explorer could not build the file: ` +
      ex.errors.join('; ') });
  }
  res.outcomes = v.outcomes.map((o) => ({ key: o.key, count: o.count, witness: o.witness }));
  res.partial = !!v.partial;
  for (const e0 of v.expect) {
    const e = Object.assign({}, e0, { line: e0.line + off });
    res.expect.push({ line: e.line, kind: e.kind, expr: e.expr, reachable: e.reachable, ok: e.ok, witness: e.witness });
    if (e.ok) continue;
    const r = { kind: 'outcome', line: e.line, expr: `${e.kind}: ${e.expr}` };
    if (e.kind === 'unreachable') {
      const o = v.outcomes.find((x) => x.witness === e.witness) || {};
      r.witness = e.witness;
      r.outcome = o.key;
      r.link = witnessLink(lab, e.witness);
      r.message = `${file}:${e.line}: ${e.expr} must be impossible, but schedule ${e.witness} reaches "${o.key}"`;
      if (!res.witness) res.witness = { schedule: e.witness, outcome: o.key, link: r.link };
    } else {
      r.message = `${file}:${e.line}: ${e.expr} must be possible, but no interleaving reaches it` +
        (v.partial ? ' (the exploration stopped at its cap)' : '');
    }
    res.reasons.push(r);
  }
  // 5. cost against the reference solution
  res.stage = 'done';
  const c = { source: cost.sourceCost(ctx.fileAbs, ctx.cwd), loops: {} };
  for (const t of ctx.targets.filter((x) => asm.cells[x]))
    c.loops[`${t}/${conf.opt}`] = cost.loopCost(asm.cells[t], asm.meta.threads);
  c.reference = ref ? ref.cost : null;
  c.warnings = cost.compare(c, c.reference);
  res.cost = c;
  res.verdict = res.reasons.length ? 'FAIL' : 'PASS';
  return res;
}

module.exports = { check, witnessLink, REFERENCE, loadReference };
