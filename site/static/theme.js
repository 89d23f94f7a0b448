/* Theme: applies the saved colour theme before first paint (this classic script is loaded,
   without defer, in <head>), marks <html> with the class "js", and wires the Light / Dark / System
   buttons in the header. The choice is kept in localStorage under "course-theme"; "system" (the
   default) follows prefers-color-scheme through the stylesheet. */
(function () {
  'use strict';
  var KEY = 'course-theme';
  var CHOICES = ['light', 'dark', 'system'];
  var root = document.documentElement;

  function load() {
    try {
      var v = window.localStorage.getItem(KEY);
      return CHOICES.indexOf(v) >= 0 ? v : 'system';
    } catch (e) {
      return 'system';
    }
  }

  function save(choice) {
    try {
      if (choice === 'system') window.localStorage.removeItem(KEY);
      else window.localStorage.setItem(KEY, choice);
    } catch (e) {
      /* storage unavailable: the choice lasts for this page only */
    }
  }

  function apply(choice) {
    if (choice === 'light' || choice === 'dark') root.setAttribute('data-theme', choice);
    else root.removeAttribute('data-theme');
    var buttons = document.querySelectorAll('[data-theme-choice]');
    for (var i = 0; i < buttons.length; i++) {
      var b = buttons[i];
      b.setAttribute('aria-pressed', b.getAttribute('data-theme-choice') === choice ? 'true' : 'false');
    }
  }

  root.className = (root.className ? root.className + ' ' : '') + 'js';
  apply(load());

  function wire() {
    var group = document.querySelector('.theme-toggle');
    if (!group) return;
    group.hidden = false;
    apply(load());
    group.addEventListener('click', function (ev) {
      var b = ev.target.closest('[data-theme-choice]');
      if (!b) return;
      var choice = b.getAttribute('data-theme-choice');
      save(choice);
      apply(choice);
    });
  }

  // Another tab changed the theme: follow it.
  window.addEventListener('storage', function (ev) {
    if (ev.key === KEY || ev.key === null) apply(load());
  });

  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', wire);
  else wire();
})();
