// server.js - the playground's HTTP API, mounted by tools/serve/serve.js beside the static site
// (docs: tools/playground/README.md). Every request goes through lib/guard.js first.
//   GET  /playground/api/hello               the matrix (cells, default) and the limits: the page asks it
//                                            to know that a playground answers
//   GET  /playground/api/example?id=t/n      a course example's source (examples/t/n.c)
//   POST /playground/api/run                 {kind: "example"|"litmus"|"asm", source, id?, cells?, supersedes?}
//                                            -> 202 the run's status (cached by content: a run of the same
//                                            kind, id and source is answered from its result)
//   GET  /playground/api/run/<hash>          the run's status (lib/run.js)
//   POST /playground/api/save                {hash, name: "topic/name"} -> writes examples/topic/name.c
//                                            (a connection to 127.0.0.1 only; never overwrites)
//   GET  /playground/run/<hash>/<path>       the run's rendered page and its data (course pages it links
//                                            to come from the course's own site)
//   GET  /playground/codemirror/<path>       Debian's libjs-codemirror, when installed
// Runs: at most `jobs` at once and `queue` waiting (beyond: 503 with the reason); their steps share one
// pool of threads. Results live in <state>/runs/<hash>/ (lib/store.js).
'use strict';
const crypto = require('crypto');
const fs = require('fs');
const path = require('path');
const guard = require('./guard.js');
const matrix = require('./matrix.js');
const { Pool } = require('./pool.js');
const { Run } = require('./run.js');
const { Store } = require('./store.js');
const { ROOT } = require('./tasks.js');
const { tempName } = require('../../jslib/fsutil.js');
const { TYPES } = require('../../serve/serve.js');

const DEFAULTS = {
  jobs: 2,
  queue: 8,
  threads: 4,
  maxBody: 256 << 10,
  maxSource: 200000,
  keep: 24,
  codemirror: '/usr/share/javascript/codemirror',
};
const ID_RE = /^[a-z0-9][a-z0-9-]{0,39}\/[a-z0-9][a-z0-9-]{0,79}$/;
const HASH_RE = /^[0-9a-f]{24}$/;
const CANCELLED_KEPT = 64;

function send(res, status, obj, extra) {
  res.writeHead(
    status,
    Object.assign(
      { 'content-type': 'application/json', 'cache-control': 'no-store', 'x-content-type-options': 'nosniff' },
      extra || {},
    ),
  );
  res.end(JSON.stringify(obj));
}

function refuse(res, r) {
  send(res, r.status, { error: r.reason }, r.status === 503 ? { 'retry-after': '5' } : null);
}

// The name the editor's file has in messages.
function fileName(kind, id) {
  return kind === 'litmus' || kind === 'asm' ? `${id.split('/')[1]}.litmus` : `examples/${id}.c`;
}

// A litmus test's id from its first line ("C SB+poonceonces" -> litmus/sb-poonceonces).
function litmusId(source, kind) {
  const m = kind === 'asm' ? /^\s*(?:AArch64|X86)\s+(\S+)/.exec(source) : /^\s*C\s+(\S+)/.exec(source);
  const slug = (m ? m[1] : 'untitled')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return `${kind === 'asm' ? 'asm' : 'litmus'}/${slug || 'untitled'}`;
}

class Playground {
  // o: {port, hosts (extra names), state (directory), site (the course's built site), jobs, queue,
  //     threads, limits (tighter step limits, tests), unsandboxed, matrix (false: only the reader's cells),
  //     targets (tests: a targets.conf naming some of the course's targets, the whole matrix of every run)}
  constructor(o) {
    this.o = Object.assign({}, DEFAULTS, o);
    if (this.o.targets) matrix.use(this.o.targets);
    this.hosts = guard.allowedHosts(this.o.port, this.o.hosts);
    this.store = new Store(path.join(this.o.state, 'runs'), this.o.keep);
    this.cache = path.join(this.o.state, 'cache');
    fs.mkdirSync(this.cache, { recursive: true });
    this.pool = new Pool(this.o.threads);
    this.running = new Map();
    this.waiting = [];
    // the last CANCELLED_KEPT cancelled runs: their status says "cancelled" (a page's poll that crosses
    // its own superseding request gets an answer, not a 404); nothing of theirs is kept on disk
    this.cancelled = new Map();
  }

  // Cancels every run and resolves once none of their steps is still running (a step's sandbox ends
  // on its own; its run then removes its work directory), then ends the threads. Idempotent.
  close() {
    if (!this.closing) {
      this.waiting.splice(0).forEach((r) => this.store.remove(r.h));
      const runs = [...this.running.values()];
      runs.forEach((r) => r.cancel());
      this.closing = Promise.all(runs.map((r) => r.ended)).then(() => this.pool.close());
    }
    return this.closing;
  }

  // -> true when the request was the playground's (answered or refused).
  handle(req, res) {
    const url = new URL(req.url, 'http://x');
    const p = url.pathname;
    const bad = guard.checkRequest(req, this.hosts, { write: req.method === 'POST' });
    if (bad) {
      refuse(res, bad);
      return true;
    }
    if (!p.startsWith('/playground/')) return false;
    if (req.method === 'GET' && p === '/playground/api/hello') return (this.hello(res), true);
    if (req.method === 'GET' && p === '/playground/api/example')
      return (this.example(res, url.searchParams.get('id')), true);
    if (req.method === 'POST' && p === '/playground/api/run') return (this.post(req, res), true);
    if (req.method === 'POST' && p === '/playground/api/save') return (this.save(req, res), true);
    let m = /^\/playground\/api\/run\/([^/]+)$/.exec(p);
    if (req.method === 'GET' && m) return (this.status(res, m[1]), true);
    m = /^\/playground\/run\/([^/]+)\/(.*)$/.exec(p);
    if ((req.method === 'GET' || req.method === 'HEAD') && m) return (this.file(req, res, m[1], m[2]), true);
    m = /^\/playground\/codemirror\/(.+)$/.exec(p);
    if ((req.method === 'GET' || req.method === 'HEAD') && m) return (this.codemirror(req, res, m[1]), true);
    send(res, 404, { error: `no such playground address: ${p.slice(0, 200)}` });
    return true;
  }

  // The course's examples (ids of examples/<topic>/<name>.c, and lab/<name> for labs/<name>/lab.c), for
  // the page's picker.
  examples() {
    const dir = path.join(ROOT, 'examples');
    const labs = fs
      .readdirSync(path.join(ROOT, 'labs'))
      .filter((l) => fs.existsSync(path.join(ROOT, 'labs', l, 'lab.c')));
    return fs
      .readdirSync(dir, { recursive: true })
      .map(String)
      .filter((f) => f.endsWith('.c'))
      .map((f) => f.slice(0, -2).split(path.sep).join('/'))
      .concat(labs.map((l) => `lab/${l}`))
      .filter((id) => ID_RE.test(id))
      .sort();
  }

  hello(res) {
    const m = matrix.load();
    send(res, 200, {
      playground: 1,
      cells: m.cells,
      default: m.default,
      targets: m.targets.map((t) => t.target),
      opts: m.opts,
      examples: this.examples(),
      limits: { body: this.o.maxBody, source: this.o.maxSource, jobs: this.o.jobs, queue: this.o.queue },
      save: true,
    });
  }

  example(res, id) {
    if (!ID_RE.test(id || '')) return send(res, 400, { error: 'refused: not an example id (topic/name)' });
    const lab = /^lab\/(.*)$/.exec(id);
    const file = lab ? path.join(ROOT, 'labs', lab[1], 'lab.c') : path.join(ROOT, 'examples', id + '.c');
    let source;
    try {
      source = fs.readFileSync(file, 'utf8');
    } catch (e) {
      return send(res, 404, { error: `no example ${id}` });
    }
    send(res, 200, { id, source });
  }

  async post(req, res) {
    const b = await guard.readBody(req, this.o.maxBody);
    if (this.closing) return refuse(res, { status: 503, reason: 'refused: the playground is stopping' });
    if (b.status) return refuse(res, b);
    const { kind, source } = b.body;
    if (!['example', 'litmus', 'asm'].includes(kind))
      return send(res, 400, { error: 'refused: kind is "example", "litmus" or "asm"' });
    if (typeof source !== 'string' || !source.length) return send(res, 400, { error: 'refused: no source' });
    if (Buffer.byteLength(source) > this.o.maxSource)
      return send(res, 413, { error: `refused: the source is larger than ${this.o.maxSource} bytes` });
    if (source.includes('\0')) return send(res, 400, { error: 'refused: the source holds a NUL byte' });
    const id = kind !== 'example' ? litmusId(source, kind) : b.body.id === undefined ? 'play/untitled' : b.body.id;
    if (!ID_RE.test(id))
      return send(res, 400, { error: 'refused: id is "topic/name" (lower-case letters, digits, dashes)' });
    const all = matrix.load();
    const cells = b.body.cells === undefined ? [all.default] : b.body.cells;
    if (
      !Array.isArray(cells) ||
      !cells.length ||
      cells.length > all.cells.length ||
      !cells.every((c) => matrix.parseCell(c))
    )
      return send(res, 400, { error: 'refused: cells must be cells of the matrix (compiler/arch/opt)' });
    // a run is its kind, id, source and the server's matrix (a state folder may serve two matrices)
    const h = crypto
      .createHash('sha256')
      .update(JSON.stringify([kind, id, source, all.cells]))
      .digest('hex')
      .slice(0, 24);
    if (HASH_RE.test(b.body.supersedes || '') && b.body.supersedes !== h) this.cancel(b.body.supersedes);
    const live = this.running.get(h) || this.waiting.find((r) => r.h === h);
    if (live) return send(res, 202, live.status);
    const known = this.store.status(h);
    if (known) return send(res, 200, known);
    if (this.waiting.length >= this.o.queue)
      return refuse(res, {
        status: 503,
        reason: `refused: the playground is busy (${this.running.size} runs, ${this.waiting.length} waiting: the queue is full)`,
      });
    const run = new Run({
      h,
      id,
      kind,
      source,
      name: fileName(kind, id),
      dir: this.store.dir(h),
      cache: this.cache,
      pool: this.pool,
      cells: [...new Set(cells)],
      limits: this.o.limits,
      unsandboxed: this.o.unsandboxed,
      matrix: this.o.matrix,
      onUpdate: (r) => this.store.write(r.h, r.status),
    });
    this.store.write(h, run.status);
    this.cancelled.delete(h);
    this.waiting.push(run);
    this.next();
    send(res, 202, run.status);
  }

  cancel(h) {
    const w = this.waiting.findIndex((r) => r.h === h);
    if (w >= 0) {
      const [r] = this.waiting.splice(w, 1);
      r.status.state = 'cancelled';
      this.store.remove(h);
      this.forget(r.status);
      return;
    }
    const r = this.running.get(h);
    if (r) r.cancel();
  }

  // Remembers a cancelled run's status (without its results), the oldest dropped beyond CANCELLED_KEPT.
  forget(status) {
    this.cancelled.delete(status.h);
    this.cancelled.set(status.h, { h: status.h, kind: status.kind, name: status.name, state: 'cancelled' });
    if (this.cancelled.size > CANCELLED_KEPT) this.cancelled.delete(this.cancelled.keys().next().value);
  }

  next() {
    while (this.running.size < this.o.jobs && this.waiting.length) {
      const run = this.waiting.shift();
      this.running.set(run.h, run);
      run.ended = run.start().then(() => {
        this.running.delete(run.h);
        this.store.finished(run.h, run.status);
        if (run.status.state === 'cancelled') this.forget(run.status);
        this.next();
      });
    }
  }

  status(res, h) {
    if (!HASH_RE.test(h)) return send(res, 400, { error: 'refused: not a run' });
    const live = this.running.get(h) || this.waiting.find((r) => r.h === h);
    const s = live ? live.status : this.store.status(h) || this.cancelled.get(h);
    if (!s) return send(res, 404, { error: 'no such run (it may have been cancelled or evicted: run it again)' });
    send(res, 200, s);
  }

  // A file of a run's rendered page; a course page it links to (glossary.html) from the course's site.
  file(req, res, h, rel) {
    if (!HASH_RE.test(h)) return send(res, 400, { error: 'refused: not a run' });
    let name;
    try {
      name = path.normalize(decodeURIComponent(rel));
    } catch (e) {
      return send(res, 400, { error: 'refused: bad path' });
    }
    if (name.startsWith('..') || path.isAbsolute(name) || name.includes('\0'))
      return send(res, 403, { error: 'refused: outside the run' });
    const own = path.join(this.store.dir(h), 'out', 'site', name);
    const course = path.join(this.o.site, name);
    const file = [own, course].find((f) => {
      try {
        return fs.statSync(f).isFile();
      } catch (e) {
        return false;
      }
    });
    if (!file) return send(res, 404, { error: 'not found' });
    this.store.touch(h);
    const type = TYPES[path.extname(file).toLowerCase()] || 'application/octet-stream';
    res.writeHead(200, {
      'content-type': type,
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'SAMEORIGIN',
    });
    if (req.method === 'HEAD') return res.end();
    fs.createReadStream(file).pipe(res);
  }

  codemirror(req, res, rel) {
    const name = path.normalize(rel);
    if (name.startsWith('..') || path.isAbsolute(name) || !/\.(js|css)$/.test(name))
      return send(res, 403, { error: 'refused' });
    const file = path.join(this.o.codemirror, name);
    fs.readFile(file, (err, body) => {
      if (err) return send(res, 404, { error: 'libjs-codemirror is not installed' });
      res.writeHead(200, { 'content-type': TYPES[path.extname(file)], 'cache-control': 'no-store' });
      res.end(req.method === 'HEAD' ? undefined : body);
    });
  }

  // "Save as example": the source of a finished run (read and compiled without an error) into
  // examples/<topic>/<name>.c, on a connection to 127.0.0.1 only, never over an existing file.
  async save(req, res) {
    if (!guard.loopbackConnection(req))
      return send(res, 403, { error: 'refused: saving is only for a connection to 127.0.0.1' });
    const b = await guard.readBody(req, this.o.maxBody);
    if (b.status) return refuse(res, b);
    const { hash, name } = b.body;
    if (!ID_RE.test(name || ''))
      return send(res, 400, { error: 'refused: the name is "topic/name" (lower-case letters, digits, dashes)' });
    if (name.startsWith('litmus/'))
      return send(res, 400, {
        error: 'refused: examples/litmus/ is generated from tools/litmus/examples.list (make litmus-examples)',
      });
    const s = HASH_RE.test(hash || '') ? this.store.status(hash) : null;
    if (!s || s.state !== 'done' || !s.source)
      return send(res, 409, { error: 'refused: save a source once its run has finished without an error' });
    const file = path.join(ROOT, 'examples', name + '.c');
    fs.mkdirSync(path.dirname(file), { recursive: true });
    // whole or not at all, and never over a file: a temporary, then a hard link (EEXIST if it exists)
    const tmp = tempName(file);
    try {
      fs.writeFileSync(tmp, s.source, { flag: 'wx' });
      fs.linkSync(tmp, file);
    } catch (e) {
      if (e.code === 'EEXIST')
        return send(res, 409, { error: `refused: examples/${name}.c exists; choose another name` });
      throw e;
    } finally {
      fs.rmSync(tmp, { force: true });
    }
    send(res, 201, { saved: `examples/${name}.c`, id: name });
  }
}

module.exports = { Playground, litmusId, fileName, ID_RE };
