// pool.js - a fixed number of worker threads that run the steps of lib/tasks.js (each blocks on its
// sandboxed process, spawnSync), so the server's own thread never waits on a step and several steps
// run at once. Tasks wait in one queue ordered by priority (lower first), then by arrival: a run's
// selected cell goes before the rest of any matrix.
//   const pool = new Pool(size); pool.run(name, ctx, args, priority, owner) -> Promise<result of runTask>
//   pool.drop(owner): the owner's queued tasks resolve {cancelled: true}
//   pool.close() ends the threads (a step running then is ended by its sandbox's wall limit).
'use strict';
const { Worker, isMainThread, parentPort } = require('worker_threads');

class Pool {
  constructor(size) {
    this.size = Math.max(1, size | 0);
    this.queue = [];
    this.idle = [];
    this.workers = [];
    this.seq = 0;
    this.closed = false;
    for (let i = 0; i < this.size; i++) this._spawn();
  }

  _spawn() {
    const w = new Worker(__filename);
    w.unref();
    w.current = null;
    w.on('message', (res) => {
      const job = w.current;
      w.current = null;
      this.idle.push(w);
      if (job) job.resolve(res);
      this._next();
    });
    w.on('error', (e) => {
      const job = w.current;
      w.current = null;
      this.workers = this.workers.filter((x) => x !== w);
      if (job) job.resolve({ error: `internal error: the step's thread died: ${e.message}`, internal: true });
      if (!this.closed) this._spawn();
    });
    this.workers.push(w);
    this.idle.push(w);
    this._next();
  }

  // owner: anything that drop() is later called with (a run).
  run(name, ctx, args, priority, owner) {
    if (this.closed) return Promise.resolve({ cancelled: true });
    return new Promise((resolve) => {
      this.queue.push({ name, ctx, args, priority: priority || 0, seq: this.seq++, resolve, owner });
      this.queue.sort((a, b) => a.priority - b.priority || a.seq - b.seq);
      this._next();
    });
  }

  _next() {
    while (this.idle.length && this.queue.length) {
      const w = this.idle.pop();
      const job = this.queue.shift();
      w.current = job;
      w.postMessage({ name: job.name, ctx: job.ctx, args: job.args });
    }
  }

  // The owner's queued tasks resolve {cancelled: true} without running (its running ones finish).
  drop(owner) {
    const keep = [];
    for (const j of this.queue) j.owner === owner ? j.resolve({ cancelled: true }) : keep.push(j);
    this.queue = keep;
  }

  get busy() {
    return this.workers.length - this.idle.length + this.queue.length;
  }

  close() {
    this.closed = true;
    for (const j of this.queue) j.resolve({ cancelled: true });
    this.queue = [];
    return Promise.all(this.workers.map((w) => w.terminate()));
  }
}

if (!isMainThread) {
  const { runTask } = require('./tasks.js');
  parentPort.on('message', (m) => parentPort.postMessage(runTask(m.name, m.ctx, m.args)));
}

module.exports = { Pool };
