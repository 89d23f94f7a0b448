#!/usr/bin/env node
// cpu-by-process.js - runs a command and prints the CPU seconds (user + sys, /proc/<pid>/stat) that every
// kind of process used meanwhile, sampled every 0.5 s: chromium's processes by their --type (browser,
// renderer, gpu-process, utility, zygote), others by their name. A process that lives less than 0.5 s
// may be missed; processes that existed before the command count from the first sample.
//   node tools/dev/cpu-by-process.js node tests/browser/run.js tests/browser/site.test.js
'use strict';
const fs = require('fs');
const { spawn } = require('child_process');

const HZ = 100; // USER_HZ on Linux
const seen = new Map(); // pid -> {kind, cpu}

function kindOf(comm, cmdline) {
  if (!/chrom/.test(comm)) return comm;
  const type = cmdline.find((a) => a.startsWith('--type='));
  return 'chromium ' + (type ? type.slice(7) : 'browser');
}

function sample() {
  const now = new Map();
  for (const pid of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      const st = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
      const comm = st.slice(st.indexOf('(') + 1, st.lastIndexOf(')'));
      const f = st.slice(st.lastIndexOf(')') + 2).split(' ');
      const cmd = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split(/[\0 ]/);
      now.set(pid, { kind: kindOf(comm, cmd), cpu: (+f[11] + +f[12]) / HZ });
    } catch {
      /* gone meanwhile */
    }
  }
  return now;
}

const base = sample();
const child = spawn(process.argv[2], process.argv.slice(3), { stdio: 'ignore' });
const timer = setInterval(() => {
  for (const [pid, p] of sample()) seen.set(pid, p);
}, 500);
child.on('exit', (code) => {
  clearInterval(timer);
  const total = new Map();
  for (const [pid, p] of seen)
    total.set(p.kind, (total.get(p.kind) || 0) + p.cpu - (base.has(pid) ? base.get(pid).cpu : 0));
  [...total]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 12)
    .forEach(([k, c]) => console.log(c.toFixed(1).padStart(8) + ' ' + k));
  process.exitCode = code;
});
