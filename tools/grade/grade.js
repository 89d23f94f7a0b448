#!/usr/bin/env node
// grade.js LAB SUBMISSIONS [--out DIR] [-j N] [--limits JSON] - grades a class: every submission of
// SUBMISSIONS (a .c file directly in it, or a folder holding lab.c or a single .c file; the student is
// the file or folder name), N at a time (default: the number of cores), each by the lab grader in a
// child process (`tools/lab/lab.js check`, every step in the sandbox; --limits: tighter limits per
// step, for tests). Resumable: a submission whose result is already in OUT/results/ for the same file
// contents is not graded again. Writes OUT/gradebook.csv, OUT/summary.html and each student's report
// OUT/reports/<student>/index.html beside the lab page built from their file (reports/<student>/site/)
// (lib/gradebook.js, lib/summary.js, lib/report.js); default OUT is build/grade/LAB.
// Exit status: 0 when every submission has a result (whatever its verdict), 1 otherwise.
'use strict';
const crypto = require('crypto');
const fs = require('fs');
const os = require('os');
const path = require('path');
const { spawn } = require('child_process');
const gradebook = require('./lib/gradebook');
const summary = require('./lib/summary');
const report = require('./lib/report');

const ROOT = path.resolve(__dirname, '..', '..');

// A student's name as a file name: what is safe is kept, anything else becomes _XX (bijective).
function safeName(s) {
  return s.replace(/[^A-Za-z0-9.-]|^\./g, (c) => '_' + c.charCodeAt(0).toString(16).padStart(2, '0'));
}

// [{student, file | null (nothing to grade), why}]
function submissions(dir) {
  const out = [];
  for (const e of fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
    const p = path.join(dir, e.name);
    if (e.isFile() && e.name.endsWith('.c')) out.push({ student: e.name.slice(0, -2), file: p });
    if (!e.isDirectory()) continue;
    const cs = fs.readdirSync(p).filter((f) => f.endsWith('.c') && fs.statSync(path.join(p, f)).isFile());
    const pick = cs.includes('lab.c') ? 'lab.c' : cs.length === 1 ? cs[0] : null;
    out.push({
      student: e.name,
      file: pick && path.join(p, pick),
      why: pick ? null : cs.length ? `several .c files and no lab.c: ${cs.join(' ')}` : 'no .c file',
    });
  }
  return out;
}

function hashOf(file) {
  return crypto.createHash('sha256').update(fs.readFileSync(file)).digest('hex');
}

function gradeOne(lab, s, out, limits) {
  const base = safeName(s.student);
  const result = path.join(out, 'results', base + '.json');
  const stamp = path.join(out, 'results', base + '.sha256');
  const hash = hashOf(s.file);
  if (fs.existsSync(result) && fs.existsSync(stamp) && fs.readFileSync(stamp, 'utf8') === hash)
    return Promise.resolve('kept');
  fs.rmSync(result, { force: true });
  fs.rmSync(path.join(out, 'reports', base), { recursive: true, force: true });
  const args = [
    path.join(ROOT, 'tools', 'lab', 'lab.js'),
    'check',
    lab,
    s.file,
    '--work',
    path.join(out, 'work', base),
    '--result',
    result,
    '--site',
    path.join(out, 'reports', base, 'site'),
    '--quiet',
  ];
  if (limits) args.push('--limits', limits);
  const log = fs.openSync(path.join(out, 'logs', base + '.txt'), 'w');
  return new Promise((resolve) => {
    const p = spawn(process.execPath, args, { stdio: ['ignore', log, log] });
    p.on('close', () => {
      fs.closeSync(log);
      if (fs.existsSync(result)) fs.writeFileSync(stamp, hash);
      resolve('graded');
    });
  });
}

// The lab's own wrong fixes, by the check their first line says must catch them.
function knownWrongFixes(lab) {
  const dir = path.join(ROOT, 'labs', lab, 'wrong');
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.c'))
    .sort()
    .map((f) => {
      const first = fs.readFileSync(path.join(dir, f), 'utf8').split('\n')[0];
      const m = /\[fails( under Armv8)?: (.*?)\]/.exec(first);
      return { name: f.slice(0, -2), fails: m ? m[2] : null, armv8: !!(m && m[1]) };
    });
}

async function main(argv) {
  const pos = [];
  let out = null;
  let jobs = os.cpus().length;
  let limits = null;
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--out') out = argv[++i];
    else if (argv[i] === '--limits') limits = argv[++i];
    else if (argv[i] === '-j') jobs = Math.max(1, parseInt(argv[++i], 10) || 1);
    else pos.push(argv[i]);
  }
  const [lab, dir] = pos;
  if (!lab || !dir) throw new Error('usage: grade.js LAB SUBMISSIONS [--out DIR] [-j N]');
  if (!fs.existsSync(path.join(ROOT, 'labs', lab))) throw new Error(`labs/${lab}: no such lab`);
  out = path.resolve(out || path.join(ROOT, 'build', 'grade', lab));
  for (const d of ['results', 'logs', 'work', 'reports']) fs.mkdirSync(path.join(out, d), { recursive: true });
  const subs = submissions(dir);
  const todo = subs.filter((s) => s.file);
  let next = 0;
  let done = 0;
  const t0 = Date.now();
  await Promise.all(
    Array.from({ length: Math.min(jobs, todo.length) }, async () => {
      while (next < todo.length) {
        const s = todo[next++];
        const how = await gradeOne(lab, s, out, limits);
        const res = readResult(out, s.student);
        writeReport(out, s.student, res);
        const row = gradebook.rowOf(s.student, res);
        done++;
        process.stdout.write(
          `[${done}/${todo.length}] ${s.student}: ${row.verdict}${how === 'kept' ? ' (kept)' : ''}` +
            `${row.reason ? ' - ' + row.reason : ''}\n`,
        );
      }
    }),
  );
  const graded = subs.map((s) => ({
    student: s.student,
    result: s.file ? readResult(out, s.student) : { verdict: 'ERROR', reasons: [{ kind: 'read', message: s.why }] },
  }));
  fs.writeFileSync(
    path.join(out, 'gradebook.csv'),
    gradebook.toCsv(graded.map((g) => gradebook.rowOf(g.student, g.result))),
  );
  const sum = summary.summarize(lab, graded, knownWrongFixes(lab));
  for (const s of subs.filter((x) => !x.file)) writeReport(out, s.student, null, s.why);
  fs.writeFileSync(
    path.join(out, 'summary.html'),
    summary.toHtml(sum, (st) => `reports/${encodeURIComponent(safeName(st))}/index.html`),
  );
  const secs = (Date.now() - t0) / 1000;
  process.stdout.write(
    `${subs.length} submissions: ` +
      Object.entries(sum.verdicts)
        .map(([v, n]) => `${n} ${v}`)
        .join(', ') +
      `; ${secs.toFixed(1)} s\ngradebook: ${path.join(out, 'gradebook.csv')}\nsummary: ${path.join(out, 'summary.html')}\n`,
  );
  return graded.every((g) => g.result) ? 0 : 1;
}

// reports/<student>/index.html, beside the lab page built from their file (reports/<student>/site/).
function writeReport(out, student, res, why) {
  const dir = path.join(out, 'reports', safeName(student));
  fs.mkdirSync(dir, { recursive: true });
  const page = res && res.page && fs.existsSync(res.page) ? `site/labs/${res.lab}.html` : null;
  const shown = res || (why ? { verdict: 'ERROR', reasons: [{ kind: 'read', message: why }] } : null);
  fs.writeFileSync(path.join(dir, 'index.html'), report.toHtml(student, shown, page));
}

function readResult(out, student) {
  try {
    return JSON.parse(fs.readFileSync(path.join(out, 'results', safeName(student) + '.json'), 'utf8'));
  } catch (e) {
    return null;
  }
}

module.exports = { submissions, safeName, knownWrongFixes };

if (require.main === module) {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (e) => {
      process.stderr.write(`grade.js: ${e.message}\n`);
      process.exit(2);
    },
  );
}
