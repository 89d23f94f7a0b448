// bench-armv8.js - what the lab grader's Armv8 step (pipeline.armv8: armv8-child.js in the sandbox) adds to
// one check, side by side in one process: each lab's reference solution graded as it is, and with that
// step replaced by "no AArch64 cells", in alternating order, each on a fresh work directory (cold
// caches). CPU is this process's plus its waited-for children's (/proc/self/stat). BENCHMARKS.md.
//   node tools/lab/bench-armv8.js [ROUNDS]   (from the repository's root, after `make` built the tools)
'use strict';
const fs = require('fs'),
  os = require('os'),
  path = require('path');
const ROOT = process.cwd();
const pipeline = require(path.join(ROOT, 'tools/lab/lib/pipeline.js'));
const { check } = require(path.join(ROOT, 'tools/lab/lib/check.js'));
const labs = require(path.join(ROOT, 'tools/lab/lib/config.js')).load().labs;
const cpu = () => {
  const f = fs.readFileSync('/proc/self/stat', 'utf8').split(') ')[1].split(' ');
  const u = process.cpuUsage();
  return (Number(f[13]) + Number(f[14])) * 10 + (u.user + u.system) / 1000;
};
const real = pipeline.armv8;
let step = null;
pipeline.armv8 = (ctx, t) => {
  const c0 = cpu(),
    w0 = Date.now();
  const r = real(ctx, t);
  step = { cpu: cpu() - c0, wall: Date.now() - w0 };
  return r;
};
const off = () => ({ cells: {} });
const top = fs.mkdtempSync(path.join(os.tmpdir(), 'armv8-bench-'));
const sum = { with: { cpu: 0, wall: 0 }, without: { cpu: 0, wall: 0 }, step: { cpu: 0, wall: 0 } };
const rounds = Number(process.argv[2] || 1);
for (let k = 0; k < rounds; k++)
  for (const [i, lab] of labs.entries())
    for (const mode of (i + k) % 2 ? ['with', 'without'] : ['without', 'with']) {
      const withArm = mode === 'with';
      const save = pipeline.armv8;
      if (!withArm) pipeline.armv8 = off;
      const c0 = cpu(),
        w0 = Date.now();
      const res = check({ lab, file: `labs/${lab}/solution.c`, work: path.join(top, `${lab}-${mode}-${k}`) });
      const c = cpu() - c0,
        w = Date.now() - w0;
      pipeline.armv8 = save;
      sum[mode].cpu += c;
      sum[mode].wall += w;
      if (withArm) {
        sum.step.cpu += step.cpu;
        sum.step.wall += step.wall;
      }
      console.log(
        `${lab} ${mode}: ${res.verdict}, ${w} ms wall, ${Math.round(c)} ms CPU` +
          (withArm
            ? `; its armv8 step ${step.wall} ms wall, ${Math.round(step.cpu)} ms CPU (${Object.keys(res.armv8.cells).length} cells)`
            : ''),
      );
    }
const n = rounds * labs.length;
for (const m of ['without', 'with', 'step'])
  console.log(`mean per check ${m}: ${Math.round(sum[m].wall / n)} ms wall, ${Math.round(sum[m].cpu / n)} ms CPU`);
fs.rmSync(top, { recursive: true, force: true });
