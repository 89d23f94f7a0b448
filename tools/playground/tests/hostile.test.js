// hostile.test.js - the sandbox's hostile corpus (tools/sandbox/tests/hostile/*.c) posted to the
// playground, with a planted secret file, on the lab's four cells (as the grader grades them): each
// case ends as its header says the grader ends it (REJECT: refused, or the reader's error, before
// anything of it is shown; a limit: "stopped" with the sandbox's verdict at that step; OK: done), no
// byte of the secret reaches anything the server answered or kept, and no run leaves its work directory
// (a refused or stopped one leaves no rendered page either).
'use strict';
const test = require('node:test');
const assert = require('node:assert');
const crypto = require('crypto');
const fs = require('fs');
const os = require('os');
const path = require('path');
const { start, post, request, finished, tree, ROOT } = require('./helpers.js');

const HOSTILE = path.join(ROOT, 'tools', 'sandbox', 'tests', 'hostile');
// the lab's cells (labs/labs.conf's default targets at -O2), as the corpus's expectations are the grader's
const CELLS = ['gcc-12/x86_64/O2', 'gcc-12/aarch64/O2', 'clang-22/x86_64/O2', 'clang-22/aarch64/O2'];
// small limits, as tools/sandbox/tests/hostile.test.js uses: each case ends in its verdict in seconds
const LIMITS = {
  preprocess: { cpu: 2, wall: 8 },
  compile: { cpu: 10, wall: 20 },
  wasm: { cpu: 10, wall: 20 },
  explore: { cpu: 5, wall: 10 },
};

function header(file) {
  const text = fs.readFileSync(file, 'utf8');
  const m = /^ \* expect: (\w+(?:\|\w+)*)(?: at (\w+))?(?: (.*?))?( \*\/)?$/m.exec(text);
  assert.ok(m, `${file}: no expectation`);
  return {
    name: path.basename(file, '.c'),
    text: text.slice(text.indexOf('*/') + 3),
    verdict: m[1].split('|'),
    step: m[2] || null,
    words: m[3] ? m[3].replace(/^"(.*)"$/, '$1') : null,
  };
}

const cases = fs
  .readdirSync(HOSTILE)
  .filter((f) => f.endsWith('.c'))
  .sort()
  .map((f) => header(path.join(HOSTILE, f)));
const top = fs.mkdtempSync(path.join(os.tmpdir(), 'playground-hostile-'));
const token = 's' + crypto.randomBytes(6).toString('hex');
const secret = path.join(top, 'secret', 'secret.txt');

// The secret in a text: as it is, or its hex or base64 (a disassembly's data rows, a data script).
function leaked(text) {
  const hex = Buffer.from(token).toString('hex');
  const b64 = [0, 1, 2].map((k) =>
    Buffer.from('xx'.slice(0, k) + token)
      .toString('base64')
      .slice(4),
  );
  return text.includes(token) || text.toLowerCase().includes(hex) || b64.some((b) => text.includes(b.slice(0, 8)));
}

let s;
const results = {};
test.before(async () => {
  fs.mkdirSync(path.dirname(secret), { recursive: true });
  fs.writeFileSync(secret, token.repeat(6) + '\n');
  s = await start({ matrix: false, limits: LIMITS, jobs: 2, queue: cases.length });
  // every case at once: the server queues them (two running), as many clients would
  await Promise.all(
    cases.map(async (c) => {
      const source = c.text
        .replaceAll('@SECRET@', secret)
        .replaceAll('@SECRET_REL@', path.relative(path.join(top, 'x'), secret));
      const r = await post(s.port, '/playground/api/run', {
        kind: 'example',
        id: `play/${c.name}`,
        source,
        cells: CELLS,
      });
      assert.ok([200, 202].includes(r.status), `${c.name}: ${r.status} ${r.text}`);
      const st = await finished(s.port, r.json.h);
      const served = await request(s.port, { path: `/playground/api/run/${r.json.h}` });
      results[c.name] = { st, h: r.json.h, served: served.text };
    }),
  );
});
test.after(async () => {
  if (s) await s.close();
  fs.rmSync(top, { recursive: true, force: true });
});

for (const c of cases) {
  test(`${c.name}: ends ${c.verdict.join('|')}${c.step ? ' at ' + c.step : ''} with its reason, no byte of the secret, nothing left behind`, () => {
    const { st, h, served } = results[c.name];
    const said = st.errors.map((e) => e.message + (e.details || '')).join('\n');
    if (c.verdict.includes('REJECT')) {
      assert.ok(
        st.state === 'refused' || (st.state === 'failed' && st.errors.every((e) => e.kind === 'metadata')),
        `${c.name}: ${st.state}: ${said}`,
      );
      assert.ok(
        st.errors.length && st.errors.every((e) => /^examples\/play\/[\w-]+\.c:\d+: /.test(e.message)),
        `${c.name}: a reason at a line: ${said}`,
      );
      if (c.words && c.words !== 'nothing else')
        assert.ok(said.includes(c.words), `${c.name}: "${c.words}" in ${said}`);
      assert.strictEqual(st.view, null, `${c.name}: nothing of a refused file is shown`);
    } else if (c.verdict.includes('OK')) {
      assert.strictEqual(st.state, 'done', `${c.name}: ${said}`);
    } else {
      assert.strictEqual(st.state, 'stopped', `${c.name}: ${st.state}: ${said}`);
      assert.ok(c.verdict.includes(st.stopped.verdict), `${c.name}: ${st.stopped.verdict}`);
      if (c.step) assert.strictEqual(st.stopped.step, c.step, `${c.name}: ${st.stopped.message}`);
      assert.match(
        st.stopped.message,
        new RegExp(`^${st.stopped.step}: ${st.stopped.verdict}: .*limit of`),
        'the verdict names the step and the limit',
      );
      assert.strictEqual(st.view, null);
    }
    assert.ok(!leaked(served), `${c.name}: the secret is in the status the server answers`);
    const dir = path.join(s.state, 'runs', h);
    const left = tree(dir);
    assert.ok(!left.some((f) => f === 'work' || f.startsWith('work/')), `${c.name}: the work directory is gone`);
    if (st.state !== 'done') assert.deepStrictEqual(left, ['status.json'], `${c.name}: only the status is kept`);
    for (const f of left) {
      const p = path.join(dir, f);
      if (fs.statSync(p).isFile()) assert.ok(!leaked(fs.readFileSync(p, 'latin1')), `${c.name}: the secret is in ${f}`);
    }
  });
}

test('the shared caches hold no byte of the secret', () => {
  for (const f of tree(path.join(s.state, 'cache'))) {
    const p = path.join(s.state, 'cache', f);
    if (fs.statSync(p).isFile() && fs.statSync(p).size < 8 << 20)
      assert.ok(!leaked(fs.readFileSync(p, 'latin1')), `cache/${f}`);
  }
});
