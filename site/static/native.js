/* native.js - the outcomes of an example's machine code (site/templates/partials/native-outcomes.html).
 * Classic script, no modules: works from file:// and over http. For every <section class="native">
 * it reads <script type="application/json" class="native-index">, follows the disassembly view's
 * selection (the "disasm:shown" event of site/static/disasm.js, or the section's data-shown when
 * it rendered first), loads that cell's data script (data/native/<id>/<compiler>/<arch>-<opt>.js,
 * which sets window.COURSE_DATA["native/<id>/<compiler>/<arch>/<opt>"]) and rewrites the outcome
 * tables. A schedule link replays its trace step by step over the listing: the instruction each
 * thread is at, the access of the step and the memory after it. A link
 * ?asm=<compiler>/<arch>/<opt>&replay=<variant>:<schedule>#ex-<id> opens that replay. An x86 cell
 * also has its outcomes under x86-TSO (cell.tso): a second set of tables, and replays
 * (replay=<variant>@tso:<schedule>, letters a-h drain thread 0-7's store buffer) that show each
 * thread's store buffer after every step, as the trace gives it (tools/native). Data scripts
 * are loaded with disasm.js's loader (window.COURSE_LOAD_DATA), which is on every page with this one.
 * No emulator here: the traces are data made at build time (tools/native). */
(function () {
  'use strict';
  if (window.COURSE_NATIVE_LOADED) return;
  window.COURSE_NATIVE_LOADED = true;
  window.COURSE_DATA = window.COURSE_DATA || {};

  function el(tag, cls, text) {
    var e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text != null) e.textContent = text;
    return e;
  }

  /* data scripts are loaded by disasm.js's loader (the disassembly view this one sits in) */
  function loadScript(path, key, done) {
    if (typeof window.COURSE_LOAD_DATA !== 'function') { done(new Error('the disassembly view is not loaded')); return; }
    window.COURSE_LOAD_DATA(path, key, done);
  }

  function list(x) { return Array.isArray(x) ? x : []; }

  /* Appends to box the text lead, then each expression as code, separated by "; ". */
  function appendCodes(box, lead, exprs) {
    box.appendChild(document.createTextNode(lead));
    exprs.forEach(function (e, i) {
      if (i) box.appendChild(document.createTextNode('; '));
      box.appendChild(el('code', null, e));
    });
  }

  /* A value as the page shows it: decimal, with the hexadecimal form of large numbers. */
  function show(v) {
    if (v === null || v === undefined) return '(deleted)';
    var n = typeof v === 'string' ? v : String(v);
    if (typeof BigInt === 'function' && /^\d+$/.test(n) && n.length > 5) {
      var h = BigInt(n).toString(16);
      return n + ' (0x' + h + ')';
    }
    return n;
  }

  function Native(section) {
    this.section = section;
    this.example = section.closest('section.example');
    this.index = JSON.parse(section.querySelector('script.native-index').textContent);
    this.cell = this.index.cell;
    this.data = null;
    this.replay = null;
    this.panel = section.querySelector('.native-replay');
  }

  Native.prototype.showCell = function (cell) {
    var self = this, path = (this.index.scripts || {})[cell];
    this.stopReplay();
    this.cell = cell;
    this.section.setAttribute('data-cell', cell);
    if (!path) { this.renderMissing(cell); return; }
    loadScript(path, 'native/' + this.index.id + '/' + cell, function (err, data) {
      if (self.cell !== cell) return; /* a later choice won */
      if (err) { self.renderMissing(cell, err.message); return; }
      self.data = data;
      self.render();
      var want = self.pending;
      if (want && self.startReplay(want)) self.pending = null;
    });
  };

  Native.prototype.renderMissing = function (cell, why) {
    this.data = null;
    this.section.querySelector('.native-cell').textContent = cell.replace(/\/([^/]+)$/, ' · -$1');
    this.section.querySelector('.native-verdict-text').textContent = 'no data for this cell' + (why ? ' (' + why + ')' : '');
    this.section.querySelector('.native-tables').textContent = '';
    var tso = this.section.querySelector('.native-tso');
    if (tso) tso.textContent = '';
  };

  Native.prototype.verdict = function () {
    var p = this.data.variants.plain;
    var box = this.section.querySelector('.native-verdict-text');
    box.textContent = '';
    if (!p) { box.textContent = 'no plain variant'; return; }
    if (p.status !== 'ok') { box.textContent = 'the plain code could not be explored'; return; }
    /* the fix's guarantees this code breaks: expect.js's verdicts (tools/native/expect.js) */
    var hits = list(p.broken);
    if (!hits.length) { box.textContent = 'the plain code reaches nothing the fixed code avoids'; return; }
    appendCodes(box, 'the plain code reaches what the fixed code never does: ', hits.map(function (b) { return b.expr; }));
  };

  /* The guarantees the fixed code of this cell breaks under x86-TSO: {expr: true}. */
  Native.prototype.fixedTsoBreaks = function () {
    var f = this.data.variants.fixed, out = {};
    list(f && f.tso && f.tso.broken).forEach(function (b) { out[b.expr] = true; });
    return out;
  };

  /* One variant's outcome table, as partials/native-table.html writes it. tsoBreaks: null under SC;
   * under x86-TSO (c is cell.tso) the guarantees the fixed code breaks ({expr: true}, fixedTsoBreaks). */
  Native.prototype.table = function (v, c, tsoBreaks) {
    var self = this, t = el('table', 'native-outcomes'), cap = el('caption');
    var tso = !!tsoBreaks, fixedBreaks = tsoBreaks || {};
    t.setAttribute('data-variant', v);
    if (tso) t.setAttribute('data-model', 'tso');
    cap.appendChild(el('strong', null, v));
    if (tso) cap.appendChild(document.createTextNode(', under x86-TSO'));
    t.appendChild(cap);
    if (!c) { cap.appendChild(document.createTextNode(': no data')); return t; }
    if (c.status === 'skipped') {
      cap.appendChild(document.createTextNode(': not explored in this build (make native-all explores every cell)'));
      return t;
    }
    if (c.status !== 'ok') {
      cap.appendChild(document.createTextNode(': '));
      cap.appendChild(el('span', 'native-error', 'not explored: ' + c.error));
      return t;
    }
    cap.appendChild(document.createTextNode(': ' + c.outcomes.length + ' outcome' + (c.outcomes.length === 1 ? '' : 's') +
      ' (' + c.states + ' states)' + (c.partial ? ', partial: ' + c.why : '')));
    var head = el('thead'), hr = el('tr');
    hr.appendChild(el('th', null, 'Outcome'));
    hr.appendChild(el('th', null, 'Schedule'));
    head.appendChild(hr);
    t.appendChild(head);
    var body = el('tbody');
    c.outcomes.forEach(function (o) {
      var breaks = list(o.breaks), tr = el('tr', breaks.length ? 'native-bad' : null), td = el('td', null, o.key);
      var mine = breaks.filter(function (e) { return !fixedBreaks[e]; });
      var both = breaks.filter(function (e) { return fixedBreaks[e]; });
      if (mine.length) {
        td.appendChild(document.createTextNode(' '));
        td.appendChild(el('span', 'native-bad-label', '(the fixed code never does this: ' + mine.join('; ') + ')'));
      }
      if (both.length) {
        td.appendChild(document.createTextNode(' '));
        td.appendChild(el('span', 'native-bad-label', '(breaks the fix\'s guarantee: ' + both.join('; ') + ')'));
      }
      tr.appendChild(td);
      var rp = v + (tso ? '@tso:' : ':') + o.witness;
      var a = el('a', 'native-witness', o.witness === '' ? '(none)' : o.witness);
      a.href = '?asm=' + self.cell + '&replay=' + rp + '#' + (self.example ? self.example.id : '');
      a.setAttribute('data-replay', rp);
      var wd = el('td');
      wd.appendChild(a);
      tr.appendChild(wd);
      body.appendChild(tr);
    });
    t.appendChild(body);
    return t;
  };

  /* The x86-TSO part: the model, a verdict and one table per variant for an x86 cell; for the
   * others, that the processor's reordering is explored on x86 only (as the template writes it). */
  Native.prototype.renderTso = function () {
    var self = this, box = this.section.querySelector('.native-tso'), vs = this.data.variants;
    var p = vs.plain && vs.plain.tso;
    if (!box) return;
    box.textContent = '';
    if (!p) {
      box.appendChild(el('p', 'native-model native-tso-model', 'The processor\'s own reordering (x86-TSO) is explored for the x86-64 and ' +
        'i386 cells; the tables of this cell are the interleavings of its code alone.'));
      return;
    }
    box.appendChild(el('h5', null, 'Under x86-TSO: the processor\'s store buffers too'));
    box.appendChild(el('p', 'native-model native-tso-model', 'The same machine code on an x86 processor (the x86-TSO model): a store ' +
      'waits in its thread\'s store buffer and reaches memory later, oldest first; a drain is a step of its own (in a ' +
      'schedule, a drains t0\'s buffer, b t1\'s). A load reads its own thread\'s newest buffered store to that address, ' +
      'or memory. mfence, locked instructions and xchg wait until their thread\'s buffer is empty.'));
    var v = el('p', 'native-verdict native-tso-verdict'), text = el('span', 'native-tso-verdict-text');
    v.appendChild(el('strong', null, 'x86-TSO'));
    v.appendChild(document.createTextNode(': '));
    v.appendChild(text);
    box.appendChild(v);
    var fixedBreaks = this.fixedTsoBreaks();
    var both = Object.keys(fixedBreaks);
    var only = list(p.broken).map(function (b) { return b.expr; }).filter(function (e) { return !fixedBreaks[e]; });
    if (p.status !== 'ok') text.textContent = 'the plain code could not be explored';
    else if (!only.length && !both.length) text.textContent = 'the plain code reaches nothing the fixed code avoids';
    else {
      if (only.length) appendCodes(text, 'the plain code reaches what the fixed code never does: ', only);
      if (both.length) appendCodes(text, (only.length ? '. ' : '') + 'the processor\'s store buffer breaks the fix\'s guarantee, the fixed code reaches it too: ', both);
    }
    var tables = el('div', 'native-tables');
    this.index.variants.forEach(function (name) { tables.appendChild(self.table(name, (vs[name] || {}).tso, fixedBreaks)); });
    box.appendChild(tables);
  };

  Native.prototype.render = function () {
    var self = this, box = this.section.querySelector('.native-tables');
    this.section.querySelector('.native-cell').textContent = this.data.target + ' · -' + this.data.opt;
    this.verdict();
    box.textContent = '';
    this.index.variants.forEach(function (v) { box.appendChild(self.table(v, self.data.variants[v])); });
    this.renderTso();
  };

  /* ---- replay ---------------------------------------------------------------------------- */

  /* The listing item of an instruction in the disassembly view: thread column, variant, fn, addr. */
  Native.prototype.findInsn = function (thread, variant, pos) {
    if (!this.example || !pos || !pos.addr) return null;
    var col = this.example.querySelector('.disasm-thread[data-thread="' + thread + '"] .disasm-asm[data-variant="' + variant + '"]');
    if (!col) return null;
    var items = col.querySelectorAll('.asm-lines li'), found = null;
    for (var i = 0; i < items.length; i++) {
      var a = items[i].querySelector('.asm-addr');
      if (!a || a.textContent !== pos.addr) continue;
      var ol = items[i].parentNode, p = ol.previousElementSibling;
      var fn = p && p.classList.contains('asm-fn') ? p.textContent : null;
      if (!fn || fn === pos.fn) return items[i];
      if (!found) found = items[i];
    }
    return found;
  };

  Native.prototype.clearMarks = function () {
    if (!this.example) return;
    var marked = this.example.querySelectorAll('.native-at, .native-step');
    for (var i = 0; i < marked.length; i++) {
      marked[i].classList.remove('native-at', 'native-step');
      marked[i].removeAttribute('data-native-thread');
    }
  };

  Native.prototype.stopReplay = function () {
    this.replay = null;
    this.clearMarks();
    if (this.panel) { this.panel.hidden = true; this.panel.textContent = ''; }
  };

  /* want: {variant, tso, witness} (parseReplay). False when this cell has no such outcome. */
  Native.prototype.startReplay = function (want) {
    var variant = want.variant, witness = want.witness;
    var c = this.data && Object.prototype.hasOwnProperty.call(this.data.variants, variant) ? this.data.variants[variant] : null;
    if (c && want.tso) c = c.tso;
    var o = c && c.outcomes ? c.outcomes.filter(function (x) { return x.witness === witness; })[0] : null;
    if (!o || !o.trace) return false;
    /* the code view shows one variant at a time: show this one (static/disasm.js listens) */
    if (this.example) this.example.dispatchEvent(new CustomEvent('example:variant', { detail: { variant: variant, from: 'native' } }));
    this.replay = { variant: variant, tso: !!want.tso, outcome: o, step: 0 };
    this.buildPanel();
    this.showStep();
    return true;
  };

  Native.prototype.buildPanel = function () {
    var self = this, r = this.replay, p = this.panel;
    p.textContent = '';
    p.hidden = false;
    var h = el('h5', null, 'Replay of ');
    h.appendChild(el('code', null, r.outcome.key));
    h.appendChild(document.createTextNode(' (' + r.variant + (r.tso ? ', under x86-TSO' : '') + ', schedule ' +
      (r.outcome.witness || '(none)') + ')'));
    p.appendChild(h);
    var bar = el('p', 'native-replay-controls');
    [['start', '\u00ab Start'], ['back', '\u2039 Back'], ['next', 'Next \u203a'], ['end', 'End \u00bb'], ['close', 'Close']].forEach(function (b) {
      var btn = el('button', 'native-' + b[0], b[1]);
      btn.type = 'button';
      btn.addEventListener('click', function () { self.go(b[0]); });
      bar.appendChild(btn);
    });
    p.appendChild(bar);
    p.appendChild(el('p', 'native-step-text'));
    p.lastChild.setAttribute('aria-live', 'polite');
    var mem = el('table', 'native-memory');
    mem.appendChild(el('caption', null, r.tso ? 'Memory after this step (what the other threads read)' : 'Memory after this step'));
    mem.appendChild(el('tbody'));
    p.appendChild(mem);
    if (r.tso) {
      var sb = el('table', 'native-buffers');
      sb.appendChild(el('caption', null, 'Store buffers after this step (oldest store first)'));
      sb.appendChild(el('tbody'));
      p.appendChild(sb);
    }
  };

  Native.prototype.go = function (what) {
    var r = this.replay;
    if (!r) return;
    var n = r.outcome.trace.steps.length;
    if (what === 'close') { this.stopReplay(); return; }
    if (what === 'start') r.step = 0;
    else if (what === 'back') r.step = Math.max(0, r.step - 1);
    else if (what === 'next') r.step = Math.min(n, r.step + 1);
    else if (what === 'end') r.step = n;
    this.showStep();
  };

  /* A step in words. tso: the trace is under x86-TSO, where a store step ('W') puts the store in
   * the thread's buffer, 'D' drains the oldest one to memory and 'F' goes on past a barrier. */
  function describe(st, threads, tso) {
    var t = threads[st.t] || ('thread ' + st.t);
    var parts = st.accesses.map(function (a) {
      var into = tso && st.kind === 'W' && a.kind === 'W' ? ' into its store buffer' : '';
      return (a.kind === 'R' ? 'reads ' : 'writes ') + a.var + (a.kind === 'R' ? ' = ' : ' \u2190 ') + show(a.value) +
        into + ' (' + a.size + ' bytes, at ' + a.fn + '+' + a.addr + ')';
    });
    var s;
    if (st.kind === 'D') {
      var d = st.accesses[0] || {};
      s = t + '\'s oldest buffered store reaches memory: ' + d.var + ' \u2190 ' + show(d.value) + ' (the store at ' + d.fn + '+' + d.addr + ')';
    } else if (st.kind === 'F') {
      s = t + ' goes on past the barrier: its store buffer is empty';
    } else {
      s = t + (st.kind === 'U' ? ' atomically ' : ' ') + parts.join(', then ');
    }
    if (st.parts > 1) s += '; access ' + (st.part + 1) + ' of ' + st.parts + ' of one instruction';
    var nx = st.next || {};
    if (nx.waits) s += '; ' + t + ' waits at a barrier until its store buffer is empty';
    if (nx.status === 'done') s += '; ' + t + ' returns';
    else if (nx.status === 'crashed') s += '; ' + t + ' crashes';
    else if (nx.status === 'spins' || nx.status === 'bound') s += '; ' + t + ' runs on forever without touching shared memory';
    return s;
  }

  Native.prototype.showStep = function () {
    var r = this.replay, tr = r.outcome.trace, threads = this.index.threads, self = this;
    this.clearMarks();
    var pos = tr.start.map(function (p) { return p; });
    for (var i = 0; i < r.step; i++) pos[tr.steps[i].t] = tr.steps[i].next;
    pos.forEach(function (p, t) {
      if (!p || p.status !== 'paused') return;
      var li = self.findInsn(threads[t], r.variant, p);
      if (li) { li.classList.add('native-at'); li.setAttribute('data-native-thread', threads[t]); }
    });
    var text, mem = tr.mem;
    if (r.step === 0) {
      text = 'Before the first step: each thread has run up to its first shared access.';
    } else {
      var st = tr.steps[r.step - 1];
      st.accesses.forEach(function (a) {
        var li = self.findInsn(threads[st.t], r.variant, a);
        if (li) li.classList.add('native-step');
      });
      text = 'Step ' + r.step + ' of ' + tr.steps.length + ': ' + describe(st, threads, r.tso) + '.';
      mem = st.mem;
    }
    if (r.step === tr.steps.length) text += ' Outcome: ' + r.outcome.key + '.';
    this.panel.querySelector('.native-step-text').textContent = text;
    var body = this.panel.querySelector('.native-memory tbody');
    body.textContent = '';
    Object.keys(mem || {}).forEach(function (k) {
      var row = el('tr');
      row.appendChild(el('th', null, k));
      row.appendChild(el('td', null, show(mem[k])));
      body.appendChild(row);
    });
    if (r.tso) this.showBuffers(r.step === 0 ? tr.buffers : tr.steps[r.step - 1].buffers);
    this.section.setAttribute('data-replay-step', String(r.step));
  };

  /* x86-TSO: each thread's store buffer after the step shown (from the trace: the machine's own). */
  Native.prototype.showBuffers = function (buffers) {
    var threads = this.index.threads, body = this.panel.querySelector('.native-buffers tbody');
    body.textContent = '';
    threads.forEach(function (name, t) {
      var row = el('tr'), stores = list(list(buffers)[t]);
      row.appendChild(el('th', null, name));
      row.appendChild(el('td', null, stores.length ? stores.map(function (a) {
        return a.var + ' \u2190 ' + show(a.value);
      }).join(', ') : '(empty)'));
      body.appendChild(row);
    });
  };

  Native.prototype.bind = function () {
    var self = this;
    this.section.addEventListener('click', function (ev) {
      var a = ev.target.closest ? ev.target.closest('a.native-witness') : null;
      if (!a || !self.data) return;
      var want = parseReplay(a.getAttribute('data-replay'), self.index.variants, list(self.index.threads).length);
      if (want && self.startReplay(want)) {
        ev.preventDefault();
        self.panel.querySelector('button.native-next').focus();
      }
    });
    if (this.example) {
      this.example.addEventListener('disasm:shown', function (ev) {
        var d = ev.detail || {};
        var cell = d.target + '/' + d.opt;
        if (cell !== self.cell || !self.data) self.showCell(cell);
        else if (self.replay) self.showStep(); /* the listing was redrawn: mark it again */
        else if (self.pending && self.startReplay(self.pending)) self.pending = null;
      });
    }
  };

  /* "<variant>:<schedule>" or "<variant>@tso:<schedule>" -> {variant, tso, witness}, or null when
   * it is not one: a variant of the example, a schedule of its nthreads threads (digits, and drain
   * letters under x86-TSO) as the one parser, runtime.js's CourseExplorer.parseSchedule, reads it
   * (the explorer on the same page loads runtime.js; without it nothing opens). Nothing else from
   * the URL reaches the page. */
  function parseReplay(text, variants, nthreads) {
    var X = window.CourseExplorer;
    var m = /^([A-Za-z0-9_-]+)(@tso)?:([0-9a-z]*)$/.exec(text || '');
    if (!X || !m || list(variants).indexOf(m[1]) < 0) return null;
    if (!X.parseSchedule(m[3], nthreads, m[2] ? 'tso' : 'sc')) return null;
    return { variant: m[1], tso: !!m[2], witness: m[3] };
  }

  function requested(example, index) {
    var m = /[?&]replay=([^&#]+)/.exec(window.location.search);
    if (!m || !example || window.location.hash !== '#' + example.id) return null;
    var v;
    try { v = decodeURIComponent(m[1]); } catch (e) { return null; }
    return parseReplay(v, index.variants, list(index.threads).length);
  }

  function init() {
    var sections = document.querySelectorAll('section.native');
    for (var i = 0; i < sections.length; i++) {
      if (sections[i].getAttribute('data-native-ready')) continue;
      sections[i].setAttribute('data-native-ready', '1');
      var n = new Native(sections[i]);
      n.bind();
      var shown = n.example ? n.example.getAttribute('data-shown') : null;
      var cell = shown ? shown.split('/').slice(0, 3).join('/') : n.cell;
      n.pending = requested(n.example, n.index);
      n.showCell(cell);
    }
  }

  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', init);
  else init();
})();
