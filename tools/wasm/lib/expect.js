// expect.js - the one checker of an example's outcome predicates. Given the metadata JSON
// (build/data/meta/<id>.json, written by tools/asm, with every predicate as a tree), a variant and
// a set of outcomes in the format of build/data/outcomes/<id>.json, it says which expect.<variant>
// lines hold and whether each quiz.<variant> predicate is reachable. Any explorer that produces
// outcome sets (the wasm explorer here; a native explorer) checks them with this module; the trees
// are evaluated by the engine (runtime.js), and no predicate text is ever parsed in JavaScript.
'use strict';
const X = require('../runtime.js');

// An outcome: {key, values: {name: number | null}, hang: [thread], crash: null | {thread, message},
// done: bool, count, witness: "0110"}. The first one a predicate holds on, or undefined.
function firstHit(tree, outcomes) {
  return outcomes.find((o) => X.predicateHolds(tree, o));
}

// checkVariant(meta, variant, outcomes, {partial, cap, model}) -> {checked, expect, errors}
//   checked: {<expr>: reachable} for every expect.<variant> and quiz.<variant> predicate; with
//            model 'tso' (outcomes under x86-TSO): every expect-tso.<variant> predicate instead;
//            with model 'armv8' (an AArch64 cell's outcomes under the Armv8 model, tools/native):
//            every expect-armv8.<variant> predicate
//   expect:  [{line, kind, expr, reachable, ok, witness}] in the metadata's order
//   errors:  ["<file>:<line>: ..."] one per expect line that does not hold, and one for a goal of
//            this variant that no outcome reaches
//   goal:    {variant, line, text, expr, reachable, witness}: the metadata's goal of the model (goal
//            under SC, goal_tso under x86-TSO; variant: the one it names) on these outcomes, null
//            without one; reachable: true, false, or null when a partial search did not reach it
// partial: the outcomes are not all of them (a search stopped at its cap of `cap` schedules): it
// proves what it found, never that something cannot happen, so an unreachable line, or a quiz
// predicate it did not reach, fails ("cannot prove unreachable").
function checkVariant(meta, variant, outcomes, opts) {
  const o = opts || {};
  const checked = {};
  const expect = [];
  const errors = [];
  const tso = o.model === 'tso';
  const armv8 = o.model === 'armv8';
  const key = tso ? 'expect-tso' : armv8 ? 'expect-armv8' : 'expect';
  const preds = tso
    ? (meta.expect_tso || {})[variant] || []
    : armv8
      ? (meta.expect_armv8 || {})[variant] || []
      : ((meta.expect || {})[variant] || []).concat(
          ((meta.quiz || {})[variant] || []).map((q) => Object.assign({ kind: 'quiz' }, q)),
        );
  for (const p of preds) {
    let hit;
    try {
      hit = firstHit(p.tree, outcomes);
    } catch (err) {
      // a tree asm-tool did not write (the metadata JSON is the contract)
      errors.push(`${meta.file}:${p.line}: ${err.message}`);
      continue;
    }
    const reachable = !!hit;
    checked[p.expr] = reachable;
    const quiz = p.kind === 'quiz';
    const unproven = !reachable && o.partial && p.kind !== 'reachable';
    if (unproven) {
      errors.push(
        `${meta.file}:${p.line}: ${quiz ? 'quiz' : key}.${variant}: ${quiz ? '' : p.kind + ': '}${p.expr}` +
          ` -- exploration stopped at the cap (${o.cap} schedules): cannot prove unreachable`,
      );
    }
    if (quiz) continue;
    const ok = (p.kind === 'reachable') === reachable && !unproven;
    expect.push({ line: p.line, kind: p.kind, expr: p.expr, reachable, ok, witness: hit ? hit.witness : null });
    if (ok || unproven) continue;
    const why = reachable
      ? `reachable, e.g. ${armv8 ? 'execution' : 'schedule'} ${hit.witness} gives "${hit.key}"`
      : 'not reachable';
    const part = o.partial ? ' (exploration hit its cap: outcomes are partial)' : '';
    errors.push(
      `${meta.file}:${p.line}: ${key}.${variant}: ${p.kind}: ${p.expr} -- but it is ${why}${part}; outcomes: ` +
        outcomes.map((x) => '{' + x.key + '}').join(' '),
    );
  }
  // The play mode's goal of this model (metadata goal under SC, goal_tso under x86-TSO: {variant,
  // model, line, text, expr, tree}), on this variant's outcomes: every variant gets it, with whether a
  // run of this variant reaches it (the page words its goal box from that, and a finished run on which
  // it holds is a win in any variant); a game that cannot be won in the goal's own variant is an error
  // at its line.
  let goal = null;
  const g = tso ? meta.goal_tso : armv8 ? null : meta.goal; // no play mode under Armv8
  const gkey = tso ? 'goal-tso' : 'goal';
  if (g) {
    let hit;
    try {
      hit = firstHit(g.tree, outcomes);
    } catch (err) {
      errors.push(`${meta.file}:${g.line}: ${err.message}`);
    }
    // a partial search that did not reach it proves nothing: not known (null)
    goal = {
      variant: g.variant,
      line: g.line,
      text: g.text,
      expr: g.expr,
      reachable: hit ? true : o.partial ? null : false,
      witness: hit ? hit.witness : null,
    };
    if (g.variant === variant) checked[g.expr] = !!hit;
    if (!hit && g.variant === variant) {
      errors.push(
        `${meta.file}:${g.line}: ${gkey}.${variant}: ${g.text}: ${g.expr} -- but no schedule of the ${variant} ` +
          `variant reaches it${tso ? ' under x86-TSO' : ''}, so the play mode cannot be won${o.partial ? ' (exploration hit its cap: outcomes are partial)' : ''}; outcomes: ` +
          outcomes.map((x) => '{' + x.key + '}').join(' '),
      );
    }
  }
  return { checked, expect, errors, goal };
}

// "You broke it": the plain variant's reachable expectations that the fixed variant cannot reach,
// given byVariant = {variant: outcomes}. [{expr, tree}] (empty without both variants' outcomes).
// model 'tso': the expect-tso lines, on outcomes under x86-TSO.
function brokenBy(meta, byVariant, model) {
  if (!byVariant.plain || !byVariant.fixed) return [];
  const lines = model === 'tso' ? meta.expect_tso : meta.expect;
  return ((lines || {}).plain || [])
    .filter((e) => e.kind === 'reachable' && firstHit(e.tree, byVariant.plain) && !firstHit(e.tree, byVariant.fixed))
    .map((e) => ({ expr: e.expr, tree: e.tree }));
}

module.exports = { checkVariant, brokenBy };
