// summary.js - the class summary of one lab's batch: how many submissions end in each verdict, why
// they fail (the failed checks, counted per submission), and the most common wrong fixes: the sets
// of checks that fail together, each named after the lab's own wrong fix (labs/<lab>/wrong/*.c,
// first line "[fails: <check>]" or "[fails under Armv8: <check>]") when it fails the same way. Writes it as an HTML page.
'use strict';
const { rowOf } = require('./gradebook');
const { escapeHtml: esc } = require('../../jslib/html');

// The checks a result failed, as line-free keys: "evidence loads_in_loop(t1, x) >= 1", "outcome
// unreachable: r1 != 42", "outcome under Armv8 unreachable: r1 != 42" (the Arm machine's failures
// apart: a fix can pass every interleaving and fail there), "explore under Armv8" (no verdict).
function failedChecks(res) {
  if (!res) return ['no result'];
  if (res.limit) return [`${res.verdict} at ${res.limit.step} (${res.limit.name})`];
  return (res.reasons || [])
    .map((r) => {
      if (r.kind === 'evidence' && r.expr) return `evidence ${r.expr}`;
      if (r.kind === 'outcome') return r.model === 'armv8' ? `outcome under Armv8 ${r.expr}` : `outcome ${r.expr}`;
      if (r.kind === 'explore' && r.model === 'armv8') return 'explore under Armv8';
      if (r.kind === 'read') return String(r.message); // no file to grade: the message says why
      return r.kind || 'other';
    })
    .filter((v, i, a) => a.indexOf(v) === i);
}

// graded: [{student, result}]; known: [{name, fails}] (the lab's wrong fixes).
function summarize(lab, graded, known) {
  const verdicts = {};
  const reasons = new Map();
  const sets = new Map();
  for (const g of graded) {
    const row = rowOf(g.student, g.result);
    verdicts[row.verdict] = (verdicts[row.verdict] || 0) + 1;
    if (row.verdict === 'PASS') continue;
    const checks = failedChecks(g.result);
    for (const c of checks) {
      if (!reasons.has(c)) reasons.set(c, []);
      reasons.get(c).push(g.student);
    }
    const key = checks.slice().sort().join(' + ');
    if (!sets.has(key)) sets.set(key, { checks: checks.slice().sort(), students: [] });
    sets.get(key).students.push(g.student);
  }
  const byCount = (a, b) => b.students.length - a.students.length || (a.key < b.key ? -1 : 1);
  const wrongFixes = [...sets.entries()]
    .map(([key, v]) =>
      Object.assign({ key }, v, {
        like: (known || [])
          .filter((k) =>
            v.checks.some((c) => k.fails && c.includes(k.fails) && !!k.armv8 === c.startsWith('outcome under Armv8 ')),
          )
          .map((k) => k.name),
      }),
    )
    .sort(byCount);
  return {
    lab,
    total: graded.length,
    verdicts,
    reasons: [...reasons.entries()].map(([key, students]) => ({ key, students })).sort(byCount),
    wrongFixes,
  };
}

// The summary page. reportHref(student) -> the student's report page (relative), or null.
function toHtml(s, reportHref) {
  const link = (st) => {
    const h = reportHref && reportHref(st);
    return h ? `<a href="${esc(h)}">${esc(st)}</a>` : esc(st);
  };
  const out = [];
  out.push(
    '<!DOCTYPE html>',
    '<html lang="en">',
    '<head><meta charset="utf-8">',
    `<title>${esc(s.lab)}: class summary</title></head>`,
    '<body>',
    `<h1>Lab ${esc(s.lab)}: class summary</h1>`,
  );
  out.push(
    `<p>${s.total} submissions.</p>`,
    '<table><thead><tr><th>verdict</th><th>submissions</th></tr></thead><tbody>',
  );
  for (const v of Object.keys(s.verdicts).sort()) out.push(`<tr><td>${esc(v)}</td><td>${s.verdicts[v]}</td></tr>`);
  out.push(
    '</tbody></table>',
    '<h2>Why they fail</h2>',
    '<table><thead><tr><th>failed check</th><th>submissions</th><th>students</th></tr></thead><tbody>',
  );
  for (const r of s.reasons)
    out.push(`<tr><td>${esc(r.key)}</td><td>${r.students.length}</td><td>${r.students.map(link).join(', ')}</td></tr>`);
  out.push(
    '</tbody></table>',
    '<h2>Most common wrong fixes</h2>',
    '<table><thead><tr><th>checks that fail together</th><th>like</th><th>submissions</th><th>students</th></tr></thead><tbody>',
  );
  for (const w of s.wrongFixes)
    out.push(
      `<tr><td>${w.checks.map(esc).join('<br>')}</td><td>${w.like.map(esc).join(', ')}</td>` +
        `<td>${w.students.length}</td><td>${w.students.map(link).join(', ')}</td></tr>`,
    );
  out.push('</tbody></table>', '</body>', '</html>', '');
  return out.join('\n');
}

module.exports = { summarize, failedChecks, toHtml };
