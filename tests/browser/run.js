// run.js [FILE...] - `make browser-test`: one headless chromium for every browser test file, and the
// files side by side. Starts Debian's chromium once (playwright-core's launchServer, the harness's
// flags), then runs `node --test` on the files (default: every tests/browser/*.test.js) with
// BROWSER_WS_ENDPOINT set: h.open() in each file then connects to that browser instead of launching
// its own (harness.js), and each tab still gets a fresh context (own cookies, storage, downloads).
// Files run $BROWSER_JOBS at a time (default: the number of cores). Exit status: node --test's.
// A file run on its own (`node --test tests/browser/x.test.js`) launches a browser of its own.
'use strict';

const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { spawn } = require('node:child_process');
const h = require('./harness');

async function main() {
  let files = process.argv.slice(2);
  if (!files.length) {
    files = fs.readdirSync(__dirname).filter((f) => f.endsWith('.test.js')).sort()
      .map((f) => path.join(__dirname, f));
  }
  const jobs = Math.max(1, +(process.env.BROWSER_JOBS || os.availableParallelism()));
  const server = await h.launchServer();
  const child = spawn(process.execPath, ['--test', `--test-concurrency=${jobs}`, ...files], {
    stdio: 'inherit',
    env: Object.assign({}, process.env, { BROWSER_WS_ENDPOINT: server.wsEndpoint() }),
  });
  const stop = (sig) => child.kill(sig);
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  const code = await new Promise((resolve) => child.on('exit', (c, sig) => resolve(c === null ? 128 + (os.constants.signals[sig] || 1) : c)));
  await server.close().catch(() => {});
  process.exit(code);
}

main().catch((e) => {
  console.error(`tests/browser/run.js: ${e.stack || e}`);
  process.exit(1);
});
