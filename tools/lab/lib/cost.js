// cost.js - what a fix costs: marked accesses and barriers written in the source, and instructions
// in the hot loops of the compiled threads (from the asm pipeline's analysis of each target).
'use strict';

const MARKED = ['READ_ONCE', 'WRITE_ONCE', 'smp_load_acquire', 'smp_store_release'];
const BARRIERS = ['barrier', 'smp_mb', 'smp_rmb', 'smp_wmb'];
// Fence instructions of the lab targets' architectures (x86 locked ops and fences, arm barriers).
const FENCE_RE = /^(mfence|lfence|sfence|lock\b|dmb\b|dsb\b|isb\b|fence\b)/;

function countCalls(code, names) {
  const out = {};
  let total = 0;
  for (const n of names) {
    const k = (code.match(new RegExp('\\b' + n + '\\s*\\(', 'g')) || []).length;
    if (k) out[n] = k;
    total += k;
  }
  return { total, by: out };
}

// code: the file without comments (pipeline.uncommented, in the sandbox).
function sourceCost(code) {
  return { marked: countCalls(code, MARKED), barriers: countCalls(code, BARRIERS) };
}

// cell: the asm pipeline's analysis of one target (cells.<opt>.plain of build/data/asm/<id>/<t>.json).
// Counts the instructions inside loops of the thread functions, and the fences among them.
function loopCost(cell, threads) {
  let insns = 0,
    fences = 0;
  for (const t of threads) {
    for (const fn of cell.functions[t] || []) {
      for (const ins of fn.insns) {
        if (!ins.loop) continue;
        insns++;
        if (FENCE_RE.test(ins.text)) fences++;
      }
    }
  }
  return { insns, fences };
}

// Compares a cost with the reference's; returns the list of warnings (empty: no more than needed).
function compare(cost, ref) {
  const w = [];
  if (!ref) return w;
  if (cost.source.marked.total > ref.source.marked.total)
    w.push(`${cost.source.marked.total} marked accesses where the reference needs ${ref.source.marked.total}`);
  if (cost.source.barriers.total > ref.source.barriers.total)
    w.push(`${cost.source.barriers.total} barriers where the reference needs ${ref.source.barriers.total}`);
  for (const t of Object.keys(cost.loops)) {
    const r = ref.loops[t];
    if (!r) continue;
    if (cost.loops[t].fences > r.fences)
      w.push(`${t}: ${cost.loops[t].fences} fence instructions in the hot loops where the reference has ${r.fences}`);
    if (cost.loops[t].insns > r.insns)
      w.push(`${t}: ${cost.loops[t].insns} instructions in the hot loops where the reference has ${r.insns}`);
  }
  return w;
}

module.exports = { sourceCost, loopCost, compare, countCalls, MARKED, BARRIERS };
