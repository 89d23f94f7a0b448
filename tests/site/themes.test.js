// themes.test.js - site/static/style.css writes the dark theme twice, as CSS needs it: once inside
// @media (prefers-color-scheme: dark) for a reader on "system" with a dark preference, once for an
// explicit choice (:root[data-theme="dark"], theme.js). The two blocks must declare the same values
// in the same order, and every colour variable of the light theme (:root) must have its dark value.
'use strict';
const test = require('node:test');
const assert = require('node:assert');
const fs = require('node:fs');
const path = require('node:path');

const CSS = path.join(__dirname, '..', '..', 'site', 'static', 'style.css');

// The declarations of the block that starts with `opener` (its selector and "{", found once, after
// `after` when given) up to its closing brace: [[property, value], ...], white space normalised.
function declarations(css, opener, after) {
  const from = after === undefined ? 0 : css.indexOf(after);
  assert.ok(from >= 0, `style.css: no ${after}`);
  const start = css.indexOf(opener, from);
  assert.ok(start >= 0, `style.css: no block ${opener}`);
  assert.strictEqual(css.indexOf(opener, start + 1), -1, `style.css: ${opener} written more than once`);
  const body = css.slice(start + opener.length, css.indexOf('}', start));
  return body
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .split(';')
    .map((d) => d.trim().replace(/\s+/g, ' '))
    .filter((d) => d !== '')
    .map((d) => {
      const colon = d.indexOf(':');
      return [d.slice(0, colon).trim(), d.slice(colon + 1).trim()];
    });
}

function themes(css) {
  return {
    light: declarations(css, '\n:root {'),
    system: declarations(css, ':root:not([data-theme="light"]) {', '@media (prefers-color-scheme: dark)'),
    chosen: declarations(css, '\n:root[data-theme="dark"] {'),
  };
}

// What differs between the two dark blocks, one line per property ([] when they agree).
function darkDifferences(t) {
  const line = (d) => (d ? `${d[0]}: ${d[1]}` : '(nothing)');
  const out = [];
  for (let i = 0; i < Math.max(t.system.length, t.chosen.length); i++) {
    const a = t.system[i],
      b = t.chosen[i];
    if (!a || !b || a[0] !== b[0] || a[1] !== b[1])
      out.push(`declaration ${i + 1}: prefers-color-scheme has ${line(a)}, [data-theme="dark"] has ${line(b)}`);
  }
  return out;
}

test('the dark theme under a dark preference and the dark theme chosen are the same declarations', () => {
  const t = themes(fs.readFileSync(CSS, 'utf8'));
  assert.ok(t.system.length > 10, 'the dark block was found');
  assert.deepStrictEqual(darkDifferences(t), []);
});

test('every variable of the light theme has its dark value', () => {
  const t = themes(fs.readFileSync(CSS, 'utf8'));
  const names = (ds) => ds.map((d) => d[0]).sort();
  assert.deepStrictEqual(names(t.chosen), names(t.light));
});

test('an edit to one dark block alone is found', () => {
  const css = fs.readFileSync(CSS, 'utf8');
  const opener = '\n:root[data-theme="dark"] {';
  const at = css.indexOf('--bg:', css.indexOf(opener));
  const edited = css.slice(0, at) + '--bg: #123456;' + css.slice(css.indexOf(';', at) + 1);
  const diff = darkDifferences(themes(edited));
  assert.strictEqual(diff.length, 1, diff.join('\n'));
  assert.match(diff[0], /prefers-color-scheme has --bg: #111418, \[data-theme="dark"\] has --bg: #123456/);
});
