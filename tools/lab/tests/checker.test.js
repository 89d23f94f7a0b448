// checker.test.js - the checker on bad and hostile input (node --test, `make lab-test`): a file that
// does not compile gets the compiler's file:line diagnostics and a FAIL (not a crash); a changed
// metadata block is refused; huge diagnostics are truncated; a compiler that runs too long is
// stopped; the pipeline form of a lab file keeps every line number.
'use strict';
const { test } = require('node:test');
const assert = require('node:assert/strict');
const fs = require('fs');
const path = require('path');
const { spawnSync } = require('child_process');
const labfile = require('../lib/labfile');
const { run } = require('../lib/run');
const page = require('../lib/page');

const ROOT = path.resolve(__dirname, '..', '..', '..');
const TMP = path.join(ROOT, 'build', 'lab', 'test', 'checker');
const STARTER = fs.readFileSync(path.join(ROOT, 'labs/polling/lab.c'), 'utf8');

function grade(name, text) {
  fs.mkdirSync(TMP, { recursive: true });
  const file = path.join(TMP, name);
  fs.writeFileSync(file, text);
  const rel = path.relative(ROOT, file);
  const result = path.join(TMP, name + '.json');
  fs.rmSync(result, { force: true });
  const r = spawnSync('node', ['tools/lab/lab.js', 'check', 'polling', rel, '--work', path.join(TMP, 'work'),
    '--result', result, '--no-page'], { cwd: ROOT, encoding: 'utf8' });
  return { status: r.status, out: r.stdout + r.stderr, rel, res: fs.existsSync(result) ? JSON.parse(fs.readFileSync(result, 'utf8')) : null };
}

test('a file that does not compile: FAIL with the compiler diagnostics at file:line', () => {
  const text = STARTER.replace('\twhile (!need_to_stop)', '\twhile (!need_to_stp)');
  const line = text.split('\n').findIndex((l) => l.includes('need_to_stp')) + 1;
  const { status, out, rel, res } = grade('typo.c', text);
  assert.equal(status, 1, out);
  assert.equal(res.verdict, 'FAIL');
  assert.equal(res.reasons[0].kind, 'compile');
  assert.equal(res.reasons[0].line, line);
  assert.match(res.diagnostics, new RegExp(`${rel.replace(/[.]/g, '\\.')}:${line}:\\d+: error: .*need_to_stp`));
  assert.match(out, new RegExp(`${rel.replace(/[.]/g, '\\.')}:${line}: does not compile`));
});

test('a warning is an error, as in the course build (-Werror)', () => {
  const text = STARTER.replace('THREAD(t1)\n{\n', 'THREAD(t1)\n{\n\tint unused;\n');
  const { status, res } = grade('warning.c', text);
  assert.equal(status, 1);
  assert.equal(res.reasons[0].kind, 'compile');
  assert.match(res.diagnostics, /unused/);
});

test('a changed metadata block is refused with the line that differs', () => {
  const text = STARTER.replace('expect.student: unreachable: hang(t1)', 'expect.student: reachable: hang(t1)');
  const line = text.split('\n').findIndex((l) => l.includes('reachable: hang(t1)')) + 1;
  const { status, res } = grade('meta.c', text);
  assert.equal(status, 1);
  assert.equal(res.reasons[0].kind, 'metadata');
  assert.equal(res.reasons[0].line, line);
  assert.match(res.reasons[0].message, /metadata block differs/);
});

test('a lab file without its metadata block: a clear error, not a crash', () => {
  const { status, res } = grade('nometa.c', '#include "course.h"\n');
  assert.equal(status, 1);
  assert.match(res.reasons[0].message, /nometa\.c:1: no \/\*@example metadata block/);
});

test('a lab file includes course.h and nothing else', () => {
  const { status, res } = grade('include.c', STARTER.replace('#include "course.h"', '#include "course.h"\n#include "/etc/passwd"'));
  assert.equal(status, 1);
  assert.equal(res.reasons[0].kind, 'metadata');
  assert.match(res.reasons[0].message, /include\.c:\d+: a lab file includes "course\.h" and nothing else/);
  assert.equal(res.diagnostics, '');
});

test('huge diagnostics are truncated', () => {
  const junk = Array.from({ length: 3000 }, (_, i) => `int x${i} = y${i};`).join('\n');
  const { status, res } = grade('huge.c', STARTER + '\n' + junk + '\n');
  assert.equal(status, 1);
  assert.ok(res.diagnostics.length < 9000, `diagnostics of ${res.diagnostics.length} characters`);
  assert.match(res.diagnostics, /more characters of output cut/);
});

test('the tool runner stops a process at its time limit and caps its memory', () => {
  const t = Date.now();
  const r = run(['sleep', '30'], { timeoutSec: 1, vmemKb: 0 });
  assert.ok(r.timedOut);
  assert.ok(Date.now() - t < 10000);
  const m = run(['python3', '-c', 'x = bytearray(400 * 1024 * 1024)'], { timeoutSec: 20, vmemKb: 200000 });
  assert.notEqual(m.status, 0);
  assert.match(m.out, /MemoryError/);
});

test('the pipeline form of a lab file keeps every line number', () => {
  const text = fs.readFileSync(path.join(ROOT, 'labs/seqlock/wrong/data-marked-only.c'), 'utf8');
  const parts = labfile.split('x.c', text);
  const out = labfile.pipelineExample(parts, 'x.c').split('\n');
  assert.match(out[0], /^\/\*@example$/);
  assert.ok(out.some((l) => / \* variants: plain fixed$/.test(l)));
  assert.ok(out.some((l) => /^ \* evidence\.fixed: stores\(t0, seq\) == 2$/.test(l)));
  const li = out.findIndex((l) => l.startsWith('#line '));
  const n = +/^#line (\d+) "x\.c"$/.exec(out[li])[1];
  // the line after #line is line n of the original file
  assert.equal(out[li + 1], text.split('\n')[n - 1]);
  assert.equal(out.length - li - 1, text.split('\n').length - (n - 1));
});

test('a lab file must have exactly the variant "student" and no #if blocks', () => {
  assert.throws(() => labfile.split('a.c', STARTER.replace('variants: student', 'variants: plain fixed')), /a\.c:\d+: a lab file has exactly one variant/);
  assert.throws(() => labfile.split('b.c', STARTER + '#if FIXED\n#endif\n'), /b\.c:\d+: a lab file has no #if/);
});

test('links of a lab page point into the full course site', () => {
  assert.equal(page.rewriteLinks('[a](../load-fusing.md#x) [b](shutdown.md) [c](https://e.org/a.md)'),
    '[a](../../../../site/load-fusing.html#x) [b](../../../../site/labs/shutdown.html) [c](https://e.org/a.md)');
});
