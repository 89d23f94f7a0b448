// page.js - the lab page: `make lab` (and `make lab-check`) build build/lab/<lab>/site/ (or another
// directory: a batch builds one per student) from the student's current file: the lab's one page
// (content/labs/<lab>.md, as it is), its disassembly and explorer from the checker's build directory,
// rendered by build/bin/sitegen in the sandbox (the data it reads holds the student's code), with
// the check's own result in the page's checker section (the lab-check directive; on the course site
// that section shows the reference solution's, lab.js reference-page). Links
// to the other pages point into the full course (build/site/ in the repository, course-site/ in the
// student kit) through sitegen's --link-base: the generator is the one link rewriter.
'use strict';
const fs = require('fs');
const path = require('path');
const config = require('./config');
const pipeline = require('./pipeline');
const { pageDoc } = require('./reference');
const { writeFileAtomic } = require('../../jslib/fsutil');

const ROOT = config.ROOT;

// From the lab page's site root (out) to the full course's root, as a relative URL ending in '/'
// (sitegen puts each page's own way up to its site root before it).
function linkBase(out) {
  const kit = path.join(ROOT, 'course-site');
  const course = fs.existsSync(path.join(kit, 'index.html')) ? kit : path.join(ROOT, 'build', 'site');
  return path.relative(out, course).split(path.sep).join('/') + '/';
}

// sitegen's command line for a page built from a work directory (its cwd): the directory's content/
// and data directory `data`, the course's templates, static files and configuration, into out
// (state beside it), links into the course through linkBase. The lab page and the playground's
// run page (tools/playground/lib/tasks.js) are built with it.
function sitegenArgs(bin, data, out, linkBase) {
  const site = (p) => path.join(ROOT, 'site', p);
  return [
    bin,
    '--content',
    'content',
    '--templates',
    site('templates'),
    '--static',
    site('static'),
    '--data',
    data,
    '--config',
    site('config.lua'),
    '--out',
    out,
    '--state',
    'sitegen.state',
    '--link-base',
    linkBase,
  ];
}

// sitegen in the sandbox, from the work directory (the lab page's copy is its content/labs/<lab>.md,
// so its links to ../other.md resolve to content/other.md, pages at the link base).
function sitegen(ctx, out) {
  const bin = path.join(ROOT, 'build', 'bin', 'sitegen');
  if (!fs.existsSync(bin)) throw new Error('build/bin/sitegen is missing: run `make build/bin/sitegen` first');
  // sitegen builds beside OUT and swaps it in: its parent is writable
  fs.mkdirSync(path.dirname(out), { recursive: true });
  const r = pipeline.step(ctx, 'page', sitegenArgs(bin, 'data', out, linkBase(out)), {
    cwd: ctx.work,
    ro: [bin, path.join(ROOT, 'site')],
    rw: [path.dirname(out)],
  });
  // the page's copy has the same lines as content/labs/<lab>.md
  if (r.verdict !== 'OK') throw new Error(`sitegen failed:\n${r.stdout}${r.stderr}`);
}

// Builds the page from the checker's work directory (the check ran there).
// opts: {lab, file, work, out (default build/lab/<lab>/site), limits, unsandboxed, result (the check's
// result, shown in the page's checker section)}. Returns {page}.
function build(opts) {
  const lab = opts.lab;
  const work = opts.work || path.join(ROOT, 'build', 'lab', lab, 'check');
  const out = opts.out || path.join(ROOT, 'build', 'lab', lab, 'site');
  const ctx = {
    work,
    fileAbs: path.resolve(opts.file || `labs/${lab}/lab.c`),
    limits: opts.limits,
    unsandboxed: opts.unsandboxed,
  };
  // a content directory with the lab's page alone (sitegen builds every page of its --content)
  const content = path.join(work, 'content');
  fs.rmSync(content, { recursive: true, force: true });
  fs.mkdirSync(path.join(content, 'labs'), { recursive: true });
  fs.copyFileSync(path.join(ROOT, 'content', 'labs', lab + '.md'), path.join(content, 'labs', lab + '.md'));
  // the checker section's data (site/config.lua: lab-check), where the course build keeps its own
  const checked = path.join(work, 'data', 'lab-check', 'lab', lab + '.json');
  fs.mkdirSync(path.dirname(checked), { recursive: true });
  fs.rmSync(checked, { force: true });
  if (opts.result) writeFileAtomic(checked, JSON.stringify(pageDoc('student', opts.result)) + '\n');
  sitegen(ctx, out);
  return { page: path.join(out, 'labs', lab + '.html') };
}

module.exports = { build, linkBase, sitegenArgs };
