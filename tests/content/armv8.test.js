// armv8.test.js - the Armv8 facts the pages state (issue 26, point 5), on the build's data: the Litmus
// tests page's Armv8 column (tools/litmus/page.js) gives message passing with marked accesses alone
// "Sometimes" on every AArch64 cell and with release/acquire "Never", as the reference enumerator does
// for the tests as written; "How real is all this?" (tools/native behaviour) lists the AF_XDP fix as
// kept on every AArch64 cell while the plain code breaks it on every one, and the fixed message
// passing with marked accesses alone as broken by the processor; and the pages that say what a fix
// prevents on Arm say it through the on-arm directive (the build checks its claim). Run after the site
// is built: `make content-test`.
'use strict';
const { test } = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..', '..');
const DATA = path.resolve(ROOT, process.env.BUILD || 'build', 'data');
const json = (rel) => JSON.parse(fs.readFileSync(path.join(DATA, rel), 'utf8'));

test('Litmus tests page: the compiled AArch64 code under Armv8 beside the reference', () => {
  const rows = json('litmus/tests.json').sets.find((s) => s.name === 'project').tests;
  const row = (name) => rows.find((t) => t.name === name);
  const cells = (verdict, source) => ({
    verdict,
    counts: { [verdict]: 20 },
    ncells: 20,
    reference: verdict,
    differs: [],
    missing: [],
    source,
  });
  assert.deepEqual(row('MP+poonceonces').armv8, cells('Sometimes', 'matrix'));
  assert.deepEqual(row('MP+pooncerelease+poacquireonce').armv8, cells('Never', 'matrix'));
  // a test that is not a course example: its AArch64 cells compiled for the check (tools/litmus/cells.sh)
  assert.deepEqual(row('LB+poonceonces').armv8, cells('Sometimes', 'cells'));
  assert.deepEqual(row('WRC+pooncerelease+fencermbonceonce+Once').armv8, cells('Never', 'cells'));
  // both threads spin in spin_lock(), a compare-and-swap loop whose failed attempts write nothing:
  // explored on every cell since issue 26 (tools/litmus/cells.conf lists no test now)
  assert.deepEqual(row('MP+polocks').armv8, cells('Never', 'cells'));
  assert.deepEqual(
    rows.filter((t) => t.armv8 && t.armv8.unexplored).map((t) => t.name),
    [],
  );
  for (const t of rows) {
    if (t.armv8 && t.armv8.verdict)
      assert.equal(t.armv8.verdict, t.armv8.reference, `${t.name}: compiled and reference differ`);
  }
  // every kernel-model Never test with an example is Never on 20 AArch64 cells
  const never = rows.filter((t) => t.lkmm === 'Never' && t.armv8);
  assert.ok(never.length >= 17, never.map((t) => t.name).join(' '));
  for (const t of never) assert.deepEqual([t.name, t.armv8.counts], [t.name, { Never: 20 }]);
});

test('How real: the Armv8 cells of each guarantee', () => {
  const ex = (id) => json('native/behaviour.json').examples.find((e) => e.id === id);
  const af = ex('case-studies/af-xdp');
  assert.equal(af.armv8_cells, 20);
  assert.equal(af.bad[0].armv8_plain.length, 20);
  assert.deepEqual(af.bad[0].armv8_fixed, []);
  const mp = ex('litmus/mp-poonceonces');
  assert.equal(mp.bad[0].armv8_fixed.length, 20, 'marked accesses alone: the processor breaks the fixed code');
});

test('the AF_XDP and code-reordering pages state what the fix prevents on Arm through the checked directive', () => {
  for (const [file, id] of [
    ['content/case-studies/af-xdp.md', 'case-studies/af-xdp'],
    ['content/code-reordering.md', 'code-reordering/publish'],
  ])
    assert.ok(fs.readFileSync(path.join(ROOT, file), 'utf8').includes('`on-arm: ' + id + '@kept`'), file);
});

// Issue 26, point 6: each lab page shows what the checker says about the lab's reference solution,
// its Armv8 outcomes on every AArch64 cell too (the lab-check directive over build/data/lab-check,
// which lab.js reference-page writes by grading the solution; the page itself, build/site/labs/); the
// publish lab's solution orders the publication with release and acquire, and the checker's
// executions show it.
test('lab pages: the checker on the reference solution, Armv8 outcomes included', () => {
  const conf = require(path.join(ROOT, 'tools/lab/lib/config.js'));
  const labs = conf.load().labs;
  assert.ok(labs.length >= 6);
  for (const lab of labs) {
    const md = fs.readFileSync(path.join(ROOT, 'content/labs', lab + '.md'), 'utf8');
    assert.ok(md.includes('```lab-check\n' + lab + '\n```'), `content/labs/${lab}.md: no lab-check block`);
    const doc = json(`lab-check/lab/${lab}.json`);
    assert.equal(doc.role, 'reference');
    const r = doc.result;
    assert.deepEqual([r.file, r.verdict, r.partial], [`labs/${lab}/solution.c`, 'PASS', false]);
    const cells = conf
      .targetsOf(conf.load(), lab)
      .filter((t) => t.endsWith('/aarch64'))
      .map((t) => `${t}/${conf.load().opt}`);
    assert.deepEqual(Object.keys(r.armv8.cells).sort(), cells.sort(), lab);
    // and the page on the site shows it (site/templates/lab-check.html)
    const html = fs.readFileSync(path.join(DATA, '..', 'site', 'labs', lab + '.html'), 'utf8');
    assert.ok(
      html.includes(
        `What the checker says about the reference solution (<code>labs/${lab}/solution.c</code>): <strong>PASS</strong>`,
      ),
      lab,
    );
    for (const [cell, c] of Object.entries(r.armv8.cells)) {
      assert.equal(c.partial, false, `${lab} ${cell}`);
      assert.ok(c.outcomes.length > 0 && c.expect.length > 0 && c.expect.every((e) => e.ok), `${lab} ${cell}`);
      assert.ok(
        html.includes(
          `<strong>Under Armv8 on ${cell}</strong>: every execution the model allows, ${c.executions} in all`,
        ),
        `${lab} ${cell}`,
      );
      for (const o of c.outcomes) assert.ok(html.includes(o.witness), `${lab} ${cell}: ${o.witness}`);
    }
  }
  const pub = json('lab-check/lab/publish.json').result;
  for (const c of Object.values(pub.armv8.cells)) {
    for (const o of c.outcomes) {
      assert.match(o.witness, /W\.rel ready=1/, 'the writer releases ready');
      assert.match(o.witness, /R\.acq ready=1/, 'the reader acquires it');
    }
  }
});
