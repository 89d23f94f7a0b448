// helpers.js - a playground server on a free port with a state directory of its own, and HTTP requests
// with any Host and Origin (node's http, which sends the headers it is given, as a hostile page or a
// DNS-rebinding attack would make a browser send them). For the playground's tests.
'use strict';
const fs = require('fs');
const http = require('http');
const os = require('os');
const path = require('path');
const { serve } = require('../../serve/serve.js');

const ROOT = path.resolve(__dirname, '..', '..', '..');
const SITE = path.join(ROOT, 'build', 'site');
const FINAL = ['done', 'failed', 'refused', 'stopped', 'cancelled'];

// -> {server, pg, port, base, state, close()}
async function start(opts) {
  const state = fs.mkdtempSync(path.join(os.tmpdir(), 'playground-test-'));
  const server = await serve(SITE, 0, { playground: Object.assign({ state }, opts) });
  const port = server.address().port;
  return {
    server,
    pg: server.playground,
    port,
    base: `http://127.0.0.1:${port}`,
    state,
    close: async () => {
      await new Promise((r) => server.close(r));
      await server.playground.close();
      fs.rmSync(state, { recursive: true, force: true });
    },
  };
}

// request(port, {method, path, headers, body (string or Buffer), chunks: [...] (sent one by one)})
// -> {status, headers, text, json}. Each request has a connection of its own (agent: false): node's
// default agent keeps connections alive and may send a request on one the server is just closing
// after its keep-alive timeout (5 s idle), which ends in ECONNRESET; on a loaded machine, with many
// clients polling at once, that happened (a CI run of hostile.test.js).
function request(port, o) {
  return new Promise((resolve, reject) => {
    const headers = Object.assign({ host: `127.0.0.1:${port}` }, o.headers || {});
    if (o.body !== undefined && !('content-length' in headers)) headers['content-length'] = Buffer.byteLength(o.body);
    for (const k of Object.keys(headers)) if (headers[k] === undefined) delete headers[k];
    const req = http.request(
      { host: '127.0.0.1', port, method: o.method || 'GET', path: o.path, headers, setHost: false, agent: false },
      (res) => {
        const parts = [];
        res.on('data', (d) => parts.push(d));
        res.on('end', () => {
          const text = Buffer.concat(parts).toString('utf8');
          let json = null;
          try {
            json = JSON.parse(text);
          } catch (e) {
            json = null;
          }
          resolve({ status: res.statusCode, headers: res.headers, text, json });
        });
      },
    );
    req.on('error', (e) => reject(new Error(`${o.method || 'GET'} ${o.path}: ${e.message}`, { cause: e })));
    if (o.chunks) {
      for (const c of o.chunks) req.write(c);
      req.end();
    } else req.end(o.body);
  });
}

function post(port, p, obj, headers) {
  return request(port, {
    method: 'POST',
    path: p,
    body: JSON.stringify(obj),
    headers: Object.assign({ 'content-type': 'application/json' }, headers),
  });
}

// Polls a run until it ends (a condition, never a fixed time). -> its last status
async function finished(port, h) {
  for (;;) {
    const r = await request(port, { path: `/playground/api/run/${h}` });
    if (r.status !== 200) throw new Error(`run ${h}: ${r.status} ${r.text}`);
    if (FINAL.includes(r.json.state)) return r.json;
    await new Promise((x) => setTimeout(x, 50));
  }
}

// Every path under dir (relative), for "nothing left behind".
function tree(dir) {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { recursive: true }).map(String).sort();
}

function example(id) {
  return fs.readFileSync(path.join(ROOT, 'examples', id + '.c'), 'utf8');
}

module.exports = { start, request, post, finished, tree, example, ROOT, FINAL };
