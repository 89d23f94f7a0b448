// fsutil.js - replacing a file atomically, for every JavaScript tool of the build (the C tools have
// tools/lib/fileio.c). A reader, or a make job running at the same time, sees the old file or the new
// one, never part of one; two writers of the same path each rename a whole file of their own, and the
// last rename wins.
'use strict';
const crypto = require('crypto');
const fs = require('fs');
const path = require('path');

// A temporary name beside target, unique to this process and this call ("<target>.tmp-<pid>-<hex>"):
// in the same folder, so that the rename stays on one file system.
function tempName(target) {
  return `${target}.tmp-${process.pid}-${crypto.randomBytes(6).toString('hex')}`;
}

// Replaces file with data (a string, written as UTF-8, or a Buffer): creates its folders, writes a
// temporary of tempName() (mode 0644, created exclusively), renames it over file. No fsync, as in the
// C write_file_atomic: everything written is in build/, which a crash costs only time to remake.
// On an error the temporary is removed, file is untouched and the error is thrown.
function writeFileAtomic(file, data) {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const tmp = tempName(file);
  let fd = null;
  try {
    fd = fs.openSync(tmp, 'wx', 0o644);
    fs.writeFileSync(fd, data);
    fs.closeSync(fd);
    fd = null;
    fs.renameSync(tmp, file);
  } catch (e) {
    if (fd !== null) fs.closeSync(fd);
    fs.rmSync(tmp, { force: true });
    throw e;
  }
}

module.exports = { writeFileAtomic, tempName };
