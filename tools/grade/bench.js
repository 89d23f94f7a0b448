#!/usr/bin/env node
// bench.js [N [ROUNDS]] - `make grade-bench`: the batch grader's throughput on 2 jobs, sandboxed and
// not, side by side in one run. A class of N generated polling-lab submissions (tests/class.js
// without the hostile corpus: the lab's wrong fixes, its over-fenced fix, the starter, a compile
// error, changed metadata, right fixes; default 12) is graded by grade.js with -j 2, alternating:
// in the sandbox, then with LAB_UNSANDBOXED=1 (the same steps, limits and checks, bubblewrap left
// out), ROUNDS times (default 2). Each run starts from empty caches (a submission's caches are its
// own). Prints submissions per minute for each mode (its best run) and the ratio: what the sandbox
// costs a class.
'use strict';
const fs = require('fs');
const os = require('os');
const path = require('path');
const { spawnSync } = require('child_process');
const { makeClass } = require('./tests/class');

const ROOT = path.resolve(__dirname, '..', '..');
const n = parseInt(process.argv[2] || '12', 10);
const rounds = parseInt(process.argv[3] || '2', 10);
const top = fs.mkdtempSync(path.join(os.tmpdir(), 'grade-bench-'));
try {
  const secret = path.join(top, 'secret.txt');
  fs.writeFileSync(secret, 'not a secret here\n');
  makeClass(path.join(top, 'class'), secret, n, { hostile: false });
  const best = { sandboxed: Infinity, unsandboxed: Infinity };
  const seen = new Set(); // the verdict counts of every run: a throughput is only one if they agree
  for (let round = 0; round < rounds; round++) {
    for (const mode of ['sandboxed', 'unsandboxed']) {
      const out = path.join(top, `out-${mode}-${round}`);
      const env = Object.assign({}, process.env);
      if (mode === 'unsandboxed') env.LAB_UNSANDBOXED = '1';
      else delete env.LAB_UNSANDBOXED;
      const t0 = process.hrtime.bigint();
      const r = spawnSync(
        process.execPath,
        [path.join(__dirname, 'grade.js'), 'polling', path.join(top, 'class'), '-j', '2', '--out', out],
        { cwd: ROOT, env, encoding: 'utf8', maxBuffer: 64 << 20 },
      );
      const s = Number(process.hrtime.bigint() - t0) / 1e9;
      if (r.status !== 0) throw new Error(`grade.js (${mode}) failed:\n${r.stdout}${r.stderr}`);
      const verdicts = /^\d+ submissions: (.*);/m.exec(r.stdout)[1];
      process.stdout.write(
        `  ${mode.padEnd(11)} round ${round + 1}: ${n} submissions in ${s.toFixed(1)} s ` + `(${verdicts})\n`,
      );
      best[mode] = Math.min(best[mode], s);
      seen.add(verdicts);
    }
  }
  if (seen.size > 1) {
    throw new Error(
      `the runs graded the class differently (${[...seen].join(' / ')}): a limit hit under this ` +
        `machine's load (${os.loadavg()[0].toFixed(1)}); no throughput measured`,
    );
  }
  const rate = (s) => ((n * 60) / s).toFixed(1);
  process.stdout.write(
    `grade-bench (make grade, 2 jobs, ${n} submissions, best of ${rounds} run${rounds > 1 ? 's' : ''} each)\n` +
      `  sandboxed:   ${rate(best.sandboxed)} submissions per minute\n` +
      `  unsandboxed: ${rate(best.unsandboxed)} submissions per minute\n` +
      `  ratio sandboxed / unsandboxed time: ${(best.sandboxed / best.unsandboxed).toFixed(2)}\n` +
      `(wall times depend on the machine's load: ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')} now)\n`,
  );
} catch (e) {
  process.stderr.write(`grade-bench: ${e.message}\n`);
  process.exitCode = 1;
} finally {
  fs.rmSync(top, { recursive: true, force: true });
}
