// class.js - a generated class of polling-lab submissions with the verdict each must get: right fixes
// (the solution, reformatted so no two files are alike), the starter, the lab's wrong fixes, the
// over-fenced fix, compile errors, changed metadata, and the hostile corpus of tools/sandbox (with a
// planted secret file). Used by batch50.test.js (make grade-batch-test) and bench.js (throughput).
//   makeClass(dir, secret, n, {hostile: false}) -> [{student, verdict, reason: RegExp | null}]
// (verdict: one, or the list of those it may be when two limits race: a preprocessor writing a
// macro explosion to its file fills it (OUTPUT) or runs out of time (TIMEOUT) first)
// (without the hostile corpus: a class as a teacher sees it, for the throughput benchmark)
//   makeGrade(root, submissions, out, extra) -> spawnSync's result of `make grade` on them (batch.test.js,
//   batch50.js)
'use strict';
const fs = require('fs');
const path = require('path');
const { spawnSync } = require('child_process');

const ROOT = path.resolve(__dirname, '..', '..', '..');
const LAB = path.join(ROOT, 'labs', 'polling');
const HOSTILE = path.join(ROOT, 'tools', 'sandbox', 'tests', 'hostile');
const read = (f) => fs.readFileSync(f, 'utf8');
// a wrong fix's first line names the check that must fail: "[fails: <text>]"
const failsOf = (text) => (/\[fails: (.*?)\]/.exec(text.split('\n')[0]) || [])[1];
const esc = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

// The hostile case as a student file: its test header (first comment) dropped, the secret planted;
// what the grader must say (the header's "expect:" line; REJECT is a FAIL on the checks).
function hostile(name, secret) {
  const text = read(path.join(HOSTILE, name + '.c'));
  // VERDICT|VERDICT: either limit may come first (the header says which ones)
  const expect = /^ \* expect: (\w+(?:\|\w+)*)(?: at (\w+))?/m.exec(text);
  const body = text
    .slice(text.indexOf('*/') + 3)
    .replaceAll('@SECRET@', secret)
    .replaceAll('@SECRET_REL@', secret);
  const alts = expect[1].split('|');
  const verdict = alts.length > 1 ? alts : { REJECT: 'FAIL', OK: 'PASS' }[expect[1]] || expect[1];
  const step = expect[2];
  return {
    text: body,
    verdict,
    reason:
      expect[1] === 'REJECT'
        ? /^line \d+: /
        : verdict === 'PASS'
          ? null
          : new RegExp(`^${step}: (${[].concat(verdict).join('|')}): `),
  };
}

function makeClass(dir, secret, n, opts) {
  const subs = [];
  const put = (student, text, verdict, reason) => {
    fs.mkdirSync(path.join(dir, student), { recursive: true });
    fs.writeFileSync(path.join(dir, student, 'lab.c'), text);
    subs.push({ student, verdict, reason });
  };
  const solution = read(path.join(LAB, 'solution.c'));
  const starter = read(path.join(LAB, 'lab.c'));
  const hostileFiles =
    opts && opts.hostile === false
      ? []
      : fs
          .readdirSync(HOSTILE)
          .filter((f) => f.endsWith('.c'))
          .sort();
  for (const h of hostileFiles) {
    const c = hostile(h.slice(0, -2), secret);
    put(`hostile-${h.slice(0, -2)}`, c.text, c.verdict, c.reason);
  }
  for (const w of fs.readdirSync(path.join(LAB, 'wrong')).sort()) {
    const text = read(path.join(LAB, 'wrong', w));
    put(`wrong-${w.slice(0, -2)}`, text, 'FAIL', new RegExp(`^line \\d+: .*${esc(failsOf(text))}`));
  }
  put('overfenced', read(path.join(LAB, 'overfenced.c')), 'PASS', null);
  put('starter', starter, 'FAIL', /^line 9: evidence loads_in_loop/);
  put(
    'typo',
    starter.replace('\twhile (!need_to_stop)', '\twhile (!need_to_stp)'),
    'FAIL',
    /^line \d+: does not compile for /,
  );
  put(
    'meta',
    starter.replace('unreachable: hang(t1)', 'reachable: hang(t1)'),
    'FAIL',
    /^line \d+: the metadata block differs/,
  );
  // the rest: right fixes, each a different file (a comment of its own), and the starter again
  for (let i = 0; subs.length < n; i++) {
    if (i % 3 === 2)
      put(`student-${String(i).padStart(2, '0')}`, `/* student ${i} */\n` + starter, 'FAIL', /^line 10: evidence/);
    else put(`student-${String(i).padStart(2, '0')}`, `/* student ${i} */\n` + solution, 'PASS', null);
  }
  return subs;
}

// `make grade` of the polling lab on the folder submissions, into out, with two jobs, run from the project's
// top root (extra: more make arguments); returns spawnSync's result.
function makeGrade(root, submissions, out, extra = []) {
  const args = [
    '--no-print-directory',
    'grade',
    'LAB=polling',
    `SUBMISSIONS=${submissions}`,
    'JOBS=2',
    `GRADE_OUT=${out}`,
  ];
  return spawnSync('make', args.concat(extra), { cwd: root, encoding: 'utf8', maxBuffer: 64 << 20 });
}

module.exports = { makeClass, makeGrade };
