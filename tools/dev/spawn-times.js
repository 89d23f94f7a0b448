// spawn-times.js - a node preload that times every child_process.execFileSync call of the process it is
// loaded into (the wasm pipeline runs each tool that way) and, at exit, appends one JSON line to
// $SPAWN_TIMES (default /tmp/spawn-times.log): {pid, script, tools: {name: {calls, ms}}}, where an emcc
// call is counted as "emcc -c" or "emcc link". Wall ms, so it shows where a cold build's time goes:
//   NODE_OPTIONS="-r $PWD/tools/dev/spawn-times.js" sh tools/dev/cpu-of.sh make wasm-test
//   node tools/dev/spawn-times.js --sum      (totals over the log's lines)
'use strict';
const fs = require('fs');
const LOG = process.env.SPAWN_TIMES || '/tmp/spawn-times.log';

function sum() {
  const total = {};
  for (const line of fs.readFileSync(LOG, 'utf8').split('\n').filter(Boolean)) {
    for (const [k, v] of Object.entries(JSON.parse(line).tools)) {
      const t = total[k] || (total[k] = { calls: 0, ms: 0 });
      t.calls += v.calls;
      t.ms += v.ms;
    }
  }
  for (const [k, v] of Object.entries(total).sort((a, b) => b[1].ms - a[1].ms))
    console.log(`${k.padEnd(20)} ${String(v.calls).padStart(5)} calls ${(v.ms / 1000).toFixed(1).padStart(8)} s`);
}

if (require.main === module) {
  sum();
} else {
  const cp = require('child_process');
  const path = require('path');
  const orig = cp.execFileSync;
  const tools = {};
  cp.execFileSync = function (cmd, args) {
    const t0 = process.hrtime.bigint();
    try {
      return orig.apply(this, arguments);
    } finally {
      const name = cmd === 'emcc' ? (args.includes('-c') ? 'emcc -c' : 'emcc link') : path.basename(cmd);
      const t = tools[name] || (tools[name] = { calls: 0, ms: 0 });
      t.calls++;
      t.ms += Number(process.hrtime.bigint() - t0) / 1e6;
    }
  };
  process.on('exit', () => {
    if (Object.keys(tools).length)
      fs.appendFileSync(LOG, JSON.stringify({ pid: process.pid, script: process.argv[1], tools }) + '\n');
  });
}
