// import.test.js - what `litmus-tool import` makes of the project's tests as a folder, the way it
// reads a kernel tree's litmus-tests: every test it supports becomes an example (also one whose
// threads all take a spinlock, which has no evidence to count and is explored only, and one of a
// single thread); two tests whose names differ only in case get two examples (the one with the
// upper-case letter named by its humps); a test using RCU has the reference's verdicts and no
// example, with the reason; each statement line of an example maps to its line in the litmus file
// (the page's witnesses name those lines).
// Input: `litmus-tool import` output (LITMUS_IMPORT, default build/litmus/project).
'use strict';
const test = require('node:test');
const assert = require('node:assert');
const fs = require('fs');
const path = require('path');

const TOP = path.resolve(__dirname, '../../..');
const DIR = path.resolve(process.env.LITMUS_IMPORT || path.join(TOP, 'build/litmus/project'));
const summary = JSON.parse(fs.readFileSync(path.join(DIR, 'summary.json'), 'utf8'));
const byName = Object.fromEntries(summary.tests.map((t) => [path.basename(t.file), t]));

// The only tests of the project's folder the import does not make an example of, and why: the
// reference's verdicts are there all the same.
const NOT_IMPORTED = {
  'RCU+deferredfree.litmus':
    /^\S+RCU\+deferredfree\.litmus:14: pointer values: the explorer's outcomes are numbers, not locations, so no example/,
};

test('every project test is an example, except the ones without one for their stated reason', () => {
  for (const t of summary.tests) {
    const file = path.basename(t.file);
    if (NOT_IMPORTED[file]) {
      assert.strictEqual(t.status, 'no example', file);
      assert.match(t.reason, NOT_IMPORTED[file], file);
      assert.deepStrictEqual([t.lkmm, t.sc, t.tso], ['Never', 'Never', 'Never'], file);
      continue;
    }
    assert.strictEqual(t.status, 'ok', `${file}: ${t.status} ${t.reason || ''}`);
    assert.ok(fs.existsSync(path.join(DIR, 'examples', t.example + '.c')), file);
    assert.ok(fs.existsSync(path.join(DIR, 'ref', t.example + '.json')), file);
  }
  for (const file of Object.keys(NOT_IMPORTED)) assert.ok(byName[file], `${file} is not in the import`);
});

test('tests whose threads all take a spinlock are examples without evidence lines', () => {
  for (const file of ['MP+polocks.litmus', 'SB+pooncelockonces.litmus']) {
    const t = byName[file];
    assert.strictEqual(t.status, 'ok', file);
    const text = fs.readFileSync(path.join(DIR, 'examples', t.example + '.c'), 'utf8');
    assert.doesNotMatch(text, /^ \* evidence\./m, file);
    assert.match(text, /for the\n \* explorer only, not a course example/, file);
  }
});

test('the import maps each statement line of an example to its line in the litmus file', () => {
  for (const t of summary.tests.filter((x) => x.status === 'ok')) {
    const ex = fs.readFileSync(path.join(DIR, 'examples', t.example + '.c'), 'utf8').split('\n');
    const lit = fs.readFileSync(t.file, 'utf8').split('\n');
    assert.ok(Array.isArray(t.lines) && t.lines.some((l) => l > 0), t.file);
    t.lines.forEach((l, i) => {
      if (!l) return;
      // the example's statement is the litmus one with its registers renamed P<n>_r and its
      // locations' stars dropped: compare the words that name primitives
      const words = (s) => (s.match(/[A-Za-z_]{3,}(?=\()/g) || []).join(' ');
      assert.strictEqual(
        words(ex[i]),
        words(lit[l - 1]),
        `${t.file}:${l} <- example line ${i + 1}: ${ex[i]} / ${lit[l - 1]}`,
      );
    });
  }
});

test('a test of one CPU is an example too (every explorer runs 1 to 8 threads)', () => {
  const t = byName['CoWWR+poonceonceonce.litmus'];
  assert.strictEqual(t.status, 'ok', t.reason);
  assert.match(fs.readFileSync(path.join(DIR, 'examples', t.example + '.c'), 'utf8'), /^ \* threads: P0$/m);
});

test('names that differ only in case give two examples, each with its own test', () => {
  const lower = byName['SB+pooncelockonces.litmus'],
    upper = byName['SB+poonceLockonces.after-spinlock.litmus'];
  assert.strictEqual(lower.example, 'sb-pooncelockonces');
  assert.strictEqual(upper.example, 'sb-poonce-lockonces');
  const upperText = fs.readFileSync(path.join(DIR, 'examples', upper.example + '.c'), 'utf8');
  assert.match(upperText, /smp_mb__after_spinlock\(\);/);
  assert.doesNotMatch(
    fs.readFileSync(path.join(DIR, 'examples', lower.example + '.c'), 'utf8'),
    /smp_mb__after_spinlock\(\);/,
  );
  // herd's verdicts travel with their own test
  assert.deepStrictEqual([lower.lkmm, upper.lkmm], ['Sometimes', 'Never']);
  assert.strictEqual(
    JSON.parse(fs.readFileSync(path.join(DIR, 'ref', upper.example + '.json'), 'utf8')).name,
    'SB+poonceLockonces',
  );
});
