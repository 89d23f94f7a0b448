// report.js - the checker's printed report: verdict, reasons with file:line (each naming its model,
// and under Armv8 its cell), the witness schedule and its link, the witness execution under Armv8,
// the models the file was explored under, and the cost against the reference solution.
'use strict';

function list(by) {
  const k = Object.keys(by);
  return k.length ? ' (' + k.map((n) => `${n} ${by[n]}`).join(', ') + ')' : '';
}

function costText(c) {
  const out = [];
  const r = c.reference;
  out.push(
    `cost: ${c.source.marked.total} marked accesses${list(c.source.marked.by)}` +
      (r ? `, reference ${r.source.marked.total}` : '') +
      `; ${c.source.barriers.total} barriers${list(c.source.barriers.by)}` +
      (r ? `, reference ${r.source.barriers.total}` : ''),
  );
  for (const t of Object.keys(c.loops)) {
    const l = c.loops[t];
    const rl = r && r.loops[t];
    out.push(
      `  hot loops on ${t}: ${l.insns} instructions, ${l.fences} fences` +
        (rl ? ` (reference ${rl.insns} instructions, ${rl.fences} fences)` : ''),
    );
  }
  if (c.warnings.length) {
    out.push('COST WARNING: this fix pays more than the reference solution needs:');
    for (const w of c.warnings) out.push('  - ' + w);
  } else if (r && c.passed) {
    out.push('cost: no more than the reference solution');
  }
  return out.join('\n') + '\n';
}

function text(res, resultPath) {
  const out = [];
  out.push(`lab ${res.lab}: ${res.file} on ${(res.targets || []).join(' ')}`);
  if (res.limit) {
    // a step the sandbox stopped: which step, which limit
    out.push(`${res.verdict}: ${res.limit.message}`);
    out.push(
      res.verdict === 'REFUSED'
        ? '  (no sandbox on this machine: nothing of the file was run)'
        : '  (the grade stops here: no verdict on the fix itself)',
    );
  } else {
    out.push(
      res.verdict +
        (res.verdict === 'FAIL' ? ` (${res.reasons.length} problem${res.reasons.length === 1 ? '' : 's'})` : ''),
    );
  }
  for (const r of res.reasons) out.push('  ' + r.message);
  if (res.diagnostics) out.push('compiler diagnostics:\n' + res.diagnostics.replace(/\s+$/, ''));
  if (res.witness) {
    out.push(
      res.witness.schedule
        ? `witness: schedule ${res.witness.schedule} (thread of each step) ends in "${res.witness.outcome}"`
        : `witness: the empty schedule (before any shared access) already ends in "${res.witness.outcome}"`,
    );
    out.push(`  open it in the explorer: ${res.witness.link}`);
  }
  if (res.armv8 && res.armv8.witness) {
    const w = res.armv8.witness;
    out.push(`witness under Armv8 on ${w.cell}: the execution "${w.execution}" ends in "${w.outcome}"`);
    out.push('  (each event: thread:line, R or W, the location and the value; "from" names the write a read reads)');
    for (const [a, b] of w.reordered || [])
      out.push(`  not ordered, and performed the other way round: ${a} before ${b} in program order`);
  }
  if (res.armv8) {
    const cells = Object.keys(res.armv8.cells);
    out.push(
      cells.length
        ? `models: every interleaving (sequential consistency); the Armv8 model on ${cells.join(' ')}`
        : 'models: every interleaving (sequential consistency); no AArch64 cell, so no Armv8 exploration',
    );
  }
  if (res.page) out.push(`lab page: ${res.page}`);
  if (res.page_error)
    out.push('(the lab page could not be built: ' + res.page_error.trim().split('\n').slice(-2).join(' ') + ')');
  if (res.cost) out.push(costText(Object.assign({ passed: res.verdict === 'PASS' }, res.cost)).replace(/\n$/, ''));
  if (resultPath) out.push(`result: ${resultPath}`);
  return out.join('\n') + '\n';
}

module.exports = { text, costText };
