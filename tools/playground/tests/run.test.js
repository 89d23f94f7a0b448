// run.test.js - what a run gives back: a course example edited into a variant the course does not have,
// on a cell the reader picked, rendered with the course's own templates (its code, evidence, the
// machine code's outcomes, the explorer's outcomes); the same source answered from its result; errors
// at the editor's lines (the reader of the format, a compiler's diagnostics through the variant's line
// map, the litmus converter, a64-tool on an assembly litmus test); a litmus test converted and run;
// "Save as example"; an AArch64 and an X86 assembly litmus test run by a64-tool with their verdicts.
'use strict';
const test = require('node:test');
const assert = require('node:assert');
const fs = require('fs');
const path = require('path');
const { start, post, request, finished, tree, example, ROOT } = require('./helpers.js');

const ID = 'load-fusing/need-to-stop';
// the plain loop with a compiler barrier in its body: "and if I mark nothing but add barrier()?"
const EDITED = example(ID).replace('\t\tcontinue;\n#elif FIXED', '\t\tbarrier();\n#elif FIXED');
const CELL = 'clang-22/aarch64/O1';

let s;
test.before(async () => {
  s = await start({ matrix: false });
});
test.after(() => s && s.close());

const run = async (body) => {
  const r = await post(s.port, '/playground/api/run', body);
  assert.ok([200, 202].includes(r.status), r.text);
  return finished(s.port, r.json.h);
};

test('an edited example on a chosen cell: its code, evidence and outcomes in the course view', async () => {
  assert.notStrictEqual(EDITED, example(ID), 'the edit applies');
  const st = await run({ kind: 'example', id: ID, source: EDITED, cells: [CELL] });
  assert.strictEqual(st.state, 'done', JSON.stringify(st.errors));
  assert.deepStrictEqual(st.done, [CELL]);
  assert.ok(st.times.code_ms > 0 && st.times.explorer_ms >= st.times.code_ms);
  // the page: example.html's code view on the chosen cell, its evidence, the explorer's tables
  const page = await request(s.port, { path: `/playground/run/${st.h}/${st.view}` });
  assert.strictEqual(page.status, 200);
  assert.match(page.text, /<section class="example" id="ex-load-fusing-need-to-stop"/);
  assert.match(
    page.text,
    /<strong class="disasm-target">clang-22\/aarch64<\/strong> at <strong class="disasm-optlevel">-O1<\/strong>/,
  );
  assert.match(page.text, /barrier\(\);/, 'the edited source is the one shown');
  assert.match(page.text, /class="disasm-evidence"/);
  // under sequential consistency: the explorer's table, or the outcome panel's build view that says it
  assert.match(page.text, /class="(explorer|native-build)-outcomes" data-variant="plain"/);
  assert.match(page.text, /<section class="native"/);
  // with barrier() the plain loop loads the flag on every iteration: the course's plain evidence fails
  const ev = st.evidence[CELL].plain;
  assert.strictEqual(ev.holds, false, JSON.stringify(ev));
  // the explorer: the plain variant no longer reaches r1 == 0 (the barrier forces a fresh load)
  assert.deepStrictEqual(st.explorer.variants.plain.outcomes, st.explorer.variants.fixed.outcomes);
  // the machine code's outcomes on the cell, against the fixed variant's
  assert.strictEqual(st.overview[CELL].plain.differs, false);
  // the scripts and styles the page loads are served (the run's own, or the course's)
  for (const src of page.text.match(/(?:src|href)="(?:static|data)\/[^"]+"/g)) {
    const rel = src.replace(/^(?:src|href)="|"$/g, '');
    assert.strictEqual((await request(s.port, { path: `/playground/run/${st.h}/${rel}` })).status, 200, rel);
  }
  assert.ok(!tree(path.join(s.state, 'runs', st.h)).some((f) => f.startsWith('work')), 'no work directory left');
  // the same source again: the result, nothing run again
  const again = await post(s.port, '/playground/api/run', { kind: 'example', id: ID, source: EDITED, cells: [CELL] });
  assert.strictEqual(again.status, 200);
  assert.deepStrictEqual(again.json, st);
});

test("errors point at the editor's lines", async () => {
  const badKey = example(ID).replace(' * threads: t0 t1', ' * thread: t0 t1');
  const line = badKey.split('\n').findIndex((l) => l.startsWith(' * thread: ')) + 1;
  let st = await run({ kind: 'example', id: 'play/bad-key', source: badKey });
  assert.strictEqual(st.state, 'failed');
  assert.strictEqual(st.errors[0].line, line);
  assert.match(st.errors[0].message, new RegExp(`^examples/play/bad-key\\.c:${line}: `));
  // a compile error in the fixed variant: its line in the example file, not in the cut variant's
  const lines = example(ID).split('\n');
  const at = lines.findIndex((l) => l.includes('while (!READ_ONCE(need_to_stop))')) + 2;
  lines[at - 1] = '\t\tcontinue_;';
  st = await run({ kind: 'example', id: 'play/bad-code', source: lines.join('\n') });
  assert.strictEqual(st.state, 'failed', JSON.stringify(st));
  assert.strictEqual(st.errors[0].line, at, JSON.stringify(st.errors));
  assert.match(
    st.errors[0].message,
    /^examples\/play\/bad-code\.c:\d+: does not compile for gcc-12\/x86_64: .*continue_/,
  );
  assert.ok(!st.errors[0].details.includes('build/data/src'), st.errors[0].details);
  // a litmus test the converter rejects, at its line
  const lit = fs.readFileSync(path.join(ROOT, 'tools', 'litmus', 'tests', 'litmus', 'SB+poonceonces.litmus'), 'utf8');
  const broken = lit.replace('r0 = READ_ONCE(*y);', 'r0 = READ_ONCE(*y;');
  const bl = broken.split('\n').findIndex((l) => l.includes('READ_ONCE(*y;')) + 1;
  st = await run({ kind: 'litmus', source: broken });
  assert.strictEqual(st.state, 'failed');
  assert.strictEqual(st.errors[0].line, bl, JSON.stringify(st.errors));
  assert.match(st.errors[0].message, new RegExp(`^sb-poonceonces\\.litmus:${bl}: `));
});

test('a kernel litmus test, converted by tools/litmus and run; saved as an example', async () => {
  const lit = fs.readFileSync(path.join(ROOT, 'tools', 'litmus', 'tests', 'litmus', 'SB+poonceonces.litmus'), 'utf8');
  const st = await run({ kind: 'litmus', source: lit });
  assert.strictEqual(st.state, 'done', JSON.stringify(st.errors));
  assert.strictEqual(st.id, 'litmus/sb-poonceonces');
  assert.match(st.source, /^\/\*@example\n \* title: SB\+poonceonces/);
  assert.ok(st.explorer.variants.plain.outcomes.includes('P0_r0=1 P1_r0=1'));
  // Save as example: a safe name, once, never over a file
  const name = `play-test/sb-${process.pid}`;
  const file = path.join(ROOT, 'examples', name + '.c');
  try {
    let r = await post(s.port, '/playground/api/save', { hash: st.h, name });
    assert.strictEqual(r.status, 201, r.text);
    assert.strictEqual(fs.readFileSync(file, 'utf8'), st.source);
    r = await post(s.port, '/playground/api/save', { hash: st.h, name });
    assert.strictEqual(r.status, 409);
    assert.match(r.json.error, /exists/);
    assert.strictEqual(fs.readFileSync(file, 'utf8'), st.source);
  } finally {
    fs.rmSync(path.dirname(file), { recursive: true, force: true });
  }
});

test("an AArch64 and an X86 assembly litmus test: run by a64-tool, with its verdict; errors at the editor's line", async () => {
  const mp = fs.readFileSync(path.join(ROOT, 'tools', 'a64', 'litmus', 'MP.litmus'), 'utf8');
  let st = await run({ kind: 'asm', source: mp });
  assert.strictEqual(st.state, 'done', JSON.stringify(st.errors));
  assert.strictEqual(st.id, 'asm/mp');
  assert.strictEqual(st.name, 'mp.litmus');
  assert.match(st.asm.output, /^Test MP \(model armv8\)$/m);
  assert.match(st.asm.output, /^Observation MP Sometimes /m);
  assert.strictEqual(st.asm.agrees, true, st.asm.output);
  // the same test with both barriers: the model forbids the outcome, and the file still says Sometimes
  const fenced = mp
    .replace(' STR W0,[X1] | LDR W2,[X3] ;', ' STR W0,[X1] | DMB ISH    ;\n DMB ISH     | LDR W2,[X3] ;')
    .replace('AArch64 MP', 'AArch64 MP-fenced');
  st = await run({ kind: 'asm', source: fenced });
  assert.strictEqual(st.state, 'done', JSON.stringify(st.errors));
  assert.match(st.asm.output, /^Observation MP-fenced Never /m, st.asm.output);
  assert.strictEqual(st.asm.agrees, false, "the file's expectation (Sometimes) is not the model's verdict");
  const r = await post(s.port, '/playground/api/save', { hash: st.h, name: `play-test/asm-${process.pid}` });
  assert.strictEqual(r.status, 409, 'an assembly test is no course example');
  // an instruction the assembler does not know: at its line of the editor's file
  const lines = mp.split('\n');
  const at = lines.findIndex((l) => l.includes('LDR W2,[X3]')) + 1;
  lines[at - 1] = lines[at - 1].replace('LDR W2,[X3]', 'LDQ W2,[X3]');
  st = await run({ kind: 'asm', source: lines.join('\n') });
  assert.strictEqual(st.state, 'failed');
  assert.strictEqual(st.errors[0].line, at);
  assert.match(st.errors[0].message, new RegExp(`^mp\\.litmus:${at}: .*ldq`, 'i'));
  // an assembler directive that would read a file: a64-tool's reader refuses it at its line before
  // anything is assembled (the same message as on the command line), nothing of the file anywhere
  const evil = mp.replace(
    ' MOV W0,#1   | LDR W0,[X1] ;',
    ' .incbin "/etc/hostname" | LDR W0,[X1] ;\n MOV W0,#1   |             ;',
  );
  const evilAt = evil.split('\n').findIndex((l) => l.includes('.incbin')) + 1;
  st = await run({ kind: 'asm', source: evil });
  assert.strictEqual(st.state, 'failed');
  assert.strictEqual(st.errors[0].line, evilAt);
  assert.strictEqual(
    st.errors[0].message,
    `mp.litmus:${evilAt}: P0: '.incbin "/etc/hostname"': an assembler directive: a cell holds one instruction, after an optional label`,
  );
  assert.ok(!JSON.stringify(st).includes(fs.readFileSync('/etc/hostname', 'utf8').trim()));
  // an X86 test, under x86-TSO
  const sb = fs.readFileSync(path.join(ROOT, 'tools', 'a64', 'litmus-x86', 'SB.litmus'), 'utf8');
  st = await run({ kind: 'asm', source: sb });
  assert.strictEqual(st.state, 'done', JSON.stringify(st.errors));
  assert.match(st.asm.output, /\(model x86-tso\)/);
  assert.match(st.asm.output, /^Observation SB Sometimes /m);
});
