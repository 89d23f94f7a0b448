// batch50.js - `make grade-batch-test`: a class of 50 generated polling-lab submissions (class.js:
// right fixes, the starter, the lab's wrong fixes, the over-fenced fix, a compile error, a changed
// metadata block, every case of the hostile corpus with a planted secret) graded by `make grade`
// with 2 jobs: the gradebook says what each one must be, every student has a report page (and a lab
// page when the grade got that far), and no byte of the secret is in anything the batch wrote or
// printed. Heavy (minutes): not part of `make check`.
'use strict';
const test = require('node:test');
const assert = require('node:assert');
const crypto = require('crypto');
const fs = require('fs');
const os = require('os');
const path = require('path');
const { makeClass, makeGrade } = require('./class');
const { safeName } = require('../grade.js');

const ROOT = path.resolve(__dirname, '..', '..', '..');
const top = fs.mkdtempSync(path.join(os.tmpdir(), 'grade-batch50-'));
test.after(() => fs.rmSync(top, { recursive: true, force: true }));

function files(dir) {
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.join(e.parentPath || e.path, e.name));
}

test('50 submissions, right, wrong in known ways and hostile, grade to the expected gradebook', () => {
  const token = 's' + crypto.randomBytes(6).toString('hex');
  const secret = path.join(top, 'secret', 'secret.txt');
  fs.mkdirSync(path.dirname(secret), { recursive: true });
  fs.writeFileSync(secret, token.repeat(6) + '\n');
  const subs = makeClass(path.join(top, 'class'), secret, 50);
  assert.strictEqual(subs.length, 50);
  const out = path.join(top, 'out');
  const t0 = Date.now();
  const r = makeGrade(ROOT, path.join(top, 'class'), out);
  const secs = (Date.now() - t0) / 1000;
  assert.strictEqual(r.status, 0, r.stdout + r.stderr);
  process.stdout.write(
    `# 50 submissions in ${secs.toFixed(0)} s on 2 jobs: ${((50 * 60) / secs).toFixed(1)} per minute\n`,
  );
  const csv = fs.readFileSync(path.join(out, 'gradebook.csv'), 'utf8').split('\r\n').filter(Boolean).slice(1);
  const rows = Object.fromEntries(
    csv.map((l) => {
      const m = /^([^,]+),(\w+),("(?:[^"]|"")*"|[^,]*),/.exec(l);
      return [m[1], { verdict: m[2], reason: m[3].replace(/^"|"$/g, '').replace(/""/g, '"') }];
    }),
  );
  const wrong = [];
  for (const s of subs) {
    const row = rows[s.student];
    const report = path.join(out, 'reports', safeName(s.student), 'index.html');
    if (!row) wrong.push(`${s.student}: no gradebook row`);
    else if (![].concat(s.verdict).includes(row.verdict))
      wrong.push(`${s.student}: ${row.verdict} (${row.reason}), not ${s.verdict}`);
    else if (s.reason && !s.reason.test(row.reason))
      wrong.push(`${s.student}: reason "${row.reason}" does not match ${s.reason}`);
    else if (!fs.existsSync(report)) wrong.push(`${s.student}: no report page`);
    else if (
      s.verdict === 'PASS' &&
      !(
        /<a href="site\/labs\/polling\.html">/.test(fs.readFileSync(report, 'utf8')) &&
        fs.existsSync(path.join(out, 'reports', safeName(s.student), 'site', 'labs', 'polling.html'))
      )
    )
      wrong.push(`${s.student}: the report has no lab page`);
  }
  assert.deepStrictEqual(wrong, [], 'submissions graded otherwise than expected');
  const hex = Buffer.from(token).toString('hex');
  const b64 = [0, 1, 2].map((k) =>
    Buffer.from('x'.repeat(k) + token)
      .toString('base64')
      .slice(4, -4),
  );
  const leaked = files(out).filter((f) => {
    const t = fs.readFileSync(f).toString('latin1');
    return t.includes(token) || t.toLowerCase().includes(hex) || b64.some((b) => t.includes(b));
  });
  assert.deepStrictEqual(leaked, [], 'the secret reached these files');
  const printed = r.stdout + r.stderr;
  assert.ok(!printed.includes(token), 'the secret reached the console');
});
