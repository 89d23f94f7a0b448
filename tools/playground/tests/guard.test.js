// guard.test.js - who may drive the playground: every request a foreign page, a DNS-rebinding attack or
// a careless client could make is refused with its reason, and leaves nothing in the state directory.
'use strict';
const test = require('node:test');
const assert = require('node:assert');
const fs = require('fs');
const path = require('path');
const { start, request, post, tree, example } = require('./helpers.js');

const SOURCE = example('load-fusing/need-to-stop');

test('requests that do not come from the playground itself are refused, with a reason', async (t) => {
  const s = await start({ matrix: false });
  t.after(() => s.close());
  const runs = path.join(s.state, 'runs');
  const json = { 'content-type': 'application/json' };
  const refused = async (what, o, status, reason) => {
    const r = await request(s.port, o);
    assert.strictEqual(r.status, status, `${what}: ${r.status} ${r.text}`);
    assert.match(r.json.error, reason, what);
    assert.deepStrictEqual(tree(runs), [], `${what}: nothing left in the state directory`);
  };
  const body = JSON.stringify({ kind: 'example', source: SOURCE, id: 'load-fusing/need-to-stop' });
  const run = { method: 'POST', path: '/playground/api/run', body };
  // DNS rebinding: the attacker's name resolves to 127.0.0.1, the browser sends it as Host
  await refused(
    'rebinding Host on the API',
    Object.assign({}, run, { headers: Object.assign({ host: `evil.example:${s.port}` }, json) }),
    421,
    /Host "evil.example:\d+" is not this server/,
  );
  await refused(
    'rebinding Host on a page',
    { path: '/index.html', headers: { host: `evil.example:${s.port}` } },
    421,
    /is not this server/,
  );
  await refused(
    'another port',
    { path: '/playground/api/hello', headers: { host: `127.0.0.1:${s.port + 1}` } },
    421,
    /is not this server/,
  );
  await refused('no Host', { path: '/playground/api/hello', headers: { host: '' } }, 421, /is not this server/);
  // a page of another origin (fetch and form posts carry its Origin)
  for (const origin of [
    'http://evil.example',
    'null',
    `http://127.0.0.1:${s.port + 1}`,
    `https://127.0.0.1:${s.port}`,
    `http://127.0.0.1:${s.port}/x`,
  ])
    await refused(
      `Origin ${origin}`,
      Object.assign({}, run, { headers: Object.assign({ origin }, json) }),
      403,
      /Origin .* is not this server/,
    );
  // a <script src> of another page: no Origin, but the browser says cross-site
  await refused(
    'cross-site script',
    { path: '/playground/api/hello', headers: { 'sec-fetch-site': 'cross-site' } },
    403,
    /cross-site request/,
  );
  await refused(
    'a form post (no JSON)',
    Object.assign({}, run, { headers: { 'content-type': 'application/x-www-form-urlencoded' } }),
    415,
    /application\/json/,
  );
  await refused(
    'text/plain (no preflight)',
    Object.assign({}, run, { headers: { 'content-type': 'text/plain' } }),
    415,
    /application\/json/,
  );
  await refused('GET of a POST address', { path: '/playground/api/run' }, 404, /no such playground address/);
  // sizes
  const big = JSON.stringify({ kind: 'example', source: 'x'.repeat(300 << 10) });
  await refused(
    'a declared body over the limit',
    { method: 'POST', path: '/playground/api/run', body: big, headers: json },
    413,
    /larger than 262144 bytes/,
  );
  await refused(
    'a chunked body over the limit',
    {
      method: 'POST',
      path: '/playground/api/run',
      chunks: [big.slice(0, 1 << 17), big.slice(1 << 17)],
      headers: Object.assign({ 'transfer-encoding': 'chunked', 'content-length': undefined }, json),
    },
    413,
    /larger than 262144 bytes/,
  );
  await refused(
    'a source over the lab limit',
    Object.assign({}, run, { body: JSON.stringify({ kind: 'example', source: 'x'.repeat(200001) }), headers: json }),
    413,
    /source is larger than 200000 bytes/,
  );
  await refused('a long request line', { path: '/playground/api/run/' + 'a'.repeat(5000) }, 414, /too long/);
  // what the body says
  await refused('not JSON', Object.assign({}, run, { body: '{kind', headers: json }), 400, /not JSON/);
  await refused('an array', Object.assign({}, run, { body: '[]', headers: json }), 400, /not a JSON object/);
  await refused(
    'an unknown kind',
    Object.assign({}, run, { body: JSON.stringify({ kind: 'shell', source: 'x' }), headers: json }),
    400,
    /kind is/,
  );
  await refused(
    'a NUL byte',
    Object.assign({}, run, { body: JSON.stringify({ kind: 'example', source: 'a\0b' }), headers: json }),
    400,
    /NUL/,
  );
  for (const id of ['../../etc/passwd', 'a/b/c', 'A/b', '/x', 'x', 'a/' + 'b'.repeat(90)])
    await refused(
      `id ${id}`,
      Object.assign({}, run, { body: JSON.stringify({ kind: 'example', source: SOURCE, id }), headers: json }),
      400,
      /id is "topic\/name"/,
    );
  for (const cells of [[], ['gcc-12/x86_64/O9'], ['../x'], 'gcc-12/x86_64/O2', [1]])
    await refused(
      `cells ${JSON.stringify(cells)}`,
      Object.assign({}, run, { body: JSON.stringify({ kind: 'example', source: SOURCE, cells }), headers: json }),
      400,
      /cells must be cells of the matrix/,
    );
  // other addresses
  await refused(
    'an example outside examples/',
    { path: '/playground/api/example?id=../../etc/passwd' },
    400,
    /not an example id/,
  );
  await refused('a run that is not a hash', { path: '/playground/api/run/..%2f..' }, 400, /not a run/);
  await refused(
    'a run file outside the run',
    { path: '/playground/run/0123456789abcdef01234567/..%2f..%2f..%2fetc%2fpasswd' },
    403,
    /outside the run/,
  );
  await refused(
    'codemirror outside its folder',
    { path: '/playground/codemirror/..%2f..%2fetc%2fpasswd' },
    403,
    /refused/,
  );
  await refused(
    'save of an unknown run',
    {
      method: 'POST',
      path: '/playground/api/save',
      body: JSON.stringify({ hash: '0123456789abcdef01234567', name: 'play/x' }),
      headers: json,
    },
    409,
    /once its run has finished/,
  );
  for (const name of ['../evil', 'litmus/x', 'a/../../b', 'a', 'A/b'])
    await refused(
      `save as ${name}`,
      {
        method: 'POST',
        path: '/playground/api/save',
        body: JSON.stringify({ hash: '0123456789abcdef01234567', name }),
        headers: json,
      },
      400,
      /refused/,
    );
  // and the playground's own pages are served as before
  const ok = await request(s.port, {
    path: '/playground/api/hello',
    headers: { origin: `http://127.0.0.1:${s.port}`, 'sec-fetch-site': 'same-origin' },
  });
  assert.strictEqual(ok.status, 200);
  assert.ok(ok.json.cells.includes('gcc-12/x86_64/O2'));
  assert.strictEqual(
    (await request(s.port, { path: '/index.html', headers: { host: `localhost:${s.port}` } })).status,
    200,
  );
});

test('runs beyond the jobs and the queue are refused with the reason; many clients of one source share one run', async (t) => {
  const s = await start({ matrix: false, jobs: 1, queue: 2 });
  t.after(() => s.close());
  // hold every step, so that what is running and waiting does not depend on speed
  const held = [];
  const run = s.pg.pool.run.bind(s.pg.pool);
  s.pg.pool.run = (...a) => new Promise((resolve) => held.push(() => run(...a).then(resolve)));
  const sources = [0, 1, 2, 3, 4, 5].map((i) => SOURCE.replace('polled in a loop', `polled in a loop ${i}`));
  const answers = await Promise.all(
    sources.map((source) =>
      post(s.port, '/playground/api/run', { kind: 'example', source, id: 'load-fusing/need-to-stop' }),
    ),
  );
  const statuses = answers.map((a) => a.status);
  assert.deepStrictEqual(statuses.filter((x) => x === 202).length, 3, JSON.stringify(statuses));
  for (const a of answers.filter((x) => x.status === 503)) {
    assert.match(a.json.error, /busy \(1 runs, 2 waiting: the queue is full\)/);
    assert.strictEqual(a.headers['retry-after'], '5');
  }
  // twenty clients posting one of the accepted sources at once: one run, the same answer
  const same = await Promise.all(
    Array.from({ length: 20 }, () =>
      post(s.port, '/playground/api/run', { kind: 'example', source: sources[0], id: 'load-fusing/need-to-stop' }),
    ),
  );
  assert.ok(same.every((a) => a.status === 202 && a.json.h === answers[0].json.h));
  assert.strictEqual(s.pg.running.size + s.pg.waiting.length, 3);
  // superseding: a client's new source cancels its old run
  const before = answers[1].json.h;
  s.pg.cancel(before);
  assert.ok(!s.pg.waiting.some((r) => r.h === before));
  assert.ok(!fs.existsSync(path.join(s.state, 'runs', before)), 'a cancelled waiting run leaves nothing');
  // ... and its status says so (a page's poll that crosses its own superseding request is answered)
  const gone = await request(s.port, { path: `/playground/api/run/${before}` });
  for (const r of [...s.pg.running.values(), ...s.pg.waiting]) r.cancel();
  held.splice(0).forEach((f) => f());
  assert.strictEqual(gone.status, 200);
  assert.strictEqual(gone.json.state, 'cancelled');
  assert.strictEqual(gone.json.view, undefined, 'nothing of a cancelled run is served');
});
