// emcc-replay.js - runs an emcc compile or link as the sub-commands emcc itself runs for it.
//
// emcc is a Python program. For the pipeline's small files most of a call is emcc's own start-up and
// checks, and for a link the JavaScript glue it generates (node compiler.js), which the pipeline throws
// away. The first command of a given shape runs emcc with EMCC_VERBOSE=1, which prints every
// sub-command emcc runs: clang for a compile; wasm-ld, wasm-emscripten-finalize, node (the glue) and
// llvm-objcopy for a link. Those commands, the glue left out and the input, the output and the -Wl,
// flags made placeholders, are the shape's recipe. A recipe is kept only when running it again
// reproduces emcc's output byte for byte; a shape whose recipe did not is marked, and keeps running
// emcc. Later commands of a kept shape run the recipe. EMCC_REPLAY=0 in the environment runs emcc
// every time.
//
// The shape of a command: the tool versions the caller passes, the arguments with the input and output
// as placeholders and the -Wl, flags left out (emcc passes them to wasm-ld as they are, in order), the
// EMCC_*/EM_* environment, and for a link the object's undefined symbols and whether it defines main
// (the two things emcc reads of an object to choose what it links and exports).
'use strict';
const fs = require('fs');
const path = require('path');
const crypto = require('crypto');
const { spawnSync } = require('child_process');
const { writeFileAtomic } = require('../../jslib/fsutil');

const VERSION = '1';
// The sub-commands a recipe may hold, by kind, in the order emcc runs them (matched on the program's
// base name); the glue step is recognized and dropped.
const PROGRAMS = {
  compile: [/^clang-\d+$/],
  link: [/^wasm-ld-\d+$/, /^wasm-emscripten-finalize$/, /^llvm-objcopy-\d+$/],
};
const GLUE = /^node(js)?$/;

// shlex_join's output (emscripten's print_compiler_stage) back into words: bare words, '...' and "...".
// Returns null for anything else (an unbalanced quote).
function splitWords(s) {
  const words = [];
  let i = 0;
  while (i < s.length) {
    while (s[i] === ' ') i++;
    if (i >= s.length) break;
    let w = '';
    while (i < s.length && s[i] !== ' ') {
      const q = s[i];
      if (q === "'" || q === '"') {
        const end = s.indexOf(q, i + 1);
        if (end < 0) return null;
        w += s.slice(i + 1, end);
        i = end + 1;
      } else {
        w += q;
        i++;
      }
    }
    words.push(w);
  }
  return words;
}

// The sub-commands emcc printed on stderr under EMCC_VERBOSE=1: lines ` "program" args`.
function printedCommands(stderr) {
  const cmds = [];
  for (const line of stderr.split('\n')) {
    const m = /^ "([^"]+)" (.*)$/.exec(line);
    if (!m) continue;
    const rest = splitWords(m[2]);
    if (!rest) return null;
    cmds.push([m[1]].concat(rest));
  }
  return cmds;
}

// The -Wl, flags of args as wasm-ld sees them (each comma-separated part one word).
function linkerWords(args) {
  return [].concat(...args.filter((a) => a.startsWith('-Wl,')).map((a) => a.slice(4).split(',')));
}

// The object's undefined symbols and whether it defines main, from llvm-nm: part of a link's shape.
function objectSymbols(obj, run) {
  const out = run('llvm-nm-14', ['-P', obj]);
  const undef = [],
    defs = [];
  for (const line of out.split('\n')) {
    const [name, type] = line.split(' ');
    if (!name) continue;
    if (type === 'U' || type === 'w' || type === 'v') undef.push(name);
    else if (/^(main|__main_argc_argv|_start)$/.test(name)) defs.push(name);
  }
  return { undef: undef.sort(), defs: defs.sort() };
}

// A word with the input and output made placeholders.
const placeholder = (w, o) => (w === o.input ? '@IN@' : w === o.output ? '@OUT@' : w);

function shapeOf(kind, args, o, run) {
  const env = Object.keys(process.env)
    .filter((k) => /^EMCC?_/.test(k) && k !== 'EMCC_VERBOSE' && k !== 'EMCC_REPLAY')
    .sort()
    .map((k) => k + '=' + process.env[k]);
  const words = args.filter((a) => !a.startsWith('-Wl,')).map((a) => placeholder(a, o));
  const shape = { v: VERSION, kind, tools: o.tools, cwd: o.cwd, words, env };
  if (kind === 'link') shape.symbols = objectSymbols(o.input, run);
  return shape;
}

// A recipe from emcc's printed commands: each command's words with placeholders, the glue dropped.
// Returns {commands} or {refused: why}.
function recipeOf(kind, cmds, args, o) {
  const wl = linkerWords(args);
  const kept = cmds.filter((c) => !GLUE.test(path.basename(c[0])));
  const want = PROGRAMS[kind];
  if (kept.length !== want.length || kept.some((c, i) => !want[i].test(path.basename(c[0]))))
    return { refused: `emcc ran ${cmds.map((c) => path.basename(c[0])).join(', ') || 'nothing printed'}` };
  const commands = [];
  let wlPlaced = wl.length === 0;
  for (const c of kept) {
    const words = c.map((w) => placeholder(w, o));
    if (words.some((w) => w.includes(o.input) || w.includes(o.output)))
      return { refused: 'the input or output inside a word' };
    const at = wl.length ? indexOfRun(words, wl) : -1;
    if (at >= 0) {
      if (wlPlaced) return { refused: 'the -Wl, flags twice' };
      words.splice(at, wl.length, '@WL@');
      wlPlaced = true;
    }
    commands.push(words);
  }
  if (!wlPlaced) return { refused: 'the -Wl, flags not found in the commands' };
  return { commands };
}

function indexOfRun(words, run) {
  for (let i = 0; i + run.length <= words.length; i++) if (run.every((w, j) => words[i + j] === w)) return i;
  return -1;
}

function replay(recipe, args, o, output, run) {
  const wl = linkerWords(args);
  for (const c of recipe.commands) {
    const argv = [].concat(
      ...c.map((w) => (w === '@IN@' ? [o.input] : w === '@OUT@' ? [output] : w === '@WL@' ? wl : [w])),
    );
    run(argv[0], argv.slice(1), { cwd: o.cwd });
  }
}

// Runs emcc under EMCC_VERBOSE=1, then tries its commands into a second output and compares.
function learn(kind, args, o, file, run) {
  const env = Object.assign({}, process.env, o.env || {}, { EMCC_VERBOSE: '1' });
  const r = spawnSync('emcc', args, { cwd: o.cwd, env, encoding: 'utf8', maxBuffer: 64 << 20 });
  if (r.error) return run('emcc', args, { cwd: o.cwd }); // emcc missing: the caller's own message
  if (r.status !== 0) {
    // as the caller's run fails, without the printed commands
    const out =
      r.stderr
        .split('\n')
        .filter((l) => !/^ "[^"]+" /.test(l))
        .join('\n') + r.stdout;
    const err = new Error(`emcc failed:\n${out}`.trim());
    err.toolOutput = out;
    throw err;
  }
  const cmds = printedCommands(r.stderr);
  let rec = cmds ? recipeOf(kind, cmds, args, o) : { refused: 'unreadable command lines' };
  if (rec.commands) {
    const again = path.join(path.dirname(o.output), 'replay-' + path.basename(o.output));
    try {
      replay(rec, args, o, again, run);
      if (!fs.readFileSync(again).equals(fs.readFileSync(o.output)))
        rec = { refused: 'replaying gave other bytes than emcc' };
    } catch (e) {
      rec = { refused: 'replaying failed: ' + e.message.split('\n')[0] };
    } finally {
      fs.rmSync(again, { force: true });
    }
  }
  writeFileAtomic(file, JSON.stringify(rec, null, 1));
  return r.stdout;
}

// Runs `emcc args` in o.cwd, or the recipe of its shape. o: {input, output (as they appear in args),
// cwd, cacheDir (recipes go in <cacheDir>/emcc-recipes), tools (the tool versions string)}. run(cmd,
// argv, opts) is the caller's runner: it returns stdout and throws with the tool's output on failure.
// Returns how it ran: 'recipe', 'learned' (emcc, and its recipe was kept), or 'emcc'.
function emcc(args, o, run) {
  if (process.env.EMCC_REPLAY === '0' || !o.cacheDir) {
    run('emcc', args, { cwd: o.cwd });
    return 'emcc';
  }
  const kind = args.includes('-c') ? 'compile' : 'link';
  const shape = shapeOf(kind, args, o, run);
  const key = crypto.createHash('sha256').update(JSON.stringify(shape)).digest('hex').slice(0, 24);
  const file = path.join(o.cacheDir, 'emcc-recipes', key + '.json');
  let rec = null;
  try {
    rec = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (e) {
    /* not learned yet */
  }
  if (rec && rec.commands) {
    replay(rec, args, o, o.output, run);
    return 'recipe';
  }
  if (rec) {
    run('emcc', args, { cwd: o.cwd });
    return 'emcc';
  }
  learn(kind, args, o, file, run);
  rec = JSON.parse(fs.readFileSync(file, 'utf8'));
  return rec.commands ? 'learned' : 'emcc';
}

module.exports = { emcc, splitWords, printedCommands, recipeOf };
