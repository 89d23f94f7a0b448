// reference.js - tools/lab/reference.json: for each lab, the graded metadata lines and the cost of
// the reference solution. The student kit ships this file instead of the solutions; the lab tests
// check that it matches what the solutions really cost. Also the lab page's checker section on the
// course site (pageData: the reference solution's result.json, as the lab-check directive reads it).
'use strict';
const fs = require('fs');
const path = require('path');
const { check, gradedMeta, REFERENCE } = require('./check');
const pipeline = require('./pipeline');
const config = require('./config');
const { writeFileAtomic } = require('../../jslib/fsutil');

function entry(lab) {
  const file = `labs/${lab}/solution.c`;
  const res = check({ lab, file, useReference: false, work: path.join(config.ROOT, 'build', 'lab', lab, 'reference') });
  if (res.verdict !== 'PASS')
    throw new Error(
      `${file}:1: the reference solution does not pass:\n` + res.reasons.map((r) => r.message).join('\n'),
    );
  // the graded lines are the starter's: what the student is given
  const conf = config.load();
  const meta = pipeline.meta({
    lab,
    fileAbs: path.join(config.ROOT, 'labs', lab, 'lab.c'),
    cells: config.cellsOf(conf, lab),
    work: path.join(config.ROOT, 'build', 'lab', lab, 'reference-starter'),
  });
  const c = res.cost;
  return { meta: gradedMeta(meta).map((m) => m.text), cost: { source: c.source, loops: c.loops } };
}

function update(labs, quiet) {
  let all = {};
  try {
    all = JSON.parse(fs.readFileSync(REFERENCE, 'utf8'));
  } catch (e) {
    all = {};
  }
  for (const lab of labs) {
    all[lab] = entry(lab);
    if (!quiet) process.stdout.write(`reference ${lab}: ${JSON.stringify(all[lab].cost.source.marked)} marked\n`);
  }
  const sorted = {};
  for (const k of Object.keys(all).sort()) sorted[k] = all[k];
  fs.writeFileSync(REFERENCE, JSON.stringify(sorted, null, 1) + '\n');
}

// The data of a lab page's checker section (site/templates/lab-check.html): who the file is (role
// "reference" on the course site, "student" on a page `make lab` builds) and the checker's result.
function pageDoc(role, res) {
  return { schema: 'lab-check-page/1', role, result: res };
}

// The course site's copy: the reference solution graded by the checker itself (in the work directory
// `reference` uses too, so each shares the other's caches), written to out; a solution that does
// not pass is an error, and nothing is written.
function pageData(lab, out) {
  const file = `labs/${lab}/solution.c`;
  const res = check({ lab, file, work: path.join(config.ROOT, 'build', 'lab', lab, 'reference') });
  if (res.verdict !== 'PASS')
    throw new Error(
      `${file}:1: the reference solution does not pass:\n` +
        res.reasons.map((r) => r.message).join('\n') +
        (res.limit ? res.limit.message : ''),
    );
  fs.mkdirSync(path.dirname(out), { recursive: true });
  writeFileAtomic(out, JSON.stringify(pageDoc('reference', res), null, 1) + '\n');
}

module.exports = { entry, update, pageDoc, pageData };
