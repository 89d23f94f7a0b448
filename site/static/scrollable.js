/* Keyboard access to scrolling boxes: a code block or table wider than the page scrolls
   sideways, and a keyboard user can only scroll it if it can take focus. Gives such boxes
   tabindex="0" and a label (WCAG 2.1.1). Rechecked when the window is resized. */
(function () {
  'use strict';
  function update() {
    var boxes = document.querySelectorAll('main pre, main table');
    for (var i = 0; i < boxes.length; i++) {
      var el = boxes[i];
      var scrolls = el.scrollWidth > el.clientWidth + 1;
      if (scrolls && !el.hasAttribute('tabindex')) {
        el.setAttribute('tabindex', '0');
        el.setAttribute('data-scroll-focus', '');
        if (!el.hasAttribute('aria-label') && el.tagName === 'PRE') el.setAttribute('aria-label', 'code, scrolls sideways');
      } else if (!scrolls && el.hasAttribute('data-scroll-focus')) {
        el.removeAttribute('tabindex');
        el.removeAttribute('data-scroll-focus');
        if (el.getAttribute('aria-label') === 'code, scrolls sideways') el.removeAttribute('aria-label');
      }
    }
  }
  var timer = null;
  window.addEventListener('resize', function () {
    clearTimeout(timer);
    timer = setTimeout(update, 150);
  });
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', update);
  else update();
})();
