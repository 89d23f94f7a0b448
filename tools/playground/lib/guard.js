// guard.js - who may talk to the playground. The server runs the reader's code (in the sandbox) and
// writes into examples/, so a web page the reader happens to visit must not be able to drive it:
//   - Host must name the server itself (127.0.0.1:PORT, localhost:PORT, [::1]:PORT, or the names the
//     owner listed for another address): a DNS-rebinding page reaches the server under its own host
//     name, which is refused;
//   - Origin, when a browser sends one, must be the server's own origin (any other site, "null" from a
//     file:// page or a sandboxed frame: refused); Sec-Fetch-Site, when sent, must not be cross-site
//     (a <script src> or <img> of another page carries no Origin but says cross-site);
//   - a request that changes something is a POST of application/json (a cross-origin page cannot send
//     that without a preflight, which the server never grants);
//   - bounded: the request line and the body (readBody refuses past the limit while reading).
// Each refusal is {status, reason}; the server answers it as JSON {error: reason}.
'use strict';

const LOOPBACK = ['127.0.0.1', 'localhost', '[::1]'];

// The Host values this server answers to: each loopback name or listed name with the port.
function allowedHosts(port, names) {
  return new Set(LOOPBACK.concat(names || []).map((n) => `${n}:${port}`.toLowerCase()));
}

// -> null (allowed) or {status, reason}.
function checkRequest(req, hosts, o) {
  o = o || {};
  if ((req.url || '').length > (o.maxUrl || 4096)) return { status: 414, reason: 'request line too long' };
  const host = String(req.headers.host || '').toLowerCase();
  if (!hosts.has(host))
    return {
      status: 421,
      reason: `refused: Host "${host.slice(0, 200)}" is not this server (DNS rebinding or a foreign name)`,
    };
  const origin = req.headers.origin;
  if (origin !== undefined) {
    let ok = false;
    try {
      const u = new URL(origin);
      ok = u.protocol === 'http:' && hosts.has(u.host.toLowerCase()) && origin === `${u.protocol}//${u.host}`;
    } catch (e) {
      ok = false;
    }
    if (!ok) return { status: 403, reason: `refused: Origin "${String(origin).slice(0, 200)}" is not this server` };
  }
  const site = req.headers['sec-fetch-site'];
  if (site !== undefined && !['same-origin', 'none'].includes(site))
    return { status: 403, reason: `refused: a ${site} request` };
  if (o.write) {
    if (req.method !== 'POST') return { status: 405, reason: 'refused: use POST' };
    if (!/^application\/json(\s*;|$)/i.test(String(req.headers['content-type'] || '')))
      return { status: 415, reason: 'refused: the body must be application/json' };
  }
  return null;
}

// Reads a JSON body of at most max bytes. Resolves {body} or {status, reason}; a body past the limit is
// refused as soon as it crosses it (the declared length first) and the rest is not read.
function readBody(req, max) {
  return new Promise((resolve) => {
    const declared = Number(req.headers['content-length']);
    if (declared > max) {
      req.resume();
      return resolve({ status: 413, reason: `refused: the request body is larger than ${max} bytes` });
    }
    const parts = [];
    let size = 0,
      done = false;
    const end = (v) => {
      if (!done) {
        done = true;
        resolve(v);
      }
    };
    req.on('data', (d) => {
      if (done) return;
      size += d.length;
      if (size > max) {
        end({ status: 413, reason: `refused: the request body is larger than ${max} bytes` });
        req.pause();
        return;
      }
      parts.push(d);
    });
    req.on('error', () => end({ status: 400, reason: 'refused: the request was cut short' }));
    req.on('end', () => {
      let body;
      try {
        body = JSON.parse(Buffer.concat(parts).toString('utf8'));
      } catch (e) {
        return end({ status: 400, reason: 'refused: the body is not JSON' });
      }
      if (!body || typeof body !== 'object' || Array.isArray(body))
        return end({ status: 400, reason: 'refused: the body is not a JSON object' });
      end({ body });
    });
  });
}

// The connection is from this machine to a loopback address of it.
function loopbackConnection(req) {
  const l = req.socket.localAddress || '',
    r = req.socket.remoteAddress || '';
  const lo = (a) => a === '127.0.0.1' || a === '::1' || a === '::ffff:127.0.0.1';
  return lo(l) && lo(r);
}

module.exports = { allowedHosts, checkRequest, readBody, loopbackConnection };
