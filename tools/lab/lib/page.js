// page.js - the lab page: `make lab` builds build/lab/<lab>/site/ from the student's current file
// (the lab's one page, its disassembly and explorer) with build/bin/sitegen on a content tree that
// holds only that page; `site-data` puts the starter's page data into the full site's data dir.
'use strict';
const fs = require('fs');
const path = require('path');
const config = require('./config');
const pipeline = require('./pipeline');
const labfile = require('./labfile');
const { run } = require('./run');

const ROOT = config.ROOT;

// Shows the student's file as it is (not the pipeline's form of it) and only its one variant.
function tidyData(dataDir, lab, fileAbs) {
  const id = `lab/${lab}`;
  const exPath = path.join(dataDir, 'examples', id + '.json');
  const ex = JSON.parse(fs.readFileSync(exPath, 'utf8'));
  const lines = fs.readFileSync(fileAbs, 'utf8').replace(/\n$/, '').split('\n');
  ex.variants = ['plain'];
  ex.file = path.relative(ROOT, fileAbs);
  for (const k of ['sources', 'diffs', 'evidence', 'expect', 'cflags']) if (ex[k]) delete ex[k].fixed;
  if (ex.sources && ex.sources.plain) ex.sources.plain.lines = lines;
  if (ex.default && ex.default.variants) delete ex.default.variants.fixed;
  fs.writeFileSync(exPath, JSON.stringify(ex, null, 1));
}

// Links from content/labs/<lab>.md to other pages point into the full course site: build/site/ in
// the repository, course-site/ in the student kit (prebuilt there). From build/lab/<lab>/site/labs/
// those are ../../../../site/ and ../../../../../course-site/.
function siteRoot() {
  return fs.existsSync(path.join(ROOT, 'course-site', 'index.html')) ? '../../../../../course-site/' : '../../../../site/';
}
function rewriteLinks(md, root) {
  root = root || '../../../../site/';
  return md.replace(/\]\((?!https?:|#|mailto:)([^)\s]+?)\.md(#[^)\s]*)?\)/g, (all, p, anchor) => {
    const target = path.posix.normalize(path.posix.join('labs', p));
    return `](${root}${target}.html${anchor || ''})`;
  });
}

function sitegen(contentDir, dataDir, outDir, stateFile) {
  const bin = path.join(ROOT, 'build', 'bin', 'sitegen');
  if (!fs.existsSync(bin)) throw new Error('build/bin/sitegen is missing: run `make build/bin/sitegen` first');
  const rel = (p) => path.relative(ROOT, p) || '.'; // sitegen takes paths relative to the repository
  const r = run([bin, '--content', rel(contentDir), '--templates', 'site/templates', '--static', 'site/static',
    '--data', rel(dataDir), '--config', 'site/config.lua', '--out', rel(outDir), '--state', rel(stateFile)],
  { cwd: ROOT, timeoutSec: 120, vmemKb: 0, maxOutput: 8192 });
  // the temporary page has the same lines as content/labs/<lab>.md: name that file in errors
  if (r.status !== 0) throw new Error(`sitegen failed:\n${r.out.split(rel(contentDir) + '/').join('content/')}`);
}

// opts: {lab, file, work, run (true: run the pipeline first; false: reuse the checker's work dir)}
function build(opts) {
  const conf = config.load();
  config.checkLab(conf, opts.lab);
  const lab = opts.lab;
  const file = opts.file || `labs/${lab}/lab.c`;
  const work = opts.work || path.join(ROOT, 'build', 'lab', lab, 'check');
  if (opts.run) {
    const ctx = { lab, file, fileAbs: path.resolve(file), cwd: process.cwd(), work,
      targets: config.targetsOf(conf, lab), opt: conf.opt };
    pipeline.prepare(ctx);
    const pre = pipeline.precheck(ctx);
    if (pre) throw new Error(`${file}: does not compile for ${pre.target}/${conf.opt}:\n${pre.out}`);
    const asm = pipeline.runAsm(ctx);
    pipeline.runExplore(ctx, asm.meta);
  }
  const dataDir = path.join(work, 'b', 'data');
  tidyData(dataDir, lab, path.resolve(file));
  const content = path.join(work, 'content');
  fs.rmSync(content, { recursive: true, force: true });
  fs.mkdirSync(path.join(content, 'labs'), { recursive: true });
  const md = fs.readFileSync(path.join(ROOT, 'content', 'labs', lab + '.md'), 'utf8');
  fs.writeFileSync(path.join(content, 'labs', lab + '.md'), rewriteLinks(md, siteRoot()));
  const out = path.join(ROOT, 'build', 'lab', lab, 'site');
  sitegen(content, dataDir, out, path.join(work, 'sitegen.state'));
  return { page: path.join(out, 'labs', lab + '.html') };
}

// Copies the starter's page data (examples/, outcomes/, the data scripts) into DATA_DIR.
function siteData(opts) {
  const lab = opts.lab;
  const work = path.join(ROOT, 'build', 'lab', lab, 'site-data');
  const file = path.join(ROOT, 'labs', lab, 'lab.c');
  const conf = config.load();
  config.checkLab(conf, lab);
  const ctx = { lab, file, fileAbs: file, cwd: ROOT, work, targets: config.targetsOf(conf, lab), opt: conf.opt };
  pipeline.prepare(ctx);
  const asm = pipeline.runAsm(ctx);
  pipeline.runExplore(ctx, asm.meta);
  const from = path.join(work, 'b', 'data');
  tidyData(from, lab, file);
  const id = `lab/${lab}`;
  const copies = [['examples', id + '.json'], ['outcomes', id + '.json'], ['site/asm', id], ['site/wasm', `${id}.plain.js`]];
  for (const [dir, rel] of copies) {
    const src = path.join(from, dir, rel);
    const dst = path.join(opts.dataDir, dir, rel);
    fs.rmSync(dst, { recursive: true, force: true });
    fs.mkdirSync(path.dirname(dst), { recursive: true });
    fs.cpSync(src, dst, { recursive: true });
  }
}

module.exports = { build, siteData, rewriteLinks, tidyData, labfile };
