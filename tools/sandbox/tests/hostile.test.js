// hostile.test.js - the hostile-submission corpus (tests/hostile/*.c), with a planted secret file:
//   - as graded: the lab grader itself (tools/lab/lab.js check on the polling lab, the file without
//     its test header, its lab page built), every step in the sandbox after the checks: each case
//     ends in the verdict its header names, and no byte of the secret appears in anything the run
//     printed or wrote (console, result.json, the work directory, the lab page);
//   - without the checks, in the sandbox (steps.js: each grading step alone, up to the grader's Armv8
//     step): the sandbox alone still keeps the secret out;
//   - without checks or sandbox (the teacher's opt-out on a hostile file): the secret leaks, so
//     the scan that finds nothing above is one that can fail;
//   - where bubblewrap cannot create a sandbox, a step is REFUSED unless the teacher opts out.
// Header of a case:  /* HOSTILE: what it tries
//                     * expect: VERDICT[|VERDICT] [at STEP] [text in the message]   (as graded; REJECT: refused
//                       by the checks or the reader before anything is compiled; OK: graded)
//                     * unchecked: VERDICT [at STEP]      (sandbox, no checks; cases the checks reject)
//                     * leaks: yes|no                                       (no sandbox, no checks) */
'use strict';
const test = require('node:test');
const assert = require('node:assert');
const crypto = require('crypto');
const fs = require('fs');
const os = require('os');
const path = require('path');
const { spawn, spawnSync } = require('child_process');
const sandbox = require('../sandbox.js');

const HOSTILE = path.join(__dirname, 'hostile');
const STEPS = path.join(__dirname, 'steps.js');
const steps = require('./steps.js');
const LAB = path.resolve(__dirname, '..', '..', 'lab', 'lab.js');
// Small limits, so the corpus runs in seconds: what matters is that each ends in its verdict.
const LIMITS = {
  preprocess: { cpu: 2, wall: 8 },
  compile: { cpu: 10, wall: 20 },
  link: { cpu: 10, wall: 20 },
  wasm: { cpu: 10, wall: 20 },
  explore: { cpu: 5, wall: 10 },
};

function header(file) {
  const text = fs.readFileSync(file, 'utf8');
  const field = (k) => (new RegExp(`^ \\* ${k}: (.*?)( \\*/)?$`, 'm').exec(text) || [])[1];
  const verdict = (s) => {
    const m = /^(\w+(?:\|\w+)*)(?: at (\w+))?(?: (.*))?$/.exec(s || '');
    assert.ok(m, `${file}: bad expectation "${s}"`);
    return { verdict: m[1], step: m[2] || null, text: m[3] || null };
  };
  return {
    name: path.basename(file, '.c'),
    file,
    text,
    expect: verdict(field('expect')),
    unchecked: field('unchecked') ? verdict(field('unchecked')) : null,
    leaks: field('leaks') === 'yes',
  };
}

const cases = fs
  .readdirSync(HOSTILE)
  .filter((f) => f.endsWith('.c'))
  .sort()
  .map((f) => header(path.join(HOSTILE, f)));
const top = fs.mkdtempSync(path.join(os.tmpdir(), 'sbx-hostile-'));
const token = 's' + crypto.randomBytes(6).toString('hex');
const secret = path.join(top, 'secret', 'secret.txt');

// Every view of an output the secret could hide in: the text, hex digits decoded (objdump -s
// rows, hex dumps), base64 runs decoded.
function leaks(outputs) {
  const hits = [];
  for (const o of outputs) {
    const views = [o.text];
    const hex = o.text
      .split('\n')
      .map((l) => (l.match(/\b[0-9a-f]{2,8}\b/gi) || []).join(''))
      .join('');
    views.push(Buffer.from(hex.length % 2 ? hex.slice(1) : hex, 'hex').toString('latin1'));
    views.push(Buffer.from(hex.slice(1, hex.length - ((hex.length - 1) % 2)), 'hex').toString('latin1'));
    for (const b of o.text.match(/[A-Za-z0-9+/]{16,}={0,2}/g) || [])
      for (let k = 0; k < 4; k++) views.push(Buffer.from(b.slice(k), 'base64').toString('latin1'));
    if (views.some((v) => v.toLowerCase().includes(token))) hits.push(o.name);
  }
  return hits;
}

// The grader on one case, in a child node: -> the shape steps.js prints ({verdict, step, message,
// outputs}), REJECT for a file refused before compiling (kinds check and metadata).
function runGrader(c, file, work) {
  const site = path.join(work, 'site');
  const result = path.join(work, 'result.json');
  return new Promise((resolve) => {
    const p = spawn(
      process.execPath,
      [
        LAB,
        'check',
        'polling',
        file,
        '--work',
        path.join(work, 'check'),
        '--result',
        result,
        '--site',
        site,
        '--limits',
        JSON.stringify(LIMITS),
      ],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let printed = '';
    p.stdout.on('data', (d) => {
      printed += d;
    });
    p.stderr.on('data', (d) => {
      printed += d;
    });
    p.on('close', (code) => {
      const outputs = [{ name: 'console', text: printed }].concat(steps.workFiles(work));
      let res;
      try {
        res = JSON.parse(fs.readFileSync(result, 'utf8'));
      } catch (e) {
        return resolve({ verdict: 'NO RESULT', step: null, message: `lab.js exited ${code}: ${printed}`, outputs });
      }
      const early =
        res.stage === 'read' && res.reasons.length && res.reasons.every((x) => ['check', 'metadata'].includes(x.kind));
      const verdict = res.limit
        ? res.verdict
        : early
          ? 'REJECT'
          : res.reasons.some((x) => x.kind === 'compile')
            ? 'FAIL'
            : 'OK';
      resolve({
        verdict,
        step: res.limit ? res.limit.step : null,
        outputs,
        message: res.limit ? res.limit.message : res.reasons.map((x) => x.message).join('\n'),
      });
    });
  });
}

// Runs one case in a child node (in parallel with others): the grader, or steps.js.
function runCase(c, mode) {
  const sub = path.join(top, 'class', `${c.name}-${mode}`);
  const file = path.join(sub, 'lab.c');
  const work = path.join(top, 'work', `${c.name}-${mode}`);
  fs.mkdirSync(sub, { recursive: true });
  // in every mode the file a student hands in: without the test's header before the metadata block
  // (which asm-tool meta, run by the grader and by steps.js's Armv8 step, wants first)
  const text = c.text.slice(c.text.indexOf('*/') + 3);
  fs.writeFileSync(file, text.replaceAll('@SECRET@', secret).replaceAll('@SECRET_REL@', path.relative(sub, secret)));
  if (mode === 'graded') return runGrader(c, file, work);
  const args = [STEPS, file, work, '--limits', JSON.stringify(LIMITS)];
  if (mode !== 'graded') args.push('--unchecked');
  if (mode === 'bare') args.push('--unsandboxed');
  return new Promise((resolve, reject) => {
    const p = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    p.stdout.on('data', (d) => {
      out += d;
    });
    p.on('close', (code) => {
      try {
        resolve(JSON.parse(out));
      } catch (e) {
        reject(new Error(`${c.name} (${mode}): steps.js exited ${code}: ${out.slice(0, 500)}`));
      }
    });
  });
}

const runs = {};
test.before(async () => {
  fs.mkdirSync(path.dirname(secret), { recursive: true });
  fs.writeFileSync(secret, token.repeat(6) + '\n');
  const jobs = [];
  for (const c of cases) {
    jobs.push([c, 'graded']);
    if (c.unchecked) jobs.push([c, 'unchecked']);
    if (c.leaks) jobs.push([c, 'bare']);
  }
  const width = Math.max(1, Math.min(2, os.cpus().length));
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < jobs.length) {
        const [c, mode] = jobs[next++];
        runs[`${c.name}/${mode}`] = await runCase(c, mode);
      }
    }),
  );
});
test.after(() => fs.rmSync(top, { recursive: true, force: true }));

function assertVerdict(r, want, what) {
  const got = `${r.verdict}${r.step ? ' at ' + r.step : ''}`;
  // VERDICT|VERDICT: either limit may be hit first, as the machine's speed decides
  assert.ok(want.verdict.split('|').includes(r.verdict), `${what}: got ${got}, want ${want.verdict}: ${r.message}`);
  if (want.step) assert.strictEqual(r.step, want.step, `${what}: got ${got}: ${r.message}`);
  if (want.text) assert.ok(r.message.includes(want.text.replace(/^"(.*)"$/, '$1')), `${what}: message "${r.message}"`);
  if (!['OK', 'FAIL', 'REJECT'].includes(r.verdict))
    assert.match(
      r.message,
      new RegExp(`^${r.step}: ${r.verdict}: .*limit of`),
      `${what}: the verdict names step and limit`,
    );
}

for (const c of cases) {
  test(`${c.name}: graded, ends in ${c.expect.verdict}${c.expect.step ? ' at ' + c.expect.step : ''}, no byte of the secret out`, () => {
    const r = runs[`${c.name}/graded`];
    assertVerdict(r, c.expect, c.name);
    assert.deepStrictEqual(leaks(r.outputs), [], `${c.name}: the secret reached these outputs`);
  });
  if (c.unchecked) {
    test(`${c.name}: without the checks the sandbox alone contains it (${c.unchecked.verdict})`, () => {
      const r = runs[`${c.name}/unchecked`];
      assertVerdict(r, c.unchecked, `${c.name} (unchecked)`);
      // a case that passes every step alone went through the last one too, the grader's Armv8 step
      if (r.verdict === 'OK') assert.ok(r.usage.some((u) => u.step === 'armv8') && r.armv8, `${c.name}: no armv8 step`);
      assert.deepStrictEqual(leaks(r.outputs), [], `${c.name}: the secret reached these outputs`);
    });
  }
  if (c.leaks) {
    test(`${c.name}: with neither checks nor sandbox the secret leaks (the scan can fail)`, () => {
      const r = runs[`${c.name}/bare`];
      assert.notDeepStrictEqual(leaks(r.outputs), [], `${c.name}: expected the unsandboxed run to leak`);
    });
  }
}

test('no user namespaces: every step is REFUSED unless the teacher opts out', () => {
  // A user namespace in which no further one may be created: bubblewrap fails for real in it.
  const dir = path.join(top, 'jail');
  fs.mkdirSync(dir, { recursive: true });
  const verdict = path.join(dir, 'verdict.json');
  const jail = [
    '--unshare-user',
    '--disable-userns',
    '--ro-bind',
    '/',
    '/',
    '--bind',
    dir,
    dir,
    '--dev',
    '/dev',
    '--proc',
    '/proc',
    '--',
  ];
  const inner = (extra) => {
    const r = spawnSync(
      'bwrap',
      jail.concat([sandbox.BIN, 'run', '--step', 'compile', '--verdict', verdict, ...extra, '--', 'true']),
      { encoding: 'utf8' },
    );
    return Object.assign(r, { verdict: JSON.parse(fs.readFileSync(verdict, 'utf8')) });
  };
  const refused = inner([]);
  assert.strictEqual(refused.status, 125);
  assert.strictEqual(refused.verdict.verdict, 'REFUSED');
  assert.match(
    refused.verdict.message,
    /^compile: REFUSED: bubblewrap cannot create a sandbox on this machine .*refusing to run untrusted code/,
  );
  const optedOut = inner(['--unsandboxed']);
  assert.strictEqual(optedOut.status, 0, optedOut.stderr);
  assert.strictEqual(optedOut.verdict.verdict, 'OK');
  assert.strictEqual(optedOut.verdict.sandboxed, false);
});
