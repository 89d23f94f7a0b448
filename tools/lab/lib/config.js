// config.js - labs/labs.conf: the list of labs, their targets and -O level.
'use strict';
const fs = require('fs');
const path = require('path');

const ROOT = path.resolve(__dirname, '..', '..', '..');
const CONF = path.join(ROOT, 'labs', 'labs.conf');

function load(file) {
  file = file || CONF;
  const rel = path.relative(process.cwd(), file) || file;
  const conf = { opt: 'O2', defaults: [], labs: [], targets: {} };
  fs.readFileSync(file, 'utf8').split('\n').forEach((raw, i) => {
    const l = raw.replace(/#.*/, '').trim();
    if (!l) return;
    const [key, ...rest] = l.split(/\s+/);
    if (key === 'opt' && rest.length === 1) conf.opt = rest[0];
    else if (key === 'default' && rest.length) conf.defaults = rest;
    else if (key === 'lab' && rest.length) {
      conf.labs.push(rest[0]);
      if (rest.length > 1) conf.targets[rest[0]] = rest.slice(1);
    } else throw new Error(`${rel}:${i + 1}: cannot read "${l}"`);
  });
  return conf;
}

function targetsOf(conf, lab) {
  return conf.targets[lab] || conf.defaults;
}

// The lab's name must be one of labs.conf (it becomes a path component).
function checkLab(conf, lab) {
  if (!conf.labs.includes(lab))
    throw new Error(`labs/labs.conf:1: unknown lab '${lab}' (labs: ${conf.labs.join(' ')})`);
}

module.exports = { load, targetsOf, checkLab, ROOT, CONF };
