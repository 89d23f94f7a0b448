// gradebook.js - one gradebook row per graded submission (student, verdict, reason, cost) from the
// grader's result.json (schema lab-result/1, tools/lab/README.md), and the rows as CSV.
// A result may end in a sandbox verdict (TIMEOUT, MEMORY, OUTPUT, REFUSED, ERROR) with `limit`
// naming the step and the limit; a submission without a result is an ERROR row, never a gap.
'use strict';

const HEADER = ['student', 'verdict', 'reason', 'cost'];

// The first reason, without the submission's path (it names the student's folder): "line 11: ...".
function reasonOf(res) {
  if (!res) return 'the grader wrote no result';
  if (res.limit && res.limit.message) return res.limit.message;
  const r = (res.reasons || [])[0];
  if (!r) return '';
  const m = /^.*?:(\d+): (.*)$/s.exec(r.message || '');
  return m ? `line ${m[1]}: ${m[2]}` : String(r.message || r.kind || '');
}

function costOf(res) {
  const c = res && res.cost;
  if (!c || !c.source) return '';
  let s = `${c.source.marked.total} marked, ${c.source.barriers.total} barriers`;
  if (c.warnings && c.warnings.length) s += `; ${c.warnings.join('; ')}`;
  return s;
}

// student: a name (file or folder); res: a parsed result.json or null.
function rowOf(student, res) {
  return { student, verdict: res ? res.verdict : 'ERROR', reason: reasonOf(res), cost: costOf(res) };
}

// RFC 4180 quoting; a cell a spreadsheet would run as a formula (=, +, -, @, tab, CR first) gets a
// leading apostrophe: a student's folder name or message never becomes a formula.
function cell(v) {
  let s = String(v == null ? '' : v);
  if (/^[=+\-@\t\r]/.test(s)) s = "'" + s;
  return /[",\n\r]/.test(s) ? '"' + s.replace(/"/g, '""') + '"' : s;
}

function toCsv(rows) {
  const lines = [HEADER.join(',')];
  for (const r of rows) lines.push(HEADER.map((k) => cell(r[k])).join(','));
  return lines.join('\r\n') + '\r\n';
}

module.exports = { rowOf, reasonOf, costOf, toCsv, HEADER };
