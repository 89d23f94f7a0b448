#!/usr/bin/env node
// serve.js - the static file server of the built site, for `make serve` and the browser tests
// (tests/browser/harness.js): serves the files under DIR (DIR/x/ serves x/index.html) on 127.0.0.1,
// nothing outside DIR, and answers a missing path with status 404 and DIR/404.html, as a web server set up
// for the site would (404.html works at any depth). Every response says no-store, so a rebuilt site is
// seen at once.
//
// With --playground (`make serve`) it also answers the playground's API under /playground/
// (tools/playground/README.md), and then every request must name this server (lib/guard.js).
//
// usage: node tools/serve/serve.js DIR [PORT] [--playground] [--host ADDR]
//        PORT 0 (default 8000) picks a free port; prints the URL. ADDR: 127.0.0.1 unless told otherwise
//        (PLAYGROUND_HOSTS: the other names the playground answers to, space separated)
//        require('tools/serve/serve.js').serve(dir, port = 0, {playground: {...options}, host})
//        -> Promise<http.Server> (listening; server.playground is the API's object when mounted)
'use strict';
const fs = require('node:fs');
const http = require('node:http');
const path = require('node:path');

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.json': 'application/json',
  '.wasm': 'application/wasm',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.xml': 'application/xml',
  '.txt': 'text/plain; charset=utf-8',
  '.woff2': 'font/woff2',
  '.gz': 'application/gzip',
};

// api(): the playground's object, null without one, undefined while it is not mounted yet
function handler(dir, api) {
  return (req, res) => {
    const pg = api ? api() : null;
    if (pg === undefined) {
      res.writeHead(503, { 'content-type': TYPES['.txt'] }).end('starting\n');
      return;
    }
    if (pg && pg.handle(req, res)) return;
    // a page can tell that a playground answers here (from any file's answer) without asking for an address
    // that a static host would answer with 404
    if (pg) res.setHeader('x-course-playground', '1');
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
        // the length for HEAD too (the GET's), so that a client reads the empty answer as complete
        res.writeHead(200, { 'content-type': type, 'cache-control': 'no-store', 'content-length': body.length });
        res.end(req.method === 'HEAD' ? undefined : body);
      });
    });
  };
}

function serve(dir, port = 0, opts = {}) {
  const host = opts.host || '127.0.0.1';
  let api = opts.playground ? undefined : null;
  const server = http.createServer(handler(path.resolve(dir), () => api));
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      if (opts.playground) {
        const { Playground } = require('../playground/lib/server.js');
        api = new Playground(Object.assign({ port: server.address().port, site: path.resolve(dir) }, opts.playground));
        server.playground = api;
        server.on('close', () => api.close());
      }
      resolve(server);
    });
  });
}

if (require.main === module) {
  const args = process.argv.slice(2);
  const flag = (f) => {
    const i = args.indexOf(f);
    return i < 0 ? null : args.splice(i, f === '--host' ? 2 : 1).pop();
  };
  const play = flag('--playground') !== null;
  const host = flag('--host') || '127.0.0.1';
  const [dir, port = '8000'] = args;
  if (!dir || !/^\d+$/.test(port) || args.length > 2) {
    console.error('usage: node tools/serve/serve.js DIR [PORT] [--playground] [--host ADDR]');
    process.exit(2);
  }
  if (!fs.existsSync(path.join(dir, 'index.html'))) {
    console.error(`${dir}/index.html: no site here (run make)`);
    process.exit(1);
  }
  const playground = play
    ? {
        state: path.join(path.dirname(path.resolve(dir)), 'playground'),
        hosts: (process.env.PLAYGROUND_HOSTS || '').split(/\s+/).filter(Boolean),
      }
    : null;
  serve(dir, +port, { host, playground }).then(
    (s) => {
      const shown = host.includes(':') ? `[${host}]` : host;
      console.log(
        `serving ${dir} at http://${shown}:${s.address().port}/${play ? ` with the playground at http://${shown}:${s.address().port}/playground.html` : ''} (Ctrl-C stops)`,
      );
    },
    (e) => {
      console.error(`serve.js: cannot listen on 127.0.0.1:${port}: ${e.message}`);
      process.exit(1);
    },
  );
}

module.exports = { serve, TYPES };
