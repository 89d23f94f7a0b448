/* ui.js - the outcome explorer's page UI (classic script, works from file:// and http).
 * For every .explorer-app on the page it builds: a variant choice; the memory model (interleaving
 * (SC), or x86-TSO when the example was explored under it), stated next to the controls; "play the
 * scheduler" (keys 0-3 step a thread, a-d drain a thread's store buffer under x86-TSO, u steps
 * back, n plays the next step of a loaded witness), with per-thread source columns, a memory panel,
 * the store buffers, a timeline and an ARIA live region; random runs with a seed and a histogram;
 * exhaustive DPOR exploration in chunks with witnesses to replay. Schedules are shared as
 * #explore=<id>:<variant>:<schedule> (SC) or #explore=<id>:<variant>@tso:<schedule> (x86-TSO).
 * Needs runtime.js (CourseExplorer) and the wasm data scripts (window.COURSE_WASM). */
(function () {
  'use strict';
  var X = window.CourseExplorer;
  var DATA = window.COURSE_WASM = window.COURSE_WASM || {};
  if (!X) return;
  var BROWSER_CAP = 50000;

  function el(tag, attrs, kids) {
    var e = document.createElement(tag);
    if (attrs) for (var k in attrs) {
      if (k === 'text') e.textContent = attrs[k];
      else if (k === 'class') e.className = attrs[k];
      else if (k.slice(0, 2) === 'on') e.addEventListener(k.slice(2), attrs[k]);
      else e.setAttribute(k, attrs[k]);
    }
    (kids || []).forEach(function (c) { if (c) e.appendChild(typeof c === 'string' ? document.createTextNode(c) : c); });
    return e;
  }
  function clear(e) { while (e.firstChild) e.removeChild(e.firstChild); }

  var MODEL_NAME = { sc: 'interleaving (SC)', tso: 'x86-TSO' };
  var MODEL_TEXT = {
    sc: 'Model in use: sequentially consistent interleaving. Each step is one shared access, and it reaches memory at once.',
    tso: 'Model in use: x86-TSO. A thread\'s store waits in its store buffer until you drain it (a separate step); ' +
      'its own loads see it first, the other threads only after the drain; smp_mb() and atomic updates wait for an empty buffer.',
  };
  var LETTERS = 'abcd';

  // Lines of the thread function `name` in the source: from THREAD(name) to its closing brace.
  function threadRange(lines, name) {
    var start = -1, depth = 0, seen = false;
    for (var i = 0; i < lines.length; i++) {
      if (start < 0 && new RegExp('THREAD\\(\\s*' + name + '\\s*\\)').test(lines[i])) start = i;
      if (start < 0) continue;
      for (var j = 0; j < lines[i].length; j++) {
        if (lines[i][j] === '{') { depth++; seen = true; } else if (lines[i][j] === '}') depth--;
      }
      if (seen && depth === 0) return [start + 1, i + 1];
    }
    return [1, lines.length];
  }

  function App(root) {
    this.root = root;
    this.id = root.getAttribute('data-example');
    this.variants = root.getAttribute('data-variants').split(' ').filter(function (v) { return DATA[root.getAttribute('data-example') + ':' + v]; });
    if (!this.variants.length) return;
    this.uid = 'x' + Math.random().toString(36).slice(2, 8);
    this.machines = {};
    this.model = 'sc';
    this.build();
    root.hidden = false;
    this.select(this.variants[0]);
  }

  App.prototype.data = function () { return DATA[this.id + ':' + this.variant]; };
  // The explored summary of the variant under the model in use ({outcomes, naive, executions, bad}).
  App.prototype.summary = function () { var d = this.data(); return this.model === 'tso' ? d.tso : d; };
  App.prototype.hasTso = function () { var d = this.data(); return !!(d && d.tso && d.fences); };

  App.prototype.machine = function () {
    var k = this.variant + ':' + this.model;
    if (!this.machines[k]) {
      var d = this.data();
      this.machines[k] = new X.Machine(d, d.meta, { model: this.model });
    }
    return this.machines[k];
  };

  App.prototype.build = function () {
    var self = this, root = this.root, uid = this.uid;
    root.setAttribute('tabindex', '-1');
    var vgroup = el('fieldset', { class: 'explorer-variants' }, [el('legend', { text: 'Variant' })]);
    this.variantInputs = {};
    this.variants.forEach(function (v) {
      var inp = el('input', { type: 'radio', name: uid + '-variant', value: v, id: uid + '-v-' + v,
        onchange: function () { self.select(v); } });
      self.variantInputs[v] = inp;
      vgroup.appendChild(el('label', { for: uid + '-v-' + v }, [inp, ' ' + v]));
    });
    // The memory model: a switch when the example was explored under x86-TSO; always stated.
    var mgroup = el('fieldset', { class: 'explorer-model-switch' }, [el('legend', { text: 'Memory model' })]);
    this.modelInputs = {};
    var tsoToo = this.variants.some(function (v) { var d = DATA[self.id + ':' + v]; return d.tso && d.fences; });
    (tsoToo ? ['sc', 'tso'] : ['sc']).forEach(function (m) {
      var inp = el('input', { type: 'radio', name: uid + '-model', value: m, id: uid + '-m-' + m,
        onchange: function () { self.setModel(m); } });
      self.modelInputs[m] = inp;
      mgroup.appendChild(el('label', { for: uid + '-m-' + m }, [inp, ' ' + MODEL_NAME[m]]));
    });
    this.modelText = el('p', { class: 'explorer-model-now' });
    mgroup.appendChild(this.modelText);
    var modes = el('div', { class: 'explorer-modes', role: 'group', 'aria-label': 'Mode' });
    this.modeButtons = {};
    [['play', 'Play the scheduler'], ['random', 'Random runs'], ['exhaustive', 'Every outcome']].forEach(function (m) {
      var b = el('button', { type: 'button', 'aria-pressed': 'false', text: m[1], onclick: function () { self.mode(m[0]); } });
      self.modeButtons[m[0]] = b; modes.appendChild(b);
    });
    this.live = el('p', { class: 'explorer-live', role: 'status', 'aria-live': 'polite' });
    this.panels = {
      play: el('div', { class: 'explorer-panel explorer-play' }),
      random: el('div', { class: 'explorer-panel explorer-random', hidden: '' }),
      exhaustive: el('div', { class: 'explorer-panel explorer-exhaustive', hidden: '' }),
    };
    root.appendChild(el('h4', { text: 'Explore it yourself' }));
    root.appendChild(vgroup);
    root.appendChild(mgroup);
    root.appendChild(modes);
    root.appendChild(this.panels.play);
    root.appendChild(this.panels.random);
    root.appendChild(this.panels.exhaustive);
    root.appendChild(this.live);
    root.addEventListener('keydown', function (e) { self.key(e); });
    this.buildRandom();
    this.buildExhaustive();
    this.mode('play');
  };

  App.prototype.say = function (text) { this.live.textContent = text; };

  App.prototype.select = function (v) {
    this.variant = v;
    this.variantInputs[v].checked = true;
    if (this.model === 'tso' && !this.hasTso()) this.model = 'sc';
    this.showModel();
    this.schedule = []; this.witness = null;
    this.buildPlay();
    this.render();
    clear(this.randomOut); clear(this.exOut);
    this.exStatus.textContent = '';
  };

  App.prototype.showModel = function () {
    for (var m in this.modelInputs) this.modelInputs[m].checked = m === this.model;
    this.modelText.textContent = MODEL_TEXT[this.model];
    this.root.setAttribute('data-model', this.model);
  };
  App.prototype.setModel = function (m) {
    if (m === 'tso' && !this.hasTso()) { this.say('This variant was not explored under x86-TSO.'); this.showModel(); return; }
    this.model = m;
    this.select(this.variant);
    this.say('Memory model: ' + MODEL_NAME[m] + '.');
  };

  App.prototype.mode = function (m) {
    for (var k in this.panels) {
      this.panels[k].hidden = k !== m;
      this.modeButtons[k].setAttribute('aria-pressed', k === m ? 'true' : 'false');
    }
    this.current = m;
  };

  /* ---- play ------------------------------------------------------------------------------------ */

  App.prototype.buildPlay = function () {
    var self = this, p = this.panels.play, d = this.data(), lines = d.source.split('\n');
    clear(p);
    var tso = this.model === 'tso', nth = d.meta.threads.length;
    p.appendChild(el('p', { class: 'explorer-help', text: 'You are the scheduler: pick the thread that runs next. ' +
      'Each step runs one access to a shared variable (and the local code after it)' +
      (tso ? '; a store goes into the thread\'s store buffer, and draining it is a step of its own' : '') + '. Keys: 0-' +
      (nth - 1) + ' run a thread, ' + (tso ? 'a-' + LETTERS[nth - 1] + ' drain a thread\'s oldest buffered store, ' : '') +
      'u steps back, n plays the next step of a loaded schedule.' }));
    var cols = el('div', { class: 'explorer-threads' });
    this.cols = d.meta.threads.map(function (name, i) {
      var range = threadRange(lines, name);
      var btn = el('button', { type: 'button', class: 'explorer-step', 'aria-keyshortcuts': String(i),
        onclick: function () { self.stepThread(i); } }, ['Run ' + name + ' ', el('kbd', { text: String(i) })]);
      var status = el('p', { class: 'explorer-status' });
      var drainBtn = tso ? el('button', { type: 'button', class: 'explorer-drain', 'aria-keyshortcuts': LETTERS[i],
        onclick: function () { self.stepThread(X.DRAIN + i); } }, ['Drain ' + name + '\'s store buffer ', el('kbd', { text: LETTERS[i] })]) : null;
      var sb = tso ? el('ol', { class: 'explorer-buffer', 'aria-label': name + '\'s store buffer, oldest first' }) : null;
      var ol = el('ol', { class: 'explorer-src', start: String(range[0]), 'aria-label': 'source of ' + name, tabindex: '0' });
      var items = {};
      for (var n = range[0]; n <= range[1]; n++) {
        var li = el('li', { 'data-line': String(n) }, [el('code', { text: lines[n - 1] || ' ' })]);
        items[n] = li; ol.appendChild(li);
      }
      var col = el('section', { class: 'explorer-thread', 'aria-label': 'thread ' + name }, [
        el('h5', { text: name }), btn, drainBtn, status, ol,
        sb ? el('div', { class: 'explorer-sb' }, [el('h6', { text: 'Store buffer of ' + name + ' (oldest first)' }), sb]) : null]);
      cols.appendChild(col);
      return { btn: btn, drainBtn: drainBtn, sb: sb, status: status, items: items, range: range, name: name };
    });
    p.appendChild(cols);
    var undo = el('button', { type: 'button', 'aria-keyshortcuts': 'u', onclick: function () { self.undo(); } }, ['Step back ', el('kbd', { text: 'u' })]);
    var reset = el('button', { type: 'button', onclick: function () { self.schedule = []; self.witness = null; self.render(); self.say('Back to the start.'); } }, ['Start over']);
    this.nextBtn = el('button', { type: 'button', 'aria-keyshortcuts': 'n', hidden: '', onclick: function () { self.next(); } }, ['Next step of the schedule ', el('kbd', { text: 'n' })]);
    this.shareLink = el('a', { class: 'explorer-share', href: '#' }, ['Link to this schedule']);
    p.appendChild(el('div', { class: 'explorer-controls' }, [undo, reset, this.nextBtn, this.shareLink]));
    this.verdict = el('div', { class: 'explorer-verdict' });
    p.appendChild(this.verdict);
    var mem = el('table', { class: 'explorer-memory' }, [el('caption', { text: tso ? 'Memory (without the stores still in a buffer)' : 'Memory' }),
      el('thead', null, [el('tr', null, [el('th', { scope: 'col', text: 'Variable' }), el('th', { scope: 'col', text: 'Kind' }), el('th', { scope: 'col', text: 'Value' })])])]);
    this.memBody = el('tbody');
    mem.appendChild(this.memBody);
    this.timeline = el('ol', { class: 'explorer-timeline', 'aria-label': 'Timeline of steps', tabindex: '0' });
    p.appendChild(el('div', { class: 'explorer-side' }, [mem, el('div', null, [el('h5', { text: 'Timeline' }), this.timeline])]));
  };

  App.prototype.describe = function (m, ev) { return m.describe(ev); };

  App.prototype.statusOf = function (m, t) {
    switch (t.status) {
      case 'done': return 'returned';
      case 'crashed': return 'crashed';
      case 'blocked': return 'spins forever at line ' + m.lineOf(t) + ' (it does not terminate)';
      case 'hang': return 'does not terminate (' + t.hangReason + ')';
    }
    var p = t.pending;
    if (p.kind === 'X') return 'next: crashes (' + p.message + ')';
    if (m.waiting(t.index)) return 'waits at line ' + m.lineOf(t) + ' until its store buffer is empty (' + (p.kind === 'F' ? 'a full barrier' : 'an atomic update') + ')';
    if (p.kind === 'F') return 'next: goes on past the barrier at line ' + m.lineOf(t);
    return 'next: ' + (p.kind === 'R' ? 'read' : p.kind === 'W' ? 'write' : 'atomic update of') + ' ' + m.nameOf(p.addr) + ' at line ' + m.lineOf(t);
  };

  App.prototype.render = function () {
    var self = this, m = this.machine();
    try { m.replay(this.schedule); } catch (e) { this.schedule = []; m.reset(); this.say('That schedule does not fit this variant: ' + e.message); }
    var en = m.choices();
    this.cols.forEach(function (c, i) {
      var t = m.threads[i], line = m.lineOf(t);
      c.btn.disabled = en.indexOf(i) < 0;
      if (c.drainBtn) c.drainBtn.disabled = en.indexOf(X.DRAIN + i) < 0;
      if (c.sb) {
        clear(c.sb);
        var buf = m.buffer(i);
        if (!buf.length) c.sb.appendChild(el('li', { class: 'empty', text: '(empty)' }));
        buf.forEach(function (e) { c.sb.appendChild(el('li', null, [el('code', { text: e.name + ' = ' + e.value }), ' (line ' + e.line + ')'])); });
      }
      c.status.textContent = self.statusOf(m, t);
      for (var n in c.items) {
        var cur = +n === line && t.status !== 'done' && t.status !== 'crashed';
        c.items[n].className = cur ? 'current' : '';
        if (cur) c.items[n].setAttribute('aria-current', 'step'); else c.items[n].removeAttribute('aria-current');
      }
      if (line && (line < c.range[0] || line > c.range[1]) && t.status === 'paused')
        c.status.textContent += ' (outside ' + c.name + ': ' + (self.data().source.split('\n')[line - 1] || '').trim() + ')';
    });
    clear(this.memBody);
    var vals = m.values();
    m.vars.forEach(function (v) {
      self.memBody.appendChild(el('tr', null, [el('th', { scope: 'row' }, [el('code', { text: v.name })]),
        el('td', { text: v.shared ? 'shared' : 'observed' }), el('td', { text: v.deleted ? '(deleted by the compiler)' : String(vals[v.name]) })]));
    });
    clear(this.timeline);
    m.trace.forEach(function (ev) {
      var li = el('li', { class: 't' + ev.thread, text: self.describe(m, ev) + (ev.woke ? ' (wakes ' + ev.woke.map(function (j) { return m.threads[j].name; }).join(', ') + ')' : '') });
      self.timeline.appendChild(li);
    });
    this.shareLink.href = '#explore=' + this.id + ':' + this.variant + (this.model === 'tso' ? '@tso' : '') + ':' + X.encodeSchedule(this.schedule);
    var w = this.witness;
    this.nextBtn.hidden = !(w && w.length > this.schedule.length && w.slice(0, this.schedule.length).join() === this.schedule.join());
    clear(this.verdict);
    this.verdict.className = 'explorer-verdict';
    if (en.length === 0) {
      var o = m.outcome(), bad = this.badHit(o);
      this.verdict.className = 'explorer-verdict ' + (bad ? 'broke' : 'ended');
      this.verdict.appendChild(el('p', null, [el('strong', { text: bad ? 'You broke it! ' : 'Run complete. ' }), 'Outcome: ' + o.key + '.']));
      if (bad) this.verdict.appendChild(el('p', { text: 'This is the outcome the example warns about (' + bad + '). The fixed variant cannot reach it.' }));
    }
    return m;
  };

  // d.bad: [{expr, tree}] (tools/wasm/lib/expect.js); the engine evaluates the trees on the outcome.
  App.prototype.badHit = function (o) {
    var d = this.summary(), out = { values: o.vals, hang: o.hang, crash: o.crash, done: o.done };
    for (var i = 0; i < (d.bad || []).length; i++) if (X.predicateHolds(d.bad[i].tree, out)) return d.bad[i].expr;
    return null;
  };

  // i: a thread (0-3), or X.DRAIN + thread: drain that thread's store buffer (x86-TSO)
  App.prototype.stepThread = function (i) {
    var m = this.machine();
    if (m.choices().indexOf(i) < 0) {
      if (i >= X.DRAIN) this.say(m.tso && m.threads[i - X.DRAIN] ? 'The store buffer of ' + m.threads[i - X.DRAIN].name + ' is empty.' : 'No store buffer to drain here.');
      else this.say('Thread ' + i + ' cannot run now: ' + (m.threads[i] ? this.statusOf(m, m.threads[i]) : 'no such thread') + '.');
      return;
    }
    this.schedule.push(i);
    m = this.render();
    var ev = m.trace[m.trace.length - 1];
    var msg = 'Step ' + this.schedule.length + ': ' + this.describe(m, ev) + '.';
    if (m.choices().length === 0) msg += ' ' + this.verdict.textContent;
    this.say(msg);
  };

  App.prototype.undo = function () {
    if (!this.schedule.length) { this.say('Nothing to undo.'); return; }
    this.schedule.pop();
    this.render();
    this.say('Stepped back to step ' + this.schedule.length + '.');
  };

  App.prototype.next = function () {
    var w = this.witness;
    if (!w || w.length <= this.schedule.length) { this.say('No loaded schedule to continue.'); return; }
    this.stepThread(w[this.schedule.length]);
  };

  // Loads a schedule (under `model`, default the one in use); `play` applies all of it at once,
  // otherwise it is replayed with n.
  App.prototype.load = function (variant, sched, play, model) {
    if (model && model !== this.model) { this.model = model; this.variant = null; }
    if (this.variant !== variant) this.select(variant);
    this.mode('play');
    this.witness = sched.slice();
    this.schedule = play ? sched.slice() : [];
    this.render();
    var text = X.encodeSchedule(sched) + (this.model === 'tso' ? ' (x86-TSO)' : '');
    this.say(play ? 'Schedule ' + text + ' played: ' + this.machine().trace.length + ' steps.'
      : 'Schedule ' + text + ' loaded: press n (or the button) to play it one step at a time.');
    var b = play ? null : this.nextBtn;
    if (b && !b.hidden) b.focus();
  };

  App.prototype.key = function (e) {
    var tag = (e.target.tagName || '').toLowerCase();
    var typing = (tag === 'input' && !/^(radio|checkbox|button)$/.test(e.target.type)) || tag === 'select' || tag === 'textarea';
    if (typing || e.ctrlKey || e.metaKey || e.altKey) return;
    if (this.current !== 'play') return;
    if (/^[0-3]$/.test(e.key)) { e.preventDefault(); this.stepThread(+e.key); } else if (this.model === 'tso' && /^[a-d]$/.test(e.key)) { e.preventDefault(); this.stepThread(X.DRAIN + LETTERS.indexOf(e.key)); } else if (e.key === 'u') { e.preventDefault(); this.undo(); } else if (e.key === 'n') { e.preventDefault(); this.next(); }
  };

  /* ---- random and exhaustive ---------------------------------------------------------------- */

  function histogram(self, results, total, into) {
    clear(into);
    var max = 1;
    results.forEach(function (r) { if (r.count > max) max = r.count; });
    var table = el('table', { class: 'explorer-hist' }, [el('thead', null, [el('tr', null, [
      el('th', { scope: 'col', text: 'Outcome' }), el('th', { scope: 'col', text: 'Count' }), el('th', { scope: 'col', text: 'Share of schedules', title: 'The fraction of the schedules run here that reached this outcome: a count, not a probability on real hardware' }), el('th', { scope: 'col', text: 'Witness' })])])]);
    var tb = el('tbody');
    results.forEach(function (r) {
      var pct = Math.round(1000 * r.count / Math.max(total, 1)) / 10;
      var bad = self.badHit(r.outcome);
      var bar = el('span', { class: 'explorer-bar' + (bad ? ' bad' : ''), style: 'width:' + Math.max(2, Math.round(100 * r.count / max)) + '%' });
      tb.appendChild(el('tr', null, [el('td', { text: r.key + (bad ? ' (the bug)' : '') }), el('td', { text: String(r.count) }),
        el('td', null, [el('span', { class: 'explorer-barbox' }, [bar]), ' ' + pct + '%']),
        el('td', null, [el('button', { type: 'button', onclick: function () { self.load(self.variant, X.decodeSchedule(r.witness), false); } },
          ['Replay ' + (r.witness || '(no steps)')])])]));
    });
    table.appendChild(tb);
    into.appendChild(table);
  }

  function runChunks(job, onProgress, onDone) {
    function tick() {
      var fin = job.run(25);
      onProgress();
      if (fin) onDone(); else setTimeout(tick, 0);
    }
    setTimeout(tick, 0);
  }

  App.prototype.buildRandom = function () {
    var self = this, p = this.panels.random, uid = this.uid;
    var n = el('input', { type: 'number', id: uid + '-n', value: '1000', min: '1', max: '100000' });
    var seed = el('input', { type: 'number', id: uid + '-seed', value: '1' });
    this.randomOut = el('div');
    var status = el('p', { class: 'explorer-progress' });
    var go = el('button', { type: 'button', text: 'Run', onclick: function () {
      var job = new X.RandomRuns(self.machine(), Math.min(+n.value || 1, 100000), +seed.value || 0);
      go.disabled = true;
      runChunks(job, function () { status.textContent = job.done + ' runs done'; }, function () {
        go.disabled = false;
        var r = job.result();
        histogram(self, r.outcomes, r.runs, self.randomOut);
        self.say(r.runs + ' random runs: ' + r.outcomes.length + ' different outcomes.');
      });
    } });
    p.appendChild(el('p', { class: 'explorer-help', text: 'Runs the threads many times, picking the next thread at random (same seed, same runs).' }));
    p.appendChild(el('div', { class: 'explorer-controls' }, [el('label', { for: uid + '-n', text: 'Runs ' }), n,
      el('label', { for: uid + '-seed', text: ' Seed ' }), seed, go]));
    p.appendChild(status);
    p.appendChild(this.randomOut);
  };

  App.prototype.buildExhaustive = function () {
    var self = this, p = this.panels.exhaustive;
    this.exOut = el('div');
    this.exStatus = el('p', { class: 'explorer-progress' });
    var go = el('button', { type: 'button', text: 'Find every outcome', onclick: function () {
      var d = self.summary();
      var job = new X.Explorer(self.machine(), { mode: 'dpor', cap: BROWSER_CAP });
      go.disabled = true;
      runChunks(job, function () { self.exStatus.textContent = job.executions + ' schedules explored so far'; }, function () {
        go.disabled = false;
        var r = job.result();
        var total = r.executions;
        self.exStatus.textContent = (r.partial ? 'Partial result: the exploration stopped at ' + BROWSER_CAP + ' schedules; outcomes found so far. ' : 'Done. ') +
          r.executions + ' schedules explored ' + (self.model === 'tso' ? 'under x86-TSO ' : '') + 'with partial-order reduction (DPOR: source sets and sleep sets)' +
          (d.naive !== null && d.naive !== undefined ? ', against ' + (d.naive_partial ? 'more than ' : '') + d.naive + ' interleavings by naive enumeration' : '') +
          (r.redundant ? '; ' + r.redundant + ' redundant ones cut short' : '') + '.';
        histogram(self, r.outcomes, total, self.exOut);
        self.say(self.exStatus.textContent + ' ' + r.outcomes.length + ' distinct outcomes.');
      });
    } });
    var glossary = this.root.getAttribute('data-glossary');
    p.appendChild(el('p', { class: 'explorer-help' }, ['Runs every distinct interleaving (up to reordering independent steps) and lists each outcome with a schedule that reaches it, using ',
      glossary ? el('a', { href: glossary + '#dpor', text: 'DPOR' }) : 'DPOR', '.']));
    p.appendChild(el('div', { class: 'explorer-controls' }, [go]));
    p.appendChild(this.exStatus);
    p.appendChild(this.exOut);
  };

  /* ---- start ----------------------------------------------------------------------------------- */

  var apps = [];
  var MAX_FRAGMENT = 4096;   // far more than an id, a variant and the longest run (4 threads x 202 steps)
  // #explore=<id>:<variant>:<schedule> (URL-encoded): untrusted text from a link. Anything else is
  // refused with a message in each explorer, before any work that grows with its length.
  function fromHash() {
    var h = location.hash, spec = null, why = null;
    if (h.slice(0, 9) !== '#explore=') return;
    if (h.length > MAX_FRAGMENT) why = 'it is longer than any schedule';
    else try { spec = decodeURIComponent(h.slice(9)); } catch (e) { why = 'its percent-encoding is malformed'; }
    var m = spec === null ? null : /^(.+):([a-z]+)(?:@(sc|tso))?:([0-3a-d]*)$/.exec(spec);
    if (m && m[3] !== 'tso' && /[a-d]/.test(m[4])) m = null;   // drains only under x86-TSO
    if (!m) {
      why = why || 'expected #explore=<example>:<variant>[@tso]:<thread numbers 0-3, and drains a-d under x86-TSO>';
      apps.forEach(function (a) { a.say('The link to a schedule was ignored: ' + why + '.'); });
      return;
    }
    apps.forEach(function (a) {
      if (a.id !== m[1] || a.variants.indexOf(m[2]) < 0) return;
      var dd = DATA[a.id + ':' + m[2]], model = m[3] || 'sc';
      if (model === 'tso' && !(dd.tso && dd.fences)) { a.say('The link to a schedule was ignored: this example was not explored under x86-TSO.'); return; }
      // each step an access, or under x86-TSO a drain of a store (at most one per access)
      var max = dd.meta.threads.length * (X.limits.MAX_STEPS + 2) * (model === 'tso' ? 2 : 1);
      if (m[4].length > max) { a.say('The link to a schedule was ignored: ' + m[4].length + ' steps, and a run of this example has at most ' + max + '.'); return; }
      a.load(m[2], X.decodeSchedule(m[4]), true, model);
      a.root.scrollIntoView();
      a.root.focus();
    });
  }
  function start() {
    var roots = document.querySelectorAll('.explorer-app');
    for (var i = 0; i < roots.length; i++) {
      if (roots[i].getAttribute('data-ready')) continue;
      roots[i].setAttribute('data-ready', '1');
      try {
        var a = new App(roots[i]);
        if (a.variants && a.variants.length) apps.push(a);
      } catch (e) {
        roots[i].hidden = false;
        roots[i].textContent = 'The explorer could not start: ' + e.message;
      }
    }
    fromHash();
  }
  window.addEventListener('hashchange', fromHash);
  // The outcome tables' schedule links (a.explorer-witness) point at their explorer section so they
  // work without JavaScript; data-explore="<id>:<variant>:<schedule>" is what a click replays.
  document.addEventListener('click', function (ev) {
    var a = ev.target && ev.target.closest ? ev.target.closest('a.explorer-witness[data-explore]') : null;
    if (!a || ev.button !== 0 || ev.ctrlKey || ev.metaKey || ev.shiftKey || ev.altKey) return;
    var spec = a.getAttribute('data-explore'), id = spec.slice(0, spec.lastIndexOf(':', spec.lastIndexOf(':') - 1));
    if (!apps.some(function (app) { return app.id === id; })) return; // no explorer: follow the href
    ev.preventDefault();
    var hash = '#explore=' + spec;
    if (location.hash === hash) fromHash(); else location.hash = hash; // hashchange runs fromHash
  });
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start); else start();
})();
