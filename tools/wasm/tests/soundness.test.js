// soundness.test.js - regression tests of issue 13: programs that crash, overflow their stack,
// recurse past the explorer's limits or are explored only up to the cap must never give a silently
// missing or wrong outcome set, and must never make the tool die.
'use strict';
const test = require('node:test');
const assert = require('node:assert');
const fs = require('fs');
const H = require('./helpers');

function bothModes(meta, v) {
  const m = H.machine(meta, v);
  return { dpor: H.explore(m, 'dpor'), naive: H.explore(m, 'naive'), m };
}
// Does a predicate tree (the metadata's) hold on some outcome of the result?
function holds(res, tree) {
  return res.outcomes.some((o) =>
    H.X.predicateHolds(tree, {
      values: o.outcome.vals,
      hang: o.outcome.hang,
      crash: o.outcome.crash,
      done: o.outcome.done,
    }),
  );
}

test('fault 1: a crash ends the run for every thread, and DPOR still finds the schedules where others run first', () => {
  const meta = H.program('crash-ends-run');
  for (const v of meta.variants) {
    const { dpor, naive, m } = bothModes(meta, v);
    assert.deepStrictEqual(H.keys(dpor), H.keys(naive), `${v}: DPOR equals naive enumeration`);
    for (const e of meta.expect[v])
      assert.strictEqual(
        holds(dpor, e.tree),
        e.kind === 'reachable',
        `${v}: ${e.kind}: ${e.expr}: ${H.keys(dpor).join(' | ')}`,
      );
    if (v === 'transformed') continue;
    // The crash is a step of its own: when it happens, the other threads stop where they are.
    const c = dpor.outcomes.find((o) => o.outcome.crash && o.outcome.vals.y === 0);
    m.replay(H.X.decodeSchedule(c.witness));
    assert.deepStrictEqual(m.enabled(), []);
    const other = c.outcome.crash.thread === 't0' ? 't1' : 't0';
    assert.match(c.outcome.crash.others[other], /^at line \d+$/, JSON.stringify(c.outcome.crash));
    assert.strictEqual(m.trace[m.trace.length - 1].kind, 'X');
  }
});

test('fault 1: a thread spinning when another crashes was waiting, it is not "does not terminate"', () => {
  const meta = H.program('crash-ends-run');
  const m = H.machine(meta, 'transformed');
  m.replay([0]); // t0 reads x == 0
  for (let k = 0; k < 5 && m.threads[1].status === 'paused'; k++) m.step(1); // t1 spins on y
  assert.strictEqual(m.threads[1].status, 'blocked');
  m.step(0); // t0's BUG_ON
  const o = m.outcome();
  assert.deepStrictEqual(
    [o.hang, o.crash.thread, o.done, o.key],
    [[], 't0', false, o.key.replace(/does not terminate/, '')],
  );
  assert.match(o.crash.others.t1, /^spinning at line \d+$/);
});

test('fault 2: a frame larger than the 64 KiB stack is the crash "stack overflow", never another thread\'s stack', () => {
  const meta = H.program('stack-overflow');
  // plain: an 80 KB array; transformed: recursion whose last frame is a function that calls nothing
  // (wasm's 128-byte red zone: only its local copy of the stack pointer is below the stack).
  for (const v of ['plain', 'transformed']) {
    const r = bothModes(meta, v);
    assert.deepStrictEqual(H.keys(r.dpor), H.keys(r.naive));
    assert.ok(r.dpor.outcomes.length > 0);
    for (const o of r.dpor.outcomes) {
      assert.strictEqual(o.outcome.crash && o.outcome.crash.thread, 't0', `${v}: ${o.key}`);
      assert.match(o.outcome.crash.message, /^stack overflow/);
      assert.ok([0, 4950].includes(o.outcome.vals.r1), `${v}: t1's own stack is intact: ${o.key}`);
    }
  }
  // 40 KB fits: no false alarm, and both threads compute what every sequential run computes.
  const fixed = bothModes(meta, 'fixed');
  assert.deepStrictEqual(H.keys(fixed.dpor), ['r0=20000 r1=4950']);
  assert.deepStrictEqual(H.keys(fixed.naive), ['r0=20000 r1=4950']);
});

test("fault 3: recursion deeper than the asyncify buffer or the engine's stack is a clear outcome, never an exception", () => {
  const meta = H.program('deep-recursion');
  const plain = bothModes(meta, 'plain'); // 2000 frames at a scheduling point: within every limit
  assert.deepStrictEqual(H.keys(plain.dpor), ['r0=2000 x=1', 'r0=2001 x=1']);
  assert.deepStrictEqual(H.keys(plain.naive), H.keys(plain.dpor));
  const limits = {
    fixed: /^explorer limit: more than 128 KiB of call frames/,
    transformed: /^explorer limit: the engine's call stack is full/,
  };
  for (const v of ['fixed', 'transformed']) {
    const { dpor, naive, m } = bothModes(meta, v);
    assert.deepStrictEqual(H.keys(dpor), H.keys(naive));
    assert.strictEqual(dpor.outcomes.length, 1, H.keys(dpor).join(' | '));
    const c = dpor.outcomes[0].outcome.crash;
    assert.strictEqual(c.thread, 't0');
    assert.match(c.message, limits[v]);
    assert.strictEqual(c.limit, true);
    m.reset(); // the machine is still usable afterwards
    assert.strictEqual(m.ex.asyncify_get_state(), 0);
  }
  const src = fs.readFileSync(meta.sources.fixed, 'utf8').split('\n');
  const c = H.explore(H.machine(meta, 'fixed'), 'dpor').outcomes[0].outcome.crash;
  assert.match(src[c.line - 1], /READ_ONCE\(x\)/, 'the limit is reported at the access where the thread paused');
  // The build reports a limit as an error at the example's line, numbered as the example file
  // numbers it (the metadata's line map; explore-test fails on it).
  const r = H.processExample(meta, { buildDir: H.SCRATCH, cacheDir: H.CACHE });
  const errs = r.errors.filter((e) => /explorer limit/.test(e));
  assert.strictEqual(errs.length, 2, r.errors.join('\n'));
  const fileLine = meta.lines.fixed[c.line - 1];
  assert.match(fs.readFileSync(meta.file, 'utf8').split('\n')[fileLine - 1], /READ_ONCE\(x\)/);
  assert.ok(errs[0].startsWith(`${meta.file}:${fileLine}: variant fixed: t0: explorer limit: `), errs[0]);
  assert.match(errs[1], /deep-recursion\.c:1: variant transformed: t0: explorer limit: the engine's call stack/);
});

test('fault 4: a capped exploration fails every unreachable expectation and quiz it would key, and says so with --quiet', () => {
  const { execFileSync } = require('child_process');
  const path = require('path');
  const meta = JSON.parse(JSON.stringify(H.program('store-buffering')));
  // keyed "not reachable": the same predicate as the unreachable line, so its tree is asm-tool's
  const same = meta.expect.plain.find((e) => e.kind === 'unreachable' && e.expr === 'r0 == 0 && r1 == 0');
  meta.quiz.plain.push({ line: 99, expr: same.expr, tree: same.tree });
  const full = H.processExample(meta, { buildDir: H.SCRATCH, cacheDir: H.CACHE });
  assert.deepStrictEqual(full.errors, [], 'the full exploration proves every line');
  assert.strictEqual(full.json.variants.plain.partial, false);
  const r = H.processExample(meta, { buildDir: H.SCRATCH, cacheDir: H.CACHE, cap: 2 });
  const pv = r.json.variants.plain;
  assert.strictEqual(pv.partial, true);
  const msg = 'exploration stopped at the cap (2 schedules): cannot prove unreachable';
  const file = 'tools/wasm/tests/programs/store-buffering.c';
  const unreachable = meta.expect.plain.filter((e) => e.kind === 'unreachable');
  assert.ok(unreachable.length > 0);
  for (const e of unreachable)
    assert.ok(
      r.errors.includes(`${file}:${e.line}: expect.plain: unreachable: ${e.expr} -- ${msg}`),
      r.errors.join('\n'),
    );
  assert.ok(r.errors.includes(`${file}:99: quiz.plain: r0 == 0 && r1 == 0 -- ${msg}`), r.errors.join('\n'));
  assert.ok(pv.expect.filter((e) => e.kind === 'unreachable').every((e) => !e.ok));
  // explore.js --quiet (as explore-test runs it) prints the lines and exits 1.
  const metaDir = path.join(H.SCRATCH, 'capmeta');
  fs.mkdirSync(path.join(metaDir, 'test'), { recursive: true });
  fs.writeFileSync(path.join(metaDir, 'test/store-buffering.json'), JSON.stringify(meta));
  let status = 0,
    stderr = '';
  try {
    execFileSync(
      'node',
      [
        path.join(H.TOP, 'tools/wasm/explore.js'),
        '--meta',
        metaDir,
        '--build',
        path.join(H.SCRATCH, 'cap'),
        '--quiet',
        '--cap',
        '2',
      ],
      { cwd: H.TOP, stdio: 'pipe' },
    );
  } catch (e) {
    status = e.status;
    stderr = String(e.stderr);
  }
  assert.strictEqual(status, 1);
  assert.ok(stderr.includes(`${file}:99: quiz.plain: r0 == 0 && r1 == 0 -- ${msg}`), stderr);
  const written = JSON.parse(
    fs.readFileSync(path.join(H.SCRATCH, 'cap/data/outcomes/test/store-buffering.json'), 'utf8'),
  );
  assert.strictEqual(written.variants.plain.partial, true, 'the page data marks the table partial');
});

test('fault 4: the page marks the outcome table of a capped exploration partial', (t) => {
  const { execFileSync } = require('child_process');
  const path = require('path');
  const sitegen = path.join(H.TOP, 'build/bin/sitegen'),
    data = path.join(H.TOP, 'build/data');
  const id = 'load-fusing/need-to-stop-gnu89';
  if (!fs.existsSync(sitegen) || !fs.existsSync(path.join(data, 'outcomes', id + '.json'))) {
    t.skip('no built site yet');
    return;
  }
  const dir = path.join(H.SCRATCH, 'partial-site');
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  execFileSync('cp', ['-as', data, path.join(dir, 'data')]); // links: build/data itself is never written
  const meta = JSON.parse(fs.readFileSync(path.join(data, 'meta', id + '.json'), 'utf8'));
  const capped = H.processExample(meta, {
    buildDir: path.join(dir, 'scratch'),
    cacheDir: H.CACHE,
    cap: 1,
    naive: false,
  });
  assert.strictEqual(capped.json.variants.plain.partial, true);
  const dst = path.join(dir, 'data/outcomes', id + '.json');
  fs.rmSync(dst);
  fs.writeFileSync(dst, JSON.stringify(capped.json));
  execFileSync(
    sitegen,
    [
      '--content',
      'content',
      '--templates',
      'site/templates',
      '--static',
      'site/static',
      '--data',
      path.join(dir, 'data'),
      '--config',
      'site/config.lua',
      '--out',
      path.join(dir, 'site'),
      '--state',
      path.join(dir, 'state'),
    ],
    { cwd: H.TOP, stdio: 'pipe' },
  );
  // the example's verified record: a page of its own beside load-fusing.html (site/templates/example.html)
  const { anchor } = JSON.parse(fs.readFileSync(path.join(data, 'examples', id + '.json'), 'utf8'));
  const record = anchor + '.record.html';
  const caption = (site) => {
    const html = fs.readFileSync(path.join(site, record), 'utf8');
    // this example's explorer section (other tables of the page have captions and variants too)
    const start = html.search(new RegExp(`<section class="explorer explorer-verified" [^>]*data-example="${id}"`));
    assert.ok(start >= 0, 'the page has the explorer of ' + id);
    const section = html.slice(start, html.indexOf('</section>', start));
    let from = section,
      at = section.indexOf('class="explorer-outcomes" data-variant="plain"');
    if (at < 0) {
      // said once: the outcome panel's view of the explorer's build, when the two agree
      // (partials/native-outcomes.html; the capped data here does not, so its table stays above)
      const panel = html.search(new RegExp(`<section class="native" [^>]*data-example="${id}"`));
      assert.ok(panel >= 0, 'the page has the outcome panel of ' + id);
      from = html.slice(panel);
      at = from.indexOf('class="native-build-outcomes" data-variant="plain"');
    }
    return /<caption>([\s\S]*?)<\/caption>/.exec(from.slice(at))[1];
  };
  assert.match(caption(path.join(dir, 'site')), /partial: the exploration stopped at its cap/);
  const real = path.join(H.TOP, 'build/site'); // the full exploration's page is not marked
  if (fs.existsSync(path.join(real, record))) assert.doesNotMatch(caption(real), /partial:/);
});
