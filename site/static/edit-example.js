/* edit-example.js - "Edit this example" (partials/edit-example.html). Over http, when the playground of
 * `make serve` answers (its answers carry x-course-playground: 1, asked of the site's icon; then GET
 * /playground/api/hello), the note on running it locally goes and the link takes the cell on display
 * (?asm=) along; otherwise (file://, a static host) the note stays. */
(function () {
  'use strict';
  if (window.COURSE_EDIT_EXAMPLE_LOADED) return;
  window.COURSE_EDIT_EXAMPLE_LOADED = true;
  if (!/^https?:$/.test(location.protocol) || !window.fetch) return;
  // the playground's server marks its answers (x-course-playground); only then is its API asked
  fetch((document.documentElement.getAttribute('data-root') || '') + 'static/favicon.svg', { cache: 'no-store' })
    .then(function (r) {
      return r.text().then(function () {
        return r;
      });
    })
    .then(function (r) {
      return r.headers.get('x-course-playground') === '1' ? fetch('/playground/api/hello') : null;
    })
    .then(function (r) {
      return r && r.ok ? r.json() : null;
    })
    .then(function (h) {
      if (!h || h.playground !== 1) return;
      document.querySelectorAll('.edit-example').forEach(function (p) {
        p.classList.add('edit-example-ready');
        var how = p.querySelector('.edit-example-how');
        if (how) how.hidden = true;
        var a = p.querySelector('.edit-example-link');
        a.addEventListener('click', function () {
          var m = /[?&]asm=([A-Za-z0-9_.\/-]{1,80})(&|$)/.exec(location.search);
          var section = a.closest('section.example');
          if (m && section && location.hash === '#' + section.id && h.cells.indexOf(m[1]) >= 0)
            a.href = a.href.replace(/(&asm=[^&#]*)?$/, '&asm=' + m[1]);
        });
      });
    })
    .catch(function () {
      /* no playground here: the note stays */
    });
})();
