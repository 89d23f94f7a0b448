/* playground.js - the playground page (site/templates/playground.html). Classic script. It does
 * anything only when the page comes from the playground's own server (`make serve`: its answers carry
 * x-course-playground: 1, asked of the site's icon, then GET /playground/api/hello); otherwise the page keeps its note on how to
 * run it locally (a static host is never asked for an address it would answer with 404).
 *  - the editor: Debian's CodeMirror (served by the playground from libjs-codemirror) with C
 *    highlighting, or the plain textarea when it cannot be loaded;
 *  - a run: POST /playground/api/run with the source and the cell to show first, then its status
 *    every 200 ms until it ends: the stage and a progress bar, the errors (each at its line: a click
 *    puts the cursor there), the overview of the matrix (where each variant's outcome set differs from
 *    the fixed variant's), and the run's page in the frame: the course's own view, rendered by the
 *    server with example.html (reloaded when a newer rendering comes, unless the reader is using it);
 *  - the state in the fragment: #s=<base64url of the deflated JSON {k, i, s, c, v}> (kind, id,
 *    source, cells, the view's query); untrusted input: bounded, inflated with a cap, every field
 *    checked, and only ever written as text or form values;
 *  - "Save as example" (POST /playground/api/save) once a run has finished without an error. */
(function () {
  'use strict';
  var form = document.querySelector('form.playground');
  if (!form || !/^https?:$/.test(location.protocol) || !window.fetch) return;
  var API = '/playground/api/';
  var ID_RE = /^[a-z0-9][a-z0-9-]{0,39}\/[a-z0-9][a-z0-9-]{0,79}$/;
  var VIEW_KEYS = ['variant', 'compare', 'asm', 'syntax', 'model', 'mode', 'schedule', 'step'];
  var VIEW_VALUE = /^[A-Za-z0-9_\/@:.,-]{0,200}$/;
  var MAX_SOURCE = 200000,
    MAX_FRAGMENT = 400000,
    MAX_INFLATED = 400000;
  var FINAL = ['done', 'failed', 'refused', 'stopped', 'cancelled'];
  var $ = function (sel, root) {
    return (root || document).querySelector(sel);
  };
  var ui = {
    kind: $('.pg-kind', form),
    example: $('.pg-example', form),
    cell: $('.pg-cell', form),
    text: $('.pg-source', form),
    file: el('small', 'pg-file'),
    status: $('.pg-status-text', form),
    progress: $('.pg-progress', form),
    errors: $('.pg-errors', form),
    save: $('.pg-save', form),
    saveName: $('.pg-save-name', form),
    saveButton: $('.pg-save-button', form),
    saveResult: $('.pg-save-result', form),
    share: $('.pg-share', form),
    results: $('.pg-results'),
    overview: $('.pg-overview'),
    frame: $('.pg-view'),
    asm: $('.pg-asm', form),
    asmVerdict: $('.pg-asm-verdict', form),
    asmOutput: $('.pg-asm-output', form),
  };
  var hello = null,
    editor = null,
    state = { id: 'play/untitled', view: '' };
  var current = null,
    timer = null,
    editTimer = null,
    frameTouched = false,
    shownRenders = 0,
    shownHash = null;
  var frameLoading = false,
    pending = null;

  function el(tag, cls, text) {
    var e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text != null) e.textContent = text;
    return e;
  }

  /* ---- the editor --------------------------------------------------------------------------- */
  function source() {
    return editor ? editor.getValue() : ui.text.value;
  }
  function setSource(s) {
    if (editor) editor.setValue(s);
    else ui.text.value = s;
  }
  function gotoLine(n) {
    if (editor) {
      editor.focus();
      editor.setCursor({ line: n - 1, ch: 0 });
      editor.scrollIntoView({ line: n - 1, ch: 0 }, 80);
      return;
    }
    var lines = ui.text.value.split('\n'),
      at = 0;
    for (var i = 0; i < n - 1 && i < lines.length; i++) at += lines[i].length + 1;
    ui.text.focus();
    ui.text.setSelectionRange(at, at + (lines[n - 1] || '').length);
  }
  function load(tag, url) {
    return new Promise(function (ok, fail) {
      var e = document.createElement(tag);
      if (tag === 'link') {
        e.rel = 'stylesheet';
        e.href = url;
      } else e.src = url;
      e.onload = ok;
      e.onerror = function () {
        fail(new Error('cannot load ' + url));
      };
      document.head.appendChild(e);
    });
  }
  function startEditor() {
    var base = form.getAttribute('data-codemirror');
    return load('link', base + 'lib/codemirror.css')
      .then(function () {
        return load('script', base + 'lib/codemirror.js');
      })
      .then(function () {
        return load('script', base + 'mode/clike/clike.js');
      })
      .then(function () {
        if (!window.CodeMirror) return;
        editor = window.CodeMirror.fromTextArea(ui.text, {
          mode: 'text/x-csrc',
          lineNumbers: true,
          indentUnit: 8,
          indentWithTabs: true,
          viewportMargin: 40,
          screenReaderLabel: 'Source',
        });
        editor.on('change', edited);
        form.classList.add('pg-has-codemirror');
      })
      .catch(function () {
        /* libjs-codemirror not installed: the textarea stays */
      });
  }

  /* ---- the fragment: the source and the view, compressed ------------------------------------ */
  function b64url(bytes) {
    var s = '';
    for (var i = 0; i < bytes.length; i++) s += String.fromCharCode(bytes[i]);
    return btoa(s).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
  }
  function unb64url(s) {
    var bin = atob(s.replace(/-/g, '+').replace(/_/g, '/'));
    var out = new Uint8Array(bin.length);
    for (var i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
    return out;
  }
  function pipeBytes(bytes, stream, cap) {
    var reader = new Blob([bytes]).stream().pipeThrough(stream).getReader(),
      parts = [],
      size = 0;
    function step() {
      return reader.read().then(function (r) {
        if (r.done) {
          var out = new Uint8Array(size),
            at = 0;
          parts.forEach(function (p) {
            out.set(p, at);
            at += p.length;
          });
          return out;
        }
        size += r.value.length;
        if (size > cap) {
          reader.cancel();
          throw new Error('too large');
        }
        parts.push(r.value);
        return step();
      });
    }
    return step();
  }
  function encodeState(obj) {
    var bytes = new TextEncoder().encode(JSON.stringify(obj));
    if (!window.CompressionStream) return Promise.resolve('j=' + b64url(bytes));
    return pipeBytes(bytes, new CompressionStream('deflate-raw'), MAX_FRAGMENT).then(function (z) {
      return 's=' + b64url(z);
    });
  }
  // -> Promise<{kind, id, source, cells, view} | null>; every field checked, anything else dropped
  function decodeState(hash) {
    var m = /^#([sj])=([A-Za-z0-9_-]{1,400000})$/.exec(hash);
    if (!m || hash.length > MAX_FRAGMENT) return Promise.resolve(null);
    var bytes;
    try {
      bytes = unb64url(m[2]);
    } catch (e) {
      return Promise.resolve(null);
    }
    var text =
      m[1] === 'j'
        ? Promise.resolve(bytes)
        : window.DecompressionStream
          ? pipeBytes(bytes, new DecompressionStream('deflate-raw'), MAX_INFLATED)
          : Promise.reject(new Error('no inflate'));
    return text
      .then(function (raw) {
        var o = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(raw));
        if (!o || typeof o !== 'object') return null;
        var st = {};
        st.kind = o.k === 'litmus' || o.k === 'asm' ? o.k : 'example';
        st.id = typeof o.i === 'string' && ID_RE.test(o.i) ? o.i : 'play/untitled';
        if (typeof o.s !== 'string' || o.s.length > MAX_SOURCE || o.s.indexOf('\0') >= 0) return null;
        st.source = o.s;
        st.cells = Array.isArray(o.c)
          ? o.c
              .filter(function (c) {
                return hello.cells.indexOf(c) >= 0;
              })
              .slice(0, 1)
          : [];
        st.view = viewQuery(typeof o.v === 'string' ? o.v : '');
        return st;
      })
      .catch(function () {
        return null;
      });
  }
  // a view's query string reduced to the keys and characters the course's view reads
  function viewQuery(q) {
    var out = [];
    String(q)
      .replace(/^\?/, '')
      .split('&')
      .forEach(function (kv) {
        var i = kv.indexOf('='),
          k = i < 0 ? kv : kv.slice(0, i),
          v = i < 0 ? '' : kv.slice(i + 1);
        try {
          v = decodeURIComponent(v);
        } catch (e) {
          return;
        }
        if (VIEW_KEYS.indexOf(k) >= 0 && VIEW_VALUE.test(v) && k !== 'asm') out.push(k + '=' + encodeURIComponent(v));
      });
    return out.join('&');
  }
  var writing = null;
  function writeFragment() {
    var snapshot = { k: ui.kind.value, i: state.id, s: source(), c: [ui.cell.value], v: state.view };
    writing = encodeState(snapshot)
      .then(function (f) {
        history.replaceState(null, '', location.pathname + '#' + f);
      })
      .catch(function () {
        /* the link keeps the previous state */
      });
    return writing;
  }

  /* ---- a run ---------------------------------------------------------------------------------- */
  function edited() {
    clearTimeout(editTimer);
    editTimer = setTimeout(run, 700);
  }
  // Each run() numbered: a response that arrives after a later run() was asked for is stale (the two
  // requests' answers may come back in either order) and is dropped, so the page never falls back to
  // the older run's status.
  var asked = 0;
  function run() {
    clearTimeout(editTimer);
    var mine = ++asked;
    stopPolling();
    var body = { kind: ui.kind.value, source: source(), cells: [ui.cell.value] };
    if (body.kind === 'example') body.id = state.id;
    if (current) body.supersedes = current.h;
    writeFragment();
    setStatus('Starting…', 0);
    return fetch(API + 'run', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    })
      .then(function (r) {
        return r.json().then(function (j) {
          return { ok: r.ok, j: j };
        });
      })
      .then(function (r) {
        if (mine !== asked) return;
        if (!r.ok) {
          setStatus(r.j.error || 'refused', 0);
          return;
        }
        current = r.j;
        show(r.j);
        poll(r.j.h);
      })
      .catch(function (e) {
        if (mine === asked) setStatus('The playground does not answer: ' + e.message, 0);
      });
  }
  // The current run's status every 200 ms until it is final. A new run() stops the polling first: its
  // request cancels the old run, and a poll of it then in flight is answered "cancelled" (the server
  // remembers cancelled runs) and dropped here, never shown.
  var polling = 0;
  function stopPolling() {
    clearTimeout(timer);
    polling++;
  }
  function poll(h) {
    stopPolling();
    var mine = polling;
    timer = setTimeout(function () {
      if (!current || current.h !== h) return;
      fetch(API + 'run/' + h)
        .then(function (r) {
          return r.json();
        })
        .then(function (s) {
          if (polling !== mine || !current || current.h !== h || !s || s.h !== h) return;
          current = s;
          show(s);
          if (FINAL.indexOf(s.state) < 0) poll(h);
        })
        .catch(function () {
          if (polling === mine) poll(h);
        });
    }, 200);
  }
  function setStatus(text, fraction) {
    ui.status.textContent = text;
    ui.progress.value = fraction;
  }
  var STAGES = {
    read: 'Reading the file',
    code: 'Compiling the cell shown first',
    explorer: 'Exploring every outcome',
    selected: 'Compiling the chosen cells',
    matrix: 'Compiling the rest of the matrix',
  };
  function show(s) {
    var m = s.matrix || { done: 0, total: 1 };
    var fr =
      s.state === 'done'
        ? 1
        : s.stage === 'matrix'
          ? 0.3 + (0.7 * m.done) / m.total
          : s.stage === 'explorer'
            ? 0.2
            : s.stage === 'code'
              ? 0.05
              : 0;
    var text;
    if (s.state === 'queued') text = 'Waiting for a free slot…';
    else if (s.state === 'running')
      text =
        (STAGES[s.stage] || s.stage) + (s.stage === 'matrix' ? ' (' + m.done + ' of ' + m.total + ' cells)' : '') + '…';
    else if (s.state === 'done')
      text =
        (s.kind === 'asm' ? 'Done: the test under its model' : 'Done: every cell of the matrix') +
        (s.times && s.times.total_ms ? ' in ' + (s.times.total_ms / 1000).toFixed(1) + ' s' : '') +
        '.';
    else if (s.state === 'refused') text = 'Refused: the file tries something a course example may not do (below).';
    else if (s.state === 'stopped') text = 'Stopped by a limit: ' + (s.stopped ? s.stopped.message : '');
    else if (s.state === 'cancelled') text = 'Cancelled.';
    else text = 'Failed (below).';
    setStatus(text, fr);
    ui.file.textContent = s.name ? ' (' + s.name + ')' : '';
    showErrors(s.errors || []);
    showAssembly(s);
    ui.save.hidden = s.state !== 'done' || s.kind === 'asm';
    if (s.overview) showOverview(s);
    if (s.view && (s.h !== shownHash || s.renders > shownRenders)) showView(s);
    if (!s.view && s.h !== shownHash && shownHash !== 'none' && FINAL.indexOf(s.state) >= 0) {
      shownHash = 'none';
      navigate('about:blank');
    }
    if (s.view || s.overview) ui.results.hidden = false;
    if (s.kind === 'asm') ui.results.hidden = true;
  }
  // An assembly litmus test's report (a64-tool run: herd's lines) and its verdict beside the file's own
  // expectation; nothing for the other kinds.
  function showAssembly(s) {
    ui.asm.hidden = !s.asm;
    if (!s.asm) return;
    var m = /^Observation \S+ (Always|Sometimes|Never)\b/m.exec(s.asm.output);
    var model = /^Test \S+ \(model ([^)]+)\)/m.exec(s.asm.output);
    var names = { armv8: 'Armv8', 'x86-tso': 'x86-TSO', sc: 'sequential consistency' };
    var name = model ? names[model[1]] || model[1] : 'its model';
    ui.asmVerdict.textContent =
      (m ? 'Under ' + name + ': ' + m[1] + '. ' : '') +
      (s.asm.partial
        ? 'The run stopped at a bound: no verdict.'
        : s.asm.agrees === true
          ? 'As the file expects.'
          : s.asm.agrees === false
            ? 'Not what the file expects (its Result line).'
            : '');
    ui.asmOutput.textContent = s.asm.output;
  }
  function showErrors(errors) {
    ui.errors.textContent = '';
    errors.forEach(function (e) {
      var li = el('li', 'pg-error');
      var b = el('button', 'pg-error-line', 'line ' + e.line);
      b.type = 'button';
      b.addEventListener('click', function () {
        gotoLine(e.line);
      });
      li.appendChild(b);
      li.appendChild(el('span', 'pg-error-text', ' ' + e.message));
      if (e.details) {
        var d = el('details');
        d.appendChild(el('summary', null, "the tool's output"));
        d.appendChild(el('pre', null, e.details));
        li.appendChild(d);
      }
      ui.errors.appendChild(li);
    });
  }

  /* ---- the overview ------------------------------------------------------------------------- */
  function showOverview(s) {
    var t = el('table', 'pg-matrix');
    t.appendChild(el('caption', null, "Variants whose machine code reaches other outcomes than the fixed variant's"));
    var head = el('tr');
    head.appendChild(el('th', null, 'compiler / architecture'));
    hello.opts.forEach(function (o) {
      var th = el('th', null, '-' + o);
      th.scope = 'col';
      head.appendChild(th);
    });
    t.appendChild(el('thead')).appendChild(head);
    var body = el('tbody');
    hello.targets.forEach(function (tg) {
      var tr = el('tr');
      var th = el('th', null, tg);
      th.scope = 'row';
      tr.appendChild(th);
      hello.opts.forEach(function (o) {
        var name = tg + '/' + o,
          c = s.overview[name],
          td = el('td');
        var b = el('button', 'pg-cell-button');
        b.type = 'button';
        b.setAttribute('data-cell', name);
        b.textContent = cellText(c, s);
        b.className += ' ' + cellClass(c);
        b.title = name;
        if (name === ui.cell.value) b.setAttribute('aria-current', 'true');
        b.addEventListener('click', function () {
          ui.cell.value = name;
          chooseCell();
        });
        td.appendChild(b);
        tr.appendChild(td);
      });
      body.appendChild(tr);
    });
    t.appendChild(body);
    ui.overview.textContent = '';
    ui.overview.appendChild(t);
  }
  function cellText(c, s) {
    if (!c) return '…';
    var differ = [],
      unknown = false;
    Object.keys(c).forEach(function (v) {
      if (v === 'fixed') return;
      if (c[v].differs === null) unknown = true;
      if (c[v].differs) differ.push(v);
      else if (c[v].tso && c[v].tso.differs) differ.push(v + ' (x86-TSO)');
    });
    if (!c.fixed)
      return (s.variants || []).length === 1
        ? String((c[s.variants[0]] || {}).outcomes ? c[s.variants[0]].outcomes.length : '?') + ' outcomes'
        : '?';
    if (differ.length) return differ.join(', ');
    return unknown ? '?' : 'same';
  }
  function cellClass(c) {
    if (!c) return 'pg-pending';
    var k = Object.keys(c).filter(function (v) {
      return v !== 'fixed';
    });
    if (
      k.some(function (v) {
        return c[v].differs || (c[v].tso && c[v].tso.differs);
      })
    )
      return 'pg-differs';
    if (
      k.some(function (v) {
        return c[v].differs === null;
      })
    )
      return 'pg-unknown';
    return 'pg-same';
  }

  /* ---- the view: the run's page, in a frame ----------------------------------------------- */
  function viewUrl(s) {
    var q = state.view ? state.view + '&' : '';
    var cell = s.done && s.done.indexOf(ui.cell.value) >= 0 ? ui.cell.value : (s.cells || [])[0];
    return (
      '/playground/run/' +
      s.h +
      '/' +
      s.view +
      '?' +
      q +
      'asm=' +
      encodeURIComponent(cell).replace(/%2F/g, '/') +
      '#' +
      encodeURIComponent(s.anchor || '')
    );
  }
  function showView(s) {
    if (s.h === shownHash && frameTouched) {
      var note = $('.pg-newer') || el('button', 'pg-newer', 'Newer results (more cells): show them');
      note.type = 'button';
      note.onclick = function () {
        frameTouched = false;
        note.remove();
        showView(current);
      };
      if (!note.parentNode) ui.frame.parentNode.insertBefore(note, ui.frame);
      return;
    }
    var same = s.h === shownHash;
    shownHash = s.h;
    shownRenders = s.renders;
    frameTouched = false;
    // a newer rendering of the same run: reload once the frame has loaded what it is loading (the
    // frame's own URL keeps the reader's view; setting the same address again would only move to its
    // fragment)
    navigate(same ? null : viewUrl(s));
  }
  // The frame to an address (null: reload what it shows), once it has loaded what it is loading: a
  // navigation never cuts another short.
  function navigate(url) {
    if (frameLoading) {
      pending = url === null && pending ? pending : { url: url };
      return;
    }
    frameLoading = true;
    if (url === null) {
      try {
        ui.frame.contentWindow.location.reload();
        return;
      } catch (e) {
        url = viewUrl(current);
      }
    }
    ui.frame.src = url;
  }
  ui.frame.addEventListener('load', function () {
    frameLoading = false;
    if (pending) {
      var p = pending;
      pending = null;
      navigate(p.url);
      return;
    }
    var doc;
    try {
      doc = ui.frame.contentDocument;
    } catch (e) {
      return;
    }
    if (!doc || !doc.body) return;
    var fit = function () {
      ui.frame.style.height = Math.max(400, doc.documentElement.scrollHeight + 20) + 'px';
    };
    fit();
    if (window.ResizeObserver) new ResizeObserver(fit).observe(doc.body);
    ['pointerdown', 'keydown'].forEach(function (ev) {
      doc.addEventListener(ev, function () {
        frameTouched = true;
      });
    });
    // the view's own state (variant, compare, explorer's mode...) goes into the shared link
    var keep = function () {
      var v = viewQuery(ui.frame.contentWindow.location.search);
      if (v !== state.view) {
        state.view = v;
        writeFragment();
      }
    };
    ui.frame.contentWindow.addEventListener('popstate', keep);
    doc.addEventListener('click', function () {
      setTimeout(keep, 0);
    });
    doc.addEventListener('change', function () {
      setTimeout(keep, 0);
    });
    syncTheme();
  });
  function syncTheme() {
    var doc;
    try {
      doc = ui.frame.contentDocument;
    } catch (e) {
      return;
    }
    if (!doc) return;
    var t = document.documentElement.getAttribute('data-theme');
    if (t) doc.documentElement.setAttribute('data-theme', t);
    else doc.documentElement.removeAttribute('data-theme');
  }
  new MutationObserver(syncTheme).observe(document.documentElement, {
    attributes: true,
    attributeFilter: ['data-theme'],
  });
  function chooseCell() {
    writeFragment();
    if (current && current.done && current.done.indexOf(ui.cell.value) >= 0 && current.view) {
      frameTouched = false;
      shownHash = null;
      shownRenders = current.renders;
      navigate(viewUrl(current));
      if (current.overview) showOverview(current);
    } else run();
  }

  /* ---- start ------------------------------------------------------------------------------- */
  function fillSelects() {
    var groups = {};
    hello.cells.forEach(function (c) {
      var t = c.slice(0, c.lastIndexOf('/'));
      if (!groups[t]) {
        groups[t] = el('optgroup');
        groups[t].label = t;
        ui.cell.appendChild(groups[t]);
      }
      var o = el('option', null, c);
      o.value = c;
      groups[t].appendChild(o);
    });
    ui.cell.value = hello.default;
    hello.examples.forEach(function (id) {
      var o = el('option', null, id);
      o.value = id;
      ui.example.appendChild(o);
    });
  }
  function loadExample(id) {
    return fetch(API + 'example?id=' + encodeURIComponent(id))
      .then(function (r) {
        return r.json();
      })
      .then(function (j) {
        if (!j.source) {
          setStatus(j.error || 'no such example', 0);
          return false;
        }
        state.id = id;
        ui.kind.value = 'example';
        ui.example.value = id;
        setSource(j.source);
        return true;
      });
  }
  function initial() {
    var q = new URLSearchParams(location.search);
    if (location.hash.length > 1) {
      return decodeState(location.hash).then(function (st) {
        if (!st) {
          setStatus("The link's source could not be read; starting from a course example.", 0);
          return loadExample(hello.examples[0]);
        }
        state.id = st.id;
        state.view = st.view;
        ui.kind.value = st.kind;
        if (st.cells.length) ui.cell.value = st.cells[0];
        setSource(st.source);
        if (hello.examples.indexOf(st.id) >= 0) ui.example.value = st.id;
        return true;
      });
    }
    var id = q.get('example');
    var cell = q.get('asm');
    if (cell && hello.cells.indexOf(cell) >= 0) ui.cell.value = cell;
    if (id && ID_RE.test(id) && hello.examples.indexOf(id) >= 0) return loadExample(id);
    return loadExample(
      hello.examples.indexOf('load-fusing/need-to-stop') >= 0 ? 'load-fusing/need-to-stop' : hello.examples[0],
    );
  }
  function init(h) {
    hello = h;
    $('.pg-editor-label', form).appendChild(ui.file);
    ui.cell.textContent = '';
    document.querySelector('.playground-offline').hidden = true;
    form.hidden = false;
    fillSelects();
    form.addEventListener('submit', function (e) {
      e.preventDefault();
      run();
    });
    ui.text.addEventListener('input', edited);
    ui.kind.addEventListener('change', function () {
      if (ui.kind.value === 'example') state.id = 'play/untitled';
      run();
    });
    ui.example.addEventListener('change', function () {
      if (ui.example.value)
        loadExample(ui.example.value).then(function (ok) {
          if (ok) run();
        });
    });
    ui.cell.addEventListener('change', chooseCell);
    ui.share.addEventListener('click', function () {
      writeFragment().then(function () {
        var done = function () {
          setStatus('The link to this source and view is in the address bar (copied).', ui.progress.value);
        };
        if (navigator.clipboard) navigator.clipboard.writeText(location.href).then(done, done);
        else done();
      });
    });
    ui.saveButton.addEventListener('click', function () {
      if (!current) return;
      fetch(API + 'save', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ hash: current.h, name: ui.saveName.value }),
      })
        .then(function (r) {
          return r.json();
        })
        .then(function (j) {
          ui.saveResult.textContent = j.saved ? 'Saved as ' + j.saved + '.' : j.error;
        })
        .catch(function (e) {
          ui.saveResult.textContent = e.message;
        });
    });
    startEditor()
      .then(initial)
      .then(function (ok) {
        if (ok) run();
      });
  }
  fetch((document.documentElement.getAttribute('data-root') || '') + 'static/favicon.svg', { cache: 'no-store' })
    .then(function (r) {
      return r.text().then(function () {
        return r;
      });
    })
    .then(function (r) {
      return r.headers.get('x-course-playground') === '1' ? fetch(API + 'hello') : null;
    })
    .then(function (r) {
      return r && r.ok ? r.json() : null;
    })
    .then(function (h) {
      if (h && h.playground === 1) init(h);
    })
    .catch(function () {
      /* no playground behind this page: the note on running it stays */
    });
})();
