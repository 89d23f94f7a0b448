/* disasm-draw.js - the half of static/disasm.js that only a changed view needs: drawing an example's
 * code view from a cell's data script (the listing of each shown variant, two variants side by side
 * with their instruction diff, the source lines' colours, the evidence). disasm.js loads it with the
 * first data script the reader's choice needs (Example.prototype.select); the view the page opens on
 * is the page's own HTML (disasm.js renderPage), so a first visit does not load this (issue 27 point
 * 14: page weight). Classic script, no modules: works from file:// and over http. It registers
 * itself as window.COURSE_DATA['static/disasm-draw.js'], the key disasm.js's loader waits for.
 * The markup is site/templates/partials/disasm-listing.html's and example.html's (disasm.test.js
 * checks that both draw the default target identically). */
(function () {
  'use strict';
  var el; /* disasm.js's element maker, given to render */

  /* ---- markup ------------------------------------------------------------------------------------ */

  /* One instruction, the markup of site/templates/partials/disasm-listing.html; its colour class
   * (insn.cls) comes from tools/asm. */
  function insnItem(insn, syntax, mark) {
    var li = el('li', (insn.cls || 'ln-none') + (insn.loop ? ' in-loop' : '') + (mark ? ' ' + mark : ''));
    li.setAttribute('data-src', String(insn.src || 0));
    li.appendChild(el('span', 'asm-addr', insn.addr));
    li.appendChild(document.createTextNode(' '));
    li.appendChild(el('code', 'asm-text', syntax === 'intel' && insn.intel ? insn.intel : insn.text));
    (insn.acc || []).forEach(function (a) {
      if (!a.shared) return;
      li.appendChild(document.createTextNode(' '));
      li.appendChild(
        el(
          'span',
          'acc acc-' + a.kind,
          a.kind + ' ' + a.var + (a.offset ? '+' + a.offset : '') + ' (' + a.width + '\u00a0B)',
        ),
      );
    });
    if (insn.loop) {
      li.appendChild(document.createTextNode(' '));
      var l = el('span', 'acc-loop', 'loop');
      l.title = 'inside a loop';
      li.appendChild(l);
    }
    return li;
  }

  function listing(fns, syntax) {
    var frag = document.createDocumentFragment();
    if (!fns || !fns.length) {
      frag.appendChild(el('p', 'asm-none', 'No code for this thread.'));
      return frag;
    }
    fns.forEach(function (fn) {
      if (fns.length > 1) {
        var p = el('p', 'asm-fn');
        p.appendChild(el('code', null, fn.name));
        frag.appendChild(p);
      }
      var ol = el('ol', 'asm-lines');
      fn.insns.forEach(function (i) {
        if (i.label) {
          var lab = el('li', 'asm-label', i.label + ':');
          lab.setAttribute('data-src', '0');
          ol.appendChild(lab);
        }
        ol.appendChild(insnItem(i, syntax));
      });
      frag.appendChild(ol);
    });
    return frag;
  }

  function flat(fns) {
    var out = [];
    (fns || []).forEach(function (fn) {
      fn.insns.forEach(function (i) {
        out.push(i);
      });
    });
    return out;
  }

  /* The two sides of a comparison, row by row: ops [[op, ia, ib]] (1-based, tools/asm diff_insns);
   * a row missing on one side is a gap there, so equal instructions stay level. */
  function diffSides(ops, fa, fb, syntax) {
    var a = el('ol', 'asm-lines asm-diff'),
      b = el('ol', 'asm-lines asm-diff');
    var pa = flat(fa),
      pb = flat(fb);
    ops.forEach(function (d) {
      if (d[0] === '+') {
        a.appendChild(gap());
        b.appendChild(insnItem(pb[d[2] - 1], syntax, 'diff-add'));
      } else if (d[0] === '-') {
        a.appendChild(insnItem(pa[d[1] - 1], syntax, 'diff-del'));
        b.appendChild(gap());
      } else {
        a.appendChild(insnItem(pa[d[1] - 1], syntax));
        b.appendChild(insnItem(pb[d[2] - 1], syntax));
      }
    });
    return [a, b];
  }
  function gap() {
    var li = el('li', 'asm-gap', '\u00a0');
    li.setAttribute('data-src', '0');
    li.setAttribute('aria-hidden', 'true');
    return li;
  }

  /* One sentence per variant (the data's "says", tools/asm words.c), the predicate and its atoms'
   * values, with the code lines of the accesses they counted, behind a disclosure (example.html). */
  function renderEvidence(ex, data, shown) {
    var list = ex.section.querySelector('.disasm-evidence > ul');
    if (!list) return;
    list.textContent = '';
    ex.index.variants.forEach(function (v) {
      var e = data.evidence[v];
      if (!e) return;
      var off = shown.indexOf(v) < 0 ? ' ev-other' : '',
        ok = e.seen !== undefined ? e.seen : e.holds;
      var li = el('li', (e.seen !== undefined ? 'ev-seen' : e.holds ? 'ev-holds' : 'ev-fails') + off);
      li.setAttribute('data-variant', v);
      var mark = el('span', 'ev-mark ' + (ok ? 'ev-yes' : 'ev-no'), ok ? '\u2713' : '\u00b7');
      mark.setAttribute('aria-hidden', 'true');
      li.appendChild(mark);
      li.appendChild(document.createTextNode(' '));
      li.appendChild(el('strong', null, v));
      li.appendChild(document.createTextNode(': '));
      li.appendChild(el('span', 'ev-says', e.says || ''));
      li.appendChild(document.createTextNode('. '));
      var why = el('details', 'ev-why');
      why.appendChild(el('summary', null, 'How the build checks it'));
      e.predicates.forEach(function (p) {
        var para = el('p');
        para.appendChild(el('code', null, p.expr));
        para.appendChild(document.createTextNode((p.holds ? ' holds' : ' does not hold') + ' on this code, with:'));
        var ul = el('ul');
        (p.atoms || []).forEach(function (a) {
          var ai = el('li');
          ai.appendChild(el('code', null, a.atom));
          ai.appendChild(document.createTextNode(' = ' + a.value));
          if (a.lines && a.lines.length)
            ai.appendChild(el('small', null, ' (line' + (a.lines.length > 1 ? 's ' : ' ') + a.lines.join(', ') + ')'));
          ul.appendChild(ai);
        });
        why.appendChild(para);
        why.appendChild(ul);
      });
      li.appendChild(why);
      list.appendChild(li);
    });
  }

  /* ex: disasm.js's Example (section, index, state, payload: the cell's data) */
  function render(ex, mk) {
    el = mk;
    var data = ex.payload,
      ix = ex.index,
      st = ex.state;
    ex.section.setAttribute('data-drawn', 'data');
    var cur = ex.section.querySelector('.disasm-current');
    cur.querySelector('.disasm-target').textContent = data.target;
    cur.querySelector('.disasm-optlevel').textContent = '-' + data.opt;
    cur.querySelector('.disasm-version').textContent = data.version;
    var cap = cur.querySelector('.disasm-syntax-caption');
    if (!cap) {
      cap = el('span', 'disasm-syntax-caption');
      cur.appendChild(cap);
    } /* not in the HTML of a non-x86 default */
    cap.textContent = ex.isX86() ? (st.syntax === 'intel' ? ' (Intel syntax)' : ' (AT&T syntax)') : '';
    var err = cur.querySelector('.disasm-error');
    if (err) err.remove();
    var shown = ex.shown();
    ex.section.setAttribute('data-view', st.compare ? 'compare' : 'one');
    ex.section.setAttribute('data-variant', shown.join(' '));
    var classes = data.src_classes || {};
    ix.threads.forEach(function (th) {
      var box = ex.section.querySelector('.disasm-thread[data-thread="' + th + '"]');
      if (!box) return;
      /* the source: the shown variants' lines, coloured as the first of them has them */
      var first = (classes[shown[0]] || {})[th] || {},
        second = shown[1] ? (classes[shown[1]] || {})[th] || {} : {};
      var lis = box.querySelectorAll('.src-lines li');
      for (var i = 0; i < lis.length; i++) {
        var li = lis[i],
          n = li.getAttribute('data-src'),
          ins = li.hasAttribute('data-in')
            ? li.getAttribute('data-in').split(' ')
            : ix.variants; /* none: every variant's */
        var inA = ins.indexOf(shown[0]) >= 0,
          inB = shown[1] ? ins.indexOf(shown[1]) >= 0 : false;
        var cls = inA ? first[n] : inB ? second[n] : null;
        li.className = (cls || 'ln-none') + (inA || inB ? '' : ' src-other');
        if (shown[1] && inA !== inB) li.setAttribute('data-only', inA ? shown[0] : shown[1]);
        else li.removeAttribute('data-only');
        var only = li.querySelector('.src-only');
        if (only) only.hidden = inA || inB;
        li.removeAttribute('tabindex');
      }
      var panes = box.querySelectorAll('.disasm-asm');
      var diff = st.compare ? ((data.diffs || {})[shown[0] + '>' + shown[1]] || {})[th] || [] : null;
      var sides = st.compare
        ? diffSides(diff, (data.variants[shown[0]] || {})[th], (data.variants[shown[1]] || {})[th], st.syntax)
        : null;
      for (var c = 0; c < panes.length; c++) {
        var pane = panes[c],
          v = pane.getAttribute('data-variant'),
          at = shown.indexOf(v);
        pane.hidden = at < 0;
        pane.style.order = at < 0 ? '' : String(at + 1);
        var scroll = pane.querySelector('.pane-scroll');
        scroll.textContent = '';
        if (at < 0) continue;
        var name = pane.querySelector('.disasm-vname');
        name.textContent = v;
        if (sides) scroll.appendChild(sides[at]);
        else scroll.appendChild(listing((data.variants[v] || {})[th], st.syntax));
      }
      ex.roving(box);
    });
    renderEvidence(ex, data, shown);
    ex.affordances();
    ex.section.setAttribute('data-shown', data.target + '/' + data.opt + '/' + st.syntax);
    /* other views of the same cell (static/native.js) follow the selection */
    ex.section.dispatchEvent(
      new CustomEvent('disasm:shown', { detail: { target: data.target, opt: data.opt, variants: shown } }),
    );
  }

  window.COURSE_DATA = window.COURSE_DATA || {};
  window.COURSE_DATA['static/disasm-draw.js'] = { render: render };
})();
