/* disasm.js - the interactive part of an example's disassembly view (site/templates/example.html).
 * Classic script, no modules: works from file:// and over http. For every <section class="example">
 * it reads the index in <script type="application/json" class="disasm-index">, shows the selector
 * (compiler, architecture, -O, Intel/AT&T, diff plain vs fixed), loads the chosen target's data
 * script (data/asm/<id>/<target>-<opt>.js, which sets window.COURSE_DATA[key]) by inserting a
 * <script src> tag, and re-renders the columns. Hovering or focusing a source line highlights its
 * instructions in every column, and the reverse. A link ?asm=<compiler>/<arch>/<opt>#ex-<id>
 * selects that target. With JavaScript off the page keeps the default target's plain HTML. */
(function () {
  'use strict';
  if (window.COURSE_DISASM_LOADED) return;
  window.COURSE_DISASM_LOADED = true;
  window.COURSE_DATA = window.COURSE_DATA || {};

  function rootPrefix() {
    var r = document.documentElement.getAttribute('data-root');
    return r == null ? '' : r;
  }

  function el(tag, cls, text) {
    var e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text != null) e.textContent = text;
    return e;
  }

  function loadScript(path, key, done) {
    if (window.COURSE_DATA[key]) { done(null, window.COURSE_DATA[key]); return; }
    var s = document.createElement('script');
    s.src = rootPrefix() + path;
    s.onload = function () {
      if (window.COURSE_DATA[key]) done(null, window.COURSE_DATA[key]);
      else done(new Error('no data in ' + path));
    };
    s.onerror = function () { done(new Error('cannot load ' + path)); };
    document.head.appendChild(s);
  }

  /* other views of an example's cells (static/native.js) load their data scripts the same way */
  window.COURSE_LOAD_DATA = loadScript;

  /* One instruction, the markup of site/templates/partials/disasm-listing.html; its colour class
   * (insn.cls) comes from tools/asm. */
  function insnItem(insn, syntax, mark) {
    var li = el('li', (insn.cls || 'ln-none') + (insn.loop ? ' in-loop' : '') + (mark ? ' ' + mark : ''));
    li.setAttribute('data-src', String(insn.src || 0));
    li.appendChild(el('span', 'asm-addr', insn.addr));
    li.appendChild(document.createTextNode(' '));
    li.appendChild(el('code', 'asm-text', syntax === 'intel' && insn.intel ? insn.intel : insn.text));
    (insn.acc || []).forEach(function (a) {
      if (!a.shared) return;
      li.appendChild(document.createTextNode(' '));
      li.appendChild(el('span', 'acc acc-' + a.kind,
        a.kind + ' ' + a.var + (a.offset ? '+' + a.offset : '') + ' (' + a.width + '\u00a0B)'));
    });
    if (insn.loop) {
      li.appendChild(document.createTextNode(' '));
      var l = el('span', 'acc-loop', 'loop');
      l.title = 'inside a loop';
      li.appendChild(l);
    }
    return li;
  }

  function listing(fns, syntax) {
    var frag = document.createDocumentFragment();
    if (!fns || !fns.length) { frag.appendChild(el('p', 'asm-none', 'No code for this thread.')); return frag; }
    fns.forEach(function (fn) {
      if (fns.length > 1) {
        var p = el('p', 'asm-fn');
        p.appendChild(el('code', null, fn.name));
        frag.appendChild(p);
      }
      var ol = el('ol', 'asm-lines');
      fn.insns.forEach(function (i) {
        if (i.label) {
          var lab = el('li', 'asm-label', i.label + ':');
          lab.setAttribute('data-src', '0');
          ol.appendChild(lab);
        }
        ol.appendChild(insnItem(i, syntax));
      });
      frag.appendChild(ol);
    });
    return frag;
  }

  function flat(fns) {
    var out = [];
    (fns || []).forEach(function (fn) { fn.insns.forEach(function (i) { out.push(i); }); });
    return out;
  }

  function Example(section) {
    this.section = section;
    this.index = JSON.parse(section.querySelector('script.disasm-index').textContent);
    this.controls = section.querySelector('.disasm-controls');
    this.sel = {
      compiler: section.querySelector('.disasm-compiler'),
      arch: section.querySelector('.disasm-arch'),
      opt: section.querySelector('.disasm-opt'),
      syntax: section.querySelector('.disasm-syntax'),
      diff: section.querySelector('.disasm-diff')
    };
    this.state = { target: this.index.default.target, opt: this.index.default.opt, syntax: 'att', diff: false };
    this.payload = null;
  }

  Example.prototype.targetInfo = function (name) {
    var ts = this.index.targets;
    for (var i = 0; i < ts.length; i++) if (ts[i].target === name) return ts[i];
    return null;
  };

  Example.prototype.fillSelects = function () {
    var self = this, compilers = [], arches = [];
    this.index.targets.forEach(function (t) {
      if (compilers.indexOf(t.compiler) < 0) compilers.push(t.compiler);
      if (arches.indexOf(t.arch) < 0) arches.push(t.arch);
    });
    function fill(select, values, current, available) {
      select.textContent = '';
      values.forEach(function (v) {
        var o = el('option', null, v);
        o.value = v;
        if (available && !available(v)) { o.disabled = true; o.textContent = v + ' (not in the matrix)'; }
        if (v === current) o.selected = true;
        select.appendChild(o);
      });
    }
    var cur = this.targetInfo(this.state.target) || this.index.targets[0];
    fill(this.sel.compiler, compilers, cur.compiler);
    fill(this.sel.arch, arches, cur.arch, function (a) { return !!self.targetInfo(cur.compiler + '/' + a); });
    fill(this.sel.opt, cur.opts.map(function (o) { return o.opt; }), this.state.opt);
    this.sel.syntax.value = this.state.syntax;
    var x86 = cur.arch === 'x86_64' || cur.arch === 'i386';
    this.sel.syntax.parentNode.hidden = !x86;
    this.sel.diff.checked = this.state.diff;
    this.sel.diff.parentNode.hidden = this.index.variants.indexOf('fixed') < 0;
  };

  Example.prototype.select = function (target, opt) {
    var self = this, t = this.targetInfo(target);
    if (!t) return;
    var o = null;
    t.opts.forEach(function (x) { if (x.opt === opt) o = x; });
    if (!o) o = t.opts[0];
    this.state.target = target;
    this.state.opt = o.opt;
    if (t.arch !== 'x86_64' && t.arch !== 'i386') this.state.syntax = 'att';
    this.fillSelects();
    loadScript(o.script, o.key, function (err, data) {
      if (err) { self.showError(err.message); return; }
      if (self.state.target !== target || self.state.opt !== o.opt) return; /* a later choice won */
      self.payload = data;
      self.render();
    });
  };

  Example.prototype.showError = function (msg) {
    var cur = this.section.querySelector('.disasm-current');
    var p = el('span', 'disasm-error', ' (' + msg + ')');
    cur.appendChild(p);
  };

  Example.prototype.render = function () {
    var self = this, data = this.payload, ix = this.index;
    if (!data) return;
    var cur = this.section.querySelector('.disasm-current');
    cur.querySelector('.disasm-target').textContent = data.target;
    cur.querySelector('.disasm-optlevel').textContent = '-' + data.opt;
    cur.querySelector('.disasm-version').textContent = data.version;
    var err = cur.querySelector('.disasm-error');
    if (err) err.remove();
    var showDiff = this.state.diff && ix.variants.indexOf('fixed') >= 0;
    ix.threads.forEach(function (th) {
      var box = self.section.querySelector('.disasm-thread[data-thread="' + th + '"]');
      if (!box) return;
      var cols = box.querySelectorAll('.disasm-asm');
      for (var c = 0; c < cols.length; c++) {
        var v = cols[c].getAttribute('data-variant');
        var h = cols[c].querySelector('h5');
        cols[c].textContent = '';
        cols[c].appendChild(h);
        var fns = data.variants[v] ? data.variants[v][th] : null;
        if (showDiff && v === 'plain') {
          h.textContent = 'plain → fixed';
          var ol = el('ol', 'asm-lines asm-diff');
          /* data.diff[th]: [[op, plain index, fixed index]] (1-based), computed by tools/asm (diff.c) */
          var pl = flat(fns), fx = flat(data.variants.fixed ? data.variants.fixed[th] : null);
          ((data.diff || {})[th] || []).forEach(function (d) {
            ol.appendChild(insnItem(d[0] === '-' ? pl[d[1] - 1] : fx[d[2] - 1], self.state.syntax,
              d[0] === '+' ? 'diff-add' : d[0] === '-' ? 'diff-del' : ''));
          });
          cols[c].appendChild(ol);
          cols[c].hidden = false;
        } else if (showDiff && v === 'fixed') {
          h.textContent = v;
          cols[c].hidden = true;
        } else {
          h.textContent = v;
          cols[c].hidden = false;
          cols[c].appendChild(listing(fns, self.state.syntax));
        }
      }
      var grid = box.querySelector('.disasm-cols');
      grid.style.setProperty('--disasm-ncols', String(ix.variants.length + 1 - (showDiff ? 1 : 0)));
    });
    var list = this.section.querySelector('.disasm-evidence ul');
    if (list) {
      list.textContent = '';
      ix.variants.forEach(function (v) {
        var e = data.evidence[v];
        if (!e) return;
        if (e.seen !== undefined) {
          var s = el('li', 'ev-seen');
          var mark = el('span', 'ev-mark ' + (e.seen ? 'ev-yes' : 'ev-no'), e.seen ? '\u2713' : '\u00b7');
          mark.setAttribute('aria-hidden', 'true');
          s.appendChild(mark);
          s.appendChild(document.createTextNode(' '));
          s.appendChild(el('strong', null, v));
          s.appendChild(document.createTextNode(': the transformation is ' + (e.seen ? 'seen' : 'not seen') + ' in this code'));
          list.appendChild(s);
        }
        e.predicates.forEach(function (p) {
          var li = el('li', p.holds ? 'ev-holds' : 'ev-fails');
          li.appendChild(el('strong', null, v));
          li.appendChild(document.createTextNode(': '));
          li.appendChild(el('code', null, p.expr));
          li.appendChild(document.createTextNode(p.holds ? ' holds' : ' does not hold'));
          list.appendChild(li);
        });
      });
    }
    this.section.setAttribute('data-shown', data.target + '/' + data.opt + '/' + this.state.syntax);
    /* other views of the same cell (static/native.js) follow the selection */
    this.section.dispatchEvent(new CustomEvent('disasm:shown', { detail: { target: data.target, opt: data.opt } }));
  };

  Example.prototype.highlight = function (thread, src, on) {
    if (!thread || !src || src === '0') return;
    var els = thread.querySelectorAll('[data-src="' + src + '"]');
    for (var i = 0; i < els.length; i++) els[i].classList.toggle('hl', on);
  };

  Example.prototype.bind = function () {
    var self = this;
    this.controls.hidden = false;
    this.fillSelects();
    this.sel.compiler.addEventListener('change', function () {
      var cur = self.targetInfo(self.state.target);
      var want = self.sel.compiler.value + '/' + (cur ? cur.arch : '');
      if (!self.targetInfo(want)) {
        var first = self.index.targets.filter(function (t) { return t.compiler === self.sel.compiler.value; })[0];
        want = first.target;
      }
      self.select(want, self.state.opt);
    });
    this.sel.arch.addEventListener('change', function () {
      self.select(self.sel.compiler.value + '/' + self.sel.arch.value, self.state.opt);
    });
    this.sel.opt.addEventListener('change', function () { self.select(self.state.target, self.sel.opt.value); });
    this.sel.syntax.addEventListener('change', function () { self.state.syntax = self.sel.syntax.value; self.render(); });
    this.sel.diff.addEventListener('change', function () { self.state.diff = self.sel.diff.checked; self.render(); });
    function handler(on) {
      return function (ev) {
        var li = ev.target.closest ? ev.target.closest('[data-src]') : null;
        if (!li || !self.section.contains(li)) return;
        self.highlight(li.closest('.disasm-thread'), li.getAttribute('data-src'), on);
      };
    }
    var body = this.section.querySelector('.disasm-body');
    body.addEventListener('mouseover', handler(true));
    body.addEventListener('mouseout', handler(false));
    body.addEventListener('focusin', handler(true));
    body.addEventListener('focusout', handler(false));
  };

  function requested(section) {
    var m = /[?&]asm=([^&#]+)/.exec(window.location.search);
    if (!m || window.location.hash !== '#' + section.id) return null;
    var parts = decodeURIComponent(m[1]).split('/');
    if (parts.length !== 3) return null;
    return { target: parts[0] + '/' + parts[1], opt: parts[2] };
  }

  function init() {
    var sections = document.querySelectorAll('section.example');
    for (var i = 0; i < sections.length; i++) {
      if (sections[i].getAttribute('data-disasm-ready')) continue;
      if (!sections[i].querySelector('script.disasm-index')) continue;
      sections[i].setAttribute('data-disasm-ready', '1');
      var ex = new Example(sections[i]);
      ex.bind();
      var want = requested(sections[i]);
      if (want) {
        ex.select(want.target, want.opt);
        sections[i].scrollIntoView();
      } else {
        ex.select(ex.state.target, ex.state.opt);
      }
    }
  }

  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', init);
  else init();
})();
