// store.js - the playground's results, by content: <runs>/<hash>/status.json (the run's status, see
// lib/run.js) and <runs>/<hash>/out/site/ (its rendered page) while the run works in
// <runs>/<hash>/work/, which the run removes when it ends. A finished run answers the same source at
// once, as the build's caches do; the `keep` most recently used finished runs stay, older ones are
// removed. On start, whatever an interrupted server left (a run that did not finish, a work directory)
// is removed.
'use strict';
const fs = require('fs');
const path = require('path');
const { writeFileAtomic } = require('../../jslib/fsutil.js');

const FINISHED = ['done', 'failed', 'refused', 'stopped'];

class Store {
  constructor(root, keep) {
    this.root = root;
    this.keep = keep;
    this.used = new Map();
    fs.mkdirSync(root, { recursive: true });
    for (const h of fs.readdirSync(root)) {
      const s = this.status(h);
      if (!s || !FINISHED.includes(s.state) || fs.existsSync(path.join(root, h, 'work'))) this.remove(h);
      else this.used.set(h, fs.statSync(path.join(root, h, 'status.json')).mtimeMs);
    }
  }

  dir(h) {
    return path.join(this.root, h);
  }

  status(h) {
    try {
      return JSON.parse(fs.readFileSync(path.join(this.root, h, 'status.json'), 'utf8'));
    } catch (e) {
      return null;
    }
  }

  write(h, status) {
    writeFileAtomic(path.join(this.root, h, 'status.json'), JSON.stringify(status));
  }

  touch(h) {
    if (this.used.has(h)) this.used.set(h, Date.now());
  }

  remove(h) {
    this.used.delete(h);
    fs.rmSync(path.join(this.root, h), { recursive: true, force: true });
  }

  // A run ended: a cancelled one is forgotten, a finished one kept, and the least recently used beyond
  // `keep` removed.
  finished(h, status) {
    if (!FINISHED.includes(status.state)) return this.remove(h);
    this.used.set(h, Date.now());
    const old = [...this.used.entries()].sort((a, b) => b[1] - a[1]).slice(this.keep);
    for (const [x] of old) this.remove(x);
  }
}

module.exports = { Store, FINISHED };
