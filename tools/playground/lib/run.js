// run.js - one playground run: a source (an example in the course's format, or a kernel C litmus test
// converted by tools/litmus) through the course's programs (lib/tasks.js, each step in the sandbox),
// in the order a reader waits for them:
//   1. code      the first selected cell: metadata, each variant's view checked (tools/sandbox check)
//                while the target compiles, evidence, the page rendered (goal: under 1 s)
//   2. explorer  the emcc views checked, the wasm explorer (every outcome), the native outcomes of the
//                first cell, the page rendered again (goal: under 5 s)
//   3. selected  the reader's other cells, as 1
//   4. matrix    every cell: the checks once per view (lib/matrix.js viewGroups), compile, native
//                outcomes; the overview (where a variant's outcome set differs from the fixed
//                variant's), the page rendered with every cell (goal: under 60 s)
// A cell's code is published (collected into the page data) only once every view its compile saw has
// passed the checks; the checks run beside the compile, which the sandbox alone already contains. Any
// finding ends the run as refused and removes what it had rendered. The work directory is removed when
// the run ends, whatever the end; the rendered page and status.json stay (lib/store.js).
'use strict';
const fs = require('fs');
const path = require('path');
const matrix = require('./matrix.js');
const { ROOT } = require('./tasks.js');

const VIEW_PAGE = 'playground-view';
// A step's verdict the run reports: a limit (TIMEOUT, MEMORY, OUTPUT), REFUSED, ERROR.
class Stop extends Error {
  constructor(status) {
    super('run stopped');
    this.status = status;
  }
}

class Run {
  // o: {h, id, kind: "example"|"litmus"|"asm", source, name (the editor's file name), dir (the run's directory),
  //     cache, pool, cells (the reader's cells, first = the one shown first), limits, unsandboxed, onUpdate,
  //     matrix (false: the reader's cells only)}
  constructor(o) {
    Object.assign(this, o);
    this.work = path.join(o.dir, 'work');
    this.ctx = { work: this.work, id: o.id, root: o.dir, cache: o.cache, limits: o.limits, unsandboxed: o.unsandboxed };
    this.cancelled = false;
    this.inflight = new Set();
    this.t0 = Date.now();
    this.status = {
      schema: 'playground-run/1',
      h: o.h,
      id: o.id,
      kind: o.kind,
      name: o.name,
      state: 'queued',
      stage: null,
      source: o.kind === 'example' ? o.source : null,
      errors: [],
      stopped: null,
      view: null,
      renders: 0,
      cells: o.cells.slice(),
      done: [],
      matrix: { total: matrix.load().cells.length, done: 0 },
      overview: null,
      variants: null,
      times: {},
    };
  }

  update(patch) {
    Object.assign(this.status, patch || {});
    if (this.onUpdate) this.onUpdate(this);
  }

  // One step in the pool; a step the sandbox stopped ends the run with its verdict.
  task(name, args, priority) {
    if (this.cancelled) return Promise.reject(new Stop({ state: 'cancelled' }));
    const p = this.pool.run(name, this.ctx, args, priority, this);
    this.inflight.add(p);
    return p.then((r) => {
      this.inflight.delete(p);
      if (r.cancelled || this.cancelled) throw new Stop({ state: 'cancelled' });
      if (r.stopped) {
        const s = r.stopped;
        throw new Stop({ state: 'stopped', stopped: s, errors: [this.err(1, `x:1: ${s.message}`, 'limit')] });
      }
      if (r.internal) throw new Error(r.error);
      return r;
    });
  }

  // An error at a line of the editor's file: {line, message: "<name>:<line>: text", kind}.
  err(line, text, kind) {
    const m = /^\S+?:(\d+): ([\s\S]*)$/.exec(text);
    const n = m ? +m[1] : line;
    return { line: n, message: `${this.name}:${n}: ${m ? m[2] : text}`, kind };
  }

  // A variant's compiled file's line -> the example file's (the metadata's line map, asm-tool linemap).
  fileLine(variant, n) {
    const map = this.meta && this.meta.lines && this.meta.lines[variant];
    return map && map[n - 1] ? map[n - 1] : n;
  }

  // Every "<compiled file>:N" in a tool's text, named as the example file and its line.
  mapText(text) {
    let out = text;
    for (const [v, src] of Object.entries(this.meta ? this.meta.sources : {})) {
      const re = new RegExp(src.replace(/[.*+?^${}()|[\]\\]/g, '\\$&') + ':(\\d+)', 'g');
      out = out
        .replace(re, (_, n) => `${this.name}:${this.fileLine(v, +n)}`)
        .split(src)
        .join(`${this.name} (${v})`);
    }
    return out.split(`examples/${this.id}.c:`).join(`${this.name}:`);
  }

  // The first error a tool's (mapped) text names, with the whole text as details.
  diagErr(text, kind, what) {
    const mapped = this.mapText(text);
    const esc = this.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    const m = new RegExp(`^${esc}:(\\d+):(?:\\d+:)? (?:(?:fatal )?error: )?(.*)$`, 'm').exec(mapped);
    const e = m ? this.err(+m[1], `x:${m[1]}: ${what}: ${m[2]}`, kind) : this.err(1, `${what}`, kind);
    e.details = mapped;
    return e;
  }

  async start() {
    this.update({ state: 'running' });
    try {
      this.setup();
      if (this.kind === 'asm') {
        await this.assembly();
        await this.finish({ state: 'done', stage: 'done' });
        return;
      }
      await this.read();
      await this.code();
      await this.explorer();
      await this.selected();
      if (this.matrix !== false) await this.wholeMatrix();
      await this.finish({ state: 'done', stage: 'done' });
    } catch (e) {
      if (e instanceof Stop) await this.finish(Object.assign({ errors: [] }, e.status));
      else
        await this.finish({ state: 'failed', errors: [this.err(1, `x:1: internal error: ${e.message}`, 'internal')] });
    }
  }

  // Stops the run at its next step (the queued ones are dropped); the run ends "cancelled".
  cancel() {
    this.cancelled = true;
    this.pool.drop(this);
  }

  // The end of every run: no step of it still queued or running, then its work directory removed.
  async finish(patch) {
    this.cancelled = true;
    this.pool.drop(this);
    while (this.inflight.size) await Promise.allSettled([...this.inflight]);
    const refused = ['refused', 'stopped', 'cancelled'].includes(patch.state);
    // a refused, stopped or cancelled run leaves nothing rendered behind (a failed one keeps what it
    // rendered before the error: a compiler that rejects the file where another accepted it); no run
    // leaves its work directory
    if (refused) fs.rmSync(path.join(this.dir, 'out'), { recursive: true, force: true });
    fs.rmSync(this.work, { recursive: true, force: true });
    this.status.times.total_ms = Date.now() - this.t0;
    this.update(Object.assign(refused ? { view: null } : {}, patch));
  }

  setup() {
    fs.rmSync(this.work, { recursive: true, force: true });
    const ex = path.join(this.work, 'examples');
    fs.mkdirSync(path.join(ex, path.dirname(this.id)), { recursive: true });
    fs.copyFileSync(matrix.file(), path.join(ex, 'targets.conf'));
    fs.symlinkSync(path.join(ROOT, 'examples', 'include'), path.join(ex, 'include'));
    fs.writeFileSync(path.join(ex, this.id + '.c'), this.kind === 'example' ? this.source : '');
    fs.mkdirSync(path.join(this.work, 'content'), { recursive: true });
    fs.writeFileSync(
      path.join(this.work, 'content', VIEW_PAGE + '.md'),
      `---\ntitle: Playground: ${this.id}\norder: 1\n` +
        `summary: The playground's run of ${this.id}.\ntemplate: playground-view.html\nnav: false\n---\n\n\`\`\`example\n${this.id}\n\`\`\`\n`,
    );
  }

  // An AArch64 or X86 assembly litmus test: a64-tool runs it under its model (Armv8, or x86-TSO for
  // X86) in the sandbox; the status gets its report and verdict ({output, agrees, partial}), an error
  // is at the editor's line. No compile, no cells: the test is machine code already.
  async assembly() {
    this.update({ stage: 'read' });
    fs.writeFileSync(path.join(this.work, 'input.litmus'), this.source);
    const r = await this.task('a64', { name: 'input.litmus' }, 0);
    if (r.error)
      throw new Stop({ state: 'failed', errors: [this.err(1, r.error.replace(/^input\.litmus:/, 'x:'), 'litmus')] });
    this.update({ asm: { output: r.output, agrees: r.agrees, partial: r.partial } });
  }

  // The litmus converter (for a litmus test), then the metadata for the first cell.
  async read() {
    this.update({ stage: 'read' });
    if (this.kind === 'litmus') {
      fs.writeFileSync(path.join(this.work, 'input.litmus'), this.source);
      const c = await this.task('convert', { name: 'input.litmus' }, 0);
      if (c.error)
        throw new Stop({ state: 'failed', errors: [this.err(1, c.error.replace(/^input\.litmus:/, 'x:'), 'litmus')] });
      fs.writeFileSync(path.join(this.work, 'examples', this.id + '.c'), c.source);
      this.update({ source: c.source });
    }
    await this.readMeta([this.cells[0]]);
  }

  async readMeta(cells) {
    const m = await this.task('meta', { cells }, 0);
    if (m.error) throw new Stop({ state: 'failed', errors: [this.err(1, m.error, 'metadata')] });
    this.meta = m.meta;
    if (!this.status.variants) this.update({ variants: m.meta.variants.slice(), threads: m.meta.threads.slice() });
  }

  // The compiler views of one target at a group of -O levels, one per variant: [{variant, file, argv}].
  views(tname, opt) {
    const t = matrix.target(tname);
    const m = this.meta;
    return m.variants.map((v) => {
      const cflags = (m.cflags.all || []).concat(m.cflags[v] || []);
      return {
        variant: v,
        file: m.sources[v],
        compiler: `${tname}/${opt}`,
        argv: t.cmd.concat(matrix.load().flags, [`-${opt}`], cflags),
      };
    });
  }

  // Every view's check must come back clean; a finding refuses the run (at the example file's line).
  checked(results) {
    for (const { view, r } of results) {
      if (r.error) throw new Error(r.error);
      if (r.findings && r.findings.length) {
        const errors = r.findings.map((f) => {
          const m = /^(.*?):(\d+): ([\s\S]*)$/.exec(f);
          const line = m ? (m[1].endsWith(view.file) ? this.fileLine(view.variant, +m[2]) : +m[2]) : 1;
          return this.err(line, `x:${line}: ${m ? m[3] : f}`, 'check');
        });
        throw new Stop({ state: 'refused', errors });
      }
    }
    for (const { view, r } of results)
      if (r.diagnostics)
        throw new Stop({
          state: 'failed',
          errors: [this.diagErr(r.diagnostics, 'compile', `does not preprocess for ${view.compiler}`)],
        });
  }

  // One target's compile beside the checks of every view it compiles; its code is kept only if they pass.
  async compileTarget(tname, opts, priority) {
    const cf = this.meta.cflags.all || [];
    const groups = matrix.viewGroups(tname, cf.concat(...this.meta.variants.map((v) => this.meta.cflags[v] || [])));
    const wanted = groups.filter((g) => g.some((o) => opts.includes(o))).map((g) => g.find((o) => opts.includes(o)));
    const views = [].concat(...wanted.map((o) => this.views(tname, o)));
    const checks = views.map((view) => this.task('check', view, priority).then((r) => ({ view, r })));
    const compiled = this.task('compile', { target: tname }, priority);
    // the checks decide first, as in the grader where they run before the compile: a refused file is
    // refused whatever its compile did
    const settled = await Promise.allSettled(checks.concat([compiled]));
    const done = settled.slice(0, -1);
    this.checked(done.filter((x) => x.status === 'fulfilled').map((x) => x.value));
    for (const x of done) if (x.status === 'rejected') throw x.reason;
    if (settled[settled.length - 1].status === 'rejected') throw settled[settled.length - 1].reason;
    const c = settled[settled.length - 1].value;
    if (c.compile)
      throw new Stop({
        state: 'failed',
        errors: [this.diagErr(c.compile, 'compile', `does not compile for ${tname}`)],
      });
    if (c.error) throw new Stop({ state: 'failed', errors: [this.err(1, `x:1: ${tname}: ${c.error}`, 'compile')] });
  }

  async collect(targets, priority) {
    const r = await this.task('collect', { targets }, priority);
    if (r.error) throw new Stop({ state: 'failed', errors: [this.err(1, this.mapText(r.error), 'collect')] });
    this.evidence = Object.assign(this.evidence || {}, r.evidence);
    this.status.anchor = r.anchor;
  }

  async render(priority) {
    const r = await this.task('render', {}, priority);
    if (r.error)
      throw new Stop({
        state: 'failed',
        errors: [this.err(1, `x:1: the page could not be rendered: ${r.error}`, 'render')],
      });
    this.update({ view: `${VIEW_PAGE}.html`, renders: this.status.renders + 1 });
  }

  async code() {
    this.update({ stage: 'code' });
    const first = matrix.parseCell(this.cells[0]);
    await this.compileTarget(first.target, [first.opt], 0);
    await this.collect([first.target], 0);
    await this.render(0);
    this.status.times.code_ms = Date.now() - this.t0;
    this.update({ done: [this.cells[0]], evidence: this.evidence });
  }

  // The explorer (its views are emcc's) beside the first cell's native outcomes.
  async explorer() {
    this.update({ stage: 'explorer' });
    const first = matrix.parseCell(this.cells[0]);
    const wasm = (async () => {
      const checks = this.meta.variants.map((v) => {
        const view = {
          variant: v,
          file: this.meta.sources[v],
          compiler: 'emcc',
          emcc: true,
          cflags: (this.meta.cflags.all || []).concat(this.meta.cflags[v] || []),
        };
        return this.task('check', view, 1).then((r) => ({ view, r }));
      });
      const settled = await Promise.allSettled(checks);
      this.checked(settled.filter((x) => x.status === 'fulfilled').map((x) => x.value));
      for (const x of settled) if (x.status === 'rejected') throw x.reason;
      const x = await this.task('explore', {}, 1);
      if (x.error) throw new Stop({ state: 'failed', errors: [this.err(1, this.mapText(x.error), 'explore')] });
      this.outcomes = x.outcomes;
      return x;
    })();
    const nat = this.native([first.target], 1);
    const [x] = await Promise.all([wasm, nat]);
    await this.nativeCollect([first.target], 1);
    await this.render(1);
    this.status.times.explorer_ms = Date.now() - this.t0;
    this.update({
      explorer: {
        errors: (x.errors || []).map((e) => this.err(1, this.mapText(e), 'explore')),
        variants: this.outcomeSummary(),
      },
    });
  }

  outcomeSummary() {
    const o = this.outcomes;
    if (!o) return null;
    const out = {};
    for (const v of o.order)
      out[v] = { outcomes: o.variants[v].outcomes.map((x) => x.key), partial: o.variants[v].partial };
    return out;
  }

  async native(targets, priority) {
    for (const tname of targets) {
      const r = await this.task('native', { target: tname, arch: matrix.target(tname).arch }, priority);
      if (r.error) this.nativeErrors = (this.nativeErrors || []).concat([`${tname}: ${r.error.trim()}`]);
      else this.readNative(tname);
    }
  }

  async nativeCollect(targets, priority) {
    const ok = targets.filter((t) =>
      fs.existsSync(path.join(this.work, 'build', 'data', 'native', this.id, t + '.json')),
    );
    if (!ok.length) return;
    const r = await this.task('nativeCollect', { targets: ok }, priority);
    if (r.error) this.nativeErrors = (this.nativeErrors || []).concat([this.mapText(r.error)]);
  }

  // A target's native outcomes into the overview: per cell, per variant, its outcome keys and whether
  // the set differs from the fixed variant's (no verdict for a partial or failed exploration).
  readNative(tname) {
    let j;
    try {
      j = JSON.parse(
        fs.readFileSync(path.join(this.work, 'build', 'data', 'native', this.id, tname + '.json'), 'utf8'),
      );
    } catch (e) {
      return;
    }
    const ov = this.status.overview || {};
    for (const [opt, vs] of Object.entries(j.cells || {})) {
      const cell = {};
      const keys = (c) => (c && c.status === 'ok' && !c.partial ? c.outcomes.map((o) => o.key).sort() : null);
      const fixed = keys(vs.fixed);
      for (const [v, c] of Object.entries(vs)) {
        const k = keys(c);
        cell[v] = {
          outcomes: k,
          status: c.status,
          partial: !!c.partial,
          differs: k && fixed && v !== 'fixed' ? k.join('\n') !== fixed.join('\n') : null,
        };
        if (c.tso) {
          const kt = keys(c.tso);
          const ft = vs.fixed && vs.fixed.tso ? keys(vs.fixed.tso) : null;
          cell[v].tso = { outcomes: kt, differs: kt && ft && v !== 'fixed' ? kt.join('\n') !== ft.join('\n') : null };
        }
      }
      ov[`${tname}/${opt}`] = cell;
    }
    this.update({ overview: ov });
  }

  // The reader's other cells before the rest of the matrix.
  async selected() {
    const rest = this.cells.slice(1);
    if (!rest.length) return;
    this.update({ stage: 'selected' });
    await this.readMeta(this.cells);
    const targets = [...new Set(this.cells.map((c) => matrix.parseCell(c).target))];
    await Promise.all(
      targets.map((t) =>
        this.compileTarget(
          t,
          this.cells.filter((c) => c.startsWith(t + '/')).map((c) => matrix.parseCell(c).opt),
          2,
        ),
      ),
    );
    await this.collect(targets, 2);
    await this.native(targets, 2);
    await this.nativeCollect(targets, 2);
    await this.render(2);
    this.update({ done: this.cells.slice() });
  }

  async wholeMatrix() {
    this.update({ stage: 'matrix' });
    const all = matrix.load();
    await this.readMeta([]);
    const mine = [...new Set(this.cells.map((c) => matrix.parseCell(c).target))];
    const order = mine.concat(all.targets.map((t) => t.target).filter((t) => !mine.includes(t)));
    let done = 0;
    await Promise.all(
      order.map(async (tname, i) => {
        await this.compileTarget(tname, all.opts, 3 + i);
        await this.native([tname], 3 + i);
        done += all.opts.length;
        this.update({ matrix: { total: all.cells.length, done } });
      }),
    );
    await this.collect(order, 3);
    await this.nativeCollect(order, 3);
    await this.render(3);
    this.status.times.matrix_ms = Date.now() - this.t0;
    this.update({ done: all.cells.slice(), evidence: this.evidence, native_errors: this.nativeErrors || [] });
  }
}

module.exports = { Run, VIEW_PAGE };
