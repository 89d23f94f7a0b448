/* Narrow screens: the "Contents" button in the header shows and hides the sidebar (which is
   folded away by the stylesheet when JavaScript runs). Escape closes it and returns focus. */
(function () {
  'use strict';
  var button = document.querySelector('.nav-toggle');
  var sidebar = document.getElementById('sidebar');
  var header = document.querySelector('.site-header');
  if (!button || !sidebar) return;
  button.hidden = false;

  function setOpen(open) {
    if (header) {
      document.documentElement.style.setProperty('--header-height', header.getBoundingClientRect().height + 'px');
    }
    sidebar.classList.toggle('is-open', open);
    button.setAttribute('aria-expanded', open ? 'true' : 'false');
  }

  button.addEventListener('click', function () {
    var open = button.getAttribute('aria-expanded') !== 'true';
    setOpen(open);
    if (open) {
      var current = sidebar.querySelector('[aria-current="page"]') || sidebar.querySelector('a');
      if (current) current.focus();
    }
  });
  document.addEventListener('keydown', function (ev) {
    if (ev.key === 'Escape' && sidebar.classList.contains('is-open')) {
      setOpen(false);
      button.focus();
    }
  });
})();
