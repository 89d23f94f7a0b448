// gradescope.js - a grader result (result.json, lab-result/1) as Gradescope's results.json
// (https://gradescope-autograders.readthedocs.io/en/latest/specs/): the lab's verdict is the score
// (max_score for PASS, 0 otherwise), and each check is a test with its status and message, visible
// to the student: compiles on each target, each evidence line on each target, each expected
// outcome, and the sandbox's limits.
'use strict';

function test(name, ok, output) {
  return { name, status: ok ? 'passed' : 'failed', output: output || '', visibility: 'visible' };
}

// res: parsed result.json or null (the grader wrote none); maxScore: the assignment's points.
function results(res, maxScore) {
  const max = maxScore == null ? 1 : maxScore;
  if (!res) {
    return { score: 0, output: 'The grader stopped without a result; please tell your teacher.',
      visibility: 'visible', stdout_visibility: 'hidden', tests: [] };
  }
  const tests = [];
  const failed = (pred) => (res.reasons || []).filter(pred);
  if (res.limit) tests.push(test(`limits (${res.limit.step})`, false, res.limit.message));
  const early = failed((r) => r.kind === 'metadata' || r.kind === 'check' || r.kind === 'compile');
  for (const r of early) tests.push(test(r.kind === 'compile' ? `compiles for ${r.target}` : 'the file', false, r.message));
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
  const cost = res.cost && res.cost.warnings && res.cost.warnings.length
    ? '\nCost warnings (they do not change the score):\n' + res.cost.warnings.map((w) => '  - ' + w).join('\n') : '';
  return {
    score: res.verdict === 'PASS' ? max : 0,
    output: `Lab ${res.lab}: ${res.verdict}` + (res.reasons && res.reasons.length ? ` (${res.reasons.length} problem` +
      `${res.reasons.length === 1 ? '' : 's'})` : '') + cost,
    visibility: 'visible', stdout_visibility: 'hidden', tests,
  };
}

module.exports = { results };
