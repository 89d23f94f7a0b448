// fsutil.test.js - writeFileAtomic: creates the folders, replaces a file whole (mode 0644), leaves no
// temporary, fails without touching the old file; two processes writing the same path at the same
// time (as two make -j jobs) both succeed and a reader only ever sees one writer's whole file.
'use strict';
const test = require('node:test');
const assert = require('node:assert');
const fs = require('fs');
const os = require('os');
const path = require('path');
const { spawn } = require('child_process');
const { writeFileAtomic, tempName } = require('../fsutil');

const scratch = () => fs.mkdtempSync(path.join(os.tmpdir(), 'jslib-fsutil-'));

test('writes through new folders, replaces whole, mode 0644, no temporary left', () => {
  const dir = scratch();
  try {
    const f = path.join(dir, 'a', 'b', 'out.json');
    writeFileAtomic(f, 'first, longer text');
    assert.strictEqual(fs.readFileSync(f, 'utf8'), 'first, longer text');
    assert.strictEqual(fs.statSync(f).mode & 0o777, 0o644);
    writeFileAtomic(f, Buffer.from([0, 1, 2]));
    assert.deepStrictEqual([...fs.readFileSync(f)], [0, 1, 2]);
    assert.deepStrictEqual(fs.readdirSync(path.dirname(f)), ['out.json']);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test('a failed write throws, removes its temporary and leaves the old file', () => {
  const dir = scratch();
  try {
    const file = path.join(dir, 'plain');
    writeFileAtomic(file, 'old');
    // a parent that is a file (node's mkdir says EEXIST)
    assert.throws(
      () => writeFileAtomic(path.join(file, 'under'), 'x'),
      (e) => ['EEXIST', 'ENOTDIR'].includes(e.code),
    );
    const sub = path.join(dir, 'isdir');
    fs.mkdirSync(path.join(sub, 'k'), { recursive: true });
    assert.throws(() => writeFileAtomic(sub, 'x'), { code: 'EISDIR' });
    assert.strictEqual(fs.readFileSync(file, 'utf8'), 'old');
    assert.deepStrictEqual(fs.readdirSync(dir).sort(), ['isdir', 'plain']);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test('temporary names: beside the target, with the pid, different on every call', () => {
  const a = tempName('/x/y.json'),
    b = tempName('/x/y.json');
  assert.notStrictEqual(a, b);
  assert.ok(a.startsWith(`/x/y.json.tmp-${process.pid}-`), a);
});

// A writer process: waits until every writer is ready (a file each), then writes `times` whole files
// of its own letter to target.
const WRITER = `
const fs = require('fs');
const [lib, target, me, others, times, size] = process.argv.slice(1);
const { writeFileAtomic } = require(lib);
fs.writeFileSync(target + '.ready-' + me, '');
while (!others.split(',').every((o) => fs.existsSync(target + '.ready-' + o))) { /* wait for the others */ }
const text = me.repeat(Number(size));
for (let i = 0; i < Number(times); i++) writeFileAtomic(target, text);
`;

test('two processes writing the same path at once: both succeed, every read is one whole file', async () => {
  const dir = scratch();
  try {
    const target = path.join(dir, 'data', 'outcomes.json');
    fs.mkdirSync(path.dirname(target));
    const size = 1 << 18,
      times = 60;
    const lib = path.join(__dirname, '..', 'fsutil.js');
    const run = (me, other) =>
      new Promise((resolve) => {
        const p = spawn(process.execPath, ['-e', WRITER, lib, target, me, other, String(times), String(size)], {
          stdio: ['ignore', 'ignore', 'pipe'],
        });
        let err = '';
        p.stderr.on('data', (d) => {
          err += d;
        });
        p.on('close', (code) => resolve({ code, err }));
      });
    let done = false;
    const writers = Promise.all([run('a', 'b'), run('b', 'a')]).finally(() => {
      done = true;
    });
    let reads = 0;
    while (!done) {
      let text = null;
      try {
        text = fs.readFileSync(target, 'latin1');
      } catch (e) {
        if (e.code !== 'ENOENT') throw e;
      }
      if (text !== null) {
        reads++;
        assert.strictEqual(text.length, size, 'a whole file');
        assert.ok(text === 'a'.repeat(size) || text === 'b'.repeat(size), "one writer's file");
      }
      await new Promise((r) => setImmediate(r));
    }
    for (const w of await writers) assert.strictEqual(w.code, 0, w.err);
    assert.ok(reads > 0);
    const left = fs.readdirSync(path.dirname(target)).filter((f) => !f.includes('.ready-'));
    assert.deepStrictEqual(left, ['outcomes.json'], 'no temporary left');
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
