#!/usr/bin/env node
// serve.js - the static file server of the built site, for `make serve` and the browser tests
// (tests/browser/harness.js): serves the files under DIR (DIR/x/ serves x/index.html) on 127.0.0.1,
// nothing outside DIR, and answers a missing path with status 404 and DIR/404.html, as a web server set up
// for the site would (404.html works at any depth). Every response says no-store, so a rebuilt site is
// seen at once.
//
// usage: node tools/serve/serve.js DIR [PORT]     PORT 0 (default 8000) picks a free port; prints the URL
//        require('tools/serve/serve.js').serve(dir, port = 0) -> Promise<http.Server> (listening)
'use strict';
const fs = require('node:fs');
const http = require('node:http');
const path = require('node:path');

const TYPES = {
  '.html': 'text/html; charset=utf-8', '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8', '.json': 'application/json',
  '.wasm': 'application/wasm', '.svg': 'image/svg+xml', '.png': 'image/png',
  '.ico': 'image/x-icon', '.xml': 'application/xml', '.txt': 'text/plain; charset=utf-8',
  '.woff2': 'font/woff2', '.gz': 'application/gzip',
};

function handler(dir) {
  return (req, res) => {
    let rel;
    try {
      rel = decodeURIComponent(new URL(req.url, 'http://x').pathname);
    } catch {
      res.writeHead(400, { 'content-type': TYPES['.txt'] }).end('bad url\n');
      return;
    }
    let file = path.join(dir, path.normalize(rel));
    if (file !== dir && !file.startsWith(dir + path.sep)) {
      res.writeHead(403, { 'content-type': TYPES['.txt'] }).end('forbidden\n');
      return;
    }
    fs.stat(file, (err, st) => {
      if (!err && st.isDirectory()) file = path.join(file, 'index.html');
      fs.readFile(file, (err2, body) => {
        if (err2) {
          const notFound = path.join(dir, '404.html');
          res.writeHead(404, { 'content-type': TYPES['.html'], 'cache-control': 'no-store' });
          res.end(fs.existsSync(notFound) ? fs.readFileSync(notFound) : 'not found\n');
          return;
        }
        const type = TYPES[path.extname(file).toLowerCase()] || 'application/octet-stream';
        res.writeHead(200, { 'content-type': type, 'cache-control': 'no-store' });
        res.end(req.method === 'HEAD' ? undefined : body);
      });
    });
  };
}

function serve(dir, port = 0) {
  const server = http.createServer(handler(path.resolve(dir)));
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve(server));
  });
}

if (require.main === module) {
  const [dir, port = '8000'] = process.argv.slice(2);
  if (!dir || !/^\d+$/.test(port)) {
    console.error('usage: node tools/serve/serve.js DIR [PORT]');
    process.exit(2);
  }
  if (!fs.existsSync(path.join(dir, 'index.html'))) {
    console.error(`${dir}/index.html: no site here (run make)`);
    process.exit(1);
  }
  serve(dir, +port).then((s) => {
    console.log(`serving ${dir} at http://127.0.0.1:${s.address().port}/ (Ctrl-C stops)`);
  }, (e) => {
    console.error(`serve.js: cannot listen on 127.0.0.1:${port}: ${e.message}`);
    process.exit(1);
  });
}

module.exports = { serve, TYPES };
