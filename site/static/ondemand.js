/* ondemand.js - loads an example's heavier scripts only when the reader opens the part that needs
 * them (issue 27, point 14: page weight). Classic script: works from file:// (scripts are added as
 * <script> elements, never fetched) and over http; example.html loads it once per page.
 * - the verified record's body (details.example-verified > .record-body[data-record]): the data
 *   script data-record names (window.COURSE_RECORDS[data-record-key], the record's HTML, written by
 *   example.html), loaded and inserted when the record is opened, when the URL's fragment names one
 *   of its ids (data-record-ids; the details are opened) or asks for a replay of its example; then
 *   its section.native is watched as below. Each record is inserted once.
 * A part names its scripts in data-ondemand, space-separated URLs in the order they must run:
 * - section.native: static/native.js (the machine code's outcomes, its cells' data, the step replay),
 *   loaded when the example's folded record (details.example-verified) is open; with
 *   data-ondemand-replay (runtime.js, the one parser of schedules) first when the URL asks for a
 *   replay (?replay=...#<example anchor>) or one of its schedule links is clicked.
 * - .explorer-app: the game (its stylesheet game.css, wasm data scripts, runtime.js, ui.js), loaded when the reader presses
 *   its "Start the game" button (p.explorer-start), when the URL names a view of it (#explorer-<id>;
 *   #ex-<id> with model, mode, schedule or step; #explore=<id>:...), or when one of its schedule
 *   links (a.explorer-witness) is clicked; then ui.js builds it (window.CourseExplorerUI.start).
 *   Without that button (the playground's view) it is loaded at once.
 * Each URL is requested once per page (a <script src> already there counts); a click that came
 * before its scripts is replayed once they have run. With JavaScript off nothing is loaded: the
 * static tables of the HTML are the whole record. */
(function () {
  'use strict';
  if (window.COURSE_ONDEMAND) return;

  var loaded = {}; /* absolute URL -> true (ran) or [callbacks] (on its way) */
  function abs(u) {
    var a = document.createElement('a');
    a.href = u;
    return a.href;
  }
  (function seen() {
    var ss = document.querySelectorAll('script[src]'),
      ls = document.querySelectorAll('link[rel=stylesheet]');
    for (var i = 0; i < ss.length; i++) loaded[ss[i].src] = true;
    for (var j = 0; j < ls.length; j++) loaded[ls[j].href] = true;
  })();

  /* Runs done() once every URL of urls (array, in order) has been loaded and run (a stylesheet, .css:
   * linked and loaded). */
  function need(urls, done) {
    var list = urls.filter(Boolean);
    (function next(i) {
      if (i >= list.length) {
        done();
        return;
      }
      var u = abs(list[i]),
        st = loaded[u];
      if (st === true) {
        next(i + 1);
        return;
      }
      if (st) {
        st.push(function () {
          next(i + 1);
        });
        return;
      }
      loaded[u] = [
        function () {
          next(i + 1);
        },
      ];
      var css = /\.css$/.test(u),
        s = document.createElement(css ? 'link' : 'script');
      if (css) {
        s.rel = 'stylesheet';
        s.href = u;
      } else {
        s.src = u;
        s.async = false;
      }
      s.onload = s.onerror = function () {
        var waiting = loaded[u];
        loaded[u] = true;
        waiting.forEach(function (f) {
          f();
        });
      };
      document.head.appendChild(s);
    })(0);
  }
  function words(e, attr) {
    return (e.getAttribute(attr) || '').split(/\s+/).filter(Boolean);
  }

  /* ---- the machine code's outcomes (section.native) -------------------------------------------- */
  function nativeScripts(sec, replay) {
    return (replay ? words(sec, 'data-ondemand-replay') : []).concat(words(sec, 'data-ondemand'));
  }
  function loadNative(sec, replay, done) {
    need(nativeScripts(sec, replay), function () {
      /* native.js, already there for another record, draws the sections added since */
      if (window.CourseNative) window.CourseNative.init();
      if (done) done();
    });
  }
  function replayAsked(sec) {
    var ex = sec.closest('section.example');
    return /[?&]replay=/.test(window.location.search) && ex && window.location.hash === '#' + ex.id;
  }
  function watchNative(sec) {
    var rec = sec.closest('details.example-verified');
    if (replayAsked(sec)) loadNative(sec, true);
    else if (!rec || rec.open) loadNative(sec, false);
    if (rec)
      rec.addEventListener('toggle', function () {
        if (rec.open) loadNative(sec, false);
      });
  }
  /* a schedule link clicked before its scripts ran: load them, then click it again */
  document.addEventListener(
    'click',
    function (ev) {
      var a =
        ev.target && ev.target.closest ? ev.target.closest('section.native[data-ondemand] a.native-witness') : null;
      if (!a || ev.button !== 0 || ev.ctrlKey || ev.metaKey || ev.shiftKey || ev.altKey) return;
      var sec = a.closest('section.native'),
        all = nativeScripts(sec, true);
      if (
        all.every(function (u) {
          return loaded[abs(u)] === true;
        })
      )
        return;
      ev.preventDefault();
      ev.stopImmediatePropagation();
      loadNative(sec, true, function () {
        a.click();
      });
    },
    true,
  );

  /* ---- the verified record's body (.record-body[data-record]) ------------------------------- */
  /* Loads body's data script, inserts the record (once), watches its section.native, then done(). */
  function loadRecord(body, done) {
    done = done || function () {};
    if (body.getAttribute('data-record-ready') !== null) {
      done();
      return;
    }
    need([body.getAttribute('data-record')], function () {
      var html = (window.COURSE_RECORDS || {})[body.getAttribute('data-record-key')];
      if (body.getAttribute('data-record-ready') === null && typeof html === 'string') {
        var link = body.parentNode.querySelector('.record-link');
        if (link) {
          link.removeAttribute('id'); /* the record's own element has it now */
          link.hidden = true;
        }
        body.innerHTML = html;
        body.setAttribute('data-record-ready', '');
        var ns = body.querySelectorAll('section.native[data-ondemand]');
        for (var i = 0; i < ns.length; i++) watchNative(ns[i]);
      }
      done();
    });
  }
  function recordAsked(body) {
    var ex = body.closest('section.example'),
      id = '';
    try {
      id = decodeURIComponent(window.location.hash.slice(1));
    } catch (e) {
      return false;
    }
    if (ex && /[?&]replay=/.test(window.location.search) && id === ex.id) return 'replay';
    return id !== '' && words(body, 'data-record-ids').indexOf(id) >= 0 ? id : false;
  }
  /* the record a fragment or a replay names: loaded (the fragment's: opened, and scrolled to) */
  function recordsAsked() {
    var bs = document.querySelectorAll('.record-body[data-record]');
    for (var i = 0; i < bs.length; i++) askRecord(bs[i], recordAsked(bs[i]));
  }
  function askRecord(body, asked) {
    if (!asked) return;
    if (asked !== 'replay') body.parentNode.open = true;
    loadRecord(body, function () {
      var t = asked !== 'replay' && document.getElementById(asked);
      if (t) t.scrollIntoView();
    });
  }
  function watchRecord(body) {
    var rec = body.parentNode;
    if (rec.open) loadRecord(body);
    rec.addEventListener('toggle', function () {
      if (rec.open) loadRecord(body);
    });
  }

  /* ---- the game (.explorer-app[data-ondemand]) ------------------------------------------------ */
  function playOf(app) {
    var sec = app.closest('section.explorer');
    return sec ? sec.querySelector('.explorer-start') : null;
  }
  function say(play, text) {
    var st = play.querySelector('.explorer-start-status');
    if (st) st.textContent = text;
  }
  /* Loads app's scripts (its wasm data scripts, runtime.js, ui.js), then has ui.js build it. */
  function loadGame(app, done) {
    done = done || function () {};
    if (app.getAttribute('data-ready')) {
      done();
      return;
    }
    var play = playOf(app);
    if (play) {
      play.querySelector('button').disabled = true;
      say(play, 'Loading the game\u2026');
    }
    need(words(app, 'data-ondemand'), function () {
      app.setAttribute('data-ondemand-loaded', '');
      if (window.CourseExplorerUI) window.CourseExplorerUI.start();
      if (play && app.getAttribute('data-ready')) play.parentNode.removeChild(play);
      else if (play) say(play, 'The game could not be loaded.');
      done();
    });
  }
  function gameOf(id) {
    var apps = document.querySelectorAll('.explorer-app[data-ondemand]');
    for (var i = 0; i < apps.length; i++) if (apps[i].getAttribute('data-example') === id) return apps[i];
    return null;
  }
  var VIEW_OF_GAME = /[?&](model|mode|schedule|step)=/;
  /* the URL names a view of the game: #explorer-<id>, #ex-<id> with the game's keys, #explore=<id>:... */
  function gamesAsked() {
    var h = window.location.hash.slice(1),
      out = [];
    if (h.slice(0, 8) === 'explore=') {
      var spec = '';
      try {
        spec = decodeURIComponent(h.slice(8));
      } catch (e) {
        return out;
      }
      var m = /^(.+):[a-z]+(?:@(?:sc|tso))?:[0-9a-z]*$/.exec(spec),
        g = m && gameOf(m[1]);
      if (g) out.push(g);
      return out;
    }
    var apps = document.querySelectorAll('.explorer-app[data-ondemand]');
    for (var i = 0; i < apps.length; i++) {
      var sec = apps[i].closest('section.explorer'),
        ex = apps[i].closest('section.example');
      if ((sec && h === sec.id) || (ex && h === ex.id && VIEW_OF_GAME.test(window.location.search))) out.push(apps[i]);
    }
    return out;
  }
  function watchGame(app) {
    var play = playOf(app);
    if (!play) {
      loadGame(app);
      return;
    }
    play.hidden = false;
    /* the status that says the game is loading (made here: the markup holds no empty element) */
    var status = document.createElement('span');
    status.className = 'explorer-start-status';
    status.setAttribute('role', 'status');
    play.appendChild(document.createTextNode(' '));
    play.appendChild(status);
    play.querySelector('button').addEventListener('click', function () {
      loadGame(app, function () {
        if (app.getAttribute('data-ready')) app.focus();
      });
    });
  }
  /* a schedule link of a game not loaded yet (the verified tables, the explorer's build in the
   * machine code's panel): load the game, then click the link again (ui.js replays it) */
  document.addEventListener(
    'click',
    function (ev) {
      var a = ev.target && ev.target.closest ? ev.target.closest('a.explorer-witness[data-explore]') : null;
      if (!a || ev.button !== 0 || ev.ctrlKey || ev.metaKey || ev.shiftKey || ev.altKey) return;
      var spec = a.getAttribute('data-explore'),
        j = spec.lastIndexOf(':'),
        k = spec.lastIndexOf(':', j - 1);
      var app = gameOf(spec.slice(0, k));
      if (!app || app.getAttribute('data-ready')) return;
      ev.preventDefault();
      ev.stopImmediatePropagation();
      loadGame(app, function () {
        if (app.getAttribute('data-ready')) a.click();
      });
    },
    true,
  );
  window.addEventListener('hashchange', function () {
    recordsAsked();
    gamesAsked().forEach(function (app) {
      loadGame(app);
    });
  });

  function start() {
    var bs = document.querySelectorAll('.record-body[data-record]');
    for (var b = 0; b < bs.length; b++) watchRecord(bs[b]);
    recordsAsked();
    var ns = document.querySelectorAll('section.native[data-ondemand]');
    for (var i = 0; i < ns.length; i++) watchNative(ns[i]);
    var gs = document.querySelectorAll('.explorer-app[data-ondemand]');
    for (var j = 0; j < gs.length; j++) watchGame(gs[j]);
    gamesAsked().forEach(function (app) {
      loadGame(app);
    });
  }
  window.COURSE_ONDEMAND = { need: need };
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start);
  else start();
})();
