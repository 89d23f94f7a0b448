/* native.js - the outcomes of an example's machine code (site/templates/partials/native-outcomes.html).
 * Classic script, no modules: works from file:// and over http. For every <section class="native">
 * it reads <script type="application/json" class="native-index">, follows the disassembly view's
 * selection (the "disasm:shown" event of site/static/disasm.js, or the section's data-shown when
 * it rendered first), loads that cell's data script (data/native/<id>/<compiler>/<arch>-<opt>.js,
 * which sets window.COURSE_DATA["native/<id>/<compiler>/<arch>/<opt>"]) and rewrites the outcome
 * tables. A schedule link replays its trace step by step over the listing: the instruction each
 * thread is at, the access of the step and the memory after it. A link
 * ?asm=<compiler>/<arch>/<opt>&replay=<variant>:<schedule>#ex-<id> opens that replay. Data scripts
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
      if (want && self.startReplay(want.variant, want.witness)) self.pending = null;
    });
  };

  Native.prototype.renderMissing = function (cell, why) {
    this.data = null;
    this.section.querySelector('.native-cell').textContent = cell.replace(/\/([^/]+)$/, ' · -$1');
    this.section.querySelector('.native-verdict-text').textContent = 'no data for this cell' + (why ? ' (' + why + ')' : '');
    this.section.querySelector('.native-tables').textContent = '';
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
    box.appendChild(document.createTextNode('the plain code reaches what the fixed code never does: '));
    hits.forEach(function (b, i) {
      if (i) box.appendChild(document.createTextNode('; '));
      box.appendChild(el('code', null, b.expr));
    });
  };

  Native.prototype.table = function (v, c) {
    var self = this, t = el('table', 'native-outcomes'), cap = el('caption');
    t.setAttribute('data-variant', v);
    cap.appendChild(el('strong', null, v));
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
      if (breaks.length) {
        td.appendChild(document.createTextNode(' '));
        td.appendChild(el('span', 'native-bad-label', '(the fixed code never does this: ' + breaks.join('; ') + ')'));
      }
      tr.appendChild(td);
      var a = el('a', 'native-witness', o.witness === '' ? '(none)' : o.witness);
      a.href = '?asm=' + self.cell + '&replay=' + v + ':' + o.witness + '#' + (self.example ? self.example.id : '');
      a.setAttribute('data-replay', v + ':' + o.witness);
      var wd = el('td');
      wd.appendChild(a);
      tr.appendChild(wd);
      body.appendChild(tr);
    });
    t.appendChild(body);
    return t;
  };

  Native.prototype.render = function () {
    var self = this, box = this.section.querySelector('.native-tables');
    this.section.querySelector('.native-cell').textContent = this.data.target + ' · -' + this.data.opt;
    this.verdict();
    box.textContent = '';
    this.index.variants.forEach(function (v) { box.appendChild(self.table(v, self.data.variants[v])); });
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

  Native.prototype.startReplay = function (variant, witness) {
    var c = this.data && this.data.variants[variant];
    var o = c && c.outcomes ? c.outcomes.filter(function (x) { return x.witness === witness; })[0] : null;
    if (!o || !o.trace) return false;
    /* the code view shows one variant at a time: show this one (static/disasm.js listens) */
    if (this.example) this.example.dispatchEvent(new CustomEvent('example:variant', { detail: { variant: variant, from: 'native' } }));
    this.replay = { variant: variant, outcome: o, step: 0 };
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
    h.appendChild(document.createTextNode(' (' + r.variant + ', schedule ' + (r.outcome.witness || '(none)') + ')'));
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
    mem.appendChild(el('caption', null, 'Memory after this step'));
    mem.appendChild(el('tbody'));
    p.appendChild(mem);
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

  function describe(st, threads) {
    var t = threads[st.t] || ('thread ' + st.t);
    var parts = st.accesses.map(function (a) {
      return (a.kind === 'R' ? 'reads ' : 'writes ') + a.var + (a.kind === 'R' ? ' = ' : ' \u2190 ') + show(a.value) +
        ' (' + a.size + ' bytes, at ' + a.fn + '+' + a.addr + ')';
    });
    var s = t + (st.kind === 'U' ? ' atomically ' : ' ') + parts.join(', then ');
    if (st.parts > 1) s += '; access ' + (st.part + 1) + ' of ' + st.parts + ' of one instruction';
    var nx = st.next || {};
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
      text = 'Step ' + r.step + ' of ' + tr.steps.length + ': ' + describe(st, threads) + '.';
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
    this.section.setAttribute('data-replay-step', String(r.step));
  };

  Native.prototype.bind = function () {
    var self = this;
    this.section.addEventListener('click', function (ev) {
      var a = ev.target.closest ? ev.target.closest('a.native-witness') : null;
      if (!a || !self.data) return;
      var rp = a.getAttribute('data-replay'), i = rp.indexOf(':');
      if (self.startReplay(rp.slice(0, i), rp.slice(i + 1))) {
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
        else if (self.pending && self.startReplay(self.pending.variant, self.pending.witness)) self.pending = null;
      });
    }
  };

  function requested(example) {
    var m = /[?&]replay=([^&#]+)/.exec(window.location.search);
    if (!m || !example || window.location.hash !== '#' + example.id) return null;
    var v = decodeURIComponent(m[1]), i = v.indexOf(':');
    return i > 0 ? { variant: v.slice(0, i), witness: v.slice(i + 1) } : null;
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
      n.pending = requested(n.example);
      n.showCell(cell);
    }
  }

  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', init);
  else init();
})();
