// gradescope.js - a grader result (result.json, lab-result/1) as Gradescope's results.json
// (https://gradescope-autograders.readthedocs.io/en/latest/specs/): the lab's verdict is the score
// (max_score for PASS, 0 otherwise), and each check is a test with its status and message, visible
// to the student: compiles on each target, each evidence line on each target, each expected
// outcome (of every interleaving, and under Armv8 on each AArch64 cell), and the sandbox's limits.
'use strict';

function test(name, ok, output) {
  return { name, status: ok ? 'passed' : 'failed', output: output || '', visibility: 'visible' };
}

// The AArch64 cells under Armv8: each expect-armv8 line on each cell, or the cell's exploration when it
// gave no verdict (a bound hit, not explored).
function armv8Tests(res, failed) {
  const tests = [];
  for (const [cell, c] of Object.entries((res.armv8 || {}).cells || {})) {
    const why = failed((r) => r.model === 'armv8' && r.target === cell);
    if (!c.expect) {
      tests.push(test(`explored under Armv8 on ${cell}`, false, why.length ? why[0].message : ''));
      continue;
    }
    for (const e of c.expect) {
      const w = why.find((r) => r.line === e.line);
      tests.push(test(`outcome ${e.kind}: ${e.expr} under Armv8 on ${cell}`, e.ok, w ? w.message : ''));
    }
  }
  return tests;
}

// res: parsed result.json or null (the grader wrote none); maxScore: the assignment's points.
function results(res, maxScore) {
  const max = maxScore == null ? 1 : maxScore;
  if (!res) {
    return {
      score: 0,
      output: 'The grader stopped without a result; please tell your teacher.',
      visibility: 'visible',
      stdout_visibility: 'hidden',
      tests: [],
    };
  }
  const tests = [];
  const failed = (pred) => (res.reasons || []).filter(pred);
  if (res.limit) tests.push(test(`limits (${res.limit.step})`, false, res.limit.message));
  const early = failed((r) => r.kind === 'metadata' || r.kind === 'check' || r.kind === 'compile');
  for (const r of early)
    tests.push(test(r.kind === 'compile' ? `compiles for ${r.target}` : 'the file', false, r.message));
  if (early.length && res.diagnostics) tests[tests.length - 1].output += '\n\n' + res.diagnostics;
  if (!early.length && !res.limit) {
    for (const t of res.targets || []) tests.push(test(`compiles for ${t}`, true));
  }
  for (const e of res.evidence || []) {
    const why = failed((r) => r.kind === 'evidence' && r.target === e.target && r.expr === e.expr)[0];
    tests.push(test(`evidence ${e.expr} on ${e.target}`, e.holds, why ? why.message : ''));
  }
  for (const e of res.expect || []) {
    const why = failed((r) => r.kind === 'outcome' && r.line === e.line)[0];
    const out = why ? why.message + (why.link ? `\nreplay it in the explorer: ${why.link}` : '') : '';
    tests.push(test(`outcome ${e.kind}: ${e.expr}`, e.ok, out));
  }
  for (const t of armv8Tests(res, failed)) tests.push(t);
  const cost =
    res.cost && res.cost.warnings && res.cost.warnings.length
      ? '\nCost warnings (they do not change the score):\n' + res.cost.warnings.map((w) => '  - ' + w).join('\n')
      : '';
  return {
    score: res.verdict === 'PASS' ? max : 0,
    output:
      `Lab ${res.lab}: ${res.verdict}` +
      (res.reasons && res.reasons.length
        ? ` (${res.reasons.length} problem` + `${res.reasons.length === 1 ? '' : 's'})`
        : '') +
      cost,
    visibility: 'visible',
    stdout_visibility: 'hidden',
    tests,
  };
}

module.exports = { results };
