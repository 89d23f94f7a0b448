/* Search box in the header. Reads window.COURSE_SEARCH (from search-index.js, a classic script,
   so it works from file://): [{title, path, section, headings: [{id, text}], text}]. The index is the largest file
   a page would load, so it is loaded (a <script> element) only when the reader first uses the box. Every query word must occur
   in a page; pages are ranked by where the words occur (title, headings, section, text) and shown
   with an excerpt of the text around the first match, matches marked. Keyboard: Up/Down choose a
   result, Enter opens it, Escape closes the list. Loaded by static/search-boot.js when the box is
   first used ("/" focuses it: search-boot.js). */
(function () {
  'use strict';
  var box = document.querySelector('.search');
  var input = document.getElementById('search-input');
  var list = document.getElementById('search-results');
  var status = box && box.querySelector('.search-status');
  if (!box || !input || !list) return;

  var MAX_RESULTS = 10;
  var root = document.documentElement.getAttribute('data-root') || '';
  var selected = -1;

  function words(s) {
    return String(s || '')
      .toLowerCase()
      .split(/[^a-z0-9_]+/)
      .filter(function (w) {
        return w.length > 0;
      });
  }

  // Headings are {id, text}: id is the anchor the generator gave the heading on its page.
  function prepare(index) {
    return index.map(function (e) {
      var hs = (Array.isArray(e.headings) ? e.headings : [])
        .filter(function (h) {
          return h && typeof h === 'object' && typeof h.id === 'string' && typeof h.text === 'string';
        })
        .map(function (h) {
          return { id: h.id, text: h.text };
        });
      return {
        title: String(e.title || ''),
        path: String(e.path || ''),
        section: String(e.section || ''),
        text: String(e.text || ''),
        headings: hs,
        lTitle: String(e.title || '').toLowerCase(),
        lSection: String(e.section || '').toLowerCase(),
        lText: String(e.text || '').toLowerCase(),
        lHeadings: hs.map(function (h) {
          return h.text.toLowerCase();
        }),
      };
    });
  }
  var docs = null;
  var loading = false;

  // Loads search-index.js once, then calls done() (at once when it is already there).
  function withIndex(done) {
    if (!docs && Array.isArray(window.COURSE_SEARCH)) docs = prepare(window.COURSE_SEARCH);
    if (docs) {
      done();
      return;
    }
    if (loading) return;
    loading = true;
    var s = document.createElement('script');
    s.src = root + 'search-index.js';
    s.onload = function () {
      loading = false;
      if (Array.isArray(window.COURSE_SEARCH)) {
        docs = prepare(window.COURSE_SEARCH);
        done();
      } else box.hidden = true;
    };
    s.onerror = function () {
      loading = false;
      box.hidden = true;
    };
    document.head.appendChild(s);
  }

  function count(hay, needle, limit) {
    var n = 0,
      at = hay.indexOf(needle);
    while (at >= 0 && n < limit) {
      n++;
      at = hay.indexOf(needle, at + needle.length);
    }
    return n;
  }
  function startsWord(hay, needle) {
    return new RegExp('(^|[^a-z0-9_])' + needle.replace(/[^a-z0-9_]/g, '')).test(hay);
  }

  function score(doc, terms, phrase) {
    var total = 0,
      heading = null,
      inTitle = 0;
    for (var i = 0; i < terms.length; i++) {
      var t = terms[i],
        s = 0;
      if (doc.lTitle.indexOf(t) >= 0) {
        s += startsWord(doc.lTitle, t) ? 30 : 15;
        inTitle++;
      }
      for (var h = 0; h < doc.lHeadings.length; h++) {
        if (doc.lHeadings[h].indexOf(t) >= 0) {
          s += 8;
          if (!heading) heading = doc.headings[h];
          break;
        }
      }
      if (doc.lSection.indexOf(t) >= 0) s += 4;
      var c = count(doc.lText, t, 20);
      s += c > 0 ? 2 + Math.log(1 + c) * 3 : 0;
      if (s === 0) return null; // every word must occur somewhere
      total += s;
    }
    if (terms.length > 1) {
      if (doc.lTitle.indexOf(phrase) >= 0) total += 40;
      else if (doc.lText.indexOf(phrase) >= 0) total += 10;
    }
    if (doc.lTitle === phrase) total += 50;
    // A page whose title has every word is the hit itself, not one of its sections.
    return { score: total, heading: inTitle === terms.length ? null : heading };
  }

  function excerpt(doc, terms, phrase) {
    var text = doc.text,
      lower = doc.lText;
    var at = phrase ? lower.indexOf(phrase) : -1;
    for (var i = 0; at < 0 && i < terms.length; i++) at = lower.indexOf(terms[i]);
    if (at < 0) return text.slice(0, 160) + (text.length > 160 ? '…' : '');
    var start = Math.max(0, at - 60),
      end = Math.min(text.length, at + 120);
    if (start > 0) {
      var sp = text.indexOf(' ', start);
      if (sp >= 0 && sp < at) start = sp + 1;
    }
    if (end < text.length) {
      var ep = text.lastIndexOf(' ', end);
      if (ep > at) end = ep;
    }
    return (start > 0 ? '…' : '') + text.slice(start, end) + (end < text.length ? '…' : '');
  }

  // Appends text to el with every occurrence of the terms wrapped in <mark>.
  function appendMarked(el, text, terms) {
    var lower = text.toLowerCase(),
      pos = 0;
    while (pos < text.length) {
      var best = -1,
        len = 0;
      for (var i = 0; i < terms.length; i++) {
        var at = lower.indexOf(terms[i], pos);
        if (at >= 0 && (best < 0 || at < best || (at === best && terms[i].length > len))) {
          best = at;
          len = terms[i].length;
        }
      }
      if (best < 0) break;
      if (best > pos) el.appendChild(document.createTextNode(text.slice(pos, best)));
      var m = document.createElement('mark');
      m.textContent = text.slice(best, best + len);
      el.appendChild(m);
      pos = best + len;
    }
    if (pos < text.length) el.appendChild(document.createTextNode(text.slice(pos)));
  }

  function search(query) {
    var terms = words(query);
    if (terms.length === 0) return { terms: terms, hits: [] };
    var phrase = terms.join(' ');
    var hits = [];
    for (var i = 0; i < docs.length; i++) {
      var r = score(docs[i], terms, phrase);
      if (r) hits.push({ doc: docs[i], score: r.score, heading: r.heading, order: i });
    }
    hits.sort(function (a, b) {
      return b.score - a.score || a.order - b.order;
    });
    return { terms: terms, phrase: phrase, hits: hits.slice(0, MAX_RESULTS), total: hits.length };
  }

  function options() {
    return list.querySelectorAll('[role="option"]');
  }

  function select(i) {
    var opts = options();
    if (opts.length === 0) {
      selected = -1;
      input.removeAttribute('aria-activedescendant');
      return;
    }
    selected = (i + opts.length) % opts.length;
    for (var k = 0; k < opts.length; k++) opts[k].setAttribute('aria-selected', k === selected ? 'true' : 'false');
    input.setAttribute('aria-activedescendant', opts[selected].id);
    opts[selected].scrollIntoView({ block: 'nearest' });
  }

  function close() {
    list.hidden = true;
    input.setAttribute('aria-expanded', 'false');
    input.removeAttribute('aria-activedescendant');
    selected = -1;
  }

  function render() {
    var q = input.value;
    list.textContent = '';
    selected = -1;
    if (words(q).length === 0) {
      close();
      if (status) status.textContent = '';
      return;
    }
    var r = search(q);
    if (r.hits.length === 0) {
      var p = document.createElement('p');
      p.className = 'search-empty';
      p.textContent = 'No page matches “' + q.trim() + '”.';
      list.appendChild(p);
    }
    r.hits.forEach(function (hit, i) {
      var a = document.createElement('a');
      a.className = 'search-result';
      a.id = 'search-result-' + i;
      a.setAttribute('role', 'option');
      a.setAttribute('aria-selected', 'false');
      a.href = root + hit.doc.path + (hit.heading && hit.heading.id ? '#' + hit.heading.id : '');
      var t = document.createElement('span');
      t.className = 'search-result-title';
      appendMarked(t, hit.doc.title, r.terms);
      a.appendChild(t);
      var where = [hit.doc.section, hit.heading ? hit.heading.text : ''].filter(Boolean).join(' › ');
      if (where) {
        var w = document.createElement('span');
        w.className = 'search-result-where';
        w.textContent = where;
        a.appendChild(w);
      }
      var ex = document.createElement('span');
      ex.className = 'search-result-excerpt';
      appendMarked(ex, excerpt(hit.doc, r.terms, r.phrase), r.terms);
      a.appendChild(ex);
      list.appendChild(a);
    });
    list.hidden = false;
    input.setAttribute('aria-expanded', 'true');
    if (status) {
      status.textContent =
        r.hits.length === 0
          ? 'No results.'
          : r.total + (r.total === 1 ? ' result.' : ' results.') + ' Use the up and down arrows to choose.';
    }
  }

  input.addEventListener('input', function () {
    withIndex(render);
  });
  input.addEventListener('focus', function () {
    withIndex(function () {
      if (input.value) render();
    });
  });
  input.addEventListener('keydown', function (ev) {
    if (ev.key === 'ArrowDown') {
      ev.preventDefault();
      if (!docs) return;
      if (list.hidden) render();
      select(selected + 1);
    } else if (ev.key === 'ArrowUp') {
      ev.preventDefault();
      select(selected - 1);
    } else if (ev.key === 'Enter') {
      var opts = options();
      if (opts.length > 0) {
        ev.preventDefault();
        window.location.href = opts[selected >= 0 ? selected : 0].href;
      }
    } else if (ev.key === 'Escape') {
      if (!list.hidden) {
        ev.preventDefault();
        close();
      } else {
        input.value = '';
        input.blur();
      }
    }
  });
  document.addEventListener('click', function (ev) {
    if (!box.contains(ev.target)) close();
  });
  // loaded when the box first took focus (static/search-boot.js, which also shows the box and owns
  // the "/" shortcut): what was typed meanwhile is searched now
  if (document.activeElement === input)
    withIndex(function () {
      if (input.value) render();
    });

  // Exposed for tests and for the console: the ranked hits for a query (empty until the index
  // has been loaded by using the box).
  window.courseSearch = function (q) {
    if (!docs) return [];
    return search(q).hits.map(function (h) {
      return { title: h.doc.title, path: h.doc.path, score: h.score };
    });
  };
})();
