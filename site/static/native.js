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
 * thread's store buffer after every step, as the trace gives it (tools/native). Every cell shows
 * "Under Armv8" (renderArmv8): the Armv8 outcomes of the AArch64 cell of its compiler and level,
 * with their witness executions, each bad one drawn at build time (the other cell's data script is
 * loaded for it). The explorer's build is the panel's second view (static: it does not depend on the
 * cell); renderDiffer says whether the cell's outcomes and the build's agree. Data scripts
 * are loaded with disasm.js's loader (window.COURSE_LOAD_DATA), which is on every page with this one.
 * No emulator here: the traces are data made at build time (tools/native). When this script has
 * drawn a cell, the section's data-drawn names it (the Armv8 part's own data-drawn names the
 * AArch64 cell it drew, which may arrive later); until then the page shows the build's HTML. */
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
    if (typeof window.COURSE_LOAD_DATA !== 'function') {
      done(new Error('the disassembly view is not loaded'));
      return;
    }
    window.COURSE_LOAD_DATA(path, key, done);
  }

  function list(x) {
    return Array.isArray(x) ? x : [];
  }

  /* Appends to box the text lead, then each expression as code, separated by "; ". */
  function appendCodes(box, lead, exprs) {
    box.appendChild(document.createTextNode(lead));
    exprs.forEach(function (e, i) {
      if (i) box.appendChild(document.createTextNode('; '));
      box.appendChild(el('code', null, e));
    });
  }

  /* Writes into box why the plain variant's result p gives no verdict (none, or not explored) and
   * returns true; false when it was explored. */
  function unexplored(box, p, none, failed) {
    if (!p) box.textContent = none;
    else if (p.status !== 'ok') box.textContent = failed;
    else return false;
    return true;
  }

  /* A paragraph "<label>: <text>" for a model ('tso', 'armv8') appended to box: returns the text's span. */
  function verdictLine(box, model, label) {
    var v = el('p', 'native-verdict native-' + model + '-verdict'),
      text = el('span', 'native-' + model + '-verdict-text');
    v.appendChild(el('strong', null, label));
    v.appendChild(document.createTextNode(': '));
    v.appendChild(text);
    box.appendChild(v);
    return text;
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

  /* A model's description is in full once per page (example.html page_model), with an id the later
   * records link to: a box drawn again keeps that element (it says what the full text here would) */
  function keptModel(box) {
    var m = box.querySelector('.native-model[id]');
    if (m) m.parentNode.removeChild(m);
    return m;
  }

  function Native(section) {
    this.section = section;
    this.example = section.closest('section.example');
    this.index = JSON.parse(section.querySelector('script.native-index').textContent);
    this.cell = this.index.cell;
    this.data = null;
    this.replay = null;
    /* the replay's controls sit under the listing they step (example.html), not with the tables */
    this.panel =
      (this.example && this.example.querySelector('.native-replay')) || section.querySelector('.native-replay');
  }

  /* the data script of a cell, or undefined: the index lists each target once with its -O levels,
   * ["gcc-12/x86_64", "O0 O1 O2"], and a cell's script is of one form (native-outcomes.html checks it) */
  Native.prototype.script = function (cell) {
    var cut = cell.lastIndexOf('/'),
      target = cell.slice(0, cut),
      opt = cell.slice(cut + 1);
    var ts = Array.isArray(this.index.scripts) ? this.index.scripts : [];
    var has = ts.some(function (t) {
      return t[0] === target && t[1].split(' ').indexOf(opt) >= 0;
    });
    return has ? this.index.scripts_base + target + '-' + opt + '.js' : undefined;
  };

  Native.prototype.showCell = function (cell) {
    var self = this,
      path = this.script(cell);
    this.stopReplay();
    this.cell = cell;
    this.section.setAttribute('data-cell', cell);
    this.section.removeAttribute('data-drawn');
    if (!path) {
      this.renderMissing(cell);
      return;
    }
    this.loading = true;
    loadScript(path, 'native/' + this.index.id + '/' + cell, function (err, data) {
      if (self.cell !== cell) return; /* a later choice won */
      self.loading = false;
      if (err) {
        self.renderMissing(cell, err.message);
        return;
      }
      self.data = data;
      self.render();
      var want = self.pending;
      if (want && self.startReplay(want)) self.pending = null;
    });
  };

  Native.prototype.renderMissing = function (cell, why) {
    this.data = null;
    this.section.querySelector('.native-cell').textContent = cell.replace(/\/([^/]+)$/, ' · -$1');
    this.section.querySelector('.native-verdict-text').textContent =
      'no data for this cell' + (why ? ' (' + why + ')' : '');
    this.section.querySelector('.native-tables').textContent = '';
    var tso = this.section.querySelector('.native-tso');
    if (tso) tso.textContent = '';
    var a8 = this.section.querySelector('.native-armv8');
    if (a8) a8.textContent = '';
    this.section.setAttribute('data-drawn', cell);
  };

  Native.prototype.verdict = function () {
    var p = this.data.variants.plain;
    var box = this.section.querySelector('.native-verdict-text');
    box.textContent = '';
    if (unexplored(box, p, 'no plain variant', 'the plain code could not be explored')) return;
    /* the fix's guarantees this code breaks: expect.js's verdicts (tools/native/expect.js) */
    var hits = list(p.broken);
    if (!hits.length) {
      box.textContent = 'the plain code reaches nothing the fixed code avoids';
      return;
    }
    appendCodes(
      box,
      'the plain code reaches what the fixed code never does: ',
      hits.map(function (b) {
        return b.expr;
      }),
    );
  };

  /* The guarantees the fixed code of this cell breaks under x86-TSO: {expr: true}. */
  Native.prototype.fixedTsoBreaks = function () {
    var f = this.data.variants.fixed,
      out = {};
    list(f && f.tso && f.tso.broken).forEach(function (b) {
      out[b.expr] = true;
    });
    return out;
  };

  /* After an outcome's key (td), the guarantees it breaks: those the fixed code keeps, then those the
   * fixed code breaks too (fixedBreaks: {expr: true}). */
  function breakLabels(td, breaks, fixedBreaks) {
    var mine = breaks.filter(function (e) {
      return !fixedBreaks[e];
    });
    var both = breaks.filter(function (e) {
      return fixedBreaks[e];
    });
    if (mine.length) {
      td.appendChild(document.createTextNode(' '));
      td.appendChild(el('span', 'native-bad-label', '(the fixed code never does this: ' + mine.join('; ') + ')'));
    }
    if (both.length) {
      td.appendChild(document.createTextNode(' '));
      td.appendChild(el('span', 'native-bad-label', "(breaks the fix's guarantee: " + both.join('; ') + ')'));
    }
  }

  /* One variant's outcome table, as partials/native-table.html writes it. tsoBreaks: null under SC;
   * under x86-TSO (c is cell.tso) the guarantees the fixed code breaks ({expr: true}, fixedTsoBreaks). */
  Native.prototype.table = function (v, c, tsoBreaks, model) {
    var self = this,
      t = el('table', 'native-outcomes'),
      cap = el('caption');
    var a8 = model === 'armv8',
      tso = !!tsoBreaks && !a8,
      fixedBreaks = tsoBreaks || {};
    t.setAttribute('data-variant', v);
    if (tso || a8) t.setAttribute('data-model', a8 ? 'armv8' : 'tso');
    cap.appendChild(el('strong', null, v));
    if (tso || a8) cap.appendChild(document.createTextNode(a8 ? ', under Armv8' : ', under x86-TSO'));
    t.appendChild(cap);
    if (!c) {
      cap.appendChild(document.createTextNode(': no data'));
      return t;
    }
    if (c.status === 'skipped') {
      cap.appendChild(document.createTextNode(': not explored in this build (make native-all explores every cell)'));
      return t;
    }
    if (c.status !== 'ok') {
      cap.appendChild(document.createTextNode(': '));
      cap.appendChild(el('span', 'native-error', 'not explored: ' + c.error));
      return t;
    }
    /* outcomes, as the explorer's build beside it counts them (under Armv8 also the executions) */
    var units = a8 ? ' (' + c.allowed + ' execution' + (c.allowed === 1 ? '' : 's') + ' allowed)' : '';
    cap.appendChild(
      document.createTextNode(
        ': ' +
          c.outcomes.length +
          ' outcome' +
          (c.outcomes.length === 1 ? '' : 's') +
          units +
          (c.partial ? ', partial: ' + c.why : ''),
      ),
    );
    var head = el('thead'),
      hr = el('tr');
    hr.appendChild(el('th', null, 'Outcome'));
    hr.appendChild(el('th', null, a8 ? 'Witness execution' : 'Schedule'));
    head.appendChild(hr);
    t.appendChild(head);
    var body = el('tbody'),
      opened = false;
    c.outcomes.forEach(function (o, k) {
      var breaks = list(o.breaks),
        tr = el('tr', breaks.length ? 'native-bad' : null),
        td = el('td', null, o.key);
      breakLabels(td, breaks, fixedBreaks);
      tr.appendChild(td);
      if (a8) {
        var w = el('td'),
          open = v === (Object.keys(fixedBreaks).length ? 'fixed' : 'plain') && breaks.length && !opened;
        if (open) opened = true;
        w.appendChild(witness(o, self.section.id + '-a8-' + v + '-' + (k + 1), open));
        tr.appendChild(w);
        body.appendChild(tr);
        return;
      }
      var rp = v + (tso ? '@tso:' : ':') + o.witness;
      var a = el('a', 'native-witness', o.witness === '' ? '(none)' : o.witness);
      a.href = '?asm=' + self.cell + '&replay=' + rp + '#' + (self.example ? self.example.id : '');
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
    var self = this,
      box = this.section.querySelector('.native-tso'),
      vs = this.data.variants;
    var p = vs.plain && vs.plain.tso;
    if (!box) return;
    var kept = keptModel(box);
    box.textContent = '';
    if (!p) {
      box.appendChild(
        el(
          'p',
          'native-model native-tso-model',
          "The processor's own reordering (x86-TSO) is explored for the x86-64 and " +
            'i386 cells; the tables of this cell are the interleavings of its code alone.',
        ),
      );
      if (kept) box.appendChild(kept);
      return;
    }
    box.appendChild(el('h5', null, "Under x86-TSO: the processor's store buffers too"));
    box.appendChild(
      kept ||
        el(
          'p',
          'native-model native-tso-model',
          'The same machine code on an x86 processor (the x86-TSO model): a store ' +
            "waits in its thread's store buffer and reaches memory later, oldest first; a drain is a step of its own (in a " +
            "schedule, a drains t0's buffer, b t1's). A load reads its own thread's newest buffered store to that address, " +
            "or memory. mfence, locked instructions and xchg wait until their thread's buffer is empty.",
        ),
    );
    var text = verdictLine(box, 'tso', 'x86-TSO');
    var fixedBreaks = this.fixedTsoBreaks();
    var both = Object.keys(fixedBreaks);
    var only = list(p.broken)
      .map(function (b) {
        return b.expr;
      })
      .filter(function (e) {
        return !fixedBreaks[e];
      });
    if (p.status !== 'ok') text.textContent = 'the plain code could not be explored';
    else if (!only.length && !both.length) text.textContent = 'the plain code reaches nothing the fixed code avoids';
    else {
      if (only.length) appendCodes(text, 'the plain code reaches what the fixed code never does: ', only);
      if (both.length)
        appendCodes(
          text,
          (only.length ? '. ' : '') +
            "the processor's store buffer breaks the fix's guarantee, the fixed code reaches it too: ",
          both,
        );
    }
    var tables = el('div', 'native-tables');
    this.index.variants.forEach(function (name) {
      tables.appendChild(self.table(name, (vs[name] || {}).tso, fixedBreaks));
    });
    box.appendChild(tables);
  };

  /* One Armv8 outcome's witness execution, as partials/native-a8-witness.html writes it: a
   * disclosure with the picture drawn at build time (outcome.picture, tools/native a8svg.c; trusted
   * build data, not from the URL) and the execution in one line. */
  function witness(o, id, open) {
    if (!o.picture) return el('code', 'native-a8-witness', o.witness);
    var d = el('details', 'native-a8-pic'),
      sum = el('summary'),
      fig = el('figure'),
      cap = el('figcaption');
    var missing = o.missing || 0;
    d.id = id;
    d.open = !!open;
    sum.textContent = missing
      ? 'the execution, drawn: ' + missing + ' ordering edge' + (missing === 1 ? '' : 's') + ' missing'
      : 'the execution, drawn: sequentially consistent';
    d.appendChild(sum);
    var pic = el('div', 'native-a8-svg');
    pic.innerHTML = o.picture;
    fig.appendChild(pic);
    cap.appendChild(
      document.createTextNode(
        (missing
          ? 'Dashed red: program order that this execution contradicts and that ' +
            'nothing in the code enforces, the ordering the code is missing (a barrier, acquire/release or a dependency would ' +
            'give it). '
          : "No program order is contradicted: this execution is sequentially consistent, the machine code's " +
            'own order of its accesses gives this outcome. ') +
          'Down each column: program order (po); rf: the store a load ' +
          'reads; co: the order of the stores to one location; fr: from a load to the store that overwrites the value it ' +
          'read. Each event links to its instruction in the listing. ',
      ),
    );
    cap.appendChild(el('code', 'native-a8-witness', o.witness));
    fig.appendChild(cap);
    d.appendChild(fig);
    return d;
  }

  /* An event of a witness picture clicked: on the AArch64 cell on display, its instruction is
   * marked in the listing (that variant shown) with a link back to the picture; on another cell
   * the link goes to the example, as without JavaScript. True when it was marked. */
  Native.prototype.showEvent = function (a) {
    var box = this.section.querySelector('.native-armv8'),
      d = a.closest('details.native-a8-pic');
    var table = a.closest('table.native-outcomes');
    if (!box || !d || !table || box.getAttribute('data-cell') !== this.cell) return false;
    var variant = table.getAttribute('data-variant'),
      t = Number(a.getAttribute('data-thread'));
    if (this.example)
      this.example.dispatchEvent(new CustomEvent('example:variant', { detail: { variant: variant, from: 'native' } }));
    var li = this.findInsn(this.index.threads[t], variant, {
      fn: a.getAttribute('data-fn'),
      addr: a.getAttribute('data-addr'),
    });
    if (!li) return false;
    var old = this.example.querySelectorAll('.native-a8-at, .native-a8-back');
    for (var i = 0; i < old.length; i++) {
      if (old[i].classList.contains('native-a8-back')) old[i].remove();
      else old[i].classList.remove('native-a8-at');
    }
    li.classList.add('native-a8-at');
    var back = el('a', 'native-a8-back', '\u21a9 back to the execution');
    back.href = '#' + d.id;
    li.appendChild(back);
    li.scrollIntoView({ block: 'center' });
    back.focus();
    return true;
  };

  /* The AArch64 cell whose Armv8 result goes with cell: the cell itself, or the same compiler and
   * -O level on aarch64 (as partials/native-armv8.html names it). */
  function armv8Cell(cell) {
    return cell.replace(/\/[^/]+\/([^/]+)$/, '/aarch64/$1');
  }

  function exprsOf(x) {
    return list(x && x.broken).map(function (b) {
      return b.expr;
    });
  }

  /* The Armv8 verdict (as partials/native-armv8.html writes it) into box, from expect.js's data:
   * vs the AArch64 cell's variants (each with .armv8 and the SC .broken). */
  function armv8Verdict(box, vs) {
    var p = vs.plain && vs.plain.armv8,
      f = vs.fixed && vs.fixed.armv8;
    if (unexplored(box, p, 'no Armv8 result for this cell', 'the plain code could not be explored under Armv8')) return;
    if (p.partial) {
      box.textContent = 'the plain code was only partly explored (' + p.why + '): no verdict';
      return;
    }
    var f8 = exprsOf(f),
      psc = exprsOf(vs.plain);
    var only = exprsOf(p).filter(function (e) {
      return f8.indexOf(e) < 0;
    });
    var cpu = only.filter(function (e) {
      return psc.indexOf(e) < 0;
    });
    if (only.length && cpu.length === only.length) {
      appendCodes(
        box,
        "the plain code reaches what the fixed code never does, and only through the processor's reordering " +
          '(run one access at a time, this code never reaches it): ',
        only,
      );
    } else if (only.length) {
      appendCodes(box, 'the plain code reaches what the fixed code never does: ', only);
      if (cpu.length) {
        appendCodes(box, ' (', cpu);
        box.appendChild(
          document.createTextNode(
            " only through the processor's reordering: this code run one access at a time never reaches it)",
          ),
        );
      }
    }
    if (f8.length) {
      appendCodes(
        box,
        (only.length ? '. ' : '') + "the processor takes the fix's guarantee from the fixed code too, which reaches ",
        f8,
      );
      box.appendChild(document.createTextNode(' on Arm: the fix stops the compiler, not the processor'));
    }
    if (!only.length && !f8.length) box.textContent = 'the plain code reaches nothing the fixed code avoids';
    if (f && f.status === 'ok' && !f.partial && !f8.length && only.length)
      box.appendChild(document.createTextNode('; the fixed code keeps its guarantee on Arm'));
  }

  var ARMV8_MODEL =
    'The AArch64 machine code on an Arm processor (the Armv8 model of the Arm Architecture Reference ' +
    "Manual, B2.3). Each thread's accesses to different locations may take effect out of program order: a load may read " +
    'early, a store may become visible late, unless something orders them. DMB ISH orders every access before it before ' +
    'every access after it; DMB ISHLD orders earlier loads before later loads and stores; DMB ISHST orders earlier stores ' +
    'before later stores. LDAR (acquire) comes before every later access, STLR (release) after every earlier one, and an ' +
    'STLR before a later LDAR. An address or data dependency orders a load before the access it feeds; a control ' +
    'dependency orders it before later stores (and, with an ISB, later loads). The model is other-multi-copy-atomic: a ' +
    'store becomes visible to every other thread at the same moment. Each outcome is an execution (which store each load ' +
    'reads, the order of the stores to each location), not a schedule; every execution the model allows is listed.';

  /* "Under Armv8" for the cell on display: its own Armv8 result on an AArch64 cell, else the AArch64
   * cell of the same compiler and level (its data script loaded too). */
  Native.prototype.renderArmv8 = function () {
    var self = this,
      box = this.section.querySelector('.native-armv8');
    if (!box) return;
    var name = armv8Cell(this.cell),
      path = this.script(name);
    box.setAttribute('data-cell', name);
    box.removeAttribute('data-drawn');
    box.modelKept = keptModel(box) || box.modelKept;
    box.textContent = '';
    if (name === this.cell) {
      this.drawArmv8(box, name, this.data);
      return;
    }
    if (!path) {
      box.appendChild(
        el(
          'p',
          'native-model native-armv8-model',
          "The processor's own reordering on Arm (Armv8) is explored on the " +
            'AArch64 cells; this compiler has none here.',
        ),
      );
      if (box.modelKept) box.appendChild(box.modelKept);
      box.setAttribute('data-drawn', name);
      return;
    }
    var cell = this.cell;
    loadScript(path, 'native/' + this.index.id + '/' + name, function (err, data) {
      if (self.cell !== cell || !data) return;
      self.drawArmv8(box, name, data);
    });
  };

  Native.prototype.drawArmv8 = function (box, name, data) {
    var self = this,
      vs = data.variants;
    box.textContent = '';
    var h = el('h5', null, "Under Armv8: the processor's reordering on Arm");
    if (name !== this.cell) {
      h.appendChild(document.createTextNode(' '));
      h.appendChild(
        el(
          'small',
          null,
          '(' + name.replace(/\/([^/]+)$/, ' \u00b7 -$1') + ', the AArch64 code of this compiler and level)',
        ),
      );
    }
    box.appendChild(h);
    box.appendChild(box.modelKept || el('p', 'native-model native-armv8-model', ARMV8_MODEL));
    var text = verdictLine(box, 'armv8', 'Armv8');
    armv8Verdict(text, vs);
    var fixedBreaks = {};
    exprsOf(vs.fixed && vs.fixed.armv8).forEach(function (e) {
      fixedBreaks[e] = true;
    });
    var tables = el('div', 'native-tables');
    this.index.variants.forEach(function (n) {
      tables.appendChild(self.table(n, (vs[n] || {}).armv8, fixedBreaks, 'armv8'));
    });
    box.appendChild(tables);
    box.setAttribute('data-drawn', name); /* drawn by this script, from the data of cell name */
  };

  /* The sentence under the two views (partials/native-outcomes.html writes the same): they agree,
   * or, per variant, the outcomes only one of them reaches, and why two compilations differ. */
  Native.prototype.renderDiffer = function () {
    var p = this.section.querySelector('.native-differ'),
      keys = this.index.build_keys || {},
      vs = this.data.variants;
    if (!p || !this.index.build) return;
    var diffs = [];
    this.index.variants.forEach(function (v) {
      var c = vs[v],
        b = keys[v];
      if (!c || c.status !== 'ok' || c.partial || !b) return;
      var mk = c.outcomes.map(function (o) {
        return o.key;
      });
      var m = mk.filter(function (k) {
          return b.indexOf(k) < 0;
        }),
        only = b.filter(function (k) {
          return mk.indexOf(k) < 0;
        });
      if (m.length || only.length) diffs.push({ v: v, m: m, b: only });
    });
    p.textContent = '';
    if (!diffs.length) {
      p.textContent =
        "The two views agree on every variant: this cell's machine code and the explorer's build reach the same outcomes.";
      return;
    }
    p.appendChild(
      document.createTextNode(
        'They differ because they are two compilations of the same C code: the explorer runs ' +
          this.index.build.replace(/ at -.*$/, '') +
          "'s WebAssembly build (wasm32, where ",
      ),
    );
    p.appendChild(el('code', null, 'long'));
    p.appendChild(
      document.createTextNode(
        ' and pointers are 4 bytes), this table the ' +
          this.data.target +
          ' code at -' +
          this.data.opt +
          '; each compiler orders, splits and merges the accesses its own way (the evidence above says what this one did).',
      ),
    );
    diffs.forEach(function (d) {
      p.appendChild(document.createTextNode(' '));
      p.appendChild(el('strong', null, d.v));
      p.appendChild(document.createTextNode(': '));
      if (d.m.length) appendCodes(p, 'only the machine code reaches ', d.m);
      if (d.m.length && d.b.length) p.appendChild(document.createTextNode('; '));
      if (d.b.length) appendCodes(p, "only the explorer's build reaches ", d.b);
      p.appendChild(document.createTextNode('.'));
    });
  };

  Native.prototype.render = function () {
    var self = this,
      box = this.section.querySelector('.native-tables');
    this.section.querySelector('.native-cell').textContent = this.data.target + ' · -' + this.data.opt;
    var name = this.section.querySelector('.native-cell-name');
    if (name) name.textContent = '(' + this.data.target + ' \u00b7 -' + this.data.opt + ')';
    this.renderDiffer();
    this.verdict();
    box.textContent = '';
    this.index.variants.forEach(function (v) {
      box.appendChild(self.table(v, self.data.variants[v]));
    });
    this.renderTso();
    this.renderArmv8();
    /* what the page shows is this script's drawing of cell (before: the build's, for the default cell) */
    this.section.setAttribute('data-drawn', this.cell);
  };

  /* ---- replay ---------------------------------------------------------------------------- */

  /* The listing item of an instruction in the disassembly view: thread column, variant, fn, addr. */
  Native.prototype.findInsn = function (thread, variant, pos) {
    if (!this.example || !pos || !pos.addr) return null;
    var col = this.example.querySelector(
      '.disasm-thread[data-thread="' + thread + '"] .disasm-asm[data-variant="' + variant + '"]',
    );
    if (!col) return null;
    var items = col.querySelectorAll('.asm-lines li'),
      found = null;
    for (var i = 0; i < items.length; i++) {
      var a = items[i].querySelector('.asm-addr');
      if (!a || a.textContent !== pos.addr) continue;
      var ol = items[i].parentNode,
        p = ol.previousElementSibling;
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
    if (this.panel) {
      this.panel.hidden = true;
      this.panel.textContent = '';
    }
  };

  /* want: {variant, tso, witness} (parseReplay). False when this cell has no such outcome. */
  Native.prototype.startReplay = function (want) {
    var variant = want.variant,
      witness = want.witness;
    var c =
      this.data && Object.prototype.hasOwnProperty.call(this.data.variants, variant)
        ? this.data.variants[variant]
        : null;
    if (c && want.tso) c = c.tso;
    var o =
      c && c.outcomes
        ? c.outcomes.filter(function (x) {
            return x.witness === witness;
          })[0]
        : null;
    if (!o || !o.trace) return false;
    /* the code view shows one variant at a time: show this one (static/disasm.js listens) */
    if (this.example)
      this.example.dispatchEvent(new CustomEvent('example:variant', { detail: { variant: variant, from: 'native' } }));
    this.replay = { variant: variant, tso: !!want.tso, outcome: o, step: 0 };
    this.buildPanel();
    this.showStep();
    return true;
  };

  Native.prototype.buildPanel = function () {
    var self = this,
      r = this.replay,
      p = this.panel;
    p.textContent = '';
    p.hidden = false;
    var h = el('h5', null, 'Replay of ');
    h.appendChild(el('code', null, r.outcome.key));
    h.appendChild(
      document.createTextNode(
        ' (' + r.variant + (r.tso ? ', under x86-TSO' : '') + ', schedule ' + (r.outcome.witness || '(none)') + ')',
      ),
    );
    p.appendChild(h);
    var bar = el('p', 'native-replay-controls');
    [
      ['start', '\u00ab Start'],
      ['back', '\u2039 Back'],
      ['next', 'Next \u203a'],
      ['end', 'End \u00bb'],
      ['close', 'Close'],
    ].forEach(function (b) {
      var btn = el('button', 'native-' + b[0], b[1]);
      btn.type = 'button';
      btn.addEventListener('click', function () {
        self.go(b[0]);
      });
      bar.appendChild(btn);
    });
    p.appendChild(bar);
    p.appendChild(el('p', 'native-step-text'));
    p.lastChild.setAttribute('aria-live', 'polite');
    var mem = el('table', 'native-memory');
    mem.appendChild(
      el('caption', null, r.tso ? 'Memory after this step (what the other threads read)' : 'Memory after this step'),
    );
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
    if (what === 'close') {
      this.stopReplay();
      return;
    }
    if (what === 'start') r.step = 0;
    else if (what === 'back') r.step = Math.max(0, r.step - 1);
    else if (what === 'next') r.step = Math.min(n, r.step + 1);
    else if (what === 'end') r.step = n;
    this.showStep();
  };

  /* A step in words. tso: the trace is under x86-TSO, where a store step ('W') puts the store in
   * the thread's buffer, 'D' drains the oldest one to memory and 'F' goes on past a barrier. */
  function describe(st, threads, tso) {
    var t = threads[st.t] || 'thread ' + st.t;
    var parts = st.accesses.map(function (a) {
      var into = tso && st.kind === 'W' && a.kind === 'W' ? ' into its store buffer' : '';
      return (
        (a.kind === 'R' ? 'reads ' : 'writes ') +
        a.var +
        (a.kind === 'R' ? ' = ' : ' \u2190 ') +
        show(a.value) +
        into +
        ' (' +
        a.size +
        ' bytes, at ' +
        a.fn +
        '+' +
        a.addr +
        ')'
      );
    });
    var s;
    if (st.kind === 'D') {
      var d = st.accesses[0] || {};
      s =
        t +
        "'s oldest buffered store reaches memory: " +
        d.var +
        ' \u2190 ' +
        show(d.value) +
        ' (the store at ' +
        d.fn +
        '+' +
        d.addr +
        ')';
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
    else if (nx.status === 'spins' || nx.status === 'bound')
      s += '; ' + t + ' runs on forever without touching shared memory';
    return s;
  }

  Native.prototype.showStep = function () {
    var r = this.replay,
      tr = r.outcome.trace,
      threads = this.index.threads,
      self = this;
    this.clearMarks();
    var pos = tr.start.map(function (p) {
      return p;
    });
    for (var i = 0; i < r.step; i++) pos[tr.steps[i].t] = tr.steps[i].next;
    pos.forEach(function (p, t) {
      if (!p || p.status !== 'paused') return;
      var li = self.findInsn(threads[t], r.variant, p);
      if (li) {
        li.classList.add('native-at');
        li.setAttribute('data-native-thread', threads[t]);
      }
    });
    var text,
      mem = tr.mem;
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
    var threads = this.index.threads,
      body = this.panel.querySelector('.native-buffers tbody');
    body.textContent = '';
    threads.forEach(function (name, t) {
      var row = el('tr'),
        stores = list(list(buffers)[t]);
      row.appendChild(el('th', null, name));
      row.appendChild(
        el(
          'td',
          null,
          stores.length
            ? stores
                .map(function (a) {
                  return a.var + ' \u2190 ' + show(a.value);
                })
                .join(', ')
            : '(empty)',
        ),
      );
      body.appendChild(row);
    });
  };

  Native.prototype.bind = function () {
    var self = this;
    this.section.addEventListener('click', function (ev) {
      var e8 = ev.target.closest ? ev.target.closest('a.a8-ev') : null;
      if (e8 && self.showEvent(e8)) {
        ev.preventDefault();
        return;
      }
      var a = ev.target.closest ? ev.target.closest('a.native-witness') : null;
      if (!a) return;
      var want = parseReplay(replayOf(a.search), self.index.variants, list(self.index.threads).length);
      /* the cell's data is on its way (this script was loaded on demand, static/ondemand.js): the
       * replay starts when it has come */
      if (want && !self.data && self.loading) {
        self.pending = want;
        ev.preventDefault();
        return;
      }
      if (want && self.data && self.startReplay(want)) {
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

  /* the replay a query names (?...&replay=<variant>[@tso]:<schedule>): the page's URL, or a schedule
   * link's href (the link carries it only there: issue 27 point 14), or null */
  function replayOf(search) {
    var m = /[?&]replay=([^&#]+)/.exec(search || '');
    if (!m) return null;
    try {
      return decodeURIComponent(m[1]);
    } catch (e) {
      return null;
    }
  }

  function requested(example, index) {
    var v = replayOf(window.location.search);
    if (v == null || !example || window.location.hash !== '#' + example.id) return null;
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

  /* static/ondemand.js calls init again for the sections of a record it inserted later */
  window.CourseNative = { init: init };
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', init);
  else init();
})();
