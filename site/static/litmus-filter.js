/* litmus-filter.js - the search box of the imported litmus tests' pages (tools/litmus/folders.js): shows
   the box (hidden in the markup, so a page without JavaScript has no dead box and its whole table), and
   keeps the rows whose data-search text holds every word typed (case-insensitive; on a folder's page a
   test's name, shape, description, status and verdicts such as "tso:sometimes", on the index a folder's
   path and its tests' names). The words are kept in the URL (#q=...), so a search can be linked to. */
(function () {
  'use strict';
  var box = document.querySelector('.litmus-filter');
  if (!box) return;
  var input = box.querySelector('input');
  var count = box.querySelector('.litmus-filter-count');
  var rows = Array.prototype.slice.call(document.querySelectorAll('[data-search]'));
  var texts = rows.map(function (r) {
    return r.getAttribute('data-search').toLowerCase();
  });
  var what = box.getAttribute('data-filter-for') || 'rows';
  box.hidden = false;

  function apply() {
    var words = input.value.toLowerCase().split(/\s+/).filter(Boolean);
    var shown = 0;
    for (var i = 0; i < rows.length; i++) {
      var keep = words.every(function (w) {
        return texts[i].indexOf(w) >= 0;
      });
      rows[i].hidden = !keep;
      if (keep) shown++;
    }
    count.textContent = words.length ? shown + ' of ' + rows.length + ' ' + what : rows.length + ' ' + what;
  }

  var m = /^#q=(.*)$/.exec(location.hash);
  if (m) input.value = decodeURIComponent(m[1]);
  input.addEventListener('input', function () {
    apply();
    var q = input.value.trim();
    history.replaceState(null, '', q ? '#q=' + encodeURIComponent(q) : location.pathname + location.search);
  });
  apply();
})();
