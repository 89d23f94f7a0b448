#!/usr/bin/env node
// lab.js - the lab tools' command line (tools/lab/README.md):
//   node tools/lab/lab.js check LAB [FILE] [--work DIR] [--result FILE] [--site DIR] [--limits JSON]
//                                                [--no-page] [--quiet]
//   node tools/lab/lab.js page LAB [FILE]        builds build/lab/LAB/site/ from FILE (default lab.c)
//   node tools/lab/lab.js reference [LAB...]      recomputes tools/lab/reference.json from solution.c
//   node tools/lab/lab.js reference-page LAB OUT  the lab page's checker section on the course site:
//                                                the reference solution's result, to OUT (make)
//   node tools/lab/lab.js list                    the labs, one per line
//   node tools/lab/lab.js make                    make variables from labs/labs.conf (LAB_NAMES, LAB_CELLS_<lab>)
// Exit status of check: 0 on PASS, 1 on FAIL, 2 on a usage or internal error.
'use strict';
const fs = require('fs');
const path = require('path');
const config = require('./lib/config');
const { check } = require('./lib/check');
const report = require('./lib/report');
const page = require('./lib/page');
const reference = require('./lib/reference');
const pipeline = require('./lib/pipeline');

function main(argv) {
  const cmd = argv[0];
  const pos = [];
  const opt = {};
  for (let i = 1; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--work' || a === '--result' || a === '--site') opt[a.slice(2)] = argv[++i];
    else if (a === '--limits') opt.limits = JSON.parse(argv[++i]);
    else if (a === '--no-page') opt.noPage = true;
    else if (a === '--quiet') opt.quiet = true;
    else if (a.startsWith('--')) throw new Error(`unknown option ${a}`);
    else pos.push(a);
  }
  if (cmd === 'check') {
    const lab = pos[0];
    if (!lab) throw new Error('usage: lab.js check LAB [FILE]');
    const res = checkAndPage(lab, pos[1], opt, !opt.noPage);
    const out = opt.result || path.join(config.ROOT, 'build', 'lab', lab, 'result.json');
    fs.mkdirSync(path.dirname(out), { recursive: true });
    fs.writeFileSync(out, JSON.stringify(res, null, 1) + '\n');
    if (!opt.quiet) process.stdout.write(report.text(res, out));
    return res.verdict === 'PASS' ? 0 : 1;
  }
  if (cmd === 'page') {
    const lab = pos[0];
    if (!lab) throw new Error('usage: lab.js page LAB [FILE]');
    const res = checkAndPage(lab, pos[1], opt, true);
    if (res.page_error || !res.page) throw new Error(res.page_error || report.text(res).trimEnd());
    process.stdout.write(`lab page: ${res.page}\n`);
    return 0;
  }
  if (cmd === 'reference-page') {
    if (pos.length !== 2) throw new Error('usage: lab.js reference-page LAB OUT');
    config.checkLab(config.load(), pos[0]);
    reference.pageData(pos[0], pos[1]);
    return 0;
  }
  if (cmd === 'list') {
    process.stdout.write(config.load().labs.join('\n') + '\n');
    return 0;
  }
  if (cmd === 'make') {
    process.stdout.write(config.makeVars(config.load()));
    return 0;
  }
  if (cmd === 'reference') {
    reference.update(pos.length ? pos : config.load().labs, opt.quiet);
    return 0;
  }
  throw new Error('usage: lab.js check|page|reference|reference-page|list|make ... (see tools/lab/README.md)');
}

// Grades the file, then builds its lab page from what the check compiled and explored (a file
// refused, not compiling or stopped by a limit has no page).
function checkAndPage(lab, file, opt, withPage) {
  const res = check({ lab, file, work: opt.work, site: opt.site, limits: opt.limits });
  if (withPage && !res.limit && res.stage !== 'read' && res.stage !== 'compile') {
    try {
      res.page = page.build({
        lab,
        file: res.file,
        work: opt.work,
        out: opt.site,
        limits: opt.limits,
        result: res,
      }).page;
    } catch (e) {
      if (!(e instanceof pipeline.StepStopped)) res.page_error = e.message;
      else res.page_error = e.result.message;
    }
  }
  return res;
}

try {
  process.exitCode = main(process.argv.slice(2));
} catch (e) {
  process.stderr.write((/^\S+:\d+: /.test(e.message) ? '' : 'lab.js: ') + e.message + '\n');
  process.exitCode = 2;
}
