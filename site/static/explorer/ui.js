/* ui.js - the outcome explorer's page UI (classic script, works from file:// and http).
 * For every .explorer-app on the page it builds: a row of options (the variant, the memory model
 * (interleaving (SC), or x86-TSO when the example was explored under it, stated next to the
 * controls), the mode); "play the scheduler" as a game: the example's goal (metadata goal, checked on
 * each finished run by the engine's predicate evaluator), a step counter, undo (u), keys 0-7 to run a
 * thread and, under x86-TSO, a-h to drain a thread's store buffer; a witness schedule opens at step 0
 * and is replayed step by step (previous / next / a slider; keys p and n, arrows on the slider),
 * showing where each thread is and the memory cell each step touches; per-thread source columns
 * numbered as the example file numbers its lines (the data script's line map), the store buffers, a
 * memory panel, a timeline and an ARIA live region; random runs with a seed and exhaustive DPOR
 * exploration in chunks, each outcome with its number of schedules and its witness one click from
 * its replay.
 * State in the URL (through window.COURSE_VIEW of static/disasm.js): variant, model, mode, schedule
 * and step, each value checked before use; the older #explore=<id>:<variant>:<schedule> (and
 * <id>:<variant>@tso:<schedule>) still opens a replay. Needs runtime.js (CourseExplorer: the engine,
 * and the one parser of schedules, parseSchedule) and the wasm data scripts (window.COURSE_WASM). */
(function () {
  'use strict';
  var X = window.CourseExplorer;
  var DATA = (window.COURSE_WASM = window.COURSE_WASM || {});
  if (!X) return;
  var BROWSER_CAP = 50000;
  var PHONE = window.matchMedia ? window.matchMedia('(max-width: 30rem)') : null;

  function el(tag, attrs, kids) {
    var e = document.createElement(tag);
    if (attrs)
      for (var k in attrs) {
        if (k === 'text') e.textContent = attrs[k];
        else if (k === 'class') e.className = attrs[k];
        else if (k.slice(0, 2) === 'on') e.addEventListener(k.slice(2), attrs[k]);
        else e.setAttribute(k, attrs[k]);
      }
    (kids || []).forEach(function (c) {
      if (c) e.appendChild(typeof c === 'string' ? document.createTextNode(c) : c);
    });
    return e;
  }
  function clear(e) {
    while (e.firstChild) e.removeChild(e.firstChild);
  }

  var MODEL_NAME = { sc: 'interleaving (SC)', tso: 'x86-TSO' };
  var MODEL_TEXT = {
    sc: 'Model in use: sequentially consistent interleaving. Each step is one shared access, and it reaches memory at once.',
    tso:
      "Model in use: x86-TSO. A thread's store waits in its store buffer until you drain it (a separate step); " +
      'its own loads see it first, the other threads only after the drain; smp_mb() and atomic updates wait for an empty buffer.',
  };
  var LETTERS = X.LETTERS; // the drain of thread i's buffer in a schedule (the engine's alphabet)

  // The source lines of thread function `name` as [{line: the example file's number, text}]: the
  // lines of the compiled source whose file line lies in the metadata's function range (tools/asm),
  // through the data script's line map (lines; none for a file compiled as it is).
  function threadLines(d, name) {
    var src = d.source.split('\n'),
      range = (d.meta.functions || {})[name] || null,
      out = [];
    for (var i = 0; i < src.length; i++) {
      var n = d.lines ? d.lines[i] : i + 1;
      if (!n || (range && (n < range.first || n > range.last))) continue;
      out.push({ line: n, text: src[i] });
    }
    return out;
  }
  // The example file's lines of thread code that name a shared variable (comments aside) yet made
  // no shared access in this build (no access site on them: data "sites"): the compiler removed
  // or moved that access. Returns {line: true}.
  function removedLines(d, lines) {
    var sited = {},
      out = {};
    for (var k in d.sites || {}) sited[d.sites[k]] = true;
    var names = (d.meta.shared || []).map(function (v) {
      return v.name;
    });
    if (!names.length) return out;
    var re = new RegExp(
      '\\b(' +
        names
          .map(function (n) {
            return n.replace(/[^\w]/g, '');
          })
          .join('|') +
        ')\\b',
    );
    var inComment = false;
    lines.forEach(function (l) {
      // the line's code outside comments (a block comment may span lines)
      var code = '',
        t = l.text,
        i = 0;
      while (i < t.length) {
        if (inComment) {
          var e = t.indexOf('*/', i);
          if (e < 0) break;
          inComment = false;
          i = e + 2;
          continue;
        }
        var b = t.indexOf('/*', i),
          c = t.indexOf('//', i);
        if (c >= 0 && (b < 0 || c < b)) {
          code += t.slice(i, c);
          break;
        }
        if (b < 0) {
          code += t.slice(i);
          break;
        }
        code += t.slice(i, b);
        inComment = true;
        i = b + 2;
      }
      if (!sited[l.line] && re.test(code) && !/^\s*(#|THREAD\b)/.test(code)) out[l.line] = true;
    });
    return out;
  }

  // The text of the example file's line n in the compiled source ('' when it has none).
  function lineText(d, n) {
    var src = d.source.split('\n');
    if (!d.lines) return src[n - 1] || '';
    var i = d.lines.indexOf(n);
    return i < 0 ? '' : src[i];
  }

  function App(root) {
    this.root = root;
    this.section = root.closest('section.example');
    this.id = root.getAttribute('data-example');
    // the game's goal per memory model: {variant, text} (metadata goal, goal-tso)
    this.goals = {
      sc: { variant: root.getAttribute('data-goal-variant') || '', text: root.getAttribute('data-goal-text') || '' },
      tso: {
        variant: root.getAttribute('data-goal-tso-variant') || '',
        text: root.getAttribute('data-goal-tso-text') || '',
      },
    };
    this.variants = root
      .getAttribute('data-variants')
      .split(' ')
      .filter(function (v) {
        return DATA[root.getAttribute('data-example') + ':' + v];
      });
    if (!this.variants.length) return;
    this.uid = 'x' + Math.random().toString(36).slice(2, 8);
    this.machines = {};
    this.model = 'sc';
    this.build();
    var self = this;
    if (PHONE && PHONE.addEventListener)
      PHONE.addEventListener('change', function () {
        self.placeActions();
      });
    root.hidden = false;
    this.select(this.variants[0], true);
  }

  App.prototype.data = function () {
    return DATA[this.id + ':' + this.variant];
  };
  // The variant and model in use, as one string (a job's results belong to the view it started in).
  App.prototype.view = function () {
    return this.variant + ':' + this.model;
  };
  // The explored summary of the variant under the model in use ({outcomes, naive, executions, bad}).
  App.prototype.summary = function () {
    var d = this.data();
    return this.model === 'tso' ? d.tso : d;
  };
  App.prototype.hasTso = function () {
    var d = this.data();
    return !!(d && d.tso && d.fences);
  };

  // The machine (a wasm instance of its own) of the variant and model in use that mode `owner`
  // works on: 'play' (the game: its state is the replay of this.schedule, which render() keeps),
  // 'random' or 'exhaustive' (a job that leaves it at the end of its last run, between two of its
  // chunks too). No mode ever steps another's machine.
  App.prototype.machine = function (owner) {
    var k = this.variant + ':' + this.model + ':' + owner;
    if (!this.machines[k]) {
      var d = this.data();
      this.machines[k] = new X.Machine(d, d.meta, { model: this.model });
    }
    return this.machines[k];
  };

  // A fieldset of radio buttons, one per value: id and name from the explorer's uid and key (the
  // value's id uid-<key[0]>-<value>), label ' ' + labelOf(value), pick(value) on a change; the
  // inputs by value go into inputs.
  function radioGroup(cls, legend, uid, key, values, labelOf, pick, inputs) {
    var group = el('fieldset', { class: cls }, [el('legend', { text: legend })]);
    values.forEach(function (v) {
      var id = uid + '-' + key[0] + '-' + v;
      var inp = el('input', {
        type: 'radio',
        name: uid + '-' + key,
        value: v,
        id: id,
        onchange: function () {
          pick(v);
        },
      });
      inputs[v] = inp;
      group.appendChild(el('label', { for: id }, [inp, ' ' + labelOf(v)]));
    });
    return group;
  }

  // The options' three groups: the variant (radio buttons), the memory model (a switch when the
  // example was explored under x86-TSO; always stated) and the mode (buttons).
  App.prototype.buildVariants = function () {
    var self = this;
    this.variantInputs = {};
    return radioGroup(
      'explorer-variants',
      'Variant',
      this.uid,
      'variant',
      this.variants,
      function (v) {
        return v;
      },
      function (v) {
        self.select(v);
      },
      this.variantInputs,
    );
  };

  App.prototype.buildModels = function () {
    var self = this;
    var tsoToo = this.variants.some(function (v) {
      var d = DATA[self.id + ':' + v];
      return d.tso && d.fences;
    });
    this.modelInputs = {};
    var mgroup = radioGroup(
      'explorer-model-switch',
      'Memory model',
      this.uid,
      'model',
      tsoToo ? ['sc', 'tso'] : ['sc'],
      function (m) {
        return MODEL_NAME[m];
      },
      function (m) {
        self.setModel(m);
      },
      this.modelInputs,
    );
    this.modelText = el('p', { class: 'explorer-model-now' });
    mgroup.appendChild(this.modelText);
    return mgroup;
  };

  App.prototype.buildModes = function () {
    var self = this;
    var modes = el('div', { class: 'explorer-modes', role: 'group', 'aria-label': 'Mode' });
    this.modeButtons = {};
    [
      ['play', 'Play the scheduler'],
      ['random', 'Random runs'],
      ['exhaustive', 'Every outcome'],
    ].forEach(function (m) {
      var b = el('button', {
        type: 'button',
        'aria-pressed': 'false',
        text: m[1],
        onclick: function () {
          self.mode(m[0]);
        },
      });
      self.modeButtons[m[0]] = b;
      modes.appendChild(b);
    });
    return modes;
  };

  App.prototype.build = function () {
    var self = this,
      root = this.root;
    root.setAttribute('tabindex', '-1');
    var vgroup = this.buildVariants(),
      mgroup = this.buildModels(),
      modes = this.buildModes();
    this.live = el('p', { class: 'explorer-live', role: 'status', 'aria-live': 'polite' });
    this.panels = {
      play: el('div', { class: 'explorer-panel explorer-play' }),
      random: el('div', { class: 'explorer-panel explorer-random', hidden: '' }),
      exhaustive: el('div', { class: 'explorer-panel explorer-exhaustive', hidden: '' }),
    };
    // the goal first (the game's, above its options: renderGoal keeps it), then how the code was built
    this.goalBox = el('div', { class: 'explorer-goal' });
    root.appendChild(this.goalBox);
    var built = root.getAttribute('data-build');
    if (built)
      root.appendChild(
        el('p', {
          class: 'explorer-built',
          text:
            'The code below is each variant as ' +
            built +
            ' compiles it to WebAssembly; line numbers are those of the example file.',
        }),
      );
    // one row of options: the variant, the memory model, the mode
    this.options = el('div', { class: 'explorer-options' }, [vgroup, mgroup, modes]);
    root.appendChild(this.options);
    root.appendChild(this.panels.play);
    root.appendChild(this.panels.random);
    root.appendChild(this.panels.exhaustive);
    root.appendChild(this.live);
    root.addEventListener('keydown', function (e) {
      self.key(e);
    });
    this.buildRandom();
    this.buildExhaustive();
    this.mode('play');
  };

  App.prototype.say = function (text) {
    this.live.textContent = text;
  };

  // quiet: the code view asked for it (it follows the reader's choice, it does not make one)
  App.prototype.select = function (v, quiet) {
    if (this.variants.indexOf(v) < 0) return;
    var same = this.variant === v;
    this.variant = v;
    this.variantInputs[v].checked = true;
    if (this.model === 'tso' && !this.hasTso()) this.model = 'sc';
    this.showModel();
    if (!same) {
      this.schedule = [];
      this.witness = null;
      this.buildPlay();
      this.render();
      clear(this.randomOut);
      clear(this.exOut);
      this.exStatus.textContent = '';
    }
    if (!quiet && this.section)
      this.section.dispatchEvent(new CustomEvent('example:variant', { detail: { variant: v, from: 'explorer' } }));
    this.changed();
  };

  App.prototype.showModel = function () {
    for (var m in this.modelInputs) this.modelInputs[m].checked = m === this.model;
    this.modelText.textContent = MODEL_TEXT[this.model];
    this.root.setAttribute('data-model', this.model);
  };
  App.prototype.setModel = function (m) {
    if (m === 'tso' && !this.hasTso()) {
      this.say('This variant was not explored under x86-TSO.');
      this.showModel();
      return;
    }
    var v = this.variant;
    this.useModel(m);
    this.select(v, true);
    this.say('Memory model: ' + MODEL_NAME[m] + '.');
  };

  App.prototype.mode = function (m) {
    for (var k in this.panels) {
      this.panels[k].hidden = k !== m;
      this.modeButtons[k].setAttribute('aria-pressed', k === m ? 'true' : 'false');
    }
    this.current = m;
    this.changed();
  };

  // The URL follows (window.COURSE_VIEW, static/disasm.js): the variant is the example's, shared
  // with the code view; model, mode, schedule and step are the explorer's.
  App.prototype.urlState = function () {
    var w = this.witness,
      replaying = w && this.onWitness();
    return {
      variant: this.variant !== this.variants[0] ? this.variant : null,
      model: this.model === 'tso' ? 'tso' : null,
      mode: this.current && this.current !== 'play' ? this.current : null,
      // a replay: the schedule and the step it is at; played by hand: the steps (no step)
      schedule: replaying ? X.encodeSchedule(w) : this.schedule.length ? X.encodeSchedule(this.schedule) : null,
      step: replaying ? String(this.schedule.length) : null,
    };
  };
  App.prototype.changed = function () {
    if (!this.ready || !window.COURSE_VIEW || !this.section) return;
    var own = this.root.closest('section.explorer');
    window.COURSE_VIEW.update(this.section, own ? own.id : null);
  };
  // Is the schedule played so far a prefix of the loaded witness?
  App.prototype.onWitness = function () {
    var w = this.witness;
    return !!w && w.length >= this.schedule.length && w.slice(0, this.schedule.length).join() === this.schedule.join();
  };

  /* ---- play ------------------------------------------------------------------------------------ */

  // The help line over the game: what a step is and the keys (the drains' only under x86-TSO).
  function playHelp(tso, nth) {
    return el('p', {
      class: 'explorer-help',
      text:
        'You are the scheduler: pick the thread that runs next. ' +
        'Each step runs one access to a shared variable (and the local code after it)' +
        (tso ? "; a store goes into the thread's store buffer, and draining it is a step of its own" : '') +
        '. Keys: 0-' +
        (nth - 1) +
        ' run a thread, ' +
        (tso ? 'a-' + LETTERS[nth - 1] + " drain a thread's oldest buffered store, " : '') +
        'u steps back; replaying a schedule, n and p step forward and back.',
    });
  }

  // A thread's source lines (of the example file), a line the compiler removed marked as such;
  // items: each line's <li> by its number.
  function threadSource(d, name, lines) {
    var ol = el('ol', {
      class: 'explorer-src',
      'aria-label': 'source of ' + name + ' (lines of the example file)',
      tabindex: '0',
    });
    var items = {},
      gone = removedLines(d, lines);
    lines.forEach(function (l) {
      var li = el('li', { 'data-line': String(l.line) }, [
        el('span', { class: 'lno', text: String(l.line) }),
        el('code', { text: l.text || ' ' }),
        gone[l.line]
          ? el('span', {
              class: 'explorer-removed-note',
              text: '\u2191 removed by the compiler: no access in this build',
            })
          : null,
      ]);
      if (gone[l.line]) li.setAttribute('data-removed', '');
      items[l.line] = li;
      ol.appendChild(li);
    });
    return { ol: ol, items: items };
  }

  // The column of thread i, appended to cols: its Run button (and Drain and store buffer under
  // x86-TSO), its status and its source.
  App.prototype.threadColumn = function (cols, d, name, i, tso) {
    var self = this,
      lines = threadLines(d, name);
    var btn = el(
      'button',
      {
        type: 'button',
        class: 'explorer-step',
        'aria-keyshortcuts': String(i),
        onclick: function () {
          self.stepThread(i);
        },
      },
      ['Run ' + name + ' ', el('kbd', { text: String(i) })],
    );
    var status = el('p', { class: 'explorer-status' });
    var drainBtn = tso
      ? el(
          'button',
          {
            type: 'button',
            class: 'explorer-drain',
            'aria-keyshortcuts': LETTERS[i],
            onclick: function () {
              self.stepThread(X.DRAIN + i);
            },
          },
          ['Drain ' + name + "'s store buffer ", el('kbd', { text: LETTERS[i] })],
        )
      : null;
    var sb = tso ? el('ol', { class: 'explorer-buffer', 'aria-label': name + "'s store buffer, oldest first" }) : null;
    var src = threadSource(d, name, lines);
    var range = lines.length ? [lines[0].line, lines[lines.length - 1].line] : [0, 0];
    var col = el('section', { class: 'explorer-thread', 'aria-label': 'thread ' + name }, [
      el('h5', { text: name }),
      btn,
      drainBtn,
      status,
      src.ol,
      sb
        ? el('div', { class: 'explorer-sb' }, [el('h6', { text: 'Store buffer of ' + name + ' (oldest first)' }), sb])
        : null,
    ]);
    cols.appendChild(col);
    return { btn: btn, drainBtn: drainBtn, sb: sb, status: status, items: src.items, range: range, name: name };
  };

  // The row under the help: the step counter, Step back, Start over and the link to this view.
  App.prototype.buildPlayControls = function (p) {
    var self = this;
    this.counter = el('p', { class: 'explorer-counter', 'aria-live': 'off' });
    var undo = el(
      'button',
      {
        type: 'button',
        'aria-keyshortcuts': 'u',
        onclick: function () {
          self.undo();
        },
      },
      ['Step back ', el('kbd', { text: 'u' })],
    );
    var reset = el(
      'button',
      {
        type: 'button',
        onclick: function () {
          self.schedule = [];
          self.witness = null;
          self.render();
          self.changed();
          self.say('Back to the start.');
        },
      },
      ['Start over'],
    );
    this.shareLink = el('a', { class: 'explorer-share', href: '#' }, ['Link to this view']);
    this.undoBtn = undo;
    this.resetBtn = reset;
    this.controlsRow = el('div', { class: 'explorer-controls' }, [this.counter, undo, reset, this.shareLink]);
    p.appendChild(this.controlsRow);
  };

  // The replay of a loaded schedule: step by step, back and forth (hidden until one is loaded).
  App.prototype.buildReplayBar = function (p) {
    var self = this,
      uid = this.uid;
    this.prevBtn = el(
      'button',
      {
        type: 'button',
        'aria-keyshortcuts': 'p',
        onclick: function () {
          self.seek(self.schedule.length - 1);
        },
      },
      ['\u25C0 Previous ', el('kbd', { text: 'p' })],
    );
    this.nextBtn = el(
      'button',
      {
        type: 'button',
        'aria-keyshortcuts': 'n',
        class: 'explorer-next',
        onclick: function () {
          self.next();
        },
      },
      ['Next ', el('kbd', { text: 'n' }), ' \u25B6'],
    );
    this.scrub = el('input', {
      type: 'range',
      id: uid + '-scrub',
      min: '0',
      max: '0',
      value: '0',
      step: '1',
      oninput: function () {
        self.seek(+self.scrub.value);
      },
    });
    this.replayText = el('span', { class: 'explorer-replay-text' });
    this.replayBar = el(
      'div',
      { class: 'explorer-replay', role: 'group', 'aria-label': 'Replay of a schedule', hidden: '' },
      [
        el('span', { class: 'explorer-replay-title' }, [
          'Replaying schedule ',
          el('code', { class: 'explorer-replay-schedule' }),
        ]),
        this.prevBtn,
        this.nextBtn,
        el('label', { for: uid + '-scrub', class: 'visually-hidden', text: 'Step of the schedule' }),
        this.scrub,
        this.replayText,
      ],
    );
    p.appendChild(this.replayBar);
  };

  // Beside the columns: the memory table and the timeline of steps.
  App.prototype.buildPlaySide = function (p, tso) {
    var mem = el('table', { class: 'explorer-memory' }, [
      el('caption', { text: tso ? 'Memory (without the stores still in a buffer)' : 'Memory' }),
      el('thead', null, [
        el('tr', null, [
          el('th', { scope: 'col', text: 'Variable' }),
          el('th', { scope: 'col', text: 'Kind' }),
          el('th', { scope: 'col', text: 'Value' }),
        ]),
      ]),
    ]);
    this.memBody = el('tbody');
    mem.appendChild(this.memBody);
    this.timeline = el('ol', { class: 'explorer-timeline', 'aria-label': 'Timeline of steps', tabindex: '0' });
    p.appendChild(
      el('div', { class: 'explorer-side' }, [mem, el('div', null, [el('h5', { text: 'Timeline' }), this.timeline])]),
    );
  };

  // The game's panel, remade for the variant and the model in use: help, controls, the replay bar,
  // a column per thread, the verdict, memory and timeline, and the phone's action bar.
  App.prototype.buildPlay = function () {
    var self = this,
      p = this.panels.play,
      d = this.data();
    clear(p);
    this.renderGoal();
    var tso = this.model === 'tso';
    p.appendChild(playHelp(tso, d.meta.threads.length));
    var cols = el('div', { class: 'explorer-threads' });
    this.cols = d.meta.threads.map(function (name, i) {
      return self.threadColumn(cols, d, name, i, tso);
    });
    this.buildPlayControls(p);
    this.buildReplayBar(p);
    p.appendChild(cols);
    this.verdict = el('div', { class: 'explorer-verdict', role: 'status' });
    p.appendChild(this.verdict);
    this.buildPlaySide(p, tso);
    // on a phone the Run (and drain) buttons and Step back sit together in a bar at the screen's bottom
    this.actionBar = el('div', {
      class: 'explorer-actionbar',
      role: 'group',
      'aria-label': 'Run the threads',
      hidden: '',
    });
    p.appendChild(this.actionBar);
    this.placeActions();
  };

  // The same buttons, moved (never copied): into the action bar on a phone, back into their thread's
  // column and the controls row on a wider screen (PHONE, followed as the window changes).
  App.prototype.placeActions = function () {
    var bar = this.actionBar,
      narrow = !!(PHONE && PHONE.matches);
    if (!bar) return;
    bar.hidden = !narrow;
    this.cols.forEach(function (c) {
      [c.btn, c.drainBtn].forEach(function (b) {
        if (b) {
          if (narrow) bar.appendChild(b);
          else c.status.parentNode.insertBefore(b, c.status);
        }
      });
    });
    if (narrow) bar.appendChild(this.undoBtn);
    else this.controlsRow.insertBefore(this.undoBtn, this.resetBtn);
  };

  // The game's goal under the model in use ({variant, text}; variant '' without one).
  App.prototype.goal = function () {
    return this.goals[this.model];
  };

  // Can a run of the variant in use reach the goal of `model` (default: the model in use)? true, false
  // (the exhaustive results have no outcome on which it holds), null (not known: a partial search, or
  // no goal); from the data script (build/data/outcomes/, tools/wasm/lib/expect.js).
  App.prototype.reaches = function (model) {
    var d = this.data(),
      s = (model || this.model) === 'tso' ? d.tso : d;
    return s && s.goal && typeof s.goal.reachable === 'boolean' ? s.goal.reachable : null;
  };

  // The game's goal: the example's bad outcome, in words, and what the exhaustive results say of it
  // for the variant and model in use: a run of this variant can reach it (a win, whichever variant
  // it is), or none can (and which variant's can).
  App.prototype.renderGoal = function () {
    var self = this,
      box = this.goalBox,
      g = this.goal();
    var other = this.model === 'tso' ? 'sc' : 'tso';
    if (!box) return;
    clear(box);
    if (!g.variant) {
      // a goal only under the other model: say so, and offer the switch (to the goal's own variant
      // when this one cannot reach it there)
      var og = this.goals[other];
      box.hidden = !og.variant || !this.modelInputs[other];
      if (box.hidden) return;
      box.appendChild(el('strong', { text: 'Goal under ' + MODEL_NAME[other] + ': ' }));
      box.appendChild(document.createTextNode(og.text + '. '));
      box.appendChild(
        el('button', {
          type: 'button',
          text: 'Play it under ' + MODEL_NAME[other],
          onclick: function () {
            if (self.reaches(other) !== true && self.variant !== og.variant) self.select(og.variant);
            self.setModel(other);
          },
        }),
      );
      return;
    }
    box.hidden = false;
    var under = this.model === 'tso' ? ' under ' + MODEL_NAME.tso : '',
      reach = this.reaches();
    box.appendChild(el('strong', { text: 'Goal' + under + ': ' }));
    box.appendChild(document.createTextNode(g.text + '.'));
    if (reach === false) {
      var built = this.root.getAttribute('data-build');
      box.appendChild(
        document.createTextNode(
          ' No run of the ' +
            this.variant +
            ' variant\u2019s code' +
            (built ? ' as ' + built + ' compiles it to WebAssembly' : '') +
            ' reaches it' +
            under +
            ': the explorer tried every schedule. ',
        ),
      );
      if (g.variant !== this.variant && this.variants.indexOf(g.variant) >= 0)
        box.appendChild(
          el('button', {
            type: 'button',
            text: 'Play the ' + g.variant + ' variant',
            onclick: function () {
              self.select(g.variant);
            },
          }),
        );
      return;
    }
    box.appendChild(el('span', { class: 'explorer-goal-how', text: ' You win when a run ends with ' }));
    box.appendChild(el('code', { text: this.summary().goal ? this.summary().goal.expr : '' }));
    box.appendChild(document.createTextNode('.'));
    if (reach === null)
      box.appendChild(
        document.createTextNode(
          ' Whether a run of the ' +
            this.variant +
            ' variant\u2019s code can reach it is not known: its exploration stopped at a cap.',
        ),
      );
  };

  App.prototype.describe = function (m, ev) {
    return m.describe(ev);
  };

  App.prototype.statusOf = function (m, t) {
    switch (t.status) {
      case 'done':
        return 'returned';
      case 'crashed':
        return 'crashed';
      case 'blocked':
        return 'spins forever at line ' + m.lineOf(t) + ' (it does not terminate)';
      case 'hang':
        return 'does not terminate (' + t.hangReason + ')';
    }
    var p = t.pending;
    if (p.kind === 'X') return 'next: crashes (' + p.message + ')';
    if (m.waiting(t.index))
      return (
        'waits at line ' +
        m.lineOf(t) +
        ' until its store buffer is empty (' +
        (p.kind === 'F' ? 'a full barrier' : 'an atomic update') +
        ')'
      );
    if (p.kind === 'F') return 'next: goes on past the barrier at line ' + m.lineOf(t);
    return (
      'next: ' +
      (p.kind === 'R' ? 'read' : p.kind === 'W' ? 'write' : 'atomic update of') +
      ' ' +
      m.nameOf(p.addr) +
      ' at line ' +
      m.lineOf(t)
    );
  };

  // The game drawn from its state (the replay of this.schedule): each column, memory, the timeline,
  // the replay bar, the link to this view and the verdict at the end of a run. Returns the machine.
  App.prototype.render = function () {
    var m = this.machine('play');
    try {
      m.replay(this.schedule);
    } catch (e) {
      this.schedule = [];
      m.reset();
      this.say('That schedule does not fit this variant: ' + e.message);
    }
    var en = m.choices();
    this.renderThreads(m, en);
    this.renderMemory(m);
    this.renderTimeline(m);
    this.counter.textContent = 'Steps: ' + this.schedule.length;
    this.renderReplay();
    this.shareLink.href = this.shareHref();
    this.renderVerdict(m, en);
    return m;
  };

  // Each thread's column: its buttons enabled for the steps it can take (en), its store buffer,
  // its status and its current line.
  App.prototype.renderThreads = function (m, en) {
    var self = this,
      d = this.data();
    this.cols.forEach(function (c, i) {
      var t = m.threads[i],
        line = m.lineOf(t);
      c.btn.disabled = en.indexOf(i) < 0;
      if (c.drainBtn) c.drainBtn.disabled = en.indexOf(X.DRAIN + i) < 0;
      if (c.sb) {
        clear(c.sb);
        var buf = m.buffer(i);
        if (!buf.length) c.sb.appendChild(el('li', { class: 'empty', text: '(empty)' }));
        buf.forEach(function (e) {
          c.sb.appendChild(el('li', null, [el('code', { text: e.name + ' = ' + e.text }), ' (line ' + e.line + ')']));
        });
      }
      c.status.textContent = self.statusOf(m, t);
      for (var n in c.items) {
        var cur = +n === line && t.status !== 'done' && t.status !== 'crashed';
        c.items[n].className = cur ? 'current' : '';
        if (cur) c.items[n].setAttribute('aria-current', 'step');
        else c.items[n].removeAttribute('aria-current');
      }
      if (line && !c.items[line] && t.status === 'paused')
        c.status.textContent += ' (outside ' + c.name + ': ' + lineText(d, line).trim() + ')';
    });
  };

  // The memory, with the cell the last step touched.
  App.prototype.renderMemory = function (m) {
    var self = this;
    var last = m.trace.length ? m.trace[m.trace.length - 1] : null;
    var touched =
      last && last.addr !== undefined && (last.kind === 'R' || last.kind === 'W' || last.kind === 'U')
        ? m.nameOf(last.addr).replace(/\+\d+$/, '')
        : null;
    clear(this.memBody);
    var vals = m.values();
    m.vars.forEach(function (v) {
      var hit = touched === v.name;
      var what = hit
        ? m.threads[last.thread].name +
          ' ' +
          (last.kind === 'R' ? 'read it' : last.kind === 'W' ? 'wrote it' : 'updated it')
        : '';
      self.memBody.appendChild(
        el('tr', hit ? { class: 'touched t' + last.thread } : null, [
          el('th', { scope: 'row' }, [el('code', { text: v.name })]),
          el('td', { text: v.shared ? 'shared' : 'observed' }),
          el('td', null, [
            v.deleted ? '(deleted by the compiler)' : m.valueText(v.addr, v.size, vals[v.name]),
            hit ? el('span', { class: 'explorer-touch', text: ' \u2190 ' + what }) : null,
          ]),
        ]),
      );
    });
  };

  App.prototype.renderTimeline = function (m) {
    var self = this;
    clear(this.timeline);
    m.trace.forEach(function (ev, k) {
      var li = el('li', {
        class: 't' + ev.thread + (k === m.trace.length - 1 ? ' last' : ''),
        text:
          self.describe(m, ev) +
          (ev.woke
            ? ' (wakes ' +
              ev.woke
                .map(function (j) {
                  return m.threads[j].name;
                })
                .join(', ') +
              ')'
            : ''),
      });
      self.timeline.appendChild(li);
    });
  };

  // The replay bar, shown while the schedule played so far is a prefix of the loaded witness.
  App.prototype.renderReplay = function () {
    var w = this.witness,
      on = this.onWitness();
    this.replayBar.hidden = !(w && on);
    if (w && on) {
      var focused =
        document.activeElement === this.prevBtn
          ? this.prevBtn
          : document.activeElement === this.nextBtn
            ? this.nextBtn
            : null;
      this.replayBar.querySelector('.explorer-replay-schedule').textContent = X.encodeSchedule(w) || '(no steps)';
      this.scrub.max = String(w.length);
      this.scrub.value = String(this.schedule.length);
      this.prevBtn.disabled = this.schedule.length === 0;
      this.nextBtn.disabled = this.schedule.length >= w.length;
      // a button that just became disabled keeps no focus: hand it to the other one, so the keys go on working
      if (focused && focused.disabled) (focused === this.nextBtn ? this.prevBtn : this.nextBtn).focus();
      this.replayText.textContent = 'step ' + this.schedule.length + ' of ' + w.length;
    }
  };

  // At the end of a run (no step enabled): goal reached, the bad outcome, or just the outcome.
  App.prototype.renderVerdict = function (m, en) {
    clear(this.verdict);
    this.verdict.className = 'explorer-verdict';
    this.won = false;
    if (en.length === 0) {
      var o = m.outcome(),
        goal = this.goalHit(o),
        bad = goal ? null : this.badHit(o);
      this.won = goal;
      this.verdict.className = 'explorer-verdict ' + (goal ? 'won' : bad ? 'broke' : 'ended');
      if (goal) {
        if (window.CourseProgress && window.CourseProgress.win) window.CourseProgress.win(this.id);
        this.verdict.appendChild(
          el('p', { class: 'explorer-won' }, [
            el('strong', {
              text:
                'Goal reached in ' + this.schedule.length + ' step' + (this.schedule.length === 1 ? '' : 's') + '! ',
            }),
            'You made the code do what its authors feared: ' + this.goal().text + '.',
          ]),
        );
        this.verdict.appendChild(el('p', { text: 'Outcome: ' + o.key + '.' }));
      } else {
        this.verdict.appendChild(
          el('p', null, [el('strong', { text: bad ? 'You broke it! ' : 'Run complete. ' }), 'Outcome: ' + o.key + '.']),
        );
        if (bad)
          this.verdict.appendChild(
            el('p', {
              text: 'This is the outcome the example warns about (' + bad + '). The fixed variant cannot reach it.',
            }),
          );
        else if (this.reaches() === false)
          this.verdict.appendChild(
            el('p', {
              text: 'No run of this variant reaches the goal' + (this.model === 'tso' ? ' under x86-TSO' : '') + '.',
            }),
          );
        else if (this.summary().goal)
          this.verdict.appendChild(
            el('p', { text: 'Not the goal this time: step back (u) or start over and pick another order.' }),
          );
      }
    }
  };

  App.prototype.shareHref = function () {
    // the explorer's own part of the view, in urlState()'s order (the one list of its keys)
    var q = [],
      st = this.urlState();
    Object.keys(st).forEach(function (k) {
      if (st[k] != null) q.push(k + '=' + encodeURIComponent(st[k]));
    });
    var anchor = this.root.closest('section.explorer');
    return (
      (q.length ? '?' + q.join('&') : location.pathname.replace(/^.*\//, '') || '?') + '#' + (anchor ? anchor.id : '')
    );
  };

  // The goal of this variant reached by a finished run? The engine evaluates the metadata's tree.
  App.prototype.goalHit = function (o) {
    var s = this.summary(),
      g = s && s.goal;
    return !!g && X.predicateHolds(g.tree, { values: o.vals, hang: o.hang, crash: o.crash, done: o.done });
  };

  // d.bad: [{expr, tree}] (tools/wasm/lib/expect.js); the engine evaluates the trees on the outcome.
  App.prototype.badHit = function (o) {
    var d = this.summary(),
      out = { values: o.vals, hang: o.hang, crash: o.crash, done: o.done };
    for (var i = 0; i < (d.bad || []).length; i++) if (X.predicateHolds(d.bad[i].tree, out)) return d.bad[i].expr;
    return null;
  };

  // i: a thread, or X.DRAIN + thread: drain that thread's store buffer (x86-TSO)
  App.prototype.stepThread = function (i) {
    var m = this.machine('play');
    if (m.choices().indexOf(i) < 0) {
      if (i >= X.DRAIN)
        this.say(
          m.tso && m.threads[i - X.DRAIN]
            ? 'The store buffer of ' + m.threads[i - X.DRAIN].name + ' is empty.'
            : 'No store buffer to drain here.',
        );
      else
        this.say(
          'Thread ' +
            i +
            ' cannot run now: ' +
            (m.threads[i] ? this.statusOf(m, m.threads[i]) : 'no such thread') +
            '.',
        );
      return;
    }
    this.schedule.push(i);
    if (this.witness && !this.onWitness()) this.witness = null; // the reader left the replay
    m = this.render();
    var ev = m.trace[m.trace.length - 1];
    var msg = 'Step ' + this.schedule.length + ': ' + this.describe(m, ev) + '.';
    if (m.choices().length === 0) msg += ' ' + this.verdict.textContent;
    this.say(msg);
    this.changed();
  };

  App.prototype.undo = function () {
    if (!this.schedule.length) {
      this.say('Nothing to undo.');
      return;
    }
    this.schedule.pop();
    this.render();
    this.say('Stepped back to step ' + this.schedule.length + '.');
    this.changed();
  };

  App.prototype.next = function () {
    var w = this.witness;
    if (!w || !this.onWitness() || w.length <= this.schedule.length) {
      this.say('No loaded schedule to continue.');
      return;
    }
    this.stepThread(w[this.schedule.length]);
  };

  // A link's memory model ('sc' or 'tso', checked by the caller): the next select() rebuilds the view.
  App.prototype.useModel = function (model) {
    if (model && model !== this.model) {
      this.model = model;
      this.variant = null;
    }
  };

  // Step k of the loaded schedule (0: before its first step).
  App.prototype.seek = function (k) {
    var w = this.witness;
    if (!w) return;
    k = Math.max(0, Math.min(w.length, k | 0));
    if (!this.onWitness()) this.schedule = [];
    if (k === this.schedule.length) return;
    this.schedule = w.slice(0, k);
    var m = this.render();
    var ev = k ? m.trace[m.trace.length - 1] : null;
    this.say(
      'Step ' +
        k +
        ' of ' +
        w.length +
        (ev ? ': ' + this.describe(m, ev) + '.' : ': the start.') +
        (m.choices().length === 0 ? ' ' + this.verdict.textContent : ''),
    );
    this.changed();
  };

  // Plays a schedule at once, as if the reader had (a link to a game in progress).
  App.prototype.playAll = function (variant, sched, model) {
    this.useModel(model);
    if (this.variant !== variant) this.select(variant);
    this.mode('play');
    this.witness = null;
    this.schedule = sched.slice();
    var m = this.render();
    this.say(
      'Schedule ' +
        X.encodeSchedule(sched) +
        (this.model === 'tso' ? ' (x86-TSO)' : '') +
        ' played: ' +
        m.trace.length +
        ' steps.',
    );
    this.changed();
  };

  // Loads a schedule to replay from step `at` (default 0: the reader steps through it), under
  // `model` (default: the one in use).
  App.prototype.load = function (variant, sched, at, model) {
    this.useModel(model);
    if (this.variant !== variant) this.select(variant);
    this.mode('play');
    this.witness = sched.slice();
    this.schedule = sched.slice(0, Math.max(0, Math.min(sched.length, at || 0)));
    this.render();
    this.say(
      'Schedule ' +
        (X.encodeSchedule(sched) || '(no steps)') +
        (this.model === 'tso' ? ' (x86-TSO)' : '') +
        ' loaded at step ' +
        this.schedule.length +
        ' of ' +
        sched.length +
        ': press n (or Next) to play it one step at a time, p to go back.',
    );
    this.changed();
    if (!this.nextBtn.disabled && !this.replayBar.hidden) this.nextBtn.focus();
  };

  App.prototype.key = function (e) {
    var tag = (e.target.tagName || '').toLowerCase();
    var typing =
      (tag === 'input' && !/^(radio|checkbox|button)$/.test(e.target.type)) || tag === 'select' || tag === 'textarea';
    if (typing || e.ctrlKey || e.metaKey || e.altKey) return;
    if (this.current !== 'play') return;
    // a key of the schedule alphabet (any thread the engine has: "no such thread" for one the example lacks)
    var step = e.key.length === 1 ? X.parseSchedule(e.key, X.limits.MAX_THREADS, this.model) : null;
    if (step) {
      e.preventDefault();
      this.stepThread(step[0]);
    } else if (e.key === 'u') {
      e.preventDefault();
      this.undo();
    } else if (e.key === 'n') {
      e.preventDefault();
      this.next();
    } else if (e.key === 'p') {
      e.preventDefault();
      if (this.witness && this.onWitness()) this.seek(this.schedule.length - 1);
      else this.undo();
    }
  };

  /* ---- random and exhaustive ---------------------------------------------------------------- */

  // Outcomes with the number of schedules that reached each (a count over the schedules run here,
  // not a probability on real hardware) and the witness, one click from its step-by-step replay.
  function histogram(self, results, total, into) {
    clear(into);
    var max = 1;
    results.forEach(function (r) {
      if (r.count > max) max = r.count;
    });
    var table = el('table', { class: 'explorer-hist' }, [
      el('caption', {
        text:
          results.length +
          ' outcome' +
          (results.length === 1 ? '' : 's') +
          ' from ' +
          total +
          ' schedule' +
          (total === 1 ? '' : 's'),
      }),
      el('thead', null, [
        el('tr', null, [
          el('th', { scope: 'col', text: 'Outcome' }),
          el('th', { scope: 'col', text: 'Schedules' }),
          el('th', { scope: 'col', text: 'Witness' }),
        ]),
      ]),
    ]);
    var tb = el('tbody');
    results.forEach(function (r) {
      var goal = self.goalHit(r.outcome),
        bad = goal ? null : self.badHit(r.outcome);
      var bar = el('span', {
        class: 'explorer-bar' + (goal || bad ? ' bad' : ''),
        style: 'width:' + Math.max(2, Math.round((100 * r.count) / max)) + '%',
        'aria-hidden': 'true',
      });
      tb.appendChild(
        el('tr', goal || bad ? { class: 'explorer-bad' } : null, [
          el('td', { text: r.key + (goal ? ' (the goal)' : bad ? ' (the bug)' : '') }),
          el('td', null, [String(r.count) + ' ', el('span', { class: 'explorer-barbox' }, [bar])]),
          el('td', null, [
            el(
              'button',
              {
                type: 'button',
                class: 'explorer-replay-btn',
                onclick: function () {
                  self.load(self.variant, X.decodeSchedule(r.witness), 0);
                },
              },
              ['Replay ', el('code', { text: r.witness || '(no steps)' })],
            ),
          ]),
        ]),
      );
    });
    table.appendChild(tb);
    into.appendChild(table);
  }

  function runChunks(job, onProgress, onDone) {
    function tick() {
      var fin = job.run(25);
      onProgress();
      if (fin) onDone();
      else setTimeout(tick, 0);
    }
    setTimeout(tick, 0);
  }

  App.prototype.buildRandom = function () {
    var self = this,
      p = this.panels.random,
      uid = this.uid;
    var n = el('input', { type: 'number', id: uid + '-n', value: '1000', min: '1', max: '100000' });
    var seed = el('input', { type: 'number', id: uid + '-seed', value: '1' });
    this.randomOut = el('div');
    var status = el('p', { class: 'explorer-progress' });
    var go = el('button', {
      type: 'button',
      text: 'Run',
      onclick: function () {
        var job = new X.RandomRuns(self.machine('random'), Math.min(+n.value || 1, 100000), +seed.value || 0),
          view = self.view();
        go.disabled = true;
        runChunks(
          job,
          function () {
            if (self.view() === view) status.textContent = job.done + ' runs done';
          },
          function () {
            go.disabled = false;
            if (self.view() !== view) {
              status.textContent = '';
              return;
            } // another variant or model since: not its runs
            var r = job.result();
            histogram(self, r.outcomes, r.runs, self.randomOut);
            self.say(r.runs + ' random runs: ' + r.outcomes.length + ' different outcomes.');
          },
        );
      },
    });
    p.appendChild(
      el('p', {
        class: 'explorer-help',
        text: 'Runs the threads many times, picking the next thread at random (same seed, same runs).',
      }),
    );
    p.appendChild(
      el('div', { class: 'explorer-controls' }, [
        el('label', { for: uid + '-n', text: 'Runs ' }),
        n,
        el('label', { for: uid + '-seed', text: ' Seed ' }),
        seed,
        go,
      ]),
    );
    p.appendChild(status);
    p.appendChild(this.randomOut);
  };

  App.prototype.buildExhaustive = function () {
    var self = this,
      p = this.panels.exhaustive;
    this.exOut = el('div');
    this.exStatus = el('p', { class: 'explorer-progress' });
    var go = el('button', {
      type: 'button',
      text: 'Find every outcome',
      onclick: function () {
        var d = self.summary();
        var job = new X.Explorer(self.machine('exhaustive'), { mode: 'auto', cap: BROWSER_CAP }),
          view = self.view();
        go.disabled = true;
        runChunks(
          job,
          function () {
            if (self.view() === view) self.exStatus.textContent = job.executions + ' schedules explored so far';
          },
          function () {
            go.disabled = false;
            if (self.view() !== view) return; // another variant or model since: not its outcomes
            var r = job.result();
            var total = r.executions;
            self.exStatus.textContent =
              (r.partial
                ? 'Partial result: the exploration stopped at ' + BROWSER_CAP + ' schedules; outcomes found so far. '
                : 'Done. ') +
              r.executions +
              ' schedules explored ' +
              (self.model === 'tso' ? 'under x86-TSO ' : '') +
              (r.mode === 'memo'
                ? 'by a search that visits each state of the machine once (' +
                  r.states +
                  " states: the threads wait for each other, where DPOR's schedules multiply)"
                : 'with partial-order reduction (DPOR: source sets and sleep sets)') +
              (d.naive !== null && d.naive !== undefined
                ? ', against ' + (d.naive_partial ? 'more than ' : '') + d.naive + ' interleavings by naive enumeration'
                : '') +
              (r.redundant ? '; ' + r.redundant + ' redundant ones cut short' : '') +
              '.';
            histogram(self, r.outcomes, total, self.exOut);
            self.say(self.exStatus.textContent + ' ' + r.outcomes.length + ' distinct outcomes.');
          },
        );
      },
    });
    var glossary = this.root.getAttribute('data-glossary');
    p.appendChild(
      el('p', { class: 'explorer-help' }, [
        'Runs every distinct interleaving (up to reordering independent steps) and lists each outcome with a schedule that reaches it, using ',
        glossary ? el('a', { href: glossary + '#dpor', text: 'DPOR' }) : 'DPOR',
        '.',
      ]),
    );
    p.appendChild(el('div', { class: 'explorer-controls' }, [go]));
    p.appendChild(this.exStatus);
    p.appendChild(this.exOut);
  };

  /* ---- start ----------------------------------------------------------------------------------- */

  var apps = [];
  var MAX_FRAGMENT = 4096; // more than an id, a variant and the longest run (8 threads x 202 steps, x 2 under x86-TSO)
  // The longest schedule a run of variant v can have under model (each step an access, or under
  // x86-TSO also a drain of a store: at most one per access); a longer one is refused before any replay.
  function maxSteps(a, v, model) {
    return threadCount(a, v) * (X.limits.MAX_STEPS + 2) * (model === 'tso' ? 2 : 1);
  }
  function threadCount(a, v) {
    return DATA[a.id + ':' + v].meta.threads.length;
  }
  var EXPECTED =
    'expected #explore=<example>:<variant>[@tso]:<the numbers of its threads (0-7), and under x86-TSO the letters of their buffers (a-h)>';

  // The view in the URL (window.COURSE_VIEW: ?variant=&model=&mode=&schedule=&step=#ex-<id> or
  // #explorer-<id>): untrusted; each value is checked before use, anything else is refused with a
  // message in the explorer's live region (text only).
  function fromView(a) {
    var p = window.COURSE_VIEW ? window.COURSE_VIEW.params(a.section) : null;
    if (!p) return false;
    var bad = [],
      v = a.variant;
    if (p.variant != null) {
      if (a.variants.indexOf(p.variant) >= 0) v = p.variant;
      else bad.push('variant');
    }
    var model = a.model;
    if (p.model != null) {
      var dv = DATA[a.id + ':' + v];
      if (p.model === 'sc' || (p.model === 'tso' && dv.tso && dv.fences)) model = p.model;
      else bad.push('model');
    }
    if (model !== a.model) a.useModel(model);
    if (v !== a.variant) a.select(v, true);
    if (p.mode != null) {
      if (a.panels[p.mode] && /^(play|random|exhaustive)$/.test(p.mode)) a.mode(p.mode);
      else bad.push('mode');
    }
    if (p.schedule != null) {
      var steps = X.parseSchedule(p.schedule, threadCount(a, v), model);
      if (!steps) bad.push('schedule');
      else if (p.schedule.length > maxSteps(a, v, model))
        bad.push(
          'schedule (' +
            p.schedule.length +
            ' steps, and a run of this example has at most ' +
            maxSteps(a, v, model) +
            ')',
        );
      else {
        if (p.step == null) a.playAll(v, steps, model);
        else if (/^\d{1,4}$/.test(p.step) && +p.step <= p.schedule.length) a.load(v, steps, +p.step, model);
        else bad.push('step');
        if (p.mode != null && p.mode !== 'play' && a.panels[p.mode]) a.mode(p.mode);
      }
    }
    if (bad.length)
      a.say(
        'Part of the link was ignored: ' + bad.join(', ') + ' ' + (bad.length > 1 ? 'are' : 'is') + ' not valid here.',
      );
    return true;
  }

  // #explore=<id>:<variant>:<schedule> (URL-encoded, the older form): untrusted text from a link.
  // Anything else is refused with a message in each explorer, before any work that grows with its length.
  function fromHash(list) {
    var h = location.hash,
      spec = null,
      why = null;
    list = list || apps;
    if (h.slice(0, 9) !== '#explore=') return;
    if (h.length > MAX_FRAGMENT) why = 'it is longer than any schedule';
    else
      try {
        spec = decodeURIComponent(h.slice(9));
      } catch (e) {
        why = 'its percent-encoding is malformed';
      }
    var m = spec === null ? null : /^(.+):([a-z]+)(?:@(sc|tso))?:([0-9a-z]*)$/.exec(spec);
    if (!m) {
      why = why || EXPECTED;
      list.forEach(function (a) {
        a.say('The link to a schedule was ignored: ' + why + '.');
      });
      return;
    }
    list.forEach(function (a) {
      if (a.id !== m[1] || a.variants.indexOf(m[2]) < 0) return;
      var dd = DATA[a.id + ':' + m[2]],
        model = m[3] || 'sc';
      if (model === 'tso' && !(dd.tso && dd.fences)) {
        a.say('The link to a schedule was ignored: this example was not explored under x86-TSO.');
        return;
      }
      var max = maxSteps(a, m[2], model);
      if (m[4].length > max) {
        a.say(
          'The link to a schedule was ignored: ' +
            m[4].length +
            ' steps, and a run of this example has at most ' +
            max +
            '.',
        );
        return;
      }
      var steps = X.parseSchedule(m[4], threadCount(a, m[2]), model);
      if (!steps) {
        a.say('The link to a schedule was ignored: ' + EXPECTED + '.');
        return;
      }
      a.load(m[2], steps, 0, model);
      a.root.scrollIntoView();
      a.root.focus();
    });
  }
  // Builds every explorer of the page not built yet whose data is here: an explorer loaded on demand
  // (data-ondemand, static/ondemand.js) once its data scripts have run (data-ondemand-loaded);
  // ondemand.js calls it again (window.CourseExplorerUI.start) for each explorer it loads later.
  function start() {
    var roots = document.querySelectorAll('.explorer-app'),
      built = [];
    for (var i = 0; i < roots.length; i++) {
      if (roots[i].getAttribute('data-ready')) continue;
      if (roots[i].hasAttribute('data-ondemand') && !roots[i].hasAttribute('data-ondemand-loaded')) continue;
      roots[i].setAttribute('data-ready', '1');
      try {
        var a = new App(roots[i]);
        if (a.variants && a.variants.length) {
          apps.push(a);
          built.push(a);
          wire(a);
        }
      } catch (e) {
        roots[i].hidden = false;
        roots[i].textContent = 'The explorer could not start: ' + e.message;
      }
    }
    if (built.length) fromHash(built);
  }
  window.CourseExplorerUI = { start: start };
  function wire(a) {
    if (a.section && window.COURSE_VIEW) {
      window.COURSE_VIEW.register(a.section, function () {
        return a.urlState();
      });
      // the code view's variant is the example's: the explorer follows it
      a.section.addEventListener('example:variant', function (ev) {
        if (ev.detail.from !== 'explorer' && ev.detail.variant !== a.variant) a.select(ev.detail.variant, true);
      });
    }
    var took = fromView(a);
    a.ready = true;
    if (took && location.hash.slice(1) === (a.root.closest('section.explorer') || {}).id) {
      a.root.scrollIntoView();
    }
  }
  window.addEventListener('hashchange', function () {
    fromHash();
  });
  // The outcome tables' schedule links (a.explorer-witness) point at their explorer section so they
  // work without JavaScript; data-explore="<id>:<variant>:<schedule>" (or <id>:<variant>@tso:<schedule>)
  // is what a click replays, from its first step.
  document.addEventListener('click', function (ev) {
    var a = ev.target && ev.target.closest ? ev.target.closest('a.explorer-witness[data-explore]') : null;
    if (!a || ev.button !== 0 || ev.ctrlKey || ev.metaKey || ev.shiftKey || ev.altKey) return;
    var spec = a.getAttribute('data-explore'),
      j = spec.lastIndexOf(':'),
      k = spec.lastIndexOf(':', j - 1);
    var id = spec.slice(0, k),
      variant = spec.slice(k + 1, j),
      sched = spec.slice(j + 1),
      model = 'sc';
    if (/@tso$/.test(variant)) {
      variant = variant.slice(0, -4);
      model = 'tso';
    }
    var app = apps.filter(function (x) {
      return x.id === id && x.variants.indexOf(variant) >= 0;
    })[0];
    var steps = app ? X.parseSchedule(sched, threadCount(app, variant), model) : null;
    if (!steps) return; // no explorer, or not a schedule of it: follow the href
    var dd = DATA[id + ':' + variant];
    if (model === 'tso' && !(dd.tso && dd.fences)) return;
    ev.preventDefault();
    app.load(variant, steps, 0, model);
    app.root.scrollIntoView();
    if (!app.nextBtn.disabled) app.nextBtn.focus();
    else app.root.focus();
  });
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start);
  else start();
})();
