// run.js - runs one of the lab tools' own programs on trusted input (asm-tool matrix on
// examples/targets.conf) under a wall-clock timeout, a virtual-memory cap and a cap on the output
// kept. Nothing that reads a student's file runs here: those steps go through tools/sandbox
// (pipeline.js).
'use strict';
const { spawnSync } = require('child_process');

const DEFAULTS = { timeoutSec: 60, vmemKb: 2000000, maxOutput: 16384 };

// Keeps the first `max` characters of a tool's output and says how much was cut.
function truncate(text, max) {
  if (text.length <= max) return text;
  return text.slice(0, max) + `\n[... ${text.length - max} more characters of output cut]\n`;
}

// run(argv, {cwd, env, timeoutSec, vmemKb (0: no cap), maxOutput, input})
// -> {status, out (stdout+stderr, truncated), stdout, timedOut}
function run(argv, opts) {
  const o = Object.assign({}, DEFAULTS, opts || {});
  // `ulimit -v` in a shell, then exec: the cap applies to the tool and everything it starts.
  const script = (o.vmemKb ? 'ulimit -v "$1"; ' : '') + 'shift; exec timeout -k 5 "$@"';
  const args = ['-c', script, 'lab-run', String(o.vmemKb || 0), String(o.timeoutSec)].concat(argv);
  const r = spawnSync('/bin/sh', args, {
    cwd: o.cwd,
    env: Object.assign({}, process.env, o.env || {}),
    input: o.input,
    encoding: 'utf8',
    maxBuffer: 64 << 20,
  });
  const timedOut = r.status === 124 || r.status === 137;
  const both = (r.stdout || '') + (r.stderr || '');
  return {
    status: r.status === null ? 128 : r.status,
    out: truncate(both, o.maxOutput),
    stdout: r.stdout || '',
    timedOut,
  };
}

module.exports = { run, truncate, DEFAULTS };
