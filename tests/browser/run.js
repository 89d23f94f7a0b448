// run.js [FILE...] - `make browser-test`: one headless chromium for every browser test file, and the
// files side by side. Starts Debian's chromium once (playwright-core's launchServer, the harness's
// flags), then runs `node --test FILE` for each file (default: every tests/browser/*.test.js) with
// BROWSER_WS_ENDPOINT set: h.open() in each file then connects to that browser instead of launching
// its own (harness.js), and each tab still gets a fresh context (own cookies, storage, downloads).
// Files run $BROWSER_JOBS at a time (default: the number of cores) in the order given (tests.mk
// lists the longest first; `node --test A B` would sort them by name and start the longest last),
// each one's output printed whole when it ends, then each file's wall time. Exit status: 0 if every
// file passed, else 1. A file run on its own (`node --test tests/browser/x.test.js`) launches a
// browser of its own.
'use strict';

const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { spawn } = require('node:child_process');
const h = require('./harness');

function runFile(file, env, children) {
  return new Promise((resolve) => {
    const start = Date.now();
    const child = spawn(process.execPath, ['--test', '--test-reporter=tap', file], {
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.add(child);
    const out = [];
    child.stdout.on('data', (d) => out.push(d));
    child.stderr.on('data', (d) => out.push(d));
    child.on('close', (code, sig) => {
      children.delete(child);
      process.stdout.write(`# ${path.relative(process.cwd(), file)}\n${Buffer.concat(out).toString()}`);
      resolve({
        file,
        code: code === null ? 128 + (os.constants.signals[sig] || 1) : code,
        wall: (Date.now() - start) / 1000,
      });
    });
  });
}

async function main() {
  let files = process.argv.slice(2);
  if (!files.length) {
    files = fs
      .readdirSync(__dirname)
      .filter((f) => f.endsWith('.test.js'))
      .sort()
      .map((f) => path.join(__dirname, f));
  }
  const jobs = Math.max(1, +(process.env.BROWSER_JOBS || os.availableParallelism()));
  const server = await h.launchServer();
  const env = Object.assign({}, process.env, { BROWSER_WS_ENDPOINT: server.wsEndpoint() });
  delete env.NODE_TEST_CONTEXT;
  const children = new Set();
  const stop = (sig) => {
    for (const c of children) c.kill(sig);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  const queue = [...files];
  const results = [];
  await Promise.all(
    Array.from({ length: Math.min(jobs, queue.length) }, async () => {
      for (let f; (f = queue.shift()) !== undefined;) results.push(await runFile(f, env, children));
    }),
  );
  await server.close().catch(() => {});
  console.log(`# browser-test: ${files.length} files, ${jobs} at a time; wall seconds:`);
  for (const r of results)
    console.log(
      `#   ${r.wall.toFixed(1).padStart(6)}  ${path.basename(r.file)}${r.code ? `  FAILED (exit ${r.code})` : ''}`,
    );
  process.exit(results.every((r) => r.code === 0) ? 0 : 1);
}

main().catch((e) => {
  console.error(`tests/browser/run.js: ${e.stack || e}`);
  process.exit(1);
});
