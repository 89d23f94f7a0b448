/* Quiz progress: the record of answered quizzes kept in localStorage, the progress badges in the
   sidebar and outline (elements with data-quizzes="id id ..." holding a .quiz-badge), and the
   footer's Export / Import / Reset controls. quiz.js records answers through
   window.CourseProgress.record(id, correct).

   Stored under "course-quiz-progress": {"<quiz id>": {"answered": true, "correct": <bool>, "solved":
   <bool>}}: "correct" is the first attempt's (a right answer after a wrong one does not change it),
   "solved" whether any attempt was right (optional in an imported file). A won game of the explorer
   (static/explorer/ui.js, CourseProgress.win) is the entry "game-<example id, / as ->".
   The footer's "Your progress" (.progress-summary) gives the totals per section of the sidebar:
   quizzes right at the first attempt, answered, and games won.
   Export writes a file {"format": "course-quiz-progress", "version": 1, "exported": "<ISO date>",
   "progress": {...}}; import accepts only that shape and replaces the stored progress. */
(function () {
  'use strict';
  var KEY = 'course-quiz-progress';
  var FORMAT = 'course-quiz-progress';
  var VERSION = 1;
  var ID_RE = /^[A-Za-z0-9][A-Za-z0-9_-]{0,127}$/;
  var MAX_IMPORT_BYTES = 1024 * 1024;
  var memory = {}; // used when localStorage is unavailable
  var listeners = [];

  function read() {
    try {
      var raw = window.localStorage.getItem(KEY);
      if (!raw) return {};
      var v = validateProgress(JSON.parse(raw));
      return v.ok ? v.progress : {};
    } catch (e) {
      return memory;
    }
  }

  function write(progress) {
    memory = progress;
    try {
      if (Object.keys(progress).length === 0) window.localStorage.removeItem(KEY);
      else window.localStorage.setItem(KEY, JSON.stringify(progress));
    } catch (e) {
      /* keep it in memory for this page */
    }
    changed();
  }

  // Checks a progress object; returns {ok, progress} or {ok: false, error}.
  function validateProgress(p) {
    if (p === null || typeof p !== 'object' || Array.isArray(p)) {
      return { ok: false, error: '"progress" must be an object mapping quiz ids to results' };
    }
    var clean = {};
    var ids = Object.keys(p);
    for (var i = 0; i < ids.length; i++) {
      var id = ids[i],
        r = p[id];
      if (!ID_RE.test(id)) return { ok: false, error: 'invalid quiz id "' + id.slice(0, 40) + '"' };
      if (r === null || typeof r !== 'object' || Array.isArray(r)) {
        return { ok: false, error: 'quiz "' + id + '": result must be an object' };
      }
      if (typeof r.answered !== 'boolean' || typeof r.correct !== 'boolean') {
        return { ok: false, error: 'quiz "' + id + '": "answered" and "correct" must be true or false' };
      }
      if (r.correct && !r.answered) {
        return { ok: false, error: 'quiz "' + id + '": "correct" without "answered"' };
      }
      if (r.solved !== undefined && typeof r.solved !== 'boolean')
        return { ok: false, error: 'quiz "' + id + '": "solved" must be true or false' };
      if (r.answered)
        clean[id] = {
          answered: true,
          correct: r.correct,
          solved: r.solved === undefined ? r.correct : r.solved || r.correct,
        };
    }
    return { ok: true, progress: clean };
  }

  // Checks the text of an exported file; returns {ok, progress} or {ok: false, error}.
  function parseExport(text) {
    var data;
    try {
      data = JSON.parse(text);
    } catch (e) {
      return { ok: false, error: 'not a JSON file' };
    }
    if (data === null || typeof data !== 'object' || Array.isArray(data)) {
      return { ok: false, error: 'not a progress file (expected a JSON object)' };
    }
    if (data.format !== FORMAT) return { ok: false, error: 'not a progress file ("format" is not "' + FORMAT + '")' };
    if (data.version !== VERSION) return { ok: false, error: 'unsupported version ' + JSON.stringify(data.version) };
    return validateProgress(data.progress);
  }

  function exportText() {
    return (
      JSON.stringify(
        {
          format: FORMAT,
          version: VERSION,
          exported: new Date().toISOString(),
          progress: read(),
        },
        null,
        2,
      ) + '\n'
    );
  }

  function badges() {
    var progress = read();
    var holders = document.querySelectorAll('[data-quizzes]');
    for (var i = 0; i < holders.length; i++) {
      var badge = holders[i].querySelector('.quiz-badge');
      if (!badge) continue;
      var ids = holders[i].getAttribute('data-quizzes').split(/\s+/).filter(Boolean);
      if (ids.length === 0) continue;
      var answered = 0,
        correct = 0;
      ids.forEach(function (id) {
        var r = progress[id];
        if (r && r.answered) {
          answered++;
          if (r.correct) correct++;
        }
      });
      badge.textContent = correct + '/' + ids.length;
      badge.title = answered + ' of ' + ids.length + ' quizzes answered, ' + correct + ' correctly';
      badge.setAttribute('aria-label', 'quizzes: ' + correct + ' of ' + ids.length + ' correct');
      badge.classList.toggle('some', answered > 0 && correct < ids.length);
      badge.classList.toggle('done', correct === ids.length);
      badge.hidden = false;
    }
  }

  // Totals per sidebar section: quizzes right at the first attempt, answered, of all; games won.
  function summary() {
    var box = document.querySelector('.progress-summary-body');
    if (!box) return;
    var progress = read(),
      rows = [],
      games = 0,
      all = { right: 0, answered: 0, total: 0 };
    Object.keys(progress).forEach(function (id) {
      if (/^game-/.test(id)) games++;
    });
    var secs = document.querySelectorAll('#sidebar .sidebar-section');
    for (var i = 0; i < secs.length; i++) {
      var h = secs[i].querySelector('.sidebar-heading'),
        t = { right: 0, answered: 0, total: 0 };
      var holders = secs[i].querySelectorAll('[data-quizzes]');
      for (var j = 0; j < holders.length; j++)
        holders[j]
          .getAttribute('data-quizzes')
          .split(/\s+/)
          .filter(Boolean)
          .forEach(function (id) {
            var r = progress[id];
            t.total++;
            if (r && r.answered) {
              t.answered++;
              if (r.correct) t.right++;
            }
          });
      if (!t.total) continue;
      all.right += t.right;
      all.answered += t.answered;
      all.total += t.total;
      rows.push([h ? h.textContent : '', t]);
    }
    rows.push(['All', all]);
    box.textContent = '';
    var table = document.createElement('table');
    table.className = 'progress-table';
    table.innerHTML =
      '<thead><tr><th scope="col">Section</th><th scope="col">Right at the first try</th><th scope="col">Answered</th><th scope="col">Quizzes</th></tr></thead>';
    var tb = document.createElement('tbody');
    rows.forEach(function (r) {
      var tr = document.createElement('tr');
      [r[0], r[1].right, r[1].answered, r[1].total].forEach(function (v, k) {
        var c = document.createElement(k ? 'td' : 'th');
        if (!k) c.scope = 'row';
        c.textContent = String(v);
        tr.appendChild(c);
      });
      tb.appendChild(tr);
    });
    table.appendChild(tb);
    box.appendChild(table);
    var g = document.createElement('p');
    g.className = 'progress-games';
    g.textContent = 'Games won (an example\u2019s goal reached in its explorer): ' + games + '.';
    box.appendChild(g);
  }

  function changed() {
    badges();
    summary();
    var p = read();
    listeners.forEach(function (fn) {
      fn(p);
    });
  }

  function message(text, isError) {
    var el = document.querySelector('.progress-message');
    if (!el) return;
    el.textContent = text;
    el.classList.toggle('error', !!isError);
  }

  function download() {
    var blob = new Blob([exportText()], { type: 'application/json' });
    var a = document.createElement('a');
    a.href = URL.createObjectURL(blob);
    a.download = 'course-progress-' + new Date().toISOString().slice(0, 10) + '.json';
    document.body.appendChild(a);
    a.click();
    a.remove();
    setTimeout(function () {
      URL.revokeObjectURL(a.href);
    }, 1000);
    message('Exported ' + Object.keys(read()).length + ' answered quizzes.');
  }

  function importFile(file) {
    if (!file) return;
    if (file.size > MAX_IMPORT_BYTES) {
      message('Import failed: ' + file.name + ': file too large', true);
      return;
    }
    var reader = new FileReader();
    reader.onload = function () {
      var r = parseExport(String(reader.result));
      if (!r.ok) {
        message('Import failed: ' + file.name + ': ' + r.error, true);
        return;
      }
      write(r.progress);
      message('Imported ' + Object.keys(r.progress).length + ' answered quizzes from ' + file.name + '.');
    };
    reader.onerror = function () {
      message('Import failed: ' + file.name + ': cannot read the file', true);
    };
    reader.readAsText(file);
  }

  function wire() {
    badges();
    summary();
    var sum = document.querySelector('.progress-summary');
    if (sum) sum.hidden = false;
    var tools = document.querySelector('.progress-tools');
    if (!tools) return;
    tools.hidden = false;
    var fileInput = tools.querySelector('.progress-import-file');
    tools.querySelector('.progress-export').addEventListener('click', download);
    tools.querySelector('.progress-import').addEventListener('click', function () {
      fileInput.click();
    });
    fileInput.addEventListener('change', function () {
      importFile(fileInput.files[0]);
      fileInput.value = '';
    });
    tools.querySelector('.progress-reset').addEventListener('click', function () {
      if (!window.confirm('Forget every quiz answer saved in this browser?')) return;
      write({});
      message('Progress reset.');
    });
  }

  window.addEventListener('storage', function (ev) {
    if (ev.key === KEY || ev.key === null) changed();
  });

  window.CourseProgress = {
    get: function (id) {
      return read()[id] || null;
    },
    all: read,
    // the first attempt stays: a later right answer only marks the quiz solved
    record: function (id, correct) {
      if (!ID_RE.test(id)) return;
      var p = read(),
        was = p[id];
      p[id] =
        was && was.answered
          ? { answered: true, correct: was.correct, solved: was.solved || !!correct }
          : { answered: true, correct: !!correct, solved: !!correct };
      write(p);
    },
    // a game won on example id (its goal reached in the explorer)
    win: function (exampleId) {
      var id = 'game-' + String(exampleId).replace(/\//g, '-');
      if (!ID_RE.test(id)) return;
      var p = read();
      if (p[id]) return;
      p[id] = { answered: true, correct: true, solved: true };
      write(p);
    },
    forget: function (id) {
      var p = read();
      delete p[id];
      write(p);
    },
    onChange: function (fn) {
      listeners.push(fn);
    },
    parseExport: parseExport,
    exportText: exportText,
  };

  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', wire);
  else wire();
})();
