// Issue 28's corrections stay corrected: each test ties a corrected statement to its source, the
// build's data where the claim is about compiled code (build/data/asm, build/data/native,
// build/data/litmus, examples/targets.conf, examples/include/course.h), and fails when the old
// statement or the old behaviour comes back. Reads content/, examples/, labs/ and $BUILD/data only.
'use strict';
const { test } = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const facts = require('./lib/facts.js');

const ROOT = path.resolve(__dirname, '..', '..');
const DATA = path.resolve(ROOT, process.env.BUILD || 'build', 'data');
const read = facts.source; // a page: its body, after the front matter the generator reads
const json = (rel) => JSON.parse(fs.readFileSync(path.join(DATA, rel), 'utf8'));
const flat = (s) => s.replace(/\s+/g, ' ');

// Every store a thread makes in the native explorer's traces of one example's variant, over every
// cell and both memory models: [{cell, var, size, value}].
function nativeStores(id, variant, thread) {
  const out = [];
  for (const target of facts.targets()) {
    const cells = json(`native/${id}/${target}.json`).cells;
    for (const [opt, cell] of Object.entries(cells)) {
      const runs = [cell[variant], cell[variant] && cell[variant].tso].filter(Boolean);
      for (const run of runs)
        for (const o of run.outcomes || [])
          for (const step of (o.trace && o.trace.steps) || [])
            for (const a of step.accesses || [])
              if (a.kind === 'W' && a.fn === thread && step.kind !== 'D')
                out.push({ cell: `${target}/${opt}`, var: a.var, size: a.size, value: a.value });
    }
  }
  return out;
}

// The instructions of one thread of one cell, as text.
const insns = (cell, variant, thread) => cell[variant].functions[thread].flatMap((f) => f.insns.map((i) => i.text));

// ---- 1. The scratch-space example: a plain loop, and the condition that makes the store legal ----

test('invented-stores: the scratch-space loop is plain, and the page states the termination condition', () => {
  const sec = facts.section(read('content/invented-stores.md'), 'Using a variable as scratch space');
  const code = facts.cBlocks(sec)[0] || '';
  const cond = (code.match(/while\s*\((.*)\)/) || [])[1];
  assert.ok(cond, 'content/invented-stores.md: the sketch has a while loop');
  assert.doesNotMatch(
    cond,
    /READ_ONCE|smp_load_acquire|atomic|volatile/,
    'a loop with a marked load may not be assumed to end, so the later store would license nothing',
  );
  const text = flat(facts.prose(sec));
  assert.match(text, /C11 \(6\.8\.5\)/, 'cites the termination rule');
  assert.match(text, /assume that a loop terminates/);
  assert.match(text, /READ_ONCE\(status\)[^.]*that assumption is gone/, 'says what a marked loop changes');
  assert.doesNotMatch(text, /the plain store after the loop is what makes it legal/);
});

// ---- 2. The if-else rewrite invents a store on a path that never writes `a` --------------------

test('invented-stores: the store-and-undo rewrite is forbidden by C11 for a shared variable, and no compiler does it', () => {
  const page = read('content/invented-stores.md');
  const text = flat(facts.prose(facts.section(page, 'An if-else turned into a store and an undo')));
  assert.match(text, /For a shared `a`, a C11 compiler may not make this change/);
  assert.match(text, /5\.1\.2\.4/);
  assert.match(text, /grants nothing here/, "the other branch's store is no licence");
  const q = facts.quiz('content/invented-stores.md', 'invented-stores-which');
  assert.ok(q, 'content/invented-stores.md: quiz invented-stores-which');
  for (const c of q.choices)
    assert.doesNotMatch(
      c.feedback || '',
      /justify|left to/i,
      `content/invented-stores.md: quiz feedback calls the then-branch store a licence: ${c.feedback}`,
    );
  assert.doesNotMatch(q.explanation || '', /feed on plain stores/);
  // The data agree: no cell's plain code ever stores to `a` (cond is 0, so the source never does).
  const ex = json('examples/invented-stores/branch.json');
  assert.deepEqual(ex.seen.cells, [], 'the store-and-undo form is seen nowhere');
  const stores = nativeStores('invented-stores/branch', 'plain', 't0').filter(
    (s) => s.var === 'a' || s.var.startsWith('a+'),
  );
  assert.deepEqual(stores, [], 'no compiled plain t0 writes a when cond is 0');
});

// ---- 3. The publish lab: marked loads only are message passing without ordering ---------------

test('labs/publish: the page says what the interleavings leave out, and the lab is graded on Arm', () => {
  const page = read('content/labs/publish.md');
  const task = facts.section(page, 'The task');
  const bullet = task.split(/\n(?=- )/).find((b) => /always 42/.test(b)) || '';
  assert.match(flat(bullet), /interleaved one access at a time/, 'the "always 42" is qualified');
  assert.match(flat(bullet), /on an Arm processor .*Armv8 \[?memory model/, 'and graded on Arm');
  const weak = flat(facts.section(page, 'On a weakly ordered processor'));
  assert.match(weak, /`MP\+poonceonces`/);
  assert.match(weak, /smp_store_release\(&ready, 1\)/);
  assert.match(weak, /smp_load_acquire\(&ready\)/);
  assert.match(weak, /fails that fix on both AArch64 cells/);
  // The facts behind it: the kernel's model allows MP without ordering, neither SC nor x86-TSO
  // shows it, and the lab states its expectation under Armv8 (the grader checks each AArch64 cell;
  // tools/lab/tests/labs.test.js sees the marked-loads-only fix fail there), with release and
  // acquire in the reference solution.
  const mp = json('litmus/tests.json')
    .sets.find((s) => s.name === 'project')
    .tests.find((t) => t.name === 'MP+poonceonces');
  assert.equal(mp.lkmm, 'Sometimes');
  assert.deepEqual(mp.verdicts, { sc: 'Never', tso: 'Never' });
  assert.match(read('labs/publish/lab.c'), /^ \* expect-armv8\.student: unreachable: r1 != 42$/m);
  const sol = read('labs/publish/solution.c');
  assert.match(sol, /smp_store_release\(&ready, 1\);/);
  assert.match(sol, /smp_load_acquire\(&ready\)/);
  assert.match(read('labs/publish/wrong/marked-loads-only.c'), /\[fails under Armv8: r1 != 42\]/);
});

// ---- 4. The LLVM symmetric-constant split was merged and reverted ----------------------------

test('store-tearing: the LLVM change is reported reverted, and the Clang cells store the constant whole', () => {
  const para = facts.paragraphWith(read('content/store-tearing.md'), 'pull/93717');
  assert.match(para, /reverted/);
  assert.match(para, /pull\/105474/);
  const named = [...para.matchAll(/`seen: store-tearing\/const64!(clang-\d+\/aarch64)\/\w+`/g)].map((m) => m[1]);
  const clangArm = facts.targets().filter((t) => /^clang-\d+\/aarch64$/.test(t));
  assert.ok(named.length > 0, 'names Clang cells through the data');
  for (const target of clangArm)
    for (const [opt, cell] of Object.entries(facts.asmCells(DATA, 'store-tearing/const64', target))) {
      const c = cell.plain.counts.t0.big;
      assert.deepEqual([c.stores, c.max_width], [1, 8], `${target}/${opt}: one 8-byte store`);
    }
});

// ---- 8. The cost table: the split stp form is cheaper, -O1 comes out even ----------------------

test('store-tearing: the cost table gives the instruction counts of the compiled cells', () => {
  const rows = facts.tableAfter(read('content/store-tearing.md'), 'The table counts');
  const ex = json('examples/store-tearing/const64.json');
  const seen = ex.seen.cells;
  const targets = [...new Set(seen.map((c) => c.replace(/\/[^/]+$/, '')))];
  assert.equal(targets.length, 1, `the split is seen on one target: ${targets}`);
  const count = (cell, v) => insns(cell, v, 't0').filter((t) => !/^(ret|nop)\b/.test(t));
  const cells = facts.asmCells(DATA, 'store-tearing/const64', targets[0]);
  const levels = seen.map((c) => c.split('/').pop());
  assert.deepEqual(
    rows.map((r) => r[0].replace(/`-?/g, '')).sort(),
    levels.slice().sort(),
    'a row per level where the split is seen',
  );
  for (const [lvl, plain, fixed] of rows) {
    const opt = lvl.replace(/`-?/g, '');
    const p = count(cells[opt], 'plain'),
      f = count(cells[opt], 'fixed');
    assert.equal(Number(plain.split(',')[0]), p.length, `${opt}: split store ${p.join('; ')}`);
    assert.equal(Number(fixed), f.length, `${opt}: whole store ${f.join('; ')}`);
    assert.equal(
      /`stp`/.test(plain),
      p.some((t) => /^stp\b/.test(t)),
      `${opt}: the form named is the form emitted`,
    );
  }
  // The prose's conclusion follows the counts: the stp form cheaper, equality only where both count the same.
  const even = rows.filter((r) => Number(r[1].split(',')[0]) === Number(r[2])).map((r) => r[0]);
  const text = flat(facts.paragraphWith(read('content/store-tearing.md'), 'come out even'));
  assert.match(text, /the `stp` form saves one instruction/);
  assert.deepEqual(even, ['`-O1`']);
  assert.match(text, /only at `-O1` do the two come out even/);
});

// ---- 5. The instructor's key: a PASS cannot judge a fence ---------------------------------------

test('labs/instructor: the over-fenced key does not let a PASS judge a fence', () => {
  for (const lab of fs
    .readdirSync(path.join(ROOT, 'labs'))
    .filter((d) => fs.existsSync(path.join(ROOT, 'labs', d, 'lab.c')))) {
    assert.doesNotMatch(read(`labs/${lab}/lab.c`), /expect-tso/, `labs/${lab}: not graded under x86-TSO`);
    assert.match(read(`labs/${lab}/lab.c`), /expect-armv8\.student:/, `labs/${lab}: graded under Armv8 too`);
  }
  const q = facts.quiz('content/labs/instructor.md', 'lab-instructor-overfenced');
  const key = q && q.choices.find((c) => c.correct);
  assert.ok(key, 'the quiz has a keyed choice');
  assert.doesNotMatch(key.text, /still says PASS/, 'a PASS says nothing about a fence');
  assert.match(key.feedback, /Armv8 exploration/);
  assert.match(key.feedback, /not a proof/);
  const wrong = q.choices.find((c) => /still says PASS/.test(c.text));
  assert.ok(wrong && !wrong.correct, 'the PASS-proves-it answer is offered, and wrong');
});

// ---- 7. Merged byte fields: only the source's values reach memory ----------------------------

test("invented-stores: every store of the merged fields writes only the source's final bytes, and the page says so", () => {
  const final = [0x34, 0x12, 0x56, 0x42]; // examples/invented-stores/struct-fields.c, FIELD(0..3)
  const src = read('examples/invented-stores/struct-fields.c');
  for (let i = 0; i < 4; i++)
    assert.match(src, new RegExp(`FIELD\\(${i}\\) = 0x${final[i].toString(16)};`), `FIELD(${i}) in the plain variant`);
  const stores = nativeStores('invented-stores/struct-fields', 'plain', 't0').filter((s) =>
    /^rec(\+\d+)?$/.test(s.var),
  );
  assert.ok(stores.length > 0, 'the traces have the stores to rec');
  for (const s of stores) {
    const off = Number(s.var.split('+')[1] || 0);
    for (let b = 0; b < s.size; b++)
      assert.equal(
        (s.value / 2 ** (8 * b)) & 0xff,
        final[off + b],
        `${s.cell}: byte ${off + b} of a ${s.size}-byte store of ${s.value}`,
      );
  }
  const para = flat(facts.paragraphWith(read('content/invented-stores.md'), '`seen: invented-stores/struct-fields`'));
  assert.match(para, /store merging plus \[code reordering\]/);
  assert.match(para, /needs no invented store/);
  assert.doesNotMatch(para, /licen[cs]e/);
  const row =
    read('content/how-real.md')
      .split('\n')
      .find((l) => l.startsWith('| [Invented stores]')) || '';
  assert.match(row, /No value the source never writes/);
  assert.match(row, /Only merging and reordering/);
});

// ---- 9. What READ_ONCE() costs the compiler ------------------------------------------------------

test('load-tearing: the cost paragraph names every freedom a volatile load takes away', () => {
  const text = flat(facts.paragraphWith(read('content/load-tearing.md'), 'The cost:'));
  for (const word of [/fused/, /repeated/, /dropped/, /order relative to the thread's other volatile accesses/])
    assert.match(text, word);
  assert.doesNotMatch(text, /only loses the option of splitting or narrowing/);
});

// ---- 10. Pointer sizes per target, from the compiled pointer loads ------------------------------

test('load-tearing: the pointer sizes the page gives are the compiled ones', () => {
  const sentence = facts.sentenceWith(read('content/load-tearing.md'), 'Pointers are');
  const byWidth = {};
  for (const target of facts.targets()) {
    const arch = target.split('/')[1];
    for (const cell of Object.values(facts.asmCells(DATA, 'load-fusing/stale-pointer', target))) {
      const w = cell.fixed.counts.t1.gp.max_width;
      (byWidth[w] = byWidth[w] || new Set()).add(arch);
    }
  }
  const meta = json('meta/load-fusing/stale-pointer.json').shared.find((v) => v.name === 'gp');
  assert.deepEqual(Object.keys(byWidth).sort(), ['4', '8'], 'the matrix has 4- and 8-byte pointers');
  assert.deepEqual([...byWidth[4]], ['i386'], "the 4-byte pointers are i386's");
  assert.match(sentence, /8 bytes on the 64-bit targets/);
  assert.match(
    sentence,
    new RegExp(`but ${meta.size} on its 32-bit x86 \\(\`i386\`\\) targets and in the WebAssembly explorer`),
  );
});

// ---- 11. The used attribute keeps the last store, not the earlier ones ---------------------------

test('dead-code: with the used attribute every cell keeps a store of the final value, and some drop the earlier ones', () => {
  const id = 'dead-code/used-static';
  assert.match(read(`examples/${id}.c`), /STATIC_SHARED\(int, heartbeat\) __attribute__\(\(__used__\)\);/);
  for (const target of facts.targets())
    for (const [opt, cell] of Object.entries(facts.asmCells(DATA, id, target)))
      assert.ok(cell.plain.counts.t0.heartbeat.stores >= 1, `${target}/${opt}: the store is kept`);
  for (const target of facts.targets())
    for (const [opt, cell] of Object.entries(json(`native/${id}/${target}.json`).cells))
      for (const o of cell.plain.outcomes.filter((x) => x.done))
        assert.equal(o.values.heartbeat, 3, `${target}/${opt}: heartbeat ends at 3`);
  assert.ok(json(`examples/${id}.json`).seen.cells.length > 0, 'the earlier stores are dropped somewhere');
  const page = read('content/dead-code.md');
  const text = flat(facts.paragraphWith(page, '`seen: dead-code/used-static`'));
  assert.match(text, /keeps the variable and a store of the final value 3/);
  assert.doesNotMatch(flat(page), /the stores still need marking to survive/);
  assert.match(page, /```example\ndead-code\/used-static\n```/);
});

// ---- 12. A release store's no-fusing comes from the kernel's implementation ---------------------

test("store-fusing: the no-fusing of a release store is the kernel's, not C11's", () => {
  assert.match(read('examples/include/course.h'), /#define smp_store_release\(p, v\) __atomic_store_n\(/);
  const text = flat(
    facts.paragraphWith(read('content/store-fusing.md'), 'smp_load_acquire()` for the load that waits'),
  );
  assert.match(text, /N4455/);
  assert.match(text, /`__atomic_store_n\(\)`/);
  assert.match(text, /comes from the kernel's implementation/);
  assert.doesNotMatch(text, /release store\]\([^)]*\) cannot be fused/);
});

// ---- 13. Dropping x = 1 across f() also needs f() to synchronize with nobody -------------------

test('store-fusing: the quiz key needs f() free of reads of x and of synchronization', () => {
  const key = facts.quiz('content/store-fusing.md', 'store-fusing-which-store').choices.find((c) => c.correct);
  assert.match(key.text, /neither reads `x` nor synchronizes/);
  assert.match(key.text, /lock/);
});

// ---- 14. The store buffer is the one reordering, with several outcomes --------------------------

test('litmus: x86 adds one reordering, shown by more than one test, and the xchg is the store', () => {
  const rows = json('litmus/tests.json').sets.find((s) => s.name === 'project').tests;
  const x86only = rows
    .filter((t) => t.verdicts && t.verdicts.sc === 'Never' && t.verdicts.tso === 'Sometimes')
    .map((t) => t.name);
  assert.ok(x86only.length > 1, `x86-TSO adds more than one outcome: ${x86only}`);
  const page = read('content/litmus.md');
  const para = flat(facts.paragraphWith(page, 'one reordering an x86 processor adds'));
  assert.match(para, /The store buffer is the one reordering/);
  assert.doesNotMatch(flat(page), /is the one outcome an x86 processor adds/);
  const other = [...para.matchAll(/`([\w+]+)`/g)]
    .map((m) => m[1])
    .filter((n) => x86only.includes(n) && !/^SB\+/.test(n));
  assert.ok(other.length > 0, 'names another test that only x86-TSO reaches');
  // SB+xchgrelaxedonces: each thread's only store to its variable is the exchange.
  const ex = read('examples/litmus/sb-xchgrelaxedonces.c');
  const p0 = ex.slice(ex.indexOf('THREAD(P0)'), ex.indexOf('THREAD(P1)'));
  assert.doesNotMatch(p0, /WRITE_ONCE|\bx = /);
  assert.match(p0, /xchg_relaxed\(&x, 1\)/);
  const q = facts.quiz('content/litmus.md', 'litmus-xchg').question;
  assert.match(q, /each thread's store is itself an `xchg_relaxed\(\)`/);
  assert.doesNotMatch(q, /between each store and load/);
});

// ---- 15. The barriers compile to the kernel's instructions ------------------------------------

const KERNEL_BARRIERS = {
  aarch64: { smp_wmb: /^dmb\s+ishst$/, smp_rmb: /^dmb\s+ishld$/, smp_mb: /^dmb\s+ish$/ },
  riscv64: { smp_wmb: /^fence\s+w,w$/, smp_rmb: /^fence\s+r,r$/, smp_mb: /^fence\s+rw,rw$/ },
  x86_64: { smp_wmb: null, smp_rmb: null, smp_mb: /^lock addl \$0x0,-0x4\(%rsp\)$/ },
  i386: { smp_wmb: null, smp_rmb: null, smp_mb: /^lock addl \$0x0,-0x4\(%esp\)$/ },
};
const FENCE = /^(dmb|dsb|fence|mfence|lfence|sfence|lock)\b/;

test("course.h: smp_wmb(), smp_rmb() and smp_mb() compile to the kernel's instructions on every target", () => {
  const uses = [
    ['case-studies/af-xdp', 't0', 'smp_wmb'],
    ['case-studies/af-xdp', 't1', 'smp_rmb'],
    ['litmus/sb-fencembonceonces', 'P0', 'smp_mb'],
    ['litmus/sb-fencembonceonces', 'P1', 'smp_mb'],
  ];
  for (const target of facts.targets()) {
    const arch = target.split('/')[1];
    assert.ok(KERNEL_BARRIERS[arch], `${arch}: a row of the kernel's barriers`);
    for (const [id, thread, macro] of uses)
      for (const [opt, cell] of Object.entries(facts.asmCells(DATA, id, target))) {
        const fences = insns(cell, 'fixed', thread).filter((t) => FENCE.test(t));
        const want = KERNEL_BARRIERS[arch][macro];
        if (!want) assert.deepEqual(fences, [], `${target}/${opt} ${id} ${thread}: ${macro}() is a compiler barrier`);
        else
          assert.ok(
            fences.length === 1 && want.test(fences[0].trim()),
            `${target}/${opt} ${id} ${thread}: ${macro}() is ${want}, got ${fences}`,
          );
      }
  }
  const text = flat(read('content/code-reordering.md'));
  assert.match(text, /on AArch64 `dmb ishst`, `dmb ishld` and `dmb ish`/);
});

// ---- 16. KCSAN's defaults -------------------------------------------------------------------

test("glossary, developer: KCSAN's default configuration is stated where its reports are described", () => {
  for (const [rel, head] of [
    ['content/glossary.md', 'KCSAN'],
    ['content/developer.md', null],
  ]) {
    const text = flat(head ? facts.section(read(rel), head) : facts.paragraphWith(read(rel), '(glossary.md#kcsan)'));
    assert.match(text, /KCSAN_ASSUME_PLAIN_WRITES_ATOMIC/, rel);
    assert.match(text, /KCSAN_REPORT_VALUE_CHANGE_ONLY/, rel);
  }
});

// ---- 17. The compilers of the matrix, named as targets.conf has them ---------------------------

test("index: the compilers and architectures named are the matrix's", () => {
  const targets = facts.targets();
  const versions = (name) => [
    ...new Set(targets.filter((t) => t.startsWith(name + '-')).map((t) => t.split('/')[0].split('-')[1])),
  ];
  const gcc = versions('gcc'),
    clang = versions('clang');
  const list = (v) => (v.length === 1 ? v[0] : `${v.slice(0, -1).join(', ')} and ${v[v.length - 1]}`);
  const archs = new Set(targets.map((t) => t.split('/')[1]));
  const words = { 2: 'two', 3: 'three', 4: 'four', 5: 'five' };
  const text = flat(facts.paragraphWith(read('content/index.md'), 'compiled for real by'));
  assert.match(
    text,
    new RegExp(
      `compiled for real by GCC ${list(gcc)} and by Clang ${list(clang)}, for ${words[archs.size]} architectures`,
    ),
  );
  assert.doesNotMatch(text, /several versions of GCC/);
});

// ---- 18. Load fusing: an opaque call is a possible store ---------------------------------------

test('load-fusing: the legality argument counts calls the compiler cannot see', () => {
  const text = flat(facts.section(read('content/load-fusing.md'), 'Why it is legal'));
  assert.match(text, /a call to a function it cannot see, which it must assume may store to `x`/);
  assert.doesNotMatch(text, /the only code that could change `x` is code the compiler can see/);
});

// ---- 19. A plain access: no concurrent store assumed, concurrent reads allowed ----------------

test('glossary: a plain load lets the compiler assume no concurrent store, not that nobody reads', () => {
  const text = flat(facts.section(read('content/glossary.md'), 'Plain access'));
  assert.match(text, /no other thread stores to the location meanwhile/);
  assert.match(text, /other threads may still read it alongside a plain load/);
  assert.doesNotMatch(text, /no other thread touches the location/);
});

// ---- 20. Marked accesses on Alpha and on arm64 with LTO ---------------------------------------

test('developer: a marked access is not an ordinary load everywhere', () => {
  const text = flat(read('content/developer.md'));
  assert.doesNotMatch(text, /To the processor a \[marked access\]\([^)]*\) is an ordinary load or store/);
  assert.match(text, /on Alpha, `READ_ONCE\(\)` is followed by a memory \[?barrier/);
  assert.match(text, /\(`LDAR`, or `LDAPR`/);
});
