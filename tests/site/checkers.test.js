// Self-test of the site checkers: builds small sites in a temporary directory, one correct and
// several each broken in one way, and asserts check-links.js and check-tidy.js pass the first and
// report each breakage with the right `path:line:` position.
'use strict';
const { test } = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { execFileSync, spawnSync } = require('node:child_process');
const links = require('./check-links.js');
const tidy = require('./check-tidy.js');

const page = (title, body, root = '') => `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>${title}</title>
<link rel="stylesheet" href="${root}static/style.css">
</head>
<body>
${body}
</body>
</html>
`;

function makeSite(files) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'site-check-'));
  const all = {
    'index.html': page(
      'Home',
      '<h1 id="top">Home</h1>\n<p><a href="a.html#part">A</a> <a href="labs/b.html">B</a></p>',
    ),
    'a.html': page(
      'A',
      '<h1 id="part">A</h1>\n<p><a href="#part">self</a> <a href="index.html#top">home</a> <a href="https://example.org/x">out</a></p>',
    ),
    'labs/b.html': page(
      'B',
      '<h1>B</h1>\n<p><a href="../a.html">up</a> <a href="../static/style.css">css</a></p>',
      '../',
    ),
    'static/style.css': 'body { color: black; }\n',
    'search-index.js': 'window.COURSE_SEARCH = [{"title": "A", "path": "a.html"}];\n',
    ...files,
  };
  for (const [name, text] of Object.entries(all)) {
    if (text === null) continue;
    fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    fs.writeFileSync(path.join(dir, name), text);
  }
  return dir;
}

const errorsOf = (dir) => {
  const prefix = (path.relative(process.cwd(), dir) || '.') + path.sep;
  return links.checkSite(dir).errors.map((e) => (e.startsWith(prefix) ? e.slice(prefix.length) : e));
};

test('check-links passes a correct site', () => {
  const dir = makeSite({});
  const r = links.checkSite(dir);
  assert.deepEqual(r.errors, []);
  assert.equal(r.htmlCount, 3);
  assert.ok(r.linkCount >= 8, `counted ${r.linkCount} links`);
});

test('check-links reports a missing page with its line', () => {
  const dir = makeSite({ 'a.html': page('A', '<h1 id="part">A</h1>\n<p><a href="nope.html">x</a></p>') });
  const errs = errorsOf(dir);
  assert.equal(errs.length, 1, errs.join('\n'));
  assert.match(errs[0], /^a\.html:10: broken link: nope\.html/);
});

test('check-links reports a missing anchor, here and on another page', () => {
  const dir = makeSite({
    'a.html': page('A', '<h1 id="part">A</h1>\n<p><a href="#gone">x</a>\n<a href="labs/b.html#nothere">y</a></p>'),
  });
  const errs = errorsOf(dir);
  assert.equal(errs.length, 2, errs.join('\n'));
  assert.match(errs[0], /a\.html:10: broken anchor: #gone/);
  assert.match(errs[1], /a\.html:11: broken anchor: labs\/b\.html#nothere/);
});

test('check-links rejects absolute and file: links and links leaving the site', () => {
  const dir = makeSite({
    'labs/b.html': page(
      'B',
      '<p><a href="/a.html">abs</a>\n<a href="file:///etc/passwd">f</a>\n<a href="../../x.html">out</a></p>',
      '../',
    ),
  });
  const errs = errorsOf(dir);
  assert.equal(errs.length, 3, errs.join('\n'));
  assert.match(errs[0], /absolute link/);
  assert.match(errs[1], /scheme is not allowed/);
  assert.match(errs[2], /leaves the site/);
});

test('check-links checks src of scripts and the search index paths', () => {
  const dir = makeSite({
    'index.html': page('Home', '<script src="static/missing.js"></script>\n<h1 id="top">Home</h1>'),
    'search-index.js': 'window.COURSE_SEARCH = [{"title": "A", "path": "gone.html"}];\n',
  });
  const errs = errorsOf(dir);
  assert.equal(errs.length, 2, errs.join('\n'));
  assert.match(errs.join('\n'), /index\.html:9: broken link: static\/missing\.js/);
  assert.match(errs.join('\n'), /search-index\.js:1: broken link: gone\.html/);
});

test('check-links ignores links inside comments and scripts, decodes entities', () => {
  const dir = makeSite({
    'index.html': page(
      'Home',
      '<!-- <a href="x.html">x</a> -->\n<script>var s = \'<a href="y.html">\';</script>\n<a href="a.html?x=1&amp;y=2#part">ok</a>\n<h1 id="top">Home</h1>',
    ),
  });
  assert.deepEqual(errorsOf(dir), []);
});

test('check-links accepts #explore= state only for an example on the target page', () => {
  const dir = makeSite({
    'a.html': page(
      'A',
      '<h1 id="part">A</h1>\n<section data-example="lf/need-to-stop"></section>\n<a href="#explore=lf/need-to-stop:plain:0101">ok</a>\n<a href="#explore=lf/other:plain:01">bad</a>',
    ),
  });
  const errs = errorsOf(dir);
  assert.equal(errs.length, 1, errs.join('\n'));
  assert.match(errs[0], /^a\.html:12: broken anchor: #explore=lf\/other:plain:01/);
});

test('check-links accepts an x86-TSO schedule (@tso, drains a-h) and no drains without @tso, nothing past the alphabet', () => {
  const dir = makeSite({
    'a.html': page(
      'A',
      '<h1 id="part">A</h1>\n<section data-example="lit/sb"></section>\n<a href="#explore=lit/sb:fixed@tso:0011ab">ok</a>\n<a href="#explore=lit/sb:fixed:0011ab">bad</a>\n<a href="#explore=lit/sb:fixed@pso:01">bad</a>\n<a href="#explore=lit/sb:fixed@tso:7h">ok</a>\n<a href="#explore=lit/sb:fixed@tso:8i">bad</a>',
    ),
  });
  const errs = errorsOf(dir);
  assert.equal(errs.length, 3, errs.join('\n'));
  assert.match(errs[0], /^a\.html:12: broken anchor: #explore=lit\/sb:fixed:0011ab/);
  assert.match(errs[1], /^a\.html:13: broken anchor: #explore=lit\/sb:fixed@pso:01/);
  assert.match(errs[2], /^a\.html:15: broken anchor: #explore=lit\/sb:fixed@tso:8i/);
});

test("check-links checks a witness link's data-explore like an #explore= fragment, its href as an anchor", () => {
  const dir = makeSite({
    'a.html': page(
      'A',
      '<h1 id="part">A</h1>\n<section id="explorer-lf" data-example="lf/need-to-stop"></section>\n<a href="#explorer-lf" data-explore="lf/need-to-stop:plain:01">ok</a>\n<a href="#explorer-lf" data-explore="lf/other:plain:01">bad</a>\n<a href="#explorer-gone" data-explore="lf/need-to-stop:plain:1">bad</a>',
    ),
  });
  const errs = errorsOf(dir);
  assert.equal(errs.length, 2, errs.join('\n'));
  assert.match(errs[0], /^a\.html:12: broken anchor: #explore=lf\/other:plain:01/);
  assert.match(errs[1], /^a\.html:13: broken anchor: #explorer-gone/);
});

test('check-links command exits 1 with messages, 0 when clean', () => {
  const bad = makeSite({ 'a.html': page('A', '<a href="nope.html">x</a>') });
  const r = spawnSync('node', [path.join(__dirname, 'check-links.js'), bad], { encoding: 'utf8' });
  assert.equal(r.status, 1);
  assert.match(r.stderr, /a\.html:9: broken link: nope\.html/);
  const good = makeSite({});
  assert.match(execFileSync('node', [path.join(__dirname, 'check-links.js'), good], { encoding: 'utf8' }), /resolve/);
});

test('check-tidy passes valid HTML5 and allows only the listed warnings', () => {
  const dir = makeSite({ 'a.html': page('A', '<nav><a href="index.html" aria-current="page">Home</a></nav>') });
  const r = tidy.checkSite(dir);
  assert.deepEqual(r.problems, []);
  assert.equal(r.count, 3);
});

test('check-tidy allows the empty quiz verdict span and no other empty span', () => {
  const ok = makeSite({ 'a.html': page('A', '<p>Check <span class="quiz-result" aria-live="polite"></span></p>') });
  assert.deepEqual(tidy.checkSite(ok).problems, []);
  const bad = makeSite({ 'a.html': page('A', '<p>Check <span class="quiz-other" aria-live="polite"></span></p>') });
  assert.match(tidy.checkSite(bad).problems.join('\n'), /a\.html:9: tidy: Warning: trimming empty <span>/);
});

test('check-tidy allows the empty disassembly menus and blank listing lines only', () => {
  const ok = makeSite({
    'a.html': page(
      'A',
      '<div hidden><label>C <select class="disasm-arch"></select></label></div>\n<ol><li><span>1</span><code></code></li></ol>',
    ),
  });
  assert.deepEqual(tidy.checkSite(ok).problems, []);
  const bad = makeSite({
    'a.html': page('A', '<div><label>C <select class="menu"></select></label></div>\n<p>x <code></code> y</p>'),
  });
  const text = tidy.checkSite(bad).problems.join('\n');
  assert.match(text, /a\.html:9: tidy: Warning: trimming empty <select>/);
  assert.match(text, /a\.html:10: tidy: Warning: trimming empty <code>/);
});

test('check-tidy reports errors and unlisted warnings with lines', () => {
  const dir = makeSite({
    'a.html': page('A', '<p>one\n<span></span>\n<foo>x</foo></p>'),
  });
  const r = tidy.checkSite(dir);
  const text = r.problems.join('\n');
  assert.match(text, /a\.html:10: tidy: Warning: trimming empty <span>/);
  assert.match(text, /a\.html:11: tidy: Error: <foo> is not recognized/);
  const cmd = spawnSync('node', [path.join(__dirname, 'check-tidy.js'), dir], { encoding: 'utf8' });
  assert.equal(cmd.status, 1);
});
