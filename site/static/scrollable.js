/* Keyboard access to scrolling boxes (WCAG 2.1.1): a code block, table, disassembly column or any
   other box in the page that scrolls, and holds nothing focusable, can only be scrolled from the
   keyboard if it can take focus itself. Such boxes get tabindex="0" (and code blocks a label).
   Rechecked after resizes and after scripts change the page (the disassembly view re-renders). */
(function () {
  'use strict';
  var CANDIDATES = 'main pre, main table, main div, main section, main ol, main ul, main figure';
  var FOCUSABLE = 'a[href], button, input, select, textarea, summary, [tabindex]';
  var LABEL = 'code, scrolls sideways';

  function scrolls(el) {
    var x = el.scrollWidth > el.clientWidth + 1,
      y = el.scrollHeight > el.clientHeight + 1;
    if (!x && !y) return false;
    var cs = window.getComputedStyle(el);
    return (x && /auto|scroll/.test(cs.overflowX)) || (y && /auto|scroll/.test(cs.overflowY));
  }

  function update() {
    var boxes = document.querySelectorAll(CANDIDATES);
    for (var i = 0; i < boxes.length; i++) {
      var el = boxes[i];
      var ours = el.hasAttribute('data-scroll-focus');
      if (el.hasAttribute('tabindex') && !ours) continue; // the page decided already
      var need = scrolls(el) && !el.querySelector(FOCUSABLE);
      if (need && !ours) {
        el.setAttribute('tabindex', '0');
        el.setAttribute('data-scroll-focus', '');
        if (el.tagName === 'PRE' && !el.hasAttribute('aria-label')) el.setAttribute('aria-label', LABEL);
      } else if (!need && ours) {
        el.removeAttribute('tabindex');
        el.removeAttribute('data-scroll-focus');
        if (el.getAttribute('aria-label') === LABEL) el.removeAttribute('aria-label');
      }
    }
  }

  var timer = null;
  function later() {
    clearTimeout(timer);
    timer = setTimeout(update, 150);
  }
  function start() {
    update();
    window.addEventListener('resize', later);
    var main = document.querySelector('main');
    if (main && window.MutationObserver) {
      // Content changes (not our own attribute changes: only childList is observed) are handled
      // at once, so no scrolling box is ever left without keyboard access between two renders.
      new MutationObserver(update).observe(main, { childList: true, subtree: true });
    }
  }
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start);
  else start();
})();
