// formats.js - what the two services' tests share (gradescope.test.js, classroom.test.js: run side by
// side by `make grade-test`): the lab, a scratch directory of each test file's own, running a command,
// the check that a bundle holds nothing a student must not see, and Gradescope's image (unzip as
// unzip(1) does, /autograder mounted with bubblewrap).
'use strict';
const test = require('node:test');
const assert = require('node:assert');
const fs = require('fs');
const os = require('os');
const path = require('path');
const { spawnSync } = require('child_process');

const ROOT = path.resolve(__dirname, '..', '..', '..');
const LAB = 'polling';

// A scratch directory removed after the calling test file's tests.
function scratchDir(name) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `grade-${name}-`));
  test.after(() => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}

function run(cmd, args, opts) {
  const r = spawnSync(cmd, args, Object.assign({ encoding: 'utf8', maxBuffer: 64 << 20 }, opts));
  return { status: r.status, out: (r.stdout || '') + (r.stderr || '') };
}

function assertNoSolutions(files, what) {
  const bad = files.filter(
    (f) => /(^|\/)(solution\.c|overfenced\.c|wrong\/|tests?\/)/.test(f) || /reference-solutions|lab-solutions/.test(f),
  );
  assert.deepStrictEqual(bad, [], `${what} holds files a student must not see`);
}

// Unzips as unzip(1) does, file modes and times included (Python's zipfile, a Debian dependency
// already): a bundle unzipped over an older one keeps the times it was made with (bundle.sh: 1980), so
// what setup.sh built from the same sources is up to date.
function unzip(zip, dir) {
  const py =
    'import os, sys, time, zipfile\nz = zipfile.ZipFile(sys.argv[1])\nfor i in z.infolist():\n' +
    '    p = z.extract(i, sys.argv[2])\n    m = (i.external_attr >> 16) & 0o777\n    if m: os.chmod(p, m)\n' +
    '    t = time.mktime(i.date_time + (0, 0, -1))\n    os.utime(p, (t, t))\n';
  const r = run('python3', ['-c', py, zip, dir]);
  assert.strictEqual(r.status, 0, r.out);
}

// Gradescope's image: /autograder is the scratch directory; the toolchain and the package
// database are the machine's, read-only.
function inAutograder(dir, argv) {
  const jail = ['--ro-bind', '/usr', '/usr', '--ro-bind', '/etc', '/etc', '--ro-bind', '/var', '/var'];
  for (const l of ['/bin', '/sbin', '/lib', '/lib32', '/lib64']) {
    const st = fs.lstatSync(l, { throwIfNoEntry: false });
    if (st && st.isSymbolicLink()) jail.push('--symlink', fs.readlinkSync(l), l);
    else if (st) jail.push('--ro-bind', l, l);
  }
  jail.push(
    '--proc',
    '/proc',
    '--dev',
    '/dev',
    '--tmpfs',
    '/tmp',
    '--bind',
    dir,
    '/autograder',
    '--chdir',
    '/autograder',
    '--setenv',
    'HOME',
    '/root',
    '--',
  );
  return run('bwrap', jail.concat(argv));
}

module.exports = { ROOT, LAB, scratchDir, run, assertNoSolutions, unzip, inAutograder };
