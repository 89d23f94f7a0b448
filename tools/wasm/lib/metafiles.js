// metafiles.js - lists the examples' parsed metadata (build/data/meta/**/*.json, written by tools/asm).
'use strict';
const fs = require('fs');
const path = require('path');

// Paths of every .json file below dir, sorted; [] when dir does not exist.
function metaFiles(dir) {
  const out = [];
  (function walk(d) {
    if (!fs.existsSync(d)) return;
    for (const e of fs.readdirSync(d, { withFileTypes: true })) {
      const p = path.join(d, e.name);
      if (e.isDirectory()) walk(p); else if (e.name.endsWith('.json')) out.push(p);
    }
  })(dir);
  return out.sort();
}

// The parsed metadata of every example below dir.
function readMetas(dir) {
  return metaFiles(dir).map((p) => JSON.parse(fs.readFileSync(p, 'utf8')));
}

module.exports = { metaFiles, readMetas };
