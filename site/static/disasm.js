/* disasm.js - the interactive part of an example's code view (site/templates/example.html).
 * Classic script, no modules: works from file:// and over http. For every <section class="example">
 * it reads the index in <script type="application/json" class="disasm-index"> and
 *  - shows one variant's code beside the source (the variant switch), or two variants side by side
 *    with their instruction diff (computed by tools/asm, diff.c: data "diffs"), and only the shown
 *    variants' source lines;
 *  - offers the targets of the example's matrix (compiler, then only that compiler's architectures,
 *    then -O levels; Intel/AT&T on x86) and loads the chosen target's data script
 *    (data/asm/<id>/<target>-<opt>.js, which sets window.COURSE_DATA[key]) by inserting a <script src>;
 *  - colours source lines and instructions with the classes tools/asm computed (src_classes, cls: a
 *    line is coloured only if it produced code); hovering or focusing a line (arrow keys move within
 *    a pane) highlights it with its instructions or its source line;
 *  - keeps the view in the URL: ?variant=&compare=a,b&asm=<compiler>/<arch>/<opt>&syntax=#ex-<id>,
 *    every value checked against the index before use (the URL is untrusted). The explorer
 *    (static/explorer/ui.js) adds mode, schedule and step through window.COURSE_VIEW.
 * The drawing from a cell's data (listings, the diff, the source lines' colours, the evidence) is
 * static/disasm-draw.js, loaded with the first data script a changed view needs: the view opens on
 * the page's own HTML (renderPage).
 * With JavaScript off the page keeps every variant's pane of the default target, plain HTML. */
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

  /* A data script is requested once: callers asking while it is on its way wait for the same load. */
  var waiting = {};
  function loadScript(path, key, done) {
    if (window.COURSE_DATA[key]) {
      done(null, window.COURSE_DATA[key]);
      return;
    }
    if (waiting[key]) {
      waiting[key].push(done);
      return;
    }
    waiting[key] = [done];
    function finish(err) {
      var all = waiting[key];
      delete waiting[key];
      all.forEach(function (f) {
        f(err, err ? undefined : window.COURSE_DATA[key]);
      });
    }
    var s = document.createElement('script');
    s.src = rootPrefix() + path;
    s.onload = function () {
      finish(window.COURSE_DATA[key] ? null : new Error('no data in ' + path));
    };
    s.onerror = function () {
      finish(new Error('cannot load ' + path));
    };
    document.head.appendChild(s);
  }

  /* other views of an example's cells (static/native.js) load their data scripts the same way */
  window.COURSE_LOAD_DATA = loadScript;

  /* the drawing of a view from a cell's data (Example.prototype.render): a script of its own, loaded
   * with the first data script a changed view needs; it registers itself under this key */
  var DRAW_KEY = 'static/disasm-draw.js';

  /* ---- the view's state in the URL (shared with static/explorer/ui.js) -------------------------- */

  /* The query belongs to the example the fragment names (#ex-<id> or #explorer-<id>). Each part of
   * an example registers what it contributes ({key: string or null}); update() writes them all. */
  var VIEW_KEYS = ['variant', 'compare', 'asm', 'syntax', 'model', 'mode', 'schedule', 'step'];
  var MAX_PARAM = 1024;
  var parts = [];
  function anchors(section) {
    var ids = [section.id];
    var x = section.querySelector('section.explorer[id]');
    if (x) ids.push(x.id);
    return ids;
  }
  var VIEW = {
    /* the URL's values for this example ({key: string}), or null when the fragment names another */
    params: function (section) {
      var h = window.location.hash.slice(1);
      if (!h || anchors(section).indexOf(h) < 0) return null;
      var out = {},
        q = window.location.search.slice(1).split('&');
      for (var i = 0; i < q.length; i++) {
        var eq = q[i].indexOf('=');
        if (eq < 1 || q[i].length > MAX_PARAM) continue;
        var k = q[i].slice(0, eq),
          v;
        if (VIEW_KEYS.indexOf(k) < 0) continue;
        try {
          v = decodeURIComponent(q[i].slice(eq + 1).replace(/\+/g, ' '));
        } catch (e) {
          continue;
        }
        out[k] = v;
      }
      return out;
    },
    register: function (section, get) {
      parts.push({ section: section, get: get });
    },
    /* prefer: the anchor to name (the explorer names its own section); else the fragment stays if it
     * names this example, or becomes the example's */
    update: function (section, prefer) {
      var state = {};
      parts.forEach(function (p) {
        if (p.section !== section) return;
        var s = p.get();
        for (var k in s) if (s[k] != null && s[k] !== '') state[k] = s[k];
      });
      var keep = window.location.search
        .slice(1)
        .split('&')
        .filter(function (kv) {
          return kv && VIEW_KEYS.indexOf(kv.split('=')[0]) < 0;
        });
      VIEW_KEYS.forEach(function (k) {
        if (state[k] != null) keep.push(k + '=' + encodeURIComponent(state[k]));
      });
      var h = window.location.hash.slice(1);
      var hash =
        prefer && anchors(section).indexOf(prefer) >= 0 ? prefer : anchors(section).indexOf(h) >= 0 ? h : section.id;
      var url = window.location.pathname + (keep.length ? '?' + keep.join('&') : '') + '#' + hash;
      try {
        window.history.replaceState(window.history.state, '', url);
      } catch (e) {
        /* file:// in some browsers */
      }
    },
  };
  window.COURSE_VIEW = VIEW;

  /* ---- one example ------------------------------------------------------------------------------ */

  /* The index writes each target once with its -O levels, ["gcc-12/x86_64", "O0 O1 O2"] (example.html
   * checks that every cell's data script and key are of this form): the cells, as the view reads them. */
  function expandIndex(ix) {
    ix.targets = ix.targets.map(function (t) {
      var name = t[0],
        cut = name.indexOf('/');
      return {
        target: name,
        compiler: name.slice(0, cut),
        arch: name.slice(cut + 1),
        opts: t[1].split(' ').map(function (opt) {
          return { opt: opt, script: ix.script_base + name + '-' + opt + '.js', key: ix.key_base + name + '/' + opt };
        }),
      };
    });
    return ix;
  }

  function esc(s) {
    return String(s).replace(/[&<>"']/g, function (c) {
      return '&#' + c.charCodeAt(0) + ';';
    });
  }

  /* The view's controls (example.html leaves their box empty: hidden with JavaScript off): the
   * variant switch and side by side when there are several variants, then the target's selects
   * (filled by fillSelects) and the syntax. */
  function controlsHtml(id, variants) {
    var h = '';
    if (variants.length > 1) {
      var opts = function (sel) {
        return variants
          .map(function (v, i) {
            return '<option value="' + esc(v) + '"' + (i === sel ? ' selected' : '') + '>' + esc(v) + '</option>';
          })
          .join('');
      };
      h +=
        '<fieldset class="ex-variants"><legend>Variant</legend>' +
        variants
          .map(function (v, i) {
            return (
              '<label><input type="radio" name="' +
              esc(id) +
              '-variant" value="' +
              esc(v) +
              '"' +
              (i === 0 ? ' checked' : '') +
              '> ' +
              esc(v) +
              '</label>'
            );
          })
          .join(' ') +
        '</fieldset>' +
        '<fieldset class="ex-compare"><legend>Side by side</legend><label><input type="checkbox" class="ex-compare-on"> Compare</label> ' +
        '<label><span class="visually-hidden">left variant</span><select class="ex-compare-a" aria-label="Left variant">' +
        opts(-1) +
        '</select></label> <span aria-hidden="true">with</span> <label><span class="visually-hidden">right variant</span>' +
        '<select class="ex-compare-b" aria-label="Right variant">' +
        opts(1) +
        '</select></label></fieldset>';
    }
    return (
      h +
      '<fieldset class="ex-target"><legend>Compiled by</legend><label>Compiler <select class="disasm-compiler"></select></label> ' +
      '<label>Architecture <select class="disasm-arch"></select></label> <label>Optimization <select class="disasm-opt"></select></label> ' +
      '<label class="disasm-syntax-label">Syntax <select class="disasm-syntax"><option value="att">AT&amp;T</option>' +
      '<option value="intel">Intel</option></select></label></fieldset>'
    );
  }

  function Example(section) {
    this.section = section;
    this.index = expandIndex(JSON.parse(section.querySelector('script.disasm-index').textContent));
    this.controls = section.querySelector('.example-controls');
    if (this.controls && !this.controls.firstChild)
      this.controls.innerHTML = controlsHtml(section.id, this.index.variants);
    var q = function (s) {
      return section.querySelector(s);
    };
    this.sel = {
      compiler: q('.disasm-compiler'),
      arch: q('.disasm-arch'),
      opt: q('.disasm-opt'),
      syntax: q('.disasm-syntax'),
      compare: q('.ex-compare-on'),
      a: q('.ex-compare-a'),
      b: q('.ex-compare-b'),
    };
    this.radios = section.querySelectorAll('.ex-variants input[type=radio]');
    var v = this.index.variants;
    this.state = {
      target: this.index.default.target,
      opt: this.index.default.opt,
      syntax: 'att',
      variant: v[0],
      compare: null,
    };
    this.payload = null;
  }

  Example.prototype.targetInfo = function (name) {
    var ts = this.index.targets;
    for (var i = 0; i < ts.length; i++) if (ts[i].target === name) return ts[i];
    return null;
  };

  Example.prototype.isX86 = function () {
    var t = this.targetInfo(this.state.target);
    return !!t && (t.arch === 'x86_64' || t.arch === 'i386');
  };

  /* Only what can be chosen: the compilers of the example's matrix, the architectures that compiler
   * has, the -O levels of that target. */
  Example.prototype.fillSelects = function () {
    var compilers = [],
      arches = [];
    var cur = this.targetInfo(this.state.target) || this.index.targets[0];
    this.index.targets.forEach(function (t) {
      if (compilers.indexOf(t.compiler) < 0) compilers.push(t.compiler);
      if (t.compiler === cur.compiler && arches.indexOf(t.arch) < 0) arches.push(t.arch);
    });
    function fill(select, values, current) {
      select.textContent = '';
      values.forEach(function (v) {
        var o = el('option', null, v);
        o.value = v;
        if (v === current) o.selected = true;
        select.appendChild(o);
      });
    }
    fill(this.sel.compiler, compilers, cur.compiler);
    fill(this.sel.arch, arches, cur.arch);
    fill(
      this.sel.opt,
      cur.opts.map(function (o) {
        return o.opt;
      }),
      this.state.opt,
    );
    this.sel.syntax.value = this.state.syntax;
    this.sel.syntax.parentNode.hidden = !this.isX86();
    for (var i = 0; i < this.radios.length; i++) this.radios[i].checked = this.radios[i].value === this.state.variant;
    if (this.sel.compare) {
      this.sel.compare.checked = !!this.state.compare;
      if (this.state.compare) {
        this.sel.a.value = this.state.compare[0];
        this.sel.b.value = this.state.compare[1];
      }
      this.sel.a.disabled = this.sel.b.disabled = !this.state.compare;
      var fs = this.section.querySelector('.ex-variants');
      if (fs) fs.disabled = !!this.state.compare;
    }
  };

  Example.prototype.select = function (target, opt, then) {
    var self = this,
      t = this.targetInfo(target);
    if (!t) return;
    var o = null;
    t.opts.forEach(function (x) {
      if (x.opt === opt) o = x;
    });
    if (!o) o = t.opts[0];
    this.state.target = target;
    this.state.opt = o.opt;
    if (t.arch !== 'x86_64' && t.arch !== 'i386') this.state.syntax = 'att';
    this.fillSelects();
    /* the cell's data and the drawing (static/disasm-draw.js, once per page), side by side */
    var data = null,
      left = 2,
      failed = false;
    function got(err) {
      if (failed) return;
      if (err) {
        failed = true;
        self.showError(err.message);
        return;
      }
      if (--left > 0) return;
      if (self.state.target !== target || self.state.opt !== o.opt) return; /* a later choice won */
      self.payload = data;
      self.render();
      if (then) then();
    }
    loadScript(o.script, o.key, function (err, d) {
      data = d;
      got(err);
    });
    loadScript(DRAW_KEY, DRAW_KEY, got);
  };

  Example.prototype.showError = function (msg) {
    var cur = this.section.querySelector('.disasm-current');
    var old = cur.querySelector('.disasm-error');
    if (old) old.remove();
    cur.appendChild(el('span', 'disasm-error', ' (' + msg + ')'));
  };

  /* The variants on display: [v] or the two compared. */
  Example.prototype.shown = function () {
    return this.state.compare ? this.state.compare.slice() : [this.state.variant];
  };

  /* Draws the view from the cell's data (this.payload): static/disasm-draw.js, loaded with the
   * first data script the reader's choice needs (select); until then the view is the page's HTML. */
  Example.prototype.render = function () {
    var st = this.state;
    /* the page's HTML was the view until now (renderPage): the cell's data first, then this */
    if (!this.payload || !window.COURSE_DATA[DRAW_KEY]) {
      this.select(st.target, st.opt);
      return;
    }
    window.COURSE_DATA[DRAW_KEY].render(this, el);
  };

  /* The view the page opens on (the default cell, the first variant, AT&T) is the page's own HTML
   * (example.html draws every variant's listing of that cell: the markup render() would draw, which
   * disasm.test.js checks): show the first variant and mark its source lines as render() does, with
   * no data script; the cell's data is loaded when the reader changes the view (render, select). */
  Example.prototype.renderPage = function () {
    var self = this,
      v = this.state.variant,
      all = this.index.variants;
    this.section.setAttribute('data-view', 'one');
    this.section.setAttribute('data-variant', v);
    this.section.setAttribute('data-drawn', 'page');
    this.index.threads.forEach(function (th) {
      var box = self.section.querySelector('.disasm-thread[data-thread="' + th + '"]');
      if (!box) return;
      var lis = box.querySelectorAll('.src-lines li');
      for (var i = 0; i < lis.length; i++) {
        var li = lis[i],
          ins = li.hasAttribute('data-in') ? li.getAttribute('data-in').split(' ') : all;
        var mine = ins.indexOf(v) >= 0,
          only = li.querySelector('.src-only');
        if (!mine) li.className = 'ln-none src-other';
        if (only) only.hidden = mine;
        li.removeAttribute('data-only');
        li.removeAttribute('tabindex');
      }
      var panes = box.querySelectorAll('.disasm-asm');
      for (var c = 0; c < panes.length; c++) {
        var at = panes[c].getAttribute('data-variant') === v;
        panes[c].hidden = !at;
        panes[c].style.order = at ? '1' : '';
      }
      self.roving(box);
    });
    var evs = this.section.querySelectorAll('.disasm-evidence > ul > li[data-variant]');
    for (var e = 0; e < evs.length; e++) evs[e].classList.toggle('ev-other', evs[e].getAttribute('data-variant') !== v);
    this.affordances();
    var st = this.state;
    this.section.setAttribute('data-shown', st.target + '/' + st.opt + '/' + st.syntax);
    this.section.dispatchEvent(
      new CustomEvent('disasm:shown', { detail: { target: st.target, opt: st.opt, variants: [v] } }),
    );
  };

  /* A pane whose code is wider than the pane scrolls sideways on purpose: it says so in its heading
   * (and scrollable.js makes it focusable). */
  Example.prototype.affordances = function () {
    var boxes = this.section.querySelectorAll('.disasm-pane .pane-scroll');
    for (var i = 0; i < boxes.length; i++) {
      var b = boxes[i],
        pane = b.closest('.disasm-pane');
      var wide = !pane.hidden && b.scrollWidth > b.clientWidth + 1;
      b.classList.toggle('scrolls-x', wide);
      var head = pane.querySelector('h5, summary'),
        hint = head && head.querySelector('.pane-hint');
      if (wide && head && !hint) {
        hint = el('span', 'pane-hint', 'scrolls sideways \u21c6');
        head.appendChild(document.createTextNode(' '));
        head.appendChild(hint);
      } else if (!wide && hint) {
        hint.remove();
      }
    }
  };

  /* Keyboard: each pane's list is one tab stop; arrow keys, Home and End move along its lines, and
   * the focused line is highlighted with its counterparts, as on hover. */
  Example.prototype.roving = function (box) {
    var lists = box.querySelectorAll('.src-lines, .asm-lines');
    for (var i = 0; i < lists.length; i++) {
      var items = lists[i].querySelectorAll('li:not(.src-other):not(.asm-gap)');
      for (var k = 0; k < items.length; k++) items[k].setAttribute('tabindex', k === 0 ? '0' : '-1');
    }
  };

  Example.prototype.highlight = function (thread, src, on) {
    if (!thread || !src || src === '0') return;
    var els = thread.querySelectorAll('[data-src="' + src + '"]');
    for (var i = 0; i < els.length; i++) els[i].classList.toggle('hl', on);
  };

  Example.prototype.setVariant = function (v, quiet) {
    if (this.index.variants.indexOf(v) < 0) return;
    this.state.variant = v;
    this.state.compare = null;
    this.fillSelects();
    this.render();
    if (!quiet) this.changed();
  };

  Example.prototype.setCompare = function (pair) {
    var vs = this.index.variants;
    if (pair) {
      var a = vs.indexOf(pair[0]),
        b = vs.indexOf(pair[1]);
      if (a < 0 || b < 0 || a === b) pair = null;
      else if (a > b) pair = [pair[1], pair[0]]; /* the diff data is "earlier>later" */
    }
    this.state.compare = pair;
    this.fillSelects();
    this.render();
    this.changed();
  };

  /* the state changed: the URL follows, and so does the explorer's variant */
  Example.prototype.changed = function () {
    VIEW.update(this.section);
    this.section.dispatchEvent(
      new CustomEvent('example:variant', { detail: { variant: this.state.variant, from: 'code' } }),
    );
  };

  Example.prototype.urlState = function () {
    var st = this.state,
      d = this.index.default,
      vs = this.index.variants;
    return {
      variant: st.variant !== vs[0] ? st.variant : null,
      compare: st.compare ? st.compare.join(',') : null,
      asm: st.target !== d.target || st.opt !== d.opt ? st.target + '/' + st.opt : null,
      syntax: st.syntax !== 'att' ? st.syntax : null,
    };
  };

  Example.prototype.bind = function () {
    var self = this,
      sel = this.sel;
    this.controls.hidden = false;
    this.fillSelects();
    VIEW.register(this.section, function () {
      return self.urlState();
    });
    this.bindSelects();
    if (sel.compare) this.bindCompare();
    /* the explorer switched variants: show the same code */
    this.section.addEventListener('example:variant', function (ev) {
      if (ev.detail.from === 'code' || ev.detail.variant === self.state.variant) return;
      if (self.state.compare) return;
      self.setVariant(ev.detail.variant, true);
    });
    this.bindLines();
    var timer = null;
    window.addEventListener('resize', function () {
      clearTimeout(timer);
      timer = setTimeout(function () {
        self.affordances();
      }, 150);
    });
    var src = this.section.querySelector('details.disasm-src');
    if (src)
      src.addEventListener('toggle', function () {
        self.affordances();
      });
  };

  /* compiler, architecture, optimization level, syntax and variant: each change selects and shows */
  Example.prototype.bindSelects = function () {
    var self = this,
      sel = this.sel;
    sel.compiler.addEventListener('change', function () {
      var cur = self.targetInfo(self.state.target);
      var want = sel.compiler.value + '/' + (cur ? cur.arch : '');
      if (!self.targetInfo(want)) {
        var first = self.index.targets.filter(function (t) {
          return t.compiler === sel.compiler.value;
        })[0];
        if (!first) return;
        want = first.target;
      }
      self.select(want, self.state.opt, function () {
        self.changed();
      });
    });
    sel.arch.addEventListener('change', function () {
      self.select(sel.compiler.value + '/' + sel.arch.value, self.state.opt, function () {
        self.changed();
      });
    });
    sel.opt.addEventListener('change', function () {
      self.select(self.state.target, sel.opt.value, function () {
        self.changed();
      });
    });
    sel.syntax.addEventListener('change', function () {
      self.state.syntax = sel.syntax.value === 'intel' && self.isX86() ? 'intel' : 'att';
      self.render();
      self.changed();
    });
    for (var i = 0; i < this.radios.length; i++) {
      this.radios[i].addEventListener('change', function (ev) {
        if (ev.target.checked) self.setVariant(ev.target.value);
      });
    }
  };

  /* the comparison: the checkbox and the two variant selects, always two different variants */
  Example.prototype.bindCompare = function () {
    var self = this,
      sel = this.sel;
    var pair = function () {
      return [sel.a.value, sel.b.value];
    };
    sel.compare.addEventListener('change', function () {
      if (!sel.compare.checked) {
        self.setCompare(null);
        return;
      }
      var p = pair();
      if (p[0] === p[1]) {
        /* two different variants: the active one and the next */
        var vs = self.index.variants,
          k = vs.indexOf(self.state.variant);
        p = [vs[k], vs[(k + 1) % vs.length]];
      }
      self.setCompare(p);
    });
    var pick = function (changed) {
      return function () {
        var p = pair();
        if (p[0] === p[1]) {
          /* keep two different variants: move the other select */
          var vs = self.index.variants,
            other = changed === 'a' ? 'b' : 'a',
            o = self.state.compare || [];
          var keep = changed === 'a' ? o[0] : o[1];
          sel[other].value =
            keep && keep !== p[0]
              ? keep
              : vs.filter(function (v) {
                  return v !== p[0];
                })[0];
          p = pair();
        }
        self.setCompare(p);
      };
    };
    sel.a.addEventListener('change', pick('a'));
    sel.b.addEventListener('change', pick('b'));
  };

  /* an assembly line and its source line light up together (hover, focus); arrows move along them */
  Example.prototype.bindLines = function () {
    var self = this;
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
    body.addEventListener('keydown', function (ev) {
      var li = ev.target.closest ? ev.target.closest('li[data-src]') : null;
      if (!li || ['ArrowDown', 'ArrowUp', 'Home', 'End'].indexOf(ev.key) < 0) return;
      var items = Array.prototype.slice.call(li.parentNode.querySelectorAll('li:not(.src-other):not(.asm-gap)'));
      var k = items.indexOf(li);
      if (k < 0) return;
      var to =
        ev.key === 'ArrowDown'
          ? Math.min(k + 1, items.length - 1)
          : ev.key === 'ArrowUp'
            ? Math.max(k - 1, 0)
            : ev.key === 'Home'
              ? 0
              : items.length - 1;
      ev.preventDefault();
      items[k].setAttribute('tabindex', '-1');
      items[to].setAttribute('tabindex', '0');
      items[to].focus();
    });
  };

  /* The URL's state for this example, each value checked against the index (anything else is
   * ignored, with a note in the caption): the view starts there. */
  Example.prototype.fromUrl = function () {
    var p = VIEW.params(this.section);
    if (!p) return null;
    var ix = this.index,
      bad = [],
      want = { target: this.state.target, opt: this.state.opt };
    if (p.variant != null) {
      if (ix.variants.indexOf(p.variant) >= 0) this.state.variant = p.variant;
      else bad.push('variant');
    }
    if (p.compare != null) {
      var pr = p.compare.split(',');
      var a = ix.variants.indexOf(pr[0]),
        b = ix.variants.indexOf(pr[1]);
      if (pr.length === 2 && a >= 0 && b >= 0 && a !== b) this.state.compare = a < b ? [pr[0], pr[1]] : [pr[1], pr[0]];
      else bad.push('compare');
    }
    if (p.asm != null) {
      var parts = p.asm.split('/'),
        t = parts.length === 3 ? this.targetInfo(parts[0] + '/' + parts[1]) : null;
      var ok =
        t &&
        t.opts.some(function (o) {
          return o.opt === parts[2];
        });
      if (ok) want = { target: t.target, opt: parts[2] };
      else bad.push('asm');
    }
    if (p.syntax != null) {
      if (p.syntax === 'att' || p.syntax === 'intel') this.state.syntax = p.syntax;
      else bad.push('syntax');
    }
    return { want: want, bad: bad };
  };

  function init() {
    var sections = document.querySelectorAll('section.example');
    for (var i = 0; i < sections.length; i++) {
      if (sections[i].getAttribute('data-disasm-ready')) continue;
      if (!sections[i].querySelector('script.disasm-index')) continue;
      sections[i].setAttribute('data-disasm-ready', '1');
      start(sections[i]);
    }
  }
  function start(section) {
    var ex = new Example(section);
    ex.bind();
    var fromUrl = ex.fromUrl();
    if (!fromUrl) {
      ex.renderPage();
      return;
    } /* the default view: the page's HTML, no data script */
    var want = fromUrl.want;
    ex.select(want.target, want.opt, function () {
      if (fromUrl && fromUrl.bad.length) {
        ex.showError(
          'the link\u2019s ' +
            fromUrl.bad.join(', ') +
            ' ' +
            (fromUrl.bad.length > 1 ? 'were' : 'was') +
            ' not understood and ignored',
        );
      }
      if (fromUrl)
        section.dispatchEvent(
          new CustomEvent('example:variant', { detail: { variant: ex.state.variant, from: 'code' } }),
        );
    });
    if (fromUrl) section.scrollIntoView();
  }

  /* The folded record (details.example-verified): a fragment that names something inside it, or a
   * click on a link to such a place, opens it first, so the link lands on what it names. */
  function openRecordOf(id) {
    var t = id ? document.getElementById(id) : null;
    for (
      var d = t && t.closest('details.example-verified');
      d;
      d = d.parentElement && d.parentElement.closest('details')
    )
      d.open = true;
    return t;
  }
  function openFromHash() {
    var h = window.location.hash.slice(1),
      t = null;
    try {
      t = openRecordOf(decodeURIComponent(h));
    } catch (e) {
      return;
    }
    if (t && t.closest('details.example-verified')) t.scrollIntoView();
  }
  window.addEventListener('hashchange', openFromHash);
  document.addEventListener(
    'click',
    function (ev) {
      var a = ev.target && ev.target.closest ? ev.target.closest('a[href*="#"]') : null;
      if (a && a.pathname === window.location.pathname)
        try {
          openRecordOf(decodeURIComponent(a.hash.slice(1)));
        } catch (e) {
          /* not an id */
        }
    },
    true,
  );

  if (document.readyState === 'loading')
    document.addEventListener('DOMContentLoaded', function () {
      init();
      openFromHash();
    });
  else {
    init();
    openFromHash();
  }
})();
