/* search-boot.js - the header's search box until it is first used: shows it (hidden in the markup,
   which works without JavaScript), names the "/" shortcut where there is a keyboard, focuses the box
   on "/", and loads static/search.js (the search itself) when the box first takes focus, so a page
   that nobody searches from does not carry it (issue 27, point 14: page weight). search.js reads
   what was typed before it came. The "/" shortcut stays this script's. */
(function () {
  'use strict';
  var box = document.querySelector('.search');
  var input = document.getElementById('search-input');
  if (!box || !input) return;
  box.hidden = false;
  // The "/" shortcut is worth a mention only where there is a keyboard (a fine pointer that hovers,
  // not a phone's touch screen); the markup's placeholder names no key.
  if (window.matchMedia && window.matchMedia('(hover: hover) and (pointer: fine)').matches) {
    input.setAttribute('placeholder', 'Search (press /)');
  }
  var started = false;
  input.addEventListener('focus', function () {
    if (started) return;
    started = true;
    var s = document.createElement('script');
    s.src = (document.documentElement.getAttribute('data-root') || '') + 'static/search.js';
    document.head.appendChild(s);
  });
  document.addEventListener('keydown', function (ev) {
    if (ev.key !== '/' || ev.ctrlKey || ev.metaKey || ev.altKey) return;
    var t = ev.target;
    if (t && (t.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(t.tagName))) return;
    ev.preventDefault();
    input.focus();
    input.select();
  });
})();
