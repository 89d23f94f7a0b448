// checker.test.js - the checker on bad and hostile input (node --test, `make lab-test`): a file that
// does not compile gets the compiler's file:line diagnostics and a FAIL (not a crash); a changed
// metadata block is refused; long diagnostics are truncated; every sandbox limit a step hits is a
// verdict naming the step and the limit; an include the text hides is refused on the
// preprocessor's view; the file goes through the pipeline as it is (no rewritten copy: every line is its own);
// the lab page's links point into the full course, and its checker section shows the check's result.
'use strict';
const { test } = require('node:test');
const assert = require('node:assert/strict');
const fs = require('fs');
const path = require('path');
const { spawnSync } = require('child_process');
const { run } = require('../lib/run');

const ROOT = path.resolve(__dirname, '..', '..', '..');
const TMP = path.join(ROOT, 'build', 'lab', 'test', 'checker');
const STARTER = fs.readFileSync(path.join(ROOT, 'labs/polling/lab.c'), 'utf8');
// the line of the starter's #include "course.h" (the lines a test inserts after it are counted from it)
const INCLUDE = STARTER.split('\n').indexOf('#include "course.h"') + 1;
const WORK = path.join(TMP, 'work');
// the lab page of the checker's own grades: not build/lab/polling/site, which `make lab` and the browser
// tests (tests/browser/labs.test.js, side by side with this suite in `make check`) write
const SITE = path.join(TMP, 'site');

function grade(name, text, page, limits) {
  fs.mkdirSync(TMP, { recursive: true });
  const file = path.join(TMP, name);
  fs.writeFileSync(file, text);
  const rel = path.relative(ROOT, file);
  const result = path.join(TMP, name + '.json');
  fs.rmSync(result, { force: true });
  const r = spawnSync(
    'node',
    ['tools/lab/lab.js', 'check', 'polling', rel, '--work', WORK, '--result', result, '--site', SITE].concat(
      page ? [] : ['--no-page'],
      limits ? ['--limits', JSON.stringify(limits)] : [],
    ),
    { cwd: ROOT, encoding: 'utf8' },
  );
  return {
    status: r.status,
    out: r.stdout + r.stderr,
    rel,
    text,
    res: fs.existsSync(result) ? JSON.parse(fs.readFileSync(result, 'utf8')) : null,
  };
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
  assert.match(res.reasons[0].message, /nometa\.c:1: the file must start with a \/\*@example block/);
});

test('a lab file includes course.h and nothing else', () => {
  const { status, res } = grade(
    'include.c',
    STARTER.replace('#include "course.h"', '#include "course.h"\n#include "/etc/passwd"'),
  );
  assert.equal(status, 1);
  assert.equal(res.reasons[0].kind, 'metadata');
  assert.match(
    res.reasons[0].message,
    new RegExp(`include\\.c:${INCLUDE + 1}: an example includes "course\\.h" and nothing else`),
  );
  assert.equal(res.diagnostics, '');
});

test('long diagnostics are truncated; a flood of them is an OUTPUT verdict at the compile step', () => {
  const junk = (n) => Array.from({ length: n }, (_, i) => `int x${i} = y${i};`).join('\n');
  const long = grade('long.c', STARTER + '\n' + junk(100) + '\n');
  assert.equal(long.status, 1);
  assert.equal(long.res.verdict, 'FAIL');
  assert.ok(long.res.diagnostics.length < 9000, `diagnostics of ${long.res.diagnostics.length} characters`);
  assert.match(long.res.diagnostics, /more characters of output cut/);
  const flood = grade('flood.c', STARTER + '\n' + junk(3000) + '\n');
  assert.equal(flood.status, 1);
  assert.equal(flood.res.verdict, 'OUTPUT');
  assert.deepEqual([flood.res.limit.step, flood.res.limit.name], ['compile', 'output']);
  assert.match(flood.res.limit.message, /^compile: OUTPUT: printed more than the output limit of \d+ bytes/);
  assert.match(flood.out, /^OUTPUT: compile: OUTPUT: /m);
});

test('every limit ends in a verdict naming the step and the limit, in result.json and on the console', () => {
  // a wall limit of 0.02 s on the exploration: less than starting node in the sandbox takes, so the
  // step is stopped however fast the machine is
  const r = grade('slow.c', STARTER, false, { explore: { wall: 0.02 } });
  assert.equal(r.status, 1);
  assert.equal(r.res.verdict, 'TIMEOUT', r.out);
  assert.deepEqual([r.res.limit.step, r.res.limit.name, r.res.limit.unit], ['explore', 'wall', 's']);
  assert.match(r.out, /^TIMEOUT: explore: TIMEOUT: ran longer than the wall-clock limit of 0\.02 s$/m);
  const m = grade(
    'big.c',
    STARTER.replace(
      'SHARED(int, need_to_stop);',
      'SHARED(int, need_to_stop);\nstatic char big[1500 << 20];\n' + 'char *keep_big(void) { return big; }',
    ),
    false,
  );
  assert.equal(m.res.verdict, 'MEMORY', m.out);
  assert.equal(m.res.limit.name, 'memory');
  assert.match(m.res.limit.message, /limit of 1024 MB/);
});

test("a file that reads another through the preprocessor is refused on the preprocessor's own view", () => {
  // meta's own rule sees no #include here; the preprocessor's dependency list does
  const r = grade(
    'splice.c',
    STARTER.replace('#include "course.h"', '#include "course.h"\n#\\\ninclude "/etc/hostname"'),
  );
  assert.equal(r.res.verdict, 'FAIL');
  assert.equal(r.res.reasons[0].kind, 'check', JSON.stringify(r.res.reasons));
  assert.match(
    r.res.reasons[0].message,
    new RegExp(`splice\\.c:${INCLUDE + 2}: reads "/etc/hostname" .*course\\.h" and nothing else`),
  );
  const host = fs.readFileSync('/etc/hostname', 'utf8').trim();
  assert.ok(!JSON.stringify(r.res).includes(host) && !r.out.includes(host), 'the host file reached the result');
});

test('an Armv8 exploration stopped at its bound is no verdict, so never a PASS', () => {
  // a private loop of 8000 turns: far below the interleaving explorer's bounds (it passes every
  // interleaving), past the Armv8 exploration's instruction bound for one path of a thread
  const text = fs
    .readFileSync(path.join(ROOT, 'labs/polling/solution.c'), 'utf8')
    .replace('THREAD(t1)\n{\n', 'THREAD(t1)\n{\n\tfor (volatile int i = 0; i < 8000; i++)\n\t\tcontinue;\n');
  const { status, out, res } = grade('long-path.c', text);
  assert.equal(res.verdict, 'FAIL', out);
  assert.equal(status, 1);
  assert.equal(res.partial, true);
  assert.ok(
    res.expect.every((e) => e.ok),
    'every interleaving passes: ' + JSON.stringify(res.expect),
  );
  const cells = Object.keys(res.armv8.cells);
  assert.ok(cells.length > 0);
  for (const cell of cells) {
    assert.equal(res.armv8.cells[cell].partial, true, cell);
    const r = res.reasons.find((x) => x.target === cell);
    assert.ok(r && r.model === 'armv8' && r.kind === 'explore', JSON.stringify(res.reasons));
    assert.match(
      r.message,
      /under Armv8 on .*: the exploration stopped at its bound \(.*instruction bound.*\), so no verdict/,
    );
  }
  assert.match(out, /^FAIL/m);
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

test('the file is compiled and explored as it is: lines are its own, with or without a comment before the block', () => {
  // one comment line before the block shifts every line by one; nothing rewrites or renumbers them
  const text = '/* my notes */\n' + STARTER.replace('THREAD(t1)\n{\n', 'THREAD(t1)\n{\n\tint unused;\n');
  const unused = text.split('\n').findIndex((l) => l.includes('int unused')) + 1;
  const { res, rel } = grade('shifted.c', text);
  assert.equal(res.reasons[0].kind, 'compile');
  assert.equal(res.reasons[0].line, unused);
  assert.match(res.diagnostics, new RegExp(`^${rel.replace(/[.]/g, '\\.')}:${unused}:`, 'm'));
  const ok = grade(
    'shifted-ok.c',
    '/* my notes */\n' +
      fs.readFileSync(path.join(ROOT, 'labs/polling/wrong/writer-only.c'), 'utf8').split('\n').slice(1).join('\n'),
  );
  const ev = ok.res.reasons.find((r) => r.kind === 'evidence');
  assert.ok(ev, JSON.stringify(ok.res.reasons));
  assert.equal(ok.text.split('\n')[ev.line - 1].trim(), `* evidence.student: ${ev.expr}`);
  const meta = JSON.parse(fs.readFileSync(path.join(WORK, 'data/meta/lab/polling.json'), 'utf8'));
  assert.deepEqual(meta.variants, ['student']);
  assert.equal(meta.sources.student, ok.rel, 'the student file itself is the source');
});

test('a lab file has exactly the variant "student" and no #if blocks', () => {
  const a = grade(
    'variants.c',
    STARTER.replace('variants: student', 'variants: plain').replace(/\.student:/g, '.plain:'),
  );
  assert.match(a.res.reasons[0].message, /variants\.c:6: a lab file has exactly one variant: "variants: student"/);
  const b = grade('ifs.c', STARTER + '#if FIXED\n#endif\n');
  assert.match(b.res.reasons[0].message, /ifs\.c:\d+: a single-variant example has no #if FIXED/);
  const c = grade('undefined-thread.c', STARTER.replace('threads: t0 t1', 'threads: t0 t1 t2'));
  assert.match(
    c.res.reasons[0].message,
    /undefined-thread\.c:5: thread 't2' is listed in 'threads' but no THREAD\(t2\) defines it/,
  );
});

test('links of a lab page point into the full course site (sitegen --link-base)', () => {
  const { res } = grade('page.c', fs.readFileSync(path.join(ROOT, 'labs/polling/solution.c'), 'utf8'), true);
  assert.equal(res.verdict, 'PASS');
  assert.equal(res.page_error, undefined);
  const html = fs.readFileSync(path.join(SITE, 'labs/polling.html'), 'utf8');
  // from the page (labs/polling.html in SITE) up to the full course's root, build/site/
  const up = path.relative(path.join(SITE, 'labs'), path.join(ROOT, 'build/site'));
  assert.equal(up, '../../../../../site');
  const md = fs.readFileSync(path.join(ROOT, 'content/labs/polling.md'), 'utf8');
  const links = [...md.matchAll(/\]\(((?:\.\.\/)?[a-z-]+)\.md(#[^)]*)?\)/g)];
  assert.ok(links.length > 0, 'the polling lab page links to course pages');
  for (const [, p, anchor] of links) {
    const target = path.posix.normalize(path.posix.join('labs', p));
    if (target === 'labs/polling') continue;
    assert.ok(html.includes(`href="${up}/${target}.html${anchor || ''}"`), `${p}.md -> ${up}/${target}.html`);
  }
  // the verified record is a page of its own beside it (the schedule links are there), linked
  assert.ok(html.includes('href="../labs/ex-lab-polling.record.html"'), 'the link to the record');
  const record = fs.readFileSync(path.join(SITE, 'labs/ex-lab-polling.record.html'), 'utf8');
  assert.match(record, /data-explore="lab\/polling:student:/);
  // the page's checker section shows this check's result (the course site's shows the reference's)
  assert.ok(
    html.includes(`What the checker says about your file (<code>${res.file}</code>): <strong>PASS</strong>`),
    'the checker section',
  );
  for (const [cell, c] of Object.entries(res.armv8.cells))
    assert.ok(
      html.includes(
        `<strong>Under Armv8 on ${cell}</strong>: every execution the model allows, ${c.executions} in all`,
      ),
      cell,
    );
});
