// differential.test.js - DPOR against naive enumeration on thousands of random programs
// (randprog.js), compiled through the real pipeline in batches (one module per batch, cached by
// content like every build) and explored in parallel worker processes, one per core.
// Knobs: SEED=<n> (default 13, what make check runs) and PROGRAMS=<n> (default 2000), e.g.
//   SEED=$RANDOM PROGRAMS=5000 make wasm-test
'use strict';
const test = require('node:test');
const assert = require('node:assert');
const fs = require('fs');
const os = require('os');
const path = require('path');
const { spawn, execFileSync } = require('child_process');
const H = require('./helpers');
const R = require('./randprog');

const SEED = +(process.env.SEED || 13);
const PROGRAMS = +(process.env.PROGRAMS || 2000);
const BATCH = 500;
const NAIVE_CAP = 50000;

function worker(jobFile) {
  return new Promise((resolve, reject) => {
    const c = spawn(process.execPath, [path.join(__dirname, 'randprog.js'), jobFile], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '',
      err = '';
    c.stdout.on('data', (d) => {
      out += d;
    });
    c.stderr.on('data', (d) => {
      err += d;
    });
    c.on('close', (code) =>
      code === 0 ? resolve(JSON.parse(out)) : reject(new Error(`worker ${jobFile} exited ${code}:\n${err}`)),
    );
  });
}

async function pool(jobs, n) {
  const out = new Array(jobs.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(n, jobs.length) }, async () => {
      while (next < jobs.length) {
        const i = next++;
        out[i] = await worker(jobs[i]);
      }
    }),
  );
  return out;
}

// The worker jobs for progs in dir: one module for each BATCH of them (made of the programs
// modulePrograms(b, batch) gives), whose programs are shared out over `parts` jobs; options go
// into every job. Runs them in a worker per core (4 at the most) and returns their results.
async function explore(dir, progs, { parts, modulePrograms, options }) {
  fs.mkdirSync(dir, { recursive: true });
  const jobs = [];
  for (let b = 0; b * BATCH < progs.length; b++) {
    const batch = progs.slice(b * BATCH, (b + 1) * BATCH);
    const src = path.join(dir, `batch${b}.c`);
    const all = modulePrograms(b, batch);
    fs.writeFileSync(src, R.batchSource(all));
    for (let h = 0; h < parts; h++) {
      const job = path.join(dir, parts === 1 ? `batch${b}.json` : `batch${b}-${h}.json`);
      const programs = batch.filter((_, i) => i % parts === h);
      const id = `random/${SEED}-${b}`;
      fs.writeFileSync(job, JSON.stringify({ src, id, programs, batch: all, cacheDir: H.CACHE, ...options }));
      jobs.push(job);
    }
  }
  const done = await pool(jobs, Math.max(1, Math.min(os.cpus().length, 4)));
  return { jobs, done, results: [].concat(...done.map((d) => d.results)) };
}

const differs = (r) =>
  r.dporKeys.join('\n') !== r.naiveKeys.join('\n') || r.memoPartial || r.memoKeys.join('\n') !== r.naiveKeys.join('\n');

// No program of bad, each shown (the first three) by where(r) and its three sets of outcomes.
function assertNoneDiffer(bad, progs, where) {
  const byId = new Map(progs.map((p) => [p.id, p]));
  assert.deepStrictEqual(
    bad.map((r) => r.id),
    [],
    bad
      .slice(0, 3)
      .map(
        (r) =>
          `${where(r)}${R.exampleText(byId.get(r.id))}\n` +
          `DPOR:  ${r.dporKeys.join(' | ')}\nmemo:  ${r.memoKeys.join(' | ')}\nnaive: ${r.naiveKeys.join(' | ')}`,
      )
      .join('\n\n'),
  );
}

test(`DPOR and the memoised search find exactly the outcomes of naive enumeration on ${PROGRAMS} random programs (SEED=${SEED})`, async (t) => {
  const t0 = Date.now();
  const progs = R.programs(SEED, PROGRAMS);
  const dir = path.join(H.SCRATCH, 'differential');
  const { jobs, done, results } = await explore(dir, progs, {
    parts: 1,
    modulePrograms: (b, batch) => batch,
    options: { naiveCap: NAIVE_CAP },
  });
  const bad = results.filter((r) => !r.naivePartial && differs(r));
  const file = (r) => path.join(dir, `${r.id}.c`);
  for (const r of bad.slice(0, 3)) fs.writeFileSync(file(r), R.exampleText(progs.find((p) => p.id === r.id)));
  assertNoneDiffer(bad, progs, (r) => `${file(r)} (KEEP_SCRATCH=1 keeps it):\n`);
  // Every program was compared, and the programs do what the generator is for.
  const partial = results.filter((r) => r.naivePartial || r.dporPartial).length;
  assert.strictEqual(results.length, PROGRAMS);
  assert.ok(partial <= PROGRAMS / 100, `${partial} programs too large for naive enumeration`);
  const count = (k) => results.filter((r) => r[k]).length;
  const dpor = results.reduce((s, r) => s + r.dpor, 0),
    naive = results.reduce((s, r) => s + r.naive, 0);
  for (const k of ['crash', 'hang', 'limit', 'overflow']) assert.ok(count(k) > 0, `some programs reach a ${k} outcome`);
  assert.ok(dpor < naive / 2, `DPOR explores fewer schedules (${dpor}) than naive enumeration (${naive})`);
  const memo = results.reduce((s, r) => s + r.memo, 0);
  assert.ok(memo < naive / 2, `the memoised search runs fewer schedules (${memo}) than naive enumeration (${naive})`);
  t.diagnostic(
    `${PROGRAMS} programs (SEED=${SEED}) in ${jobs.length} batches: ${naive} schedules by naive enumeration, ` +
      `${dpor} by DPOR, ${memo} by the memoised search (runs to the end or to a state seen before); ${count('crash')} with crashes, ${count('overflow')} stack overflows, ${count('limit')} explorer limits, ` +
      `${count('hang')} with hangs, ${partial} skipped; build ${done.map((d) => d.buildMs).join('+')} ms, explore ` +
      `${done.map((d) => d.exploreMs).join('+')} ms, ${Date.now() - t0} ms in all`,
  );
});

// The same under x86-TSO, on the first batch (the same module): store buffers multiply the
// interleavings, so the naive enumeration's cap skips the larger programs.
const TSO_PROGRAMS = +(process.env.TSO_PROGRAMS || 200);
const TSO_NAIVE_CAP = 10000;
test(`DPOR and the memoised search find exactly the outcomes of naive enumeration under x86-TSO on ${TSO_PROGRAMS} random programs (SEED=${SEED})`, async (t) => {
  const t0 = Date.now();
  const progs = R.programs(SEED, TSO_PROGRAMS);
  // two jobs per batch of BATCH (the module is the whole batch's): one per core
  const { results } = await explore(path.join(H.SCRATCH, 'differential-tso'), progs, {
    parts: 2,
    modulePrograms: (b) => R.programs(SEED, (b + 1) * BATCH).slice(b * BATCH),
    options: { naiveCap: TSO_NAIVE_CAP, model: 'tso' },
  });
  const compared = results.filter((r) => !r.naivePartial && !r.dporPartial);
  assertNoneDiffer(compared.filter(differs), progs, () => '');
  assert.strictEqual(results.length, progs.length);
  assert.ok(
    compared.length >= progs.length * 0.6,
    `${compared.length} of ${progs.length} programs small enough for naive enumeration under x86-TSO`,
  );
  const dpor = compared.reduce((s, r) => s + r.dpor, 0),
    naive = compared.reduce((s, r) => s + r.naive, 0);
  assert.ok(dpor < naive / 4, `DPOR explores fewer schedules (${dpor}) than naive enumeration (${naive})`);
  t.diagnostic(
    `x86-TSO: ${compared.length} of ${progs.length} programs compared (the rest past ${TSO_NAIVE_CAP} naive schedules): ` +
      `${naive} schedules by naive enumeration, ${dpor} by DPOR, ${Date.now() - t0} ms`,
  );
});

test("the random programs' metadata is what asm-tool meta reads from them (a sample)", (t) => {
  const tool = path.join(H.TOP, 'build/asm/asm-tool');
  if (!fs.existsSync(tool)) {
    t.skip('no build/asm/asm-tool yet (make builds it)');
    return;
  }
  const dir = path.join(H.SCRATCH, 'differential-meta');
  fs.mkdirSync(dir, { recursive: true });
  const progs = R.programs(SEED, 200).filter((_, i) => i % 20 === 0);
  for (const p of progs) {
    const file = path.join(dir, p.id + '.c'),
      out = path.join(dir, p.id + '.json');
    fs.writeFileSync(file, R.exampleText(p));
    execFileSync(tool, ['meta', 'examples/targets.conf', file, 'random/' + p.id, path.join(dir, 'src'), out], {
      cwd: H.TOP,
      stdio: 'pipe',
    });
    const m = JSON.parse(fs.readFileSync(out, 'utf8'));
    const vars = (a) => a.map((v) => ({ name: v.name, type: v.type, size: v.size }));
    const mine = R.runtimeMeta(p);
    assert.deepStrictEqual(
      { threads: m.threads, shared: vars(m.shared), observed: vars(m.observed), outcome: m.outcome },
      { threads: mine.threads, shared: vars(mine.shared), observed: vars(mine.observed), outcome: mine.outcome },
      p.id,
    );
  }
});
