// The 404 page and `make serve`: a server shows build/site/404.html at any missing address (labs/x.html,
// a/b/c/), where relative links would point into the wrong directory. So 404.html is self-contained: no
// stylesheet, script or icon is loaded from a URL (they are inlined or data: URLs), and its links carry
// data-site-path for the script that points them at the site root. `make serve` answers a missing path
// with status 404 and that page. Needs a built site (make).
'use strict';
const { test } = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const http = require('node:http');
const path = require('node:path');
const { spawn } = require('node:child_process');
const { scan } = require('./check-links.js');

const ROOT = path.resolve(__dirname, '..', '..');
const SITE = path.join(ROOT, 'build', 'site');
const NOT_FOUND = path.join(SITE, '404.html');

test('404.html loads nothing by URL and marks its links for the root', () => {
  assert.ok(fs.existsSync(NOT_FOUND), `${NOT_FOUND}: no site (run make)`);
  const html = fs.readFileSync(NOT_FOUND, 'utf8');
  const { links } = scan(html);
  const fetched = links.filter((l) => l.tag !== 'a' && !/^data:/.test(l.value));
  assert.deepEqual(
    fetched.map((l) => `line ${l.line}: <${l.tag} ${l.attr}="${l.value}">`),
    [],
    '404.html fetches resources by URL: they break at any other depth',
  );
  const anchors = [...html.matchAll(/<a\b[^>]*>/g)].map((m) => m[0]);
  assert.ok(anchors.length >= 2, 'no links to the site');
  for (const a of anchors) assert.match(a, /data-site-path="[^"]+"/, `${a}: no data-site-path`);
  assert.match(html, /<style>[\s\S]*\.site-header[\s\S]*<\/style>/, 'the site stylesheet is not inlined');
});

function get(url) {
  return new Promise((resolve, reject) => {
    http
      .get(url, (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode, body: Buffer.concat(chunks).toString('utf8') }));
      })
      .on('error', reject);
  });
}

test('make serve answers a missing path, at any depth, with status 404 and 404.html', async () => {
  assert.ok(fs.existsSync(NOT_FOUND), `${NOT_FOUND}: no site (run make)`);
  const env = { ...process.env, SETUP_DONE: '1' };
  for (const k of ['MAKEFLAGS', 'MFLAGS', 'MAKELEVEL']) delete env[k];
  const make = spawn('make', ['--no-print-directory', 'serve', 'PORT=0'], {
    cwd: ROOT,
    env,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  try {
    const base = await new Promise((resolve, reject) => {
      let out = '';
      const timer = setTimeout(() => reject(new Error(`make serve printed no address: ${out}`)), 120000);
      const onData = (d) => {
        out += d;
        const m = /http:\/\/127\.0\.0\.1:\d+\//.exec(out);
        if (m) {
          clearTimeout(timer);
          resolve(m[0]);
        }
      };
      make.stdout.on('data', onData);
      make.stderr.on('data', onData);
      make.on('exit', (code) => reject(new Error(`make serve exited (${code}): ${out}`)));
    });
    const want = fs.readFileSync(NOT_FOUND, 'utf8');
    for (const p of ['no-such-page.html', 'labs/no-such-lab.html', 'labs/a/b/c/', 'static/gone.css']) {
      const r = await get(base + p);
      assert.equal(r.status, 404, p);
      assert.equal(r.body, want, `${p}: not 404.html`);
    }
    const home = await get(base);
    assert.equal(home.status, 200);
    assert.equal(home.body, fs.readFileSync(path.join(SITE, 'index.html'), 'utf8'));
  } finally {
    try {
      process.kill(-make.pid, 'SIGTERM');
    } catch {
      /* already gone */
    }
  }
});
