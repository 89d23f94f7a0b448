// labfile.js - reads a lab file (labs/<name>/lab.c format, tools/lab/README.md) and turns
// it into the example the asm and wasm pipelines accept: those insist on `variants: plain fixed`,
// so the student's single variant becomes `plain` (expect./evidence. lines renamed), a `fixed`
// variant with the same evidence satisfies the metadata checker, and a #line directive keeps every
// line number (compiler diagnostics, disassembly, explorer) equal to the student's file.
'use strict';
const fs = require('fs');
const path = require('path');

class LabFileError extends Error {}

// Splits a lab file into its parts. Leading comment lines before `/*@example` (the first-line
// reason of a wrong fix) are allowed. Returns {lines, start, end, meta: [{line, key, value}]}
// with start/end the 0-based indexes of the `/*@example` and closing `*/` lines.
function split(file, text) {
  const lines = text.split('\n');
  let start = -1;
  for (let i = 0; i < lines.length && i < 5; i++) if (/^\/\*@example\s*$/.test(lines[i])) { start = i; break; }
  if (start < 0) throw new LabFileError(`${file}:1: no /*@example metadata block at the top of the file`);
  let end = -1;
  for (let i = start + 1; i < lines.length; i++) if (/^\s*\*\/\s*$/.test(lines[i])) { end = i; break; }
  if (end < 0) throw new LabFileError(`${file}:${start + 1}: the metadata block is not closed with */`);
  const meta = [];
  for (let i = start + 1; i < end; i++) {
    const l = lines[i].replace(/^\s*\*\s?/, '');
    if (!l.trim()) continue;
    const m = /^([a-z][a-z0-9.\-]*):\s*(.*)$/.exec(l);
    if (!m) throw new LabFileError(`${file}:${i + 1}: expected "key: value" in the metadata block`);
    meta.push({ line: i + 1, key: m[1], value: m[2].trim() });
  }
  const variants = meta.find((m) => m.key === 'variants');
  if (!variants || variants.value !== 'student')
    throw new LabFileError(`${file}:${variants ? variants.line : start + 1}: a lab file has exactly one variant: "variants: student"`);
  // Like every example, a lab file includes course.h and nothing else (no reading other files).
  for (let i = end + 1; i < lines.length; i++) {
    if (/^\s*#\s*(include|include_next|import|embed)\b/.test(lines[i]) && !/^\s*#\s*include\s+"course\.h"\s*$/.test(lines[i]))
      throw new LabFileError(`${file}:${i + 1}: a lab file includes "course.h" and nothing else`);
  }
  if (/^\s*#\s*if\s+(PLAIN|FIXED|TRANSFORMED)\b/m.test(lines.slice(end + 1).join('\n')))
    throw new LabFileError(`${file}:${end + 2}: a lab file has no #if PLAIN/FIXED/TRANSFORMED blocks`);
  return { lines, start, end, meta };
}

// The metadata lines the checker grades against (title excluded: solutions and wrong fixes retitle).
function gradedMeta(parts) {
  return parts.meta.filter((m) => m.key !== 'title').map((m) => `${m.key}: ${m.value}`);
}

// The pipeline's example text for a lab file: see the header comment.
function pipelineExample(parts, baseName) {
  const out = [];
  const evidence = [];
  for (let i = parts.start; i < parts.end; i++) {
    let l = parts.lines[i];
    l = l.replace(/^(\s*\*\s*)variants:\s*student\s*$/, '$1variants: plain fixed')
      .replace(/^(\s*\*\s*)expect\.student:/, '$1expect.plain:')
      .replace(/^(\s*\*\s*)evidence\.student:/, '$1evidence.plain:');
    const ev = /^\s*\*\s*evidence\.plain:(.*)$/.exec(l);
    if (ev) evidence.push(' * evidence.fixed:' + ev[1]);
    out.push(l);
  }
  out.push(...evidence, ' */', `#line ${parts.end + 2} "${baseName}"`);
  out.push(...parts.lines.slice(parts.end + 1));
  return out.join('\n');
}

function read(file) {
  let text;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (e) {
    throw new LabFileError(`${file}:1: cannot read the file: ${e.code || e.message}`);
  }
  if (text.length > 200000) throw new LabFileError(`${file}:1: the file is larger than 200000 bytes`);
  return { text, parts: split(file, text), name: path.basename(file) };
}

module.exports = { split, gradedMeta, pipelineExample, read, LabFileError };
