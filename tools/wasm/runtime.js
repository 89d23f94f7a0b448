/* runtime.js - the outcome explorer's engine, one classic script for the browser and node.
 * Runs an example's instrumented wasm threads as resumable coroutines (asyncify) under a scheduler:
 * Machine (reset, step one thread to its next shared access, outcome; memory model 'sc' or 'tso':
 * x86-TSO store buffers, drained by scheduler steps), Explorer (exhaustive DPOR with source sets +
 * sleep sets, or naive enumeration, in resumable chunks with a cap), random runs, and the evaluator
 * of outcome predicate trees (examples/README.md). No DOM here. */
(function (root) {
  'use strict';
  var STACK = 64 * 1024; // shadow stack per thread: a deeper stack is the crash "stack overflow"
  var GUARD = 1024 * 1024; // unused memory below each thread's stack, where an overflowing frame lands
  var MIN_GUARD = 64 * 1024; // the least of it, when the module's stack area is shared by many threads
  var ABUF = 128 * 1024; // asyncify data per thread: the call frames saved at a scheduling point
  var MAX_STEPS = 200; // shared accesses per thread per run before "does not terminate"
  var MAX_EDGES = 20000; // loop back-edges per thread per run before "does not terminate"
  // Every explorer's limit on threads, and the schedule alphabet (docs/ARCHITECTURE.md, "Outcome
  // keys and schedules"; tools/lib/schedule.h is the C copy): thread t is the digit DIGITS[t], the
  // drain of its buffer (x86-TSO) the letter LETTERS[t]; thread sets are bitmasks.
  var MAX_THREADS = 8,
    DIGITS = '01234567',
    LETTERS = 'abcdefgh';
  // x86-TSO: choice c < DRAIN runs thread c, c = DRAIN + i drains the oldest store of thread i's
  // buffer; the explorer's processes are the threads and their buffers.
  var DRAIN = MAX_THREADS,
    NPROC = 2 * MAX_THREADS;
  var MODELS = ['sc', 'tso'];
  // Broken machines, for the tests that must see the comparison with the reference fail.
  var MUTANTS = ['no-forward', 'lifo', 'fence-no-drain'];
  // ... and one for RCU, under either model: a grace period that waits for nothing.
  var RCU_MUTANTS = ['gp-no-wait'];
  var SCRATCH = 64; // after the asyncify buffers: where TSO loads and buffered stores point
  // RCU: the grace-period bookkeeping of domain d (0: RCU, else an srcu_struct's address) is, for
  // DPOR's dependences, the byte at RCU_V + d, beyond any memory a module has.
  var RCU_V = 0x7f000000,
    RCU_LOCK = 0,
    RCU_SYNC = 2; // op 1 is the unlock

  function b64bytes(s) {
    if (typeof Buffer !== 'undefined') return new Uint8Array(Buffer.from(s, 'base64'));
    var bin = atob(s),
      out = new Uint8Array(bin.length);
    for (var i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
    return out;
  }

  function BugOn(line) {
    this.line = line;
  }

  // The example file's line of line l of the compiled source (a course example's variant is cut from
  // the file): lines[l - 1] from the metadata's "lines" (tools/asm, asm-tool linemap); l itself
  // without a map (a single-variant example is compiled as it is).
  function fileLine(lines, l) {
    return lines && l > 0 && lines[l - 1] ? lines[l - 1] : l;
  }

  // A module whose line tables (sites, fences, rmw, loops) number the example file's lines, and whose
  // BUG_ON lines (__LINE__ of the compiled source) are mapped the same way when they happen:
  // every line the engine reports is then the file's. mod is not changed.
  function withFileLines(mod, lines) {
    if (!lines) return mod;
    var out = {},
      k;
    for (k in mod) out[k] = mod[k];
    out.lines = lines;
    ['sites', 'fences'].forEach(function (t) {
      // id -> line
      if (!mod[t]) return;
      out[t] = {};
      for (var id in mod[t]) out[t][id] = fileLine(lines, mod[t][id]);
    });
    ['rmw', 'loops'].forEach(function (t) {
      out[t] = {};
      for (var id in mod[t] || {}) {
        var e = {},
          f;
        for (f in mod[t][id]) e[f] = mod[t][id][f];
        e.line = fileLine(lines, e.line);
        out[t][id] = e;
      }
    });
    return out;
  }
  // Nothing lives below the linker's global base (1024): an access there is a NULL dereference,
  // which the kernel would oops on; wasm itself would read or write address 0 without complaint.
  var NULL_PAGE = 1024;
  function NullDeref(a, line) {
    this.addr = a;
    this.line = line;
  }
  // A thread touched memory below its stack while its stack pointer was below it too.
  function StackOverflow(line) {
    this.line = line;
  }
  // The explorer itself cannot go on with this thread (not something the program did).
  function Limit(message) {
    this.message = message;
  }
  var ABUF_FULL =
    'explorer limit: more than ' +
    (ABUF >> 10) +
    ' KiB of call frames to save at a scheduling point (recursion too deep)';

  /* ---- machine -------------------------------------------------------------------------------- */

  // The module's imports: the hooks of the instrumented accesses, fences, read-modify-writes, RCU
  // and BUG_ON, each passed to the machine that is running (host.m).
  function hostImports(host, mod) {
    return {
      env: {
        load_ptr: function (id, bytes, off, ptr) {
          return host.m._load(id, bytes, off, ptr);
        },
        load_val_i32: function (id, v) {
          return host.m._loadVal(id, v);
        },
        load_val_i64: function (id, v) {
          return host.m._loadVal(id, v);
        },
        load_val_f32: function (id, v) {
          return host.m._loadVal(id, v);
        },
        load_val_f64: function (id, v) {
          return host.m._loadVal(id, v);
        },
        store_ptr: function (id, bytes, off, ptr) {
          return host.m._storePtr(id, bytes, off, ptr);
        },
        store_val_i32: function (id, v) {
          return host.m._storeVal(id, v, 0);
        },
        store_val_i64: function (id, v) {
          return host.m._storeVal(id, v, 1);
        },
        store_val_f32: function (id, v) {
          return host.m._storeVal(id, v, 2);
        },
        store_val_f64: function (id, v) {
          return host.m._storeVal(id, v, 3);
        },
        log_execution: function (id) {
          host.m._edge(id);
        },
        course_rmw32: function (a, v, site) {
          return host.m._rmw(a, v, undefined, site);
        },
        course_rmw64: function (a, v, site) {
          return host.m._rmw(a, v, undefined, site);
        },
        course_cmpxchg32: function (a, e, r, site) {
          return host.m._rmw(a, r, e, site);
        },
        course_cmpxchg64: function (a, e, r, site) {
          return host.m._rmw(a, r, e, site);
        },
        course_fence: function (site) {
          host.m._fence(site);
        },
        course_rcu: function (op, dom, line) {
          host.m._rcu(op, dom, line);
        },
        course_bug: function (line) {
          throw new BugOn(fileLine(mod.lines, line));
        },
      },
    };
  }

  // The instance of a module and what every machine on it shares: memory views, the snapshot of
  // [0, __data_end) taken after instantiation, the lowest stack pointer seen in each thread's stack.
  // Hooks go to the machine in `m`, the one that is running.
  function Host(mod) {
    var host = this;
    this.mod = mod;
    this.m = null;
    var imports = hostImports(host, mod);
    var m = new WebAssembly.Module(b64bytes(mod.wasm));
    // Any other import (a libc call the example should not make) traps with a clear message.
    WebAssembly.Module.imports(m).forEach(function (imp) {
      if (!imports[imp.module]) imports[imp.module] = {};
      if (imports[imp.module][imp.name] === undefined && imp.kind === 'function')
        imports[imp.module][imp.name] = function () {
          var e = new Error('call to missing import ' + imp.name);
          e.missingImport = true;
          throw e;
        };
    });
    this.inst = new WebAssembly.Instance(m, imports);
    var ex = (this.ex = this.inst.exports);
    this.mem = ex.memory;
    this.sharedLo = this.addr('__start_course_shared') || 0;
    this.sharedHi = this.addr('__stop_course_shared') || 0;
    this.dataEnd = this.addr('__data_end');
    this.heapBase = this.addr('__heap_base');
    // the threads' asyncify buffers, then the scratch bytes of the x86-TSO mode: a load that reads
    // the thread's own buffered store reads the bytes composed at `scratch`, and a buffered store
    // writes its value to `scratch + 16` (what reaches memory is the buffer's copy, at a drain).
    this.scratch = this.heapBase + MAX_THREADS * ABUF;
    var need = this.scratch + SCRATCH;
    if (this.mem.buffer.byteLength < need) this.mem.grow(Math.ceil((need - this.mem.buffer.byteLength) / 65536));
    this.dv = new DataView(this.mem.buffer);
    // No thread is running outside a machine's run: the hooks of a machine with cur === null pass through.
    this.m = Object.create(Machine.prototype, {
      cur: { value: null },
      rewinding: { value: false },
      mod: { value: mod },
      dv: { value: this.dv },
    });
    if (ex._initialize) ex._initialize();
    this.u8 = new Uint8Array(this.mem.buffer);
    this.i32 = new Int32Array(this.mem.buffer);
    this.snapshot = this.u8.slice(0, this.dataEnd);
    this.minSp = [];
  }
  // Address of an exported global; for a static variable, its address from DWARF (null: deleted).
  Host.prototype.addr = function (n) {
    var ex = this.ex,
      mod = this.mod;
    if (ex[n]) return ex[n].value;
    return mod.addrs && n in mod.addrs ? mod.addrs[n] : undefined;
  };

  // mod: {wasm (base64), sites: {id: line}, rmw: {id: {op,type,width,offset,line}}, loops: {id: {line}}}
  // meta: {threads, shared, observed, outcome, has_init, has_check, hex (the variables shown in hexadecimal)}
  // opts.share: another Machine of the same mod whose instance this one uses (many programs compiled
  // into one module, as the differential test does); such machines run one at a time, and a run
  // starts with reset().
  // opts.model: 'sc' (default: one shared access at a time on one memory) or 'tso' (x86-TSO: a FIFO
  // store buffer per thread, drained one store at a time by steps of their own; tools/wasm/README.md).
  // opts.mutant (tests only): a broken x86-TSO machine, 'no-forward' (a load ignores the thread's
  // own buffer), 'lifo' (the newest store drains first) or 'fence-no-drain' (fences and atomic
  // read-modify-writes do not wait for the buffer).
  function Machine(mod, meta, opts) {
    var self = this;
    this.model = (opts && opts.model) || 'sc';
    if (MODELS.indexOf(this.model) < 0) throw new Error('unknown memory model ' + this.model + ' (sc, tso)');
    this.tso = this.model === 'tso';
    this.mutant = (opts && opts.mutant) || null;
    if (this.mutant !== null && RCU_MUTANTS.indexOf(this.mutant) < 0 && (!this.tso || MUTANTS.indexOf(this.mutant) < 0))
      throw new Error('unknown x86-TSO mutant ' + this.mutant);
    if (this.tso && !mod.fences)
      throw new Error('the module has no fence table: it was built before the x86-TSO mode (rebuild it)');
    var host = opts && opts.share ? opts.share.host : new Host(mod);
    if (host.mod !== mod) throw new Error('machines share an instance only for the same module');
    this.host = host;
    host.m = this;
    this.mod = mod;
    this.meta = meta;
    this.cur = null;
    this.rewinding = false;
    this.inst = host.inst;
    this.ex = host.ex;
    this.mem = host.mem;
    this.dv = host.dv;
    this.u8 = host.u8;
    this.i32 = host.i32;
    this.sharedLo = host.sharedLo;
    this.sharedHi = host.sharedHi;
    this.dataEnd = host.dataEnd;
    this.vars = machineVars(host, meta);
    this.varByName = {};
    this.vars.forEach(function (v) {
      if (v.addr === undefined) throw new Error('variable ' + v.name + ' is not exported by the module');
      if (v.addr === null) v.deleted = true;
      self.varByName[v.name] = v;
    });
    this.threads = machineThreads(host, meta);
    this.maxSteps = MAX_STEPS;
    this.maxEdges = MAX_EDGES;
    this.reset();
  }

  // The variables a machine shows: the shared ones, then the observed ones, each with its address in
  // the module (null: the compiler deleted it; undefined: not exported).
  function machineVars(host, meta) {
    var hex = meta.hex || [];
    function variable(shared) {
      return function (v) {
        return {
          name: v.name,
          type: v.type,
          size: v.size,
          shared: shared,
          addr: host.addr(v.name),
          hex: hex.indexOf(v.name) >= 0,
        };
      };
    }
    return (meta.shared || []).map(variable(true)).concat((meta.observed || []).map(variable(false)));
  }

  // A machine's threads: each its exported function, its stack and its asyncify buffer.
  function machineThreads(host, meta) {
    var ex = host.ex,
      heapBase = host.heapBase;
    if (meta.threads.length > MAX_THREADS) throw new Error('at most ' + MAX_THREADS + ' threads');
    // The threads' stacks share the module's stack area (emcc's, 5 MiB): each STACK, with GUARD
    // below it, less guard when that many do not fit (eight threads).
    var guard = Math.min(GUARD, Math.floor((heapBase - 256 - host.dataEnd) / Math.max(1, meta.threads.length)) - STACK);
    if (guard < MIN_GUARD)
      throw new Error(
        "the module's stack area is too small for " + meta.threads.length + ' threads of ' + (STACK >> 10) + ' KiB',
      );
    return meta.threads.map(function (name, i) {
      if (typeof ex[name] !== 'function') throw new Error('thread ' + name + ' is not exported by the module');
      var top = heapBase - 256 - i * (STACK + guard);
      if (host.minSp[i] === undefined) host.minSp[i] = top;
      return {
        index: i,
        name: name,
        fn: ex[name],
        stackTop: top,
        stackLo: top - STACK,
        buf: heapBase + i * ABUF,
        sb: [],
        issued: 0,
      };
    });
  }

  Machine.prototype._shared = function (a, size) {
    return a < this.sharedHi && a + size > this.sharedLo;
  };

  // True when this hook call is the rewind of a step _unwind paused (the scheduler chose the thread
  // again): the rewind ends here and the hook completes its access; false for a first call.
  Machine.prototype._rewound = function () {
    if (!this.rewinding) return false;
    this.rewinding = false;
    this.ex.asyncify_stop_rewind();
    return true;
  };
  Machine.prototype._unwind = function (t) {
    var b = t.buf >> 2;
    this.i32[b] = t.buf + 8;
    this.i32[b + 1] = t.buf + ABUF;
    this.ex.asyncify_start_unwind(t.buf);
  };

  Machine.prototype._load = function (id, bytes, off, ptr) {
    var t = this.cur;
    if (t === null) return ptr;
    if (this._rewound()) {
      // x86-TSO: the load reads the thread's newest buffered store of each byte, memory for the rest
      if (t.sb.length && this.mutant !== 'no-forward' && this._compose(t, ptr + off, bytes, this.host.scratch))
        return this._redirect(off, 0);
      return ptr;
    }
    var a = ptr + off;
    if (a < t.stackLo) this._below(t, a, this.mod.sites[id]);
    if (!this._shared(a, bytes)) return ptr;
    t.pending = { kind: 'R', addr: a, size: bytes, site: id };
    this._unwind(t);
    return 0;
  };
  Machine.prototype._loadVal = function (id, v) {
    var t = this.cur;
    var c = t === null ? null : t.capture;
    if (c !== null && c.site === id) {
      c.ev.value = typeof v === 'bigint' ? exact(v) : v;
      t.reads.push(c.addr, c.size, this._view(t, c.addr, c.size));
      t.capture = null;
    }
    return v;
  };
  Machine.prototype._storePtr = function (id, bytes, off, ptr) {
    var t = this.cur;
    if (t !== null) {
      if (ptr + off < t.stackLo) this._below(t, ptr + off, this.mod.sites[id]);
      var st = t.stores,
        n = t.nst;
      st[n] = ptr + off;
      st[n + 1] = bytes;
      t.nst = n + 2;
      // x86-TSO: a shared store goes into the buffer (at its step); the wasm writes to scratch
      if (this.tso && this._shared(ptr + off, bytes)) return this._redirect(off, 16);
    }
    return ptr;
  };
  // The pointer that makes `ptr + off` land on the scratch bytes (+ at).
  Machine.prototype._redirect = function (off, at) {
    var p = this.host.scratch + at - off;
    if (p < 0) throw new Error('explorer: an access offset (' + off + ') beyond the scratch area');
    return p;
  };
  Machine.prototype._storeVal = function (id, v, type) {
    var t = this.cur;
    if (t === null) return v;
    if (this._rewound()) {
      if (this.tso) this._buffer(t, t.pending, v, type);
      return v;
    }
    var n = t.nst - 2,
      a = t.stores[n],
      size = t.stores[n + 1];
    t.nst = n;
    if (!this._shared(a, size)) {
      if (a >= t.stackTop || a < t.stackTop - STACK) t.wrote = true; // a non-stack, non-shared store
      return v;
    }
    t.pending = { kind: 'W', addr: a, size: size, site: id, value: typeof v === 'bigint' ? exact(v) : v };
    this._unwind(t);
    return v;
  };
  Machine.prototype._rmw = function (a, v, expected, site) {
    var s = this.mod.rmw[site],
      t = this.cur;
    a += s.offset;
    if (t !== null && !this.rewinding && a < t.stackLo) this._below(t, a, s.line);
    if (t !== null && !this.rewinding && this._shared(a, s.width)) {
      t.pending = { kind: 'U', addr: a, size: s.width, site: site };
      this._unwind(t);
      return s.type === 'i64' ? BigInt(0) : 0;
    }
    // x86-TSO: a locked instruction on a thread-private address waits for the buffer too
    if (t !== null && !this.rewinding && this.tso && t.sb.length && this.mutant !== 'fence-no-drain') {
      t.pending = { kind: 'F', line: s.line, site: site };
      this._unwind(t);
      return s.type === 'i64' ? BigInt(0) : 0;
    }
    this._rewound();
    var big = s.type === 'i64';
    var old = readUnsigned(this.dv, a, s.width); // BigInt
    var mask = (BigInt(1) << BigInt(8 * s.width)) - BigInt(1);
    var val = BigInt.asUintN(64, BigInt(v)) & mask,
      nv;
    switch (s.op) {
      case 'add':
        nv = (old + val) & mask;
        break;
      case 'sub':
        nv = (old - val) & mask;
        break;
      case 'and':
        nv = old & val;
        break;
      case 'or':
        nv = old | val;
        break;
      case 'xor':
        nv = old ^ val;
        break;
      case 'xchg':
        nv = val;
        break;
      case 'cmpxchg':
        nv = old === (BigInt.asUintN(64, BigInt(expected)) & mask) ? val : old;
        break;
    }
    writeUnsigned(this.dv, a, s.width, nv);
    if (t !== null && this._shared(a, s.width)) {
      if (t.capture) {
        t.capture.ev.value = exact(old);
        t.capture.ev.newValue = exact(nv);
        t.capture = null;
      }
      t.reads.push(a, s.width, nv);
      t.wrote = true;
    }
    if (big) return BigInt.asIntN(64, old);
    return s.width === 4 ? Number(BigInt.asIntN(32, old)) : Number(old);
  };
  // atomic.fence (smp_mb()): under x86-TSO the thread waits there until its buffer is empty (mfence);
  // nothing under SC. An empty buffer: nothing to wait for, no step.
  Machine.prototype._fence = function (site) {
    var t = this.cur;
    if (t === null) return;
    if (this._rewound()) return;
    if (!this.tso || !t.sb.length || this.mutant === 'fence-no-drain') return;
    t.pending = { kind: 'F', line: this.mod.fences[site] || 0, site: site };
    this._unwind(t);
  };
  // course_rcu(op, domain, line), the converter's rcu_read_lock() (op 0), rcu_read_unlock() (1) and
  // synchronize_rcu() (2), and their SRCU forms (domain: the srcu_struct's address; 0 for RCU): each a
  // step of its own (kind 'C'), so the scheduler decides when a section begins and ends; see _rcuStep.
  Machine.prototype._rcu = function (op, dom, line) {
    var t = this.cur;
    if (t === null) return;
    if (this._rewound()) return;
    t.pending = { kind: 'C', op: op, dom: dom, addr: RCU_V + dom, size: 1, line: fileLine(this.mod.lines, line) };
    this._unwind(t);
  };
  // A step at an RCU call. A read-side critical section of a domain begins at the lock's step and
  // ends at the unlock's (under x86-TSO once the stores buffered before it have drained: the kernel
  // reports a quiescent state after a full barrier). synchronize_*() takes two steps: the first,
  // once its buffer is empty (a full barrier), notes the threads inside a section of its domain
  // (pending kind 'G', `waits`); the second ends the grace period and is enabled only when each of
  // them has left that section. A thread waiting for its own section waits forever (it does not
  // terminate). The scheduler can put each step anywhere, so every run of the kernel's primitives
  // (a section beginning as late, ending as early, a grace period starting as early as they may)
  // is among the runs: McKenney et al.'s guarantee, as tools/litmus/src/rcu.h models it.
  Machine.prototype._rcuStep = function (t, p) {
    var d = t.rcu[p.dom] || (t.rcu[p.dom] = { depth: 0, pend: 0 });
    if (p.kind === 'C' && p.op === RCU_SYNC) {
      var w = [];
      for (var i = 0; i < this.threads.length; i++) {
        var du = this.threads[i].rcu[p.dom];
        if (du && (du.depth > 0 || du.pend > 0)) w.push(i);
      }
      t.pending = { kind: 'G', dom: p.dom, waits: w, addr: p.addr, size: 1, line: p.line };
      return;
    }
    if (p.kind === 'C' && p.op === RCU_LOCK) d.depth++;
    else if (p.kind === 'C') {
      d.depth--;
      d.pend = this.tso ? t.sb.length : 0;
      if (d.depth <= 0 && d.pend === 0) this._leftSection(t.index, p.dom);
    }
    this._advance(t);
  };
  // Thread i has left its section of domain dom: no grace period waits for it any longer.
  Machine.prototype._leftSection = function (i, dom) {
    for (var j = 0; j < this.threads.length; j++) {
      var p = this.threads[j].pending;
      if (p && p.kind === 'G' && p.dom === dom && p.waits.indexOf(i) >= 0)
        p.waits = p.waits.filter(function (k) {
          return k !== i;
        });
    }
  };
  // x86-TSO: one of thread t's stores drained; the sections it unlocked with that store buffered end.
  Machine.prototype._rcuDrained = function (t) {
    for (var dom in t.rcu) {
      var d = t.rcu[dom];
      if (d.pend > 0 && --d.pend === 0 && d.depth <= 0) this._leftSection(t.index, +dom);
    }
  };
  // Is t at the end of a grace period that still waits for a section?
  Machine.prototype._gpWaits = function (t) {
    return t.pending !== null && t.pending.kind === 'G' && t.pending.waits.length > 0 && this.mutant !== 'gp-no-wait';
  };

  // A store's step under x86-TSO: {addr, size, bytes (little-endian), value, line, n (the thread's
  // n-th store)} at the end of its buffer.
  Machine.prototype._buffer = function (t, p, v, type) {
    var d = SCRATCH_DV;
    switch (type) {
      case 0:
        d.setInt32(0, v, true);
        break;
      case 1:
        d.setBigInt64(0, BigInt.asIntN(64, BigInt(v)), true);
        break;
      case 2:
        d.setFloat32(0, v, true);
        break;
      default:
        d.setFloat64(0, v, true);
    }
    var bytes = [];
    for (var k = 0; k < p.size; k++) bytes.push(d.getUint8(k));
    t.sb.push({
      addr: p.addr,
      size: p.size,
      bytes: bytes,
      value: typeof v === 'bigint' ? exact(v) : v,
      line: this.mod.sites[p.site] || 0,
      n: t.issued++,
    });
  };
  // Writes to `at` the bytes [a, a + n) as thread t sees them: memory, overlaid oldest to newest by
  // the buffered stores that overlap them (byte by byte: a narrow store inside a wide load, a wide
  // store under a narrow load). Returns false when no buffered store overlaps (nothing written).
  Machine.prototype._compose = function (t, a, n, at) {
    var sb = t.sb,
      u8 = this.u8,
      hit = false,
      i,
      k;
    for (i = 0; i < sb.length && !hit; i++) hit = sb[i].addr < a + n && a < sb[i].addr + sb[i].size;
    if (!hit) return false;
    for (k = 0; k < n; k++) u8[at + k] = u8[a + k];
    for (i = 0; i < sb.length; i++) {
      var e = sb[i];
      for (k = 0; k < e.size; k++) if (e.addr + k >= a && e.addr + k < a + n) u8[at + e.addr + k - a] = e.bytes[k];
    }
    return true;
  };
  // The unsigned value (BigInt) of [a, a + size) as thread t sees it (its buffer over memory).
  Machine.prototype._view = function (t, a, size) {
    if (!t.sb.length || this.mutant === 'no-forward' || !this._compose(t, a, size, this.host.scratch + 32))
      return readUnsigned(this.dv, a, size);
    return readUnsigned(this.dv, this.host.scratch + 32, size);
  };
  var SCRATCH_DV = new DataView(new ArrayBuffer(8));

  // An access below the running thread's stack: a NULL dereference, an ordinary global, or in the
  // stack area: a stack overflow when the stack pointer is below the stack too, or when the address
  // is in no thread's stack (a function that calls nothing keeps its stack pointer in a local, so
  // its frame can be below the stack while the global is not); else another thread's stack (through
  // a pointer to its local).
  Machine.prototype._below = function (t, a, line) {
    if (a < NULL_PAGE) throw new NullDeref(a, line || 0);
    if (a < this.dataEnd) return;
    if (this.ex.course_sp.value < t.stackLo) throw new StackOverflow(line || 0);
    var th = this.threads;
    for (var i = 0; i < th.length; i++) if (a >= th[i].stackLo && a < th[i].stackTop) return;
    throw new StackOverflow(line || 0);
  };
  Machine.prototype._edge = function (id) {
    var t = this.cur;
    if (t === null) return;
    var lp = this.mod.loops[id];
    if (lp === undefined) return;
    if (this._rewound()) return;
    t.edges++;
    if (t.edges > this.maxEdges) {
      t.pending = { kind: 'B', loop: id };
      this._unwind(t);
      return;
    }
    if (t.wrote || t.prevLoop !== id) {
      // This iteration changed memory (or we came from elsewhere): start watching from here.
      t.wrote = false;
      t.reads.length = 0;
      t.prevState = null;
      t.prevLoop = id;
      return;
    }
    t.pending = { kind: 'E', loop: id }; // unwind so the saved locals show the thread's state
    this._unwind(t);
  };

  // A 64-bit value (a BigInt) as the engine hands values out: a number when one holds it exactly (at
  // most 2^53 - 1 in magnitude), else its decimal digits, as the native explorer writes them.
  var SAFE = BigInt(Number.MAX_SAFE_INTEGER);
  function exact(b) {
    return b <= SAFE && b >= -SAFE ? Number(b) : b.toString();
  }

  function readUnsigned(dv, a, w) {
    switch (w) {
      case 1:
        return BigInt(dv.getUint8(a));
      case 2:
        return BigInt(dv.getUint16(a, true));
      case 4:
        return BigInt(dv.getUint32(a, true));
      default:
        return dv.getBigUint64(a, true);
    }
  }
  function writeUnsigned(dv, a, w, v) {
    switch (w) {
      case 1:
        dv.setUint8(a, Number(v));
        break;
      case 2:
        dv.setUint16(a, Number(v), true);
        break;
      case 4:
        dv.setUint32(a, Number(v), true);
        break;
      default:
        dv.setBigUint64(a, v, true);
    }
  }
  function readVar(dv, v) {
    var a = v.addr,
      t = v.type || 'int',
      uns = /unsigned|\*|size_t|uint|bool/.test(t);
    if (/double/.test(t)) return dv.getFloat64(a, true);
    if (/float/.test(t)) return dv.getFloat32(a, true);
    switch (v.size) {
      case 1:
        return uns ? dv.getUint8(a) : dv.getInt8(a);
      case 2:
        return uns ? dv.getUint16(a, true) : dv.getInt16(a, true);
      case 8:
        return exact(uns ? dv.getBigUint64(a, true) : dv.getBigInt64(a, true));
      default:
        return uns ? dv.getUint32(a, true) : dv.getInt32(a, true);
    }
  }

  // Back to the initial state; runs INIT, then every thread up to its first shared access.
  Machine.prototype.reset = function () {
    var ex = this.ex;
    this.cur = null;
    this.rewinding = false;
    var st = ex.asyncify_get_state();
    if (st === 1) ex.asyncify_stop_unwind();
    else if (st === 2) ex.asyncify_stop_rewind();
    this.host.m = this;
    this.u8.set(this.host.snapshot, 0);
    this.crash = null;
    this.trace = [];
    this.checked = false;
    for (var i = 0; i < this.threads.length; i++) {
      var t = this.threads[i];
      this.u8.fill(0, Math.max(this.host.minSp[i], this.dataEnd), t.stackTop);
      t.sp = t.stackTop;
      t.started = false;
      t.status = 'paused';
      t.pending = null;
      t.steps = 0;
      t.edges = 0;
      t.wrote = false;
      t.prevState = null;
      t.prevLoop = -1;
      t.blocked = null;
      t.sb.length = 0;
      t.issued = 0;
      t.rcu = {};
      if (t.reads) t.reads.length = 0;
      else {
        t.reads = [];
        t.stores = [];
      }
      t.nst = 0;
      t.capture = null;
      t.hangReason = null;
    }
    ex.course_sp.value = this.threads[0].stackTop + 256 - 16;
    if (ex.course_init) {
      try {
        ex.course_init();
      } catch (e) {
        var msg = crashMessage(e);
        if (msg === null) throw e;
        this.crash = { thread: 'init', message: msg, line: (e && e.line) || 0 };
        return;
      }
    }
    for (i = 0; i < this.threads.length && !this.crash; i++) this._advance(this.threads[i]);
  };

  // What the program did, as the text of its crash outcome; null when it is not the program's doing
  // (a bug of the explorer: the caller rethrows it).
  function crashMessage(e) {
    if (e instanceof BugOn) return 'BUG_ON at line ' + e.line;
    if (e instanceof NullDeref) return 'NULL pointer dereference (address ' + e.addr + ')';
    if (e instanceof StackOverflow) return 'stack overflow (more than ' + (STACK >> 10) + ' KiB)';
    if (e instanceof Limit) return e.message;
    if (isEngineStackFull(e)) return "explorer limit: the engine's call stack is full (recursion too deep)";
    if (e instanceof WebAssembly.RuntimeError || (e && e.missingImport)) return 'trap: ' + e.message;
    return null;
  }
  function isEngineStackFull(e) {
    return e instanceof RangeError && /call stack/i.test(e.message);
  }

  // Ends an asyncify unwind or rewind that an exception interrupted. asyncify_stop_unwind resets the
  // state first and then traps when the data ran past the buffer's end: that trap is expected here.
  function stopAsyncify(ex) {
    var st = ex.asyncify_get_state();
    try {
      if (st === 1) ex.asyncify_stop_unwind();
      else if (st === 2) ex.asyncify_stop_rewind();
    } catch (e) {
      /* reported by the caller */
    }
    if (ex.asyncify_get_state() !== 0)
      throw new Error('explorer: cannot stop asyncify (state ' + ex.asyncify_get_state() + ')');
  }

  // Resumes t (performing its pending access) and runs it to its next pause. A crash of the
  // program (trap, NULL dereference, BUG_ON, stack overflow) becomes t's next step, kind 'X': the
  // scheduler decides when it happens, as it decides every access. An explorer limit (call frames
  // that do not fit the asyncify buffer, the engine's own call stack) ends the run at once.
  Machine.prototype._advance = function (t) {
    var ex = this.ex,
      sp = ex.course_sp;
    for (;;) {
      this.cur = t;
      sp.value = t.sp;
      var failed = null;
      try {
        if (t.started) {
          this.rewinding = true;
          ex.asyncify_start_rewind(t.buf);
        } else t.started = true;
        t.fn();
      } catch (e) {
        failed = e;
      }
      this.cur = null;
      this.rewinding = false;
      var unwound = ex.asyncify_get_state() === 1;
      // The unwind wrote past t's buffer (into the next one): t cannot be resumed.
      if (unwound && this.i32[t.buf >> 2] > t.buf + ABUF) failed = new Limit(ABUF_FULL);
      if (failed) {
        stopAsyncify(ex);
        this._crashed(t, failed);
        return;
      }
      if (!unwound) {
        t.status = 'done';
        t.pending = null;
        return;
      }
      ex.asyncify_stop_unwind();
      t.sp = sp.value;
      if (t.sp < this.host.minSp[t.index]) this.host.minSp[t.index] = t.sp;
      var k = t.pending.kind;
      if (k === 'B') {
        t.status = 'hang';
        t.hangReason = 'loop bound';
        return;
      }
      if (k !== 'E') return;
      // A back-edge after an iteration that wrote nothing: same state as last time and the values it
      // read are still there -> it would repeat forever until another thread writes one of them.
      var b = t.buf >> 2,
        state = this.u8.slice(t.buf + 8, this.i32[b]);
      var stk = this.u8.slice(t.sp, t.stackTop);
      if (t.prevState && sameBytes(state, t.prevState[0]) && sameBytes(stk, t.prevState[1]) && this._readsCurrent(t)) {
        t.status = 'blocked';
        t.blocked = t.reads.slice();
        t.blockLoop = t.pending.loop;
        return;
      }
      t.prevState = [state, stk];
      t.reads.length = 0;
    }
  };
  Machine.prototype._crashed = function (t, e) {
    var message = crashMessage(e);
    if (message === null) throw e;
    var line = (e && e.line) || 0;
    if (e instanceof Limit || isEngineStackFull(e)) {
      if (e instanceof Limit) line = this.lineOf(t); // the access it was pausing at
      t.status = 'crashed';
      t.pending = null;
      this.crash = { thread: t.name, message: message, line: line, limit: true };
      return;
    }
    t.status = 'paused';
    t.blocked = null;
    t.pending = { kind: 'X', message: message, line: line };
  };
  function sameBytes(a, b) {
    if (a.length !== b.length) return false;
    for (var i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
    return true;
  }
  // Are the values t read (r: [addr, size, value]..., default t.reads) still what t would read now?
  Machine.prototype._readsCurrent = function (t, r) {
    r = r || t.reads;
    for (var i = 0; i < r.length; i += 3) if (this._view(t, r[i], r[i + 1]) !== r[i + 2]) return false;
    return true;
  };

  // Under x86-TSO a fence or a locked instruction waits until the thread's buffer is empty.
  Machine.prototype._waits = function (t) {
    return (
      this.tso &&
      t.sb.length > 0 &&
      t.pending !== null &&
      (t.pending.kind === 'U' || t.pending.kind === 'F' || (t.pending.kind === 'C' && t.pending.op === RCU_SYNC)) &&
      this.mutant !== 'fence-no-drain'
    );
  };
  // Does thread i wait for its store buffer to drain (at a fence or an atomic update, x86-TSO)?
  Machine.prototype.waiting = function (i) {
    return this._waits(this.threads[i]);
  };
  // The threads that can take a step (paused, and not waiting for their buffer).
  Machine.prototype.enabled = function () {
    if (this.crash) return [];
    var out = [];
    for (var i = 0; i < this.threads.length; i++) {
      var t = this.threads[i];
      if (t.status === 'paused' && !this._waits(t) && !this._gpWaits(t)) out.push(i);
    }
    return out;
  };
  // The threads whose store buffer is not empty (x86-TSO): each can drain its oldest store.
  Machine.prototype.drainable = function () {
    var out = [];
    if (this.crash || !this.tso) return out;
    for (var i = 0; i < this.threads.length; i++) if (this.threads[i].sb.length) out.push(i);
    return out;
  };
  // Every choice of the scheduler: thread i runs, or DRAIN + i drains thread i's buffer.
  Machine.prototype.choices = function () {
    var out = this.enabled(),
      d = this.drainable();
    for (var i = 0; i < d.length; i++) out.push(DRAIN + d[i]);
    return out;
  };
  // What thread i's buffer holds, oldest first: [{addr, size, name, value, line}] (x86-TSO).
  Machine.prototype.buffer = function (i) {
    var self = this;
    return this.threads[i].sb.map(function (e) {
      return {
        addr: e.addr,
        size: e.size,
        name: self.nameOf(e.addr),
        value: e.value,
        text: self.valueText(e.addr, e.size, e.value),
        line: e.line,
      };
    });
  };

  // The variable whose bytes hold addr (null: none, or the compiler deleted it).
  Machine.prototype._varAt = function (addr) {
    for (var i = 0; i < this.vars.length; i++) {
      var v = this.vars[i];
      if (!v.deleted && addr >= v.addr && addr < v.addr + v.size) return v;
    }
    return null;
  };
  // A value of the `size` bytes at addr (a whole variable, or the part one access touched) as the
  // page shows it: for a variable the metadata shows in hexadecimal (its hex key: a bit pattern),
  // 0x and two digits per byte; else in decimal, as the engine has it.
  Machine.prototype.valueText = function (addr, size, value) {
    var v = this._varAt(addr);
    if (
      !v ||
      !v.hex ||
      value === null ||
      value === undefined ||
      (typeof value === 'number' && !Number.isInteger(value))
    )
      return String(value);
    return (
      '0x' +
      BigInt.asUintN(8 * size, BigInt(value))
        .toString(16)
        .padStart(2 * size, '0')
    );
  };

  Machine.prototype.nameOf = function (addr) {
    for (var i = 0; i < this.vars.length; i++) {
      var v = this.vars[i];
      if (v.deleted) continue;
      if (addr >= v.addr && addr < v.addr + v.size) return addr === v.addr ? v.name : v.name + '+' + (addr - v.addr);
    }
    return '0x' + addr.toString(16);
  };

  Machine.prototype.lineOf = function (t) {
    var p = t.pending;
    if (t.status === 'blocked') return (this.mod.loops[t.blockLoop] || {}).line || 0;
    if (!p) return 0;
    if (p.kind === 'X' || p.kind === 'F' || p.kind === 'C' || p.kind === 'G') return p.line;
    if (p.kind === 'U') return this.mod.rmw[p.site].line;
    if (p.kind === 'B' || p.kind === 'E') return (this.mod.loops[p.loop] || {}).line || 0;
    return this.mod.sites[p.site] || 0;
  };

  // Runs thread i for one step: its pending shared access and everything local up to the next one.
  Machine.prototype.step = function (i, quiet) {
    var t = this.threads[i];
    if (!t || t.status !== 'paused' || this._waits(t) || this._gpWaits(t))
      throw new Error('thread ' + i + ' cannot step');
    this.host.m = this;
    var p = t.pending;
    var ev = quiet
      ? QUIET_EV
      : { thread: i, kind: p.kind, addr: p.addr, size: p.size, line: this.lineOf(t), value: p.value };
    if (!quiet && (p.kind === 'C' || p.kind === 'G')) {
      ev.op = p.op;
      ev.dom = p.dom;
    }
    if (p.kind === 'X') {
      // the crash: the run ends here for every thread
      this.crash = { thread: t.name, message: p.message, line: p.line, others: this._others(t) };
      t.status = 'crashed';
      t.pending = null;
      if (!quiet) {
        ev.message = p.message;
        this.trace.push(ev);
      }
      return ev;
    }
    t.steps++;
    if (t.steps > this.maxSteps) {
      t.status = 'hang';
      t.hangReason = 'step bound';
      if (quiet) return ev;
      ev.kind = 'H';
      this.trace.push(ev);
      return ev;
    }
    if (p.kind === 'C' || p.kind === 'G') {
      this._rcuStep(t, p);
      if (!quiet) this.trace.push(ev);
      return ev;
    }
    if (p.kind === 'R' || p.kind === 'U') {
      var c = t.cap || (t.cap = {});
      c.site = p.site;
      c.addr = p.addr;
      c.size = p.size;
      c.ev = ev;
      t.capture = c;
    } else t.capture = null;
    if (p.kind === 'W') {
      t.reads.length = 0;
      t.prevState = null;
      t.wrote = true;
    }
    this._advance(t);
    t.capture = null;
    // Memory changed (under x86-TSO a store only enters the buffer; its drain writes memory).
    if (this.tso ? p.kind === 'U' : p.kind !== 'R') this._wake(ev, quiet);
    if (!quiet) this.trace.push(ev);
    return ev;
  };
  // Threads spinning on something a step changed run again up to their next shared access.
  Machine.prototype._wake = function (ev, quiet) {
    for (var j = 0; j < this.threads.length && !this.crash; j++) {
      var u = this.threads[j];
      if (u.status !== 'blocked' || this._readsCurrent(u, u.blocked)) continue;
      u.status = 'paused';
      u.blocked = null;
      u.prevState = null;
      u.reads.length = 0;
      u.prevLoop = -1;
      if (!quiet) (ev.woke = ev.woke || []).push(j);
      this._advance(u);
    }
  };
  // x86-TSO: the oldest store of thread i's buffer reaches memory (event kind 'D').
  Machine.prototype.drain = function (i, quiet) {
    var t = this.threads[i];
    if (!t || !t.sb.length || this.crash) throw new Error('thread ' + i + ' has no buffered store to drain');
    this.host.m = this;
    var e = this.mutant === 'lifo' ? t.sb.pop() : t.sb.shift();
    for (var k = 0; k < e.size; k++) this.u8[e.addr + k] = e.bytes[k];
    this._rcuDrained(t);
    var ev = quiet ? QUIET_EV : { thread: i, kind: 'D', addr: e.addr, size: e.size, line: e.line, value: e.value };
    this._wake(ev, quiet);
    if (!quiet) this.trace.push(ev);
    return ev;
  };
  // One choice of the scheduler (see choices()).
  Machine.prototype.take = function (c, quiet) {
    return c >= DRAIN ? this.drain(c - DRAIN, quiet) : this.step(c, quiet);
  };
  var QUIET_EV = { quiet: true };
  // One step (an event of step(), drain() or the trace) in words, for the page and the litmus page.
  var KIND_WORD = { R: 'reads', W: 'writes', U: 'atomically updates' };
  var RCU_WORDS = [
    'enters a read-side critical section',
    'leaves its read-side critical section',
    'starts a grace period (it waits for the threads inside a read-side critical section now)',
    'ends its grace period',
  ];
  Machine.prototype.describe = function (ev) {
    var t = this.threads[ev.thread].name;
    if (ev.kind === 'H') return t + ' gave up: it ran past the step bound';
    if (ev.kind === 'X') return t + ' crashes: ' + ev.message + ' (the run ends for every thread)';
    if (ev.kind === 'F') return t + ' goes on past the barrier at line ' + ev.line + ' (its store buffer is empty)';
    if (ev.kind === 'C' || ev.kind === 'G')
      return (
        t +
        ' ' +
        RCU_WORDS[ev.kind === 'G' ? 3 : ev.op] +
        (ev.dom ? ' of ' + this.nameOf(ev.dom) : '') +
        ' at line ' +
        ev.line
      );
    var v = this.nameOf(ev.addr),
      val = this.valueText(ev.addr, ev.size, ev.value);
    if (ev.kind === 'D') return t + "'s store to " + v + ' (= ' + val + ', line ' + ev.line + ') reaches memory';
    if (ev.kind === 'U')
      return (
        t +
        ' atomically updates ' +
        v +
        ' (was ' +
        val +
        ', now ' +
        this.valueText(ev.addr, ev.size, ev.newValue) +
        ') at line ' +
        ev.line
      );
    if (ev.kind === 'W' && this.tso)
      return t + ' writes ' + v + ' = ' + val + ' at line ' + ev.line + ' into its store buffer';
    return t + ' ' + KIND_WORD[ev.kind] + ' ' + v + (ev.value !== undefined ? ' = ' + val : '') + ' at line ' + ev.line;
  };
  // Where the threads other than t are: what a crash records beside the crashing thread.
  Machine.prototype._others = function (t) {
    var out = {};
    for (var i = 0; i < this.threads.length; i++) {
      var u = this.threads[i];
      if (u === t) continue;
      out[u.name] =
        u.status === 'done'
          ? 'returned'
          : u.status === 'hang'
            ? 'does not terminate'
            : (u.status === 'blocked' ? 'spinning at line ' : 'at line ') + this.lineOf(u);
    }
    return out;
  };
  // schedule: choices (decodeSchedule: i a thread's step, DRAIN + i a drain of thread i's buffer).
  Machine.prototype.replay = function (schedule) {
    this.reset();
    for (var i = 0; i < schedule.length; i++) {
      var c = schedule[i];
      if (this.choices().indexOf(c) < 0)
        throw new Error(
          'schedule step ' +
            (i + 1) +
            ': ' +
            (c >= DRAIN ? 'thread ' + (c - DRAIN) + "'s buffer cannot drain" : 'thread ' + c + ' cannot run'),
        );
      this.take(c);
    }
  };

  Machine.prototype.values = function () {
    var out = {};
    for (var i = 0; i < this.vars.length; i++)
      out[this.vars[i].name] = this.vars[i].deleted ? null : readVar(this.dv, this.vars[i]);
    return out;
  };

  // The machine's whole state, for the explorer's memoisation ('memo' mode): `text`, what the engine
  // keeps in JavaScript (each thread's status, pending access, what its loop read, its store buffer,
  // its stack pointer), `counts`, each thread's step and back-edge counts (what the bounds
  // compare: the explorer matches them on their own, see StateSet), and `bytes`, every byte of memory a later step
  // can read: [0, __data_end), each thread's stack as low as any run of this machine took it, and
  // the call frames saved in its asyncify buffer. Equal keys, equal futures: a step depends on
  // nothing else (no heap in examples; the scratch bytes are written before they are read).
  Machine.prototype.stateKey = function () {
    var th = this.threads,
      parts = [],
      ranges = [0, this.dataEnd],
      i,
      t;
    for (i = 0; i < th.length; i++) {
      t = th[i];
      ranges.push(Math.max(this.host.minSp[i], this.dataEnd), t.stackTop);
      // the saved frames of a thread that resumes by a rewind (not one whose next step is its crash)
      if (t.status === 'blocked' || (t.status === 'paused' && t.pending && t.pending.kind !== 'X'))
        ranges.push(t.buf + 8, this.i32[t.buf >> 2]);
      parts.push(threadText(t));
    }
    var n = 0,
      k;
    for (k = 0; k < ranges.length; k += 2) n += ranges[k + 1] - ranges[k];
    for (i = 0; i < th.length; i++) if (th[i].prevState) n += th[i].prevState[0].length + th[i].prevState[1].length;
    var bytes = new Uint8Array(n),
      at = 0;
    for (k = 0; k < ranges.length; k += 2) {
      bytes.set(this.u8.subarray(ranges[k], ranges[k + 1]), at);
      at += ranges[k + 1] - ranges[k];
    }
    for (i = 0; i < th.length; i++) {
      var ps = th[i].prevState;
      if (ps) {
        bytes.set(ps[0], at);
        at += ps[0].length;
        bytes.set(ps[1], at);
        at += ps[1].length;
      }
    }
    var counts = [];
    for (i = 0; i < th.length; i++) counts.push(th[i].steps, th[i].edges);
    return {
      text: (this.crash ? 'crash;' : '') + ranges.join(',') + ';' + parts.join(';'),
      bytes: bytes,
      counts: counts,
    };
  };
  function bigText(a) {
    return a ? a.map(String).join(',') : '-';
  }
  function threadText(t) {
    var p = t.pending,
      s =
        t.status +
        ':' +
        t.started +
        ':' +
        t.sp +
        ':' +
        t.wrote +
        ':' +
        t.prevLoop +
        ':' +
        t.hangReason +
        ':' +
        (t.status === 'blocked' ? t.blockLoop : '-') +
        ':' +
        (t.prevState ? t.prevState[0].length + '/' + t.prevState[1].length : '-');
    s +=
      ':' + (p ? [p.kind, p.addr, p.size, p.site, p.value, p.loop, p.line, p.message, p.op, p.waits].join('/') : '-');
    for (var dom in t.rcu) s += ':rcu' + dom + '/' + t.rcu[dom].depth + '/' + t.rcu[dom].pend;
    s += ':' + bigText(t.reads) + ':' + bigText(t.blocked) + ':' + t.stores.slice(0, t.nst).join(',');
    for (var i = 0; i < t.sb.length; i++) s += ':' + t.sb[i].addr + '/' + t.sb[i].size + '/' + t.sb[i].bytes.join(',');
    return s;
  }

  // A thread does not terminate when it is past a bound, or spinning when nothing else can run; a
  // thread spinning when another crashes was only waiting (the crash ended the run).
  Machine.prototype._hangs = function (t) {
    return (
      t.status === 'hang' || ((t.status === 'blocked' || (t.status === 'paused' && this._gpWaits(t))) && !this.crash)
    );
  };
  // The outcome of a finished run (no thread can step).
  Machine.prototype.outcome = function () {
    var hang = [],
      done = true,
      self = this;
    this.threads.forEach(function (t) {
      if (t.status !== 'done') done = false;
      if (self._hangs(t)) hang.push(t.name);
    });
    if (done && !this.crash && this.ex.course_check && !this.checked) {
      this.checked = true;
      this.host.m = this;
      try {
        this.ex.course_check();
      } catch (e) {
        var msg = crashMessage(e);
        if (msg === null) throw e;
        this.crash = { thread: 'check', message: msg, line: (e && e.line) || 0 };
      }
    }
    var all = this.values(),
      vals = {};
    (this.meta.outcome || []).forEach(function (n) {
      vals[n] = all[n];
    });
    var o = { vals: vals, hang: hang, crash: this.crash, done: done };
    o.key = outcomeKey(o, this.meta.outcome || []);
    return o;
  };

  // The outcome's key straight from memory (no outcome object): what exploration counts by.
  Machine.prototype.outcomeKey = function () {
    var done = true,
      names = this.meta.outcome || [],
      s = '',
      hang = [],
      i;
    for (i = 0; i < this.threads.length; i++) if (this.threads[i].status !== 'done') done = false;
    if (done && !this.crash && this.ex.course_check) return this.outcome().key;
    for (i = 0; i < names.length; i++) {
      var v = this.varByName[names[i]];
      s += (i ? ' ' : '') + names[i] + '=' + (v.deleted ? '(deleted)' : readVar(this.dv, v));
    }
    for (i = 0; i < this.threads.length; i++) if (this._hangs(this.threads[i])) hang.push(this.threads[i].name);
    return keyOf(s, hang, this.crash);
  };

  // The outcome key (docs/ARCHITECTURE.md, "Outcome keys and schedules"; tools/lib/outkey.h is the
  // C copy, and tests/fixtures/outcome-keys.json holds both to the same text): the values part
  // ("r1=0 y=1"), then the threads that do not terminate, then the crash, "; " between parts.
  function keyOf(values, hang, crash) {
    var s = values;
    if (hang.length)
      s +=
        (s ? '; ' : '') +
        hang
          .map(function (t) {
            return t + ' does not terminate';
          })
          .join(', ');
    if (crash) s += (s ? '; ' : '') + 'crash in ' + crash.thread + ': ' + crash.message;
    return s;
  }
  // The key of an outcome object {vals, hang, crash} with outcome variables names.
  function outcomeKey(o, names) {
    return keyOf(
      names
        .map(function (n) {
          return n + '=' + (o.vals[n] === null ? '(deleted)' : o.vals[n]);
        })
        .join(' '),
      o.hang,
      o.crash,
    );
  }

  /* ---- exploration ------------------------------------------------------------------------------ */

  // Two pending accesses conflict: overlapping addresses, at least one write. A crash (kind 'X')
  // conflicts with everything: it ends the run, so what ran before it is what the outcome shows.
  function dependent(a, b) {
    if (a.kind === 'X' || b.kind === 'X') return true;
    // a drain that ends a read-side section and a step of a grace period (RCU)
    if ((a.rcu && b.addr >= RCU_V) || (b.rcu && a.addr >= RCU_V)) return true;
    return a.addr < b.addr + b.size && b.addr < a.addr + a.size && (a.kind !== 'R' || b.kind !== 'R');
  }
  // The effect on shared memory of choice c in the machine's state: {kind, addr, size, owner} with
  // kind 'R' (reads memory), 'W' (writes it), 'U' (both), 'N' (neither: under x86-TSO a store
  // entering the buffer, a fence) or 'X' (the crash); owner: the thread (of a drain: whose buffer).
  // Under x86-TSO a thread's load reads memory or its buffer (counted as reading memory), a drain
  // writes memory; waits: the step needed an empty buffer; n: the thread's n-th store (its drain
  // happens after it).
  var TSO_KIND = { R: 'R', W: 'N', U: 'U', F: 'N', X: 'X', C: 'W', G: 'R' };
  function effectOf(m, c) {
    if (c >= DRAIN) {
      var t = m.threads[c - DRAIN],
        e = m.mutant === 'lifo' ? t.sb[t.sb.length - 1] : t.sb[0];
      var ends = false; // ends a read-side section (RCU)
      for (var dom in t.rcu) if (t.rcu[dom].pend > 0) ends = true;
      return { kind: 'W', addr: e.addr, size: e.size, owner: c - DRAIN, n: e.n, rcu: ends };
    }
    var th = m.threads[c],
      p = th.pending;
    if (!m.tso)
      return { kind: p.kind === 'C' ? 'W' : p.kind === 'G' ? 'R' : p.kind, addr: p.addr, size: p.size, owner: c };
    return {
      kind: TSO_KIND[p.kind],
      addr: p.addr,
      size: p.size,
      owner: c,
      waits: p.kind === 'U' || p.kind === 'F' || (p.kind === 'C' && p.op === RCU_SYNC),
      n: p.kind === 'W' ? th.issued : -1,
    };
  }
  // Do two steps not commute? Memory effects as dependent() (a step with no memory effect commutes
  // with all but a crash); a thread and its own buffer: its loads see the same values before and
  // after its own drain, its stores enter the buffer behind the one that drains, and its fences and
  // locked instructions come after its drains (caused by them, see caused()): only a crash conflicts.
  function conflict(a, b) {
    if (a.kind === 'X' || b.kind === 'X') return true;
    if (a.kind === 'N' || b.kind === 'N' || a.owner === b.owner) return false;
    return dependent(a, b);
  }
  // The same for two executed events (ev.crash: the step ended the run, e.g. at an explorer limit).
  function depends(e, f) {
    return e.crash || f.crash || conflict(e.acc, f.acc);
  }
  // Executed event e (earlier) causes f under x86-TSO: f drains the store e put in the buffer, or f
  // waited for an empty buffer and e is a drain of it. Happens-before, never a race.
  function caused(e, f) {
    if (f.thread >= DRAIN) return e.thread === f.thread - DRAIN && e.acc.n === f.acc.n && e.acc.kind === 'N';
    return f.acc.waits === true && e.thread === f.thread + DRAIN;
  }
  function choiceChar(c) {
    return c >= DRAIN ? LETTERS.charAt(c - DRAIN) : DIGITS.charAt(c);
  }
  function lowest(mask) {
    for (var i = 0; i < 32; i++) if (mask & (1 << i)) return i;
    return -1;
  }

  // The states a 'memo' exploration has seen: Machine.stateKey()s, by their text and a hash of their
  // bytes, each bucket compared byte for byte (no state is taken for another on a hash collision).
  // The step and back-edge counts only matter to the bounds (MAX_STEPS, MAX_EDGES), so a state is
  // matched with different counts: an entry is {bytes, counts (at the state), max (the highest
  // counts of any run explored from it), bounded (a run from it reached a bound), done (its subtree
  // is explored)}. A later state with the same text and bytes and counts c has the same runs when
  // the entry is done and, for every thread, c + (max - counts) stays within the bounds (no run from
  // either reaches a bound, and nothing else reads the counts); when a run from the entry reached a
  // bound, only equal counts match.
  function StateSet(maxSteps, maxEdges) {
    this.map = new Map();
    this.size = 0;
    this.lim = [maxSteps, maxEdges];
  }
  StateSet.prototype._fits = function (e, c) {
    for (var i = 0; i < c.length; i++) {
      if (e.bounded ? c[i] !== e.counts[i] : c[i] + e.max[i] - e.counts[i] > this.lim[i & 1]) return false;
    }
    return true;
  };
  // The done entry that key matches (null: none), or, with add, a new entry for key.
  StateSet.prototype.find = function (key, add) {
    var b = key.bytes,
      h1 = 0x811c9dc5,
      h2 = 0x01000193 ^ b.length;
    for (var i = 0; i < b.length; i++) {
      h1 = Math.imul(h1 ^ b[i], 0x01000193);
      h2 = Math.imul(h2 + b[i], 0x5bd1e995) ^ (h2 >>> 15);
    }
    var id = key.text + '#' + (h1 >>> 0).toString(36) + (h2 >>> 0).toString(36),
      bucket = this.map.get(id);
    if (!bucket) this.map.set(id, (bucket = []));
    for (var j = 0; j < bucket.length; j++) {
      var e = bucket[j];
      if (e.done && this._fits(e, key.counts) && sameBytes(e.bytes, b)) return e;
    }
    if (!add) return null;
    e = { bytes: b, counts: key.counts, max: key.counts.slice(), bounded: false, done: false };
    bucket.push(e);
    this.size++;
    return e;
  };
  // Entry e's highest counts and bounds, as seen from a state with counts c, into frame f's.
  function addMax(f, e, c) {
    for (var i = 0; i < c.length; i++) {
      var v = c[i] + e.max[i] - e.counts[i];
      if (v > f.max[i]) f.max[i] = v;
    }
    if (e.bounded) f.bounded = true;
  }

  // opts: {mode: 'dpor'|'naive'|'memo', cap: max executions}
  // 'memo' is naive enumeration that does not explore a state twice: after a step, a machine state
  // (stateKey) seen before is not explored again, since everything reachable from it was (the state
  // graph has no cycles: every step adds to a thread's step count, every drain empties a buffer entry).
  // The outcome set is naive enumeration's; counts and executions are the runs explored to the end.
  // The explorer (like RandomRuns) owns `machine` from its construction to its last chunk: it resets
  // and steps it, relies on its state between two chunks, and leaves it at the end of its last run.
  // A caller that keeps a position of its own (a game in progress) gives it another Machine.
  function Explorer(machine, opts) {
    opts = opts || {};
    if (opts.mode === 'auto') return new AutoExplorer(machine, opts);
    this.m = machine;
    this.iters = 0;
    this.mode = opts.mode || 'dpor';
    this.cap = opts.cap || 100000;
    this.nproc = machine.tso ? NPROC : machine.threads.length;
    this.outcomes = {};
    this.order = [];
    this.executions = 0;
    this.redundant = 0;
    this.steps = 0;
    this.finished = false;
    this.partial = false;
    this.stack = [];
    this.stale = false;
    this.seen = this.mode === 'memo' ? new StateSet(machine.maxSteps, machine.maxEdges) : null;
    this.memoHits = 0;
    machine.reset();
    var root = this._node();
    if (root.enabledMask === 0) {
      this._record();
      this.finished = true;
    } else this.stack.push(root);
  }
  Explorer.prototype._node = function () {
    var m = this.m,
      en = m.choices(),
      mask = 0,
      next = [];
    for (var i = 0; i < en.length; i++) {
      mask |= 1 << en[i];
      next[en[i]] = effectOf(m, en[i]);
    }
    return { enabledMask: mask, next: next, backtrack: 0, sleep: 0, chosen: -1, ev: null, ended: 0 };
  };
  Explorer.prototype._record = function () {
    var key = this.m.outcomeKey();
    var r = this.outcomes[key];
    if (!r) {
      var o = this.m.outcome();
      var sched = ''; // the leaf's chain of choices
      for (var i = 0; i < this.stack.length; i++) sched += choiceChar(this.stack[i].chosen);
      r = this.outcomes[key] = { outcome: o, count: 0, witness: sched };
      this.order.push(key);
    }
    r.count++;
    this.executions++;
  };
  // Works for about `ms` milliseconds (Infinity: to the end), and at most `iters` iterations of its
  // search (each takes a step or backtracks; counted in this.iters). Returns true when finished.
  Explorer.prototype.run = function (ms, iters) {
    var until = ms === Infinity || ms === undefined ? Infinity : Date.now() + ms,
      n = 0;
    var stopAt = iters === undefined ? Infinity : this.iters + iters;
    var m = this.m;
    while (!this.finished) {
      if ((++n & 7) === 0 && Date.now() >= until) return false;
      if (this.iters >= stopAt) return false;
      this.iters++;
      var depth = this.stack.length - 1,
        top = this.stack[depth];
      if (top.backtrack === 0) {
        var avail = top.enabledMask & ~top.sleep;
        top.backtrack = this.mode !== 'dpor' ? top.enabledMask : avail ? 1 << lowest(avail) : 0;
      }
      var todo = top.backtrack & ~top.sleep;
      if (todo === 0) {
        if (this._pop(top)) break;
        continue;
      }
      if (this.executions + this.redundant + this.memoHits >= this.cap) {
        this.partial = true;
        this.finished = true;
        break;
      }
      if (this.stale) {
        m.reset();
        for (var i = 0; i < depth; i++) {
          m.take(this.stack[i].chosen, true);
          this.steps++;
        }
        this.stale = false;
      }
      var p = lowest(todo);
      top.chosen = p;
      var before = top.enabledMask;
      m.take(p, true);
      this.steps++;
      var ev = { thread: p, acc: top.next[p], crash: !!m.crash };
      top.ev = ev;
      if (ev.crash) top.ended |= 1 << p;
      if (this.mode === 'dpor') this._races(depth, ev);
      var child = this._node();
      if (this.mode === 'dpor') {
        child.sleep = this._childSleep(top, child, p, before);
        // The crash disabled the other threads' pending accesses: each races with it.
        if (ev.crash) this._disabledRaces(depth);
      }
      if (child.enabledMask === 0) {
        if (this.seen) this._leafMax(top);
        this._record();
        top.sleep |= 1 << p;
        this.stale = true;
      } else if ((child.enabledMask & ~child.sleep) === 0) {
        this.redundant++;
        top.sleep |= 1 << p;
        this.stale = true;
      } else if (this.seen && this._memo(top, child)) {
        this.memoHits++;
        top.sleep |= 1 << p;
        this.stale = true;
      } else {
        this.stack.push(child);
      }
    }
    return true;
  };

  // The node on top has nothing left to explore: pop it, and its choice goes to sleep in its parent
  // ('memo' mode: its entry is done, its counts go into the parent's). True when the stack is empty:
  // the search is over.
  Explorer.prototype._pop = function (top) {
    this.stack.pop();
    this.stale = true;
    if (this.stack.length === 0) {
      this.finished = true;
      return true;
    }
    var parent = this.stack[this.stack.length - 1];
    if (top.memo) {
      top.memo.done = true;
      if (parent.memo) addMax(parent.memo, top.memo, top.memo.counts);
    }
    parent.sleep |= 1 << parent.chosen;
    return false;
  };
  // 'dpor' mode, after thread p's step from top (before: top's enabled threads): the child's sleep
  // set, the threads asleep at top that were not p nor ended there.
  Explorer.prototype._childSleep = function (top, child, p, before) {
    var sl = 0,
      s = top.sleep;
    for (var q = 0; s >> q; q++) {
      if (!(s & (1 << q)) || q === p || top.ended & (1 << q)) continue;
      // q is still waiting at the same access and does not touch what p did.
      if (child.enabledMask & (1 << q) && before & (1 << q) && !conflict(top.next[q], top.next[p])) sl |= 1 << q;
    }
    return sl;
  };
  // 'memo' mode, the machine at child (a state reached by a step from top): true when a done entry
  // matches it (its runs were explored: top's highest counts take them in); else child gets a new
  // entry and is explored.
  Explorer.prototype._memo = function (top, child) {
    var key = this.m.stateKey(),
      e = this.seen.find(key, false);
    if (e) {
      if (top.memo) addMax(top.memo, e, key.counts);
      return true;
    }
    child.memo = this.seen.find(key, true);
    return false;
  };
  // 'memo' mode, a run ended: its counts and bounds into top's entry.
  Explorer.prototype._leafMax = function (top) {
    if (!top.memo) return;
    var th = this.m.threads,
      f = top.memo;
    for (var i = 0; i < th.length; i++) {
      if (th[i].steps > f.max[2 * i]) f.max[2 * i] = th[i].steps;
      if (th[i].edges > f.max[2 * i + 1]) f.max[2 * i + 1] = th[i].edges;
      if (th[i].hangReason) f.bounded = true;
    }
  };

  // After a crash at `depth`: the next access of every thread still paused is an event the crash
  // prevented; analysed as if it came next, it races with the crash (and maybe with earlier events).
  Explorer.prototype._disabledRaces = function (depth) {
    var m = this.m,
      th = m.threads;
    for (var q = 0; q < th.length; q++) {
      if (th[q].status === 'paused' && th[q].pending)
        this._races(depth + 1, { thread: q, acc: effectOf(m, q), crash: false });
      if (th[q].sb.length) this._races(depth + 1, { thread: DRAIN + q, acc: effectOf(m, DRAIN + q), crash: false });
    }
  };

  // Source-DPOR race analysis for the event just executed at `depth`.
  Explorer.prototype._races = function (k, ev) {
    var st = this.stack,
      nth = this.nproc,
      p = ev.thread,
      j,
      i,
      t,
      e;
    var vc = [],
      idx = 1;
    for (t = 0; t < nth; t++) vc.push(0);
    for (j = k - 1; j >= 0; j--) {
      e = st[j].ev;
      if (e.thread === p) {
        for (t = 0; t < nth; t++) vc[t] = e.vc[t];
        idx = e.idx + 1;
        break;
      }
    }
    for (j = 0; j < k; j++) {
      e = st[j].ev;
      if (e.thread !== p && (depends(e, ev) || caused(e, ev)))
        for (t = 0; t < nth; t++) if (e.vc[t] > vc[t]) vc[t] = e.vc[t];
    }
    vc[p] = idx;
    ev.vc = vc;
    ev.idx = idx;
    // a happens before b iff b.vc[a.thread] >= a.idx
    for (j = 0; j < k; j++) {
      var ej = st[j].ev;
      if (ej.thread === p || !depends(ej, ev)) continue;
      var covered = false;
      for (i = j + 1; i < k && !covered; i++) {
        e = st[i].ev;
        if (e.vc[ej.thread] >= ej.idx && vc[e.thread] >= e.idx) covered = true;
      }
      if (covered) continue;
      // v = the events after ej that do not happen after it, then p's event; I = its initials.
      var init = 0,
        seen = 0,
        pfirst = true;
      for (i = j + 1; i < k; i++) {
        var ei = st[i].ev;
        if (ei.vc[ej.thread] >= ej.idx) continue;
        if (vc[ei.thread] >= ei.idx) pfirst = false;
        var q = ei.thread;
        if (seen & (1 << q)) continue;
        seen |= 1 << q;
        var first = true;
        for (var i2 = j + 1; i2 < i && first; i2++) {
          var e2 = st[i2].ev;
          if (e2.vc[ej.thread] < ej.idx && ei.vc[e2.thread] >= e2.idx) first = false;
        }
        if (first) init |= 1 << q;
      }
      if (!(seen & (1 << p)) && pfirst) init |= 1 << p;
      var node = st[j];
      init &= node.enabledMask;
      if (init === 0) {
        node.backtrack |= node.enabledMask;
        continue;
      }
      if ((init & node.backtrack) === 0) node.backtrack |= init & (1 << p) ? 1 << p : 1 << lowest(init);
    }
  };

  Explorer.prototype.result = function () {
    var self = this;
    return {
      outcomes: this.order.map(function (k) {
        var r = self.outcomes[k];
        return { key: k, outcome: r.outcome, count: r.count, witness: r.witness };
      }),
      executions: this.executions,
      redundant: this.redundant,
      steps: this.steps,
      states: this.seen ? this.seen.size : null,
      memo_hits: this.memoHits,
      partial: this.partial,
      finished: this.finished,
      mode: this.mode,
    };
  };

  // mode 'auto': DPOR and the memoised search ('memo') take turns of SLICE iterations each, DPOR
  // first, on machines sharing one instance; the first to finish is the result (when both stop at
  // the cap, DPOR's partial one). DPOR is small where threads touch different variables, the
  // memoised search where they wait for each other (a spinlock: every failed attempt and spinning
  // read races with the unlock, so DPOR's executions multiply with each wait, while the states
  // stay few); the turns make the result the same whatever the time chunks (`run(ms)`), and an
  // exploration DPOR finishes within its first turn is exactly DPOR's.
  var SLICE = 20000;
  function AutoExplorer(machine, opts) {
    this.opts = opts;
    this.m = machine;
    this.cap = opts.cap || 100000;
    this.d = new Explorer(machine, { mode: 'dpor', cap: this.cap });
    this.s = null;
    this.cur = this.d;
    this.end = SLICE;
    this.won = null;
    this.finished = false;
    this.executions = 0;
  }
  AutoExplorer.prototype._decide = function () {
    var d = this.d,
      s = this.s;
    if (d.finished && !d.partial) this.won = d;
    else if (s && s.finished && !s.partial) this.won = s;
    else if (d.finished && s && s.finished) this.won = d;
    if (this.won) this.finished = true;
    return this.finished;
  };
  AutoExplorer.prototype._next = function () {
    var other = this.cur === this.d ? this.s : this.d;
    if (other === null) {
      var m = new Machine(this.m.mod, this.m.meta, { share: this.m, model: this.m.model, mutant: this.m.mutant });
      other = this.s = new Explorer(m, { mode: 'memo', cap: this.cap });
    }
    if (other.finished) other = this.cur;
    this.cur = other;
    this.end = other.iters + SLICE;
    other.stale = true;
  };
  AutoExplorer.prototype.run = function (ms) {
    var until = ms === Infinity || ms === undefined ? Infinity : Date.now() + ms;
    while (!this._decide()) {
      if (this.cur.finished || this.cur.iters >= this.end) {
        this._next();
        continue;
      }
      var left = until === Infinity ? Infinity : until - Date.now();
      if (left <= 0) return false;
      this.cur.run(left, this.end - this.cur.iters);
      this.executions = this.cur.executions;
    }
    return true;
  };
  AutoExplorer.prototype.result = function () {
    var r = (this.won || this.d).result();
    r.finished = this.finished;
    return r;
  };

  function mulberry32(a) {
    return function () {
      a |= 0;
      a = (a + 0x6d2b79f5) | 0;
      var t = Math.imul(a ^ (a >>> 15), 1 | a);
      t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
  }

  // Random schedules: runs `n` runs with the seed, resumable in chunks like Explorer (and owning
  // `machine` as Explorer does).
  function RandomRuns(machine, n, seed) {
    this.m = machine;
    this.n = n;
    this.done = 0;
    this.rand = mulberry32(seed >>> 0);
    this.outcomes = {};
    this.order = [];
    this.finished = n <= 0;
  }
  RandomRuns.prototype.run = function (ms) {
    var until = ms === Infinity || ms === undefined ? Infinity : Date.now() + ms;
    while (this.done < this.n) {
      if (Date.now() > until) return false;
      var m = this.m,
        sched = '';
      m.reset();
      for (;;) {
        var en = m.choices();
        if (!en.length) break;
        var p = en[Math.floor(this.rand() * en.length)];
        sched += choiceChar(p);
        m.take(p, true);
      }
      var o = m.outcome(),
        r = this.outcomes[o.key];
      if (!r) {
        r = this.outcomes[o.key] = { key: o.key, outcome: o, count: 0, witness: sched };
        this.order.push(o.key);
      }
      r.count++;
      this.done++;
    }
    this.finished = true;
    return true;
  };
  RandomRuns.prototype.result = function () {
    var self = this;
    return {
      outcomes: this.order.map(function (k) {
        return self.outcomes[k];
      }),
      runs: this.done,
    };
  };

  /* ---- outcome predicates ------------------------------------------------------------------- */

  // The value of a predicate tree (examples/README.md, "Predicate trees"; tools/asm parses the text,
  // nothing here does) on one outcome {values, hang, crash, done} (the format of
  // build/data/outcomes/<id>.json). A variable the compiler deleted has the value null, and so has
  // every operation on it (&& and || as in three-valued logic: 0 && null is 0, 1 || null is 1).
  function predicateValue(n, o) {
    var a, b;
    switch (n.op) {
      case 'int':
        return n.value;
      case 'var':
        a = o.values[n.name];
        if (a === undefined) throw new Error('the outcome has no value of ' + n.name);
        return typeof a === 'string' ? Number(a) : a; // digits: beyond 2^53, near enough for a predicate's integers
      case 'hang':
        return o.hang.indexOf(n.thread) >= 0 ? 1 : 0;
      case 'crash':
        return o.crash && (n.thread === undefined || o.crash.thread === n.thread) ? 1 : 0;
      case 'done':
        return o.done ? 1 : 0;
    }
    a = predicateValue(n.args[0], o);
    if (n.op === '!') return a === null ? null : a ? 0 : 1;
    if (n.op === 'neg') return a === null ? null : -a;
    if (n.op === '&&' && a === 0) return 0;
    if (n.op === '||' && a !== null && a !== 0) return 1;
    b = predicateValue(n.args[1], o);
    if (n.op === '&&') return b === 0 ? 0 : a === null || b === null ? null : 1;
    if (n.op === '||') return b !== null && b !== 0 ? 1 : a === null || b === null ? null : 0;
    if (a === null || b === null) return null;
    switch (n.op) {
      case '+':
        return a + b;
      case '-':
        return a - b;
      case '==':
        return a === b ? 1 : 0;
      case '!=':
        return a !== b ? 1 : 0;
      case '<':
        return a < b ? 1 : 0;
      case '<=':
        return a <= b ? 1 : 0;
      case '>':
        return a > b ? 1 : 0;
      case '>=':
        return a >= b ? 1 : 0;
    }
    throw new Error('unknown predicate node "' + n.op + '"');
  }

  // Does the predicate hold on the outcome? (Its value is a number other than 0.)
  function predicateHolds(tree, outcome) {
    var v = predicateValue(tree, outcome);
    return v !== null && v !== 0;
  }

  // A schedule of a program of nthreads threads under model ('sc' or 'tso') as choices, or null when
  // it is not one: "01a1b" -> [0, 1, DRAIN, 1, DRAIN + 1]. Digits run a thread, letters drain its
  // buffer (x86-TSO only); a thread must be one the program has. The one parser of the page's
  // scripts (ui.js, native.js) and of node's; tests/fixtures/schedules.json is its contract.
  function parseSchedule(s, nthreads, model) {
    if (typeof s !== 'string') return null;
    var out = [];
    for (var i = 0; i < s.length; i++) {
      var ch = s.charAt(i),
        t = DIGITS.indexOf(ch),
        d = LETTERS.indexOf(ch);
      if (t >= 0 && t < nthreads) out.push(t);
      else if (d >= 0 && d < nthreads && model === 'tso') out.push(DRAIN + d);
      else return null;
    }
    return out;
  }
  // Any schedule of the alphabet (whether each step can happen is the machine's to say, in replay).
  function decodeSchedule(s) {
    var c = parseSchedule(s, MAX_THREADS, 'tso');
    if (c === null)
      throw new Error(
        'a schedule is a string of thread numbers 0-' +
          (MAX_THREADS - 1) +
          ' and drains a-' +
          LETTERS.charAt(MAX_THREADS - 1),
      );
    return c;
  }
  function encodeSchedule(list) {
    return list.map(choiceChar).join('');
  }

  var api = {
    Machine: Machine,
    Explorer: Explorer,
    RandomRuns: RandomRuns,
    predicateValue: predicateValue,
    predicateHolds: predicateHolds,
    outcomeKey: outcomeKey,
    keyOf: keyOf,
    parseSchedule: parseSchedule,
    decodeSchedule: decodeSchedule,
    encodeSchedule: encodeSchedule,
    dependent: dependent,
    conflict: conflict,
    MODELS: MODELS,
    MUTANTS: MUTANTS,
    DRAIN: DRAIN,
    LETTERS: LETTERS,
    withFileLines: withFileLines,
    limits: {
      STACK: STACK,
      GUARD: GUARD,
      ABUF: ABUF,
      MAX_STEPS: MAX_STEPS,
      MAX_EDGES: MAX_EDGES,
      MAX_THREADS: MAX_THREADS,
    },
  };
  root.CourseExplorer = api;
  if (typeof module !== 'undefined' && module.exports) module.exports = api;
})(typeof self !== 'undefined' ? self : globalThis);
