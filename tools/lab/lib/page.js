// page.js - the lab page: `make lab` (and `make lab-check`) build build/lab/<lab>/site/ from the
// student's current file: the lab's one page (content/labs/<lab>.md, as it is), its disassembly and
// explorer from the checker's build directory, rendered by build/bin/sitegen. Links to the other pages
// point into the full course (build/site/ in the repository, course-site/ in the student kit) through
// sitegen's --link-base: the generator is the one link rewriter.
'use strict';
const fs = require('fs');
const path = require('path');
const config = require('./config');
const pipeline = require('./pipeline');
const { run } = require('./run');

const ROOT = config.ROOT;

// From build/lab/<lab>/site/ to the full course's root.
function linkBase() {
  return fs.existsSync(path.join(ROOT, 'course-site', 'index.html')) ? '../../../../course-site/' : '../../../site/';
}

function sitegen(contentDir, dataDir, outDir, stateFile) {
  const bin = path.join(ROOT, 'build', 'bin', 'sitegen');
  if (!fs.existsSync(bin)) throw new Error('build/bin/sitegen is missing: run `make build/bin/sitegen` first');
  const rel = (p) => path.relative(ROOT, p) || '.'; // sitegen takes paths relative to the repository
  const r = run([bin, '--content', rel(contentDir), '--templates', 'site/templates', '--static', 'site/static',
    '--data', rel(dataDir), '--config', 'site/config.lua', '--out', rel(outDir), '--state', rel(stateFile),
    '--link-base', linkBase()],
  { cwd: ROOT, timeoutSec: 120, vmemKb: 0, maxOutput: 8192 });
  // the page's copy has the same lines as content/labs/<lab>.md: name that file in errors
  if (r.status !== 0) throw new Error(`sitegen failed:\n${r.out.split(rel(contentDir) + '/').join('content/')}`);
}

// opts: {lab, file, work, run (true: run the pipeline first; false: the checker's work dir has it)}
function build(opts) {
  const conf = config.load();
  config.checkLab(conf, opts.lab);
  const lab = opts.lab;
  const file = opts.file || `labs/${lab}/lab.c`;
  const work = opts.work || path.join(ROOT, 'build', 'lab', lab, 'check');
  if (opts.run) {
    const ctx = { lab, fileAbs: path.resolve(file), work, cells: config.cellsOf(conf, lab) };
    pipeline.meta(ctx);
    const asm = pipeline.compile(ctx, config.targetsOf(conf, lab), conf.opt);
    if (asm.compile) throw new Error(`${file}: does not compile for ${asm.compile.target}/${conf.opt}:\n${asm.compile.out}`);
    pipeline.explore(ctx);
  }
  // a content directory with the lab's page alone (sitegen builds every page of its --content)
  const content = path.join(work, 'content');
  fs.rmSync(content, { recursive: true, force: true });
  fs.mkdirSync(path.join(content, 'labs'), { recursive: true });
  fs.copyFileSync(path.join(ROOT, 'content', 'labs', lab + '.md'), path.join(content, 'labs', lab + '.md'));
  const out = path.join(ROOT, 'build', 'lab', lab, 'site');
  sitegen(content, path.join(work, 'data'), out, path.join(work, 'sitegen.state'));
  return { page: path.join(out, 'labs', lab + '.html') };
}

module.exports = { build, linkBase };
