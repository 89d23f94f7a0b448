// report.js - one student's report page in a batch (build/grade/<lab>/reports/<student>/index.html):
// the verdict and why (each reason at its line, the compiler's diagnostics, the sandbox limit a step
// hit), the witness schedule with a link that replays it in the student's own lab page (site/, built
// from their file: their disassembly and explorer), every evidence and outcome check, and the cost
// against the reference solution. Everything from the result is escaped: it holds the student's text.
'use strict';
const { escapeHtml: esc } = require('../../jslib/html');

// res: a parsed result.json or null; labPage: the student's lab page relative to the report
// (site/labs/<lab>.html) or null when none was built.
function toHtml(student, res, labPage) {
  const out = [];
  const title = `${res ? res.lab : 'lab'}: ${student}`;
  out.push(
    '<!DOCTYPE html>',
    '<html lang="en">',
    '<head><meta charset="utf-8">',
    `<title>${esc(title)}</title></head>`,
    '<body>',
    `<p><a href="../../summary.html">class summary</a></p>`,
    `<h1>${esc(title)}</h1>`,
  );
  if (!res) {
    out.push('<p><strong>ERROR</strong>: the grader wrote no result (see the log).</p>', '</body>', '</html>', '');
    return out.join('\n');
  }
  out.push(
    `<p>Verdict: <strong>${esc(res.verdict)}</strong>${res.file ? ` for <code>${esc(res.file)}</code>` : ''}` +
      `${res.targets ? ` on ${res.targets.map(esc).join(', ')}` : ''}.</p>`,
  );
  if (res.limit)
    out.push(`<p>The sandbox stopped the step <code>${esc(res.limit.step)}</code>: ${esc(res.limit.message)}</p>`);
  if (labPage)
    out.push(
      `<p>Your code's disassembly and explorer: <a href="${esc(labPage)}">the lab page built from your file</a>.</p>`,
    );
  if ((res.reasons || []).length) {
    out.push('<h2>Problems</h2>', '<ul>');
    for (const r of res.reasons) {
      const replay =
        r.witness !== undefined && labPage
          ? ` (<a href="${esc(labPage + '#explore=lab/' + res.lab + ':student:' + r.witness)}">replay schedule ${esc(r.witness)}</a>)`
          : '';
      out.push(`<li>${esc(r.message)}${replay}</li>`);
    }
    out.push('</ul>');
  }
  if (res.diagnostics) out.push('<h2>Compiler diagnostics</h2>', `<pre>${esc(res.diagnostics)}</pre>`);
  if (res.witness) {
    const href = labPage ? esc(labPage + '#explore=lab/' + res.lab + ':student:' + res.witness.schedule) : null;
    out.push(
      '<h2>Witness</h2>',
      `<p>Schedule <code>${esc(res.witness.schedule || '(empty)')}</code> (the thread of each step) ` +
        `ends in <code>${esc(res.witness.outcome)}</code>${href ? `: <a href="${href}">replay it in the explorer</a>` : ''}.</p>`,
    );
  }
  if (res.armv8 && res.armv8.witness) out.push(...armv8Witness(res.armv8.witness));
  if ((res.evidence || []).length || (res.expect || []).length) {
    out.push(
      '<h2>Checks</h2>',
      '<table><thead><tr><th>line</th><th>check</th><th>on</th><th>result</th></tr></thead><tbody>',
    );
    for (const e of res.evidence || [])
      out.push(
        `<tr><td>${e.line}</td><td>evidence ${esc(e.expr)}</td><td>${esc(e.target)}</td><td>${e.holds ? 'holds' : 'FAILS'}</td></tr>`,
      );
    for (const e of res.expect || [])
      out.push(
        `<tr><td>${e.line}</td><td>${esc(e.kind)}: ${esc(e.expr)}</td><td>every interleaving</td><td>${e.ok ? 'holds' : 'FAILS'}</td></tr>`,
      );
    out.push(...armv8Rows(res.armv8));
    out.push('</tbody></table>');
  }
  if (res.cost) out.push('<h2>Cost</h2>', costHtml(res.cost));
  out.push('</body>', '</html>', '');
  return out.join('\n');
}

// The witness execution of the first expect-armv8 line that failed (result.json's armv8.witness).
// Its reordered pairs: what the processor did that no interleaving does.
function armv8Witness(w) {
  const out = [
    `<h2>Witness under Armv8 on ${esc(w.cell)}</h2>`,
    `<p>The execution <code>${esc(w.execution)}</code> ` +
      `(each event: thread:line, read or write, location and value; "from": the write a read reads) ends in ` +
      `<code>${esc(w.outcome)}</code>.</p>`,
  ];
  const pairs = w.reordered || [];
  if (!pairs.length) return out;
  out.push(
    '<p>What an Arm processor did here, with nothing (no barrier, release/acquire or dependency) to stop it:</p>',
    '<ul>',
  );
  for (const [a, b] of pairs)
    out.push(
      `<li><code>${esc(a)}</code> comes before <code>${esc(b)}</code> in program order, and the processor performed it after</li>`,
    );
  out.push('</ul>');
  return out;
}

// The checks table's rows for the AArch64 cells under Armv8: each expect-armv8 line on each cell, or
// the cell's exploration when it gave no verdict.
function armv8Rows(armv8) {
  const rows = [];
  for (const [cell, c] of Object.entries((armv8 || {}).cells || {})) {
    for (const e of c.expect || [])
      rows.push(
        `<tr><td>${e.line}</td><td>${esc(e.kind)}: ${esc(e.expr)}</td><td>Armv8 on ${esc(cell)}</td><td>${e.ok ? 'holds' : 'FAILS'}</td></tr>`,
      );
    if (!c.expect) rows.push(`<tr><td></td><td>explored under Armv8</td><td>${esc(cell)}</td><td>NO VERDICT</td></tr>`);
  }
  return rows;
}

function costHtml(c) {
  const r = c.reference;
  const out = [
    '<table><thead><tr><th></th><th>this fix</th><th>reference</th></tr></thead><tbody>',
    `<tr><td>marked accesses</td><td>${c.source.marked.total}</td><td>${r ? r.source.marked.total : ''}</td></tr>`,
    `<tr><td>barriers</td><td>${c.source.barriers.total}</td><td>${r ? r.source.barriers.total : ''}</td></tr>`,
  ];
  for (const t of Object.keys(c.loops)) {
    const rl = r && r.loops[t];
    out.push(
      `<tr><td>hot loops on ${esc(t)}: instructions, fences</td><td>${c.loops[t].insns}, ${c.loops[t].fences}</td>` +
        `<td>${rl ? `${rl.insns}, ${rl.fences}` : ''}</td></tr>`,
    );
  }
  out.push('</tbody></table>');
  if ((c.warnings || []).length)
    out.push(
      '<p>Cost warnings (they do not change the verdict):</p>',
      '<ul>',
      ...c.warnings.map((w) => `<li>${esc(w)}</li>`),
      '</ul>',
    );
  return out.join('\n');
}

module.exports = { toHtml };
