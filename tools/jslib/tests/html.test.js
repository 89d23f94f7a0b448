// html.test.js - html.js escapeHtml against the generator's C escaper (tools/lib/buf.c
// buf_put_escaped, through build/jslib/escape-html) on the same hostile input: the five characters,
// entities already escaped, a closing script tag, non-ASCII (é, U+2028, an emoji), NUL and random text.
'use strict';
const test = require('node:test');
const assert = require('node:assert');
const fs = require('fs');
const os = require('os');
const path = require('path');
const { execFileSync } = require('child_process');
const { escapeHtml } = require('../html');

const ROOT = path.resolve(__dirname, '..', '..', '..');
const C_ESCAPER = path.join(
  process.env.BUILD ? path.resolve(process.env.BUILD) : path.join(ROOT, 'build'),
  'jslib',
  'escape-html',
);

// The C escaper's output for text (UTF-8), as a string.
function cEscape(text) {
  assert.ok(fs.existsSync(C_ESCAPER), `${C_ESCAPER}: missing (make jslib-test builds it)`);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'jslib-html-'));
  try {
    fs.writeFileSync(path.join(dir, 'in'), text);
    return execFileSync(C_ESCAPER, [path.join(dir, 'in')]).toString('utf8');
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

const HOSTILE = [
  '',
  'plain text',
  '&',
  '<',
  '>',
  '"',
  "'",
  '&amp; is already escaped: &lt;b&gt;',
  '</script><script>alert("x")</script>',
  '<a href="x" onclick=\'y\'>&copy;</a>',
  'a=b&c=d',
  'caf\u00e9 \u2028 \u2029 \u{1F600} \u00a0',
  'nul\u0000inside',
  '`backtick` ${template}',
  '\\<\\>',
];

test('the JavaScript and the C escaper agree on hostile strings', () => {
  const text = HOSTILE.join('\n');
  assert.strictEqual(escapeHtml(text), cEscape(text));
});

test('the JavaScript and the C escaper agree on random text', () => {
  const alphabet = ['&', '<', '>', '"', "'", 'a', ' ', ';', '#', '\n', '\u00e9', '\u2028', '\u{1F600}', '\u0000', '/'];
  let seed = 29;
  const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648);
  let text = '';
  for (let i = 0; i < 20000; i++) text += alphabet[next() % alphabet.length];
  assert.strictEqual(escapeHtml(text), cEscape(text));
});

test('escapeHtml: the five characters, nothing else', () => {
  assert.strictEqual(
    escapeHtml('<a href="x">O\'Neil & co</a>'),
    '&lt;a href=&quot;x&quot;&gt;O&#39;Neil &amp; co&lt;/a&gt;',
  );
  assert.strictEqual(escapeHtml('caf\u00e9 \u2028'), 'caf\u00e9 \u2028');
  assert.strictEqual(escapeHtml(42), '42');
  assert.strictEqual(escapeHtml(null), 'null');
});
