// script-json.test.js - the rule for JSON inside a <script> exists twice: tools/lib/scriptjson.c
// (every C tool) and scriptJson() in tools/wasm/lib/outcomes.js (the explorer's data scripts, written
// in node). Both run here on the hostile cases of tests/fixtures/script-json.json (</script>, <!--,
// ]]>, &, U+2028, U+2029, beyond ASCII, NUL) and must give the fixture's bytes, the same for both;
// each text must also parse back to the value, as JSON and as a script. SCRIPT_JSON_CLI is the C
// side (tools/lib/tests/script_json_cli.c, built by make clib-test).
'use strict';
const test = require('node:test');
const assert = require('node:assert');
const path = require('path');
const { execFileSync } = require('child_process');

const TOP = path.join(__dirname, '../../..');
const FIXTURE = path.join(TOP, 'tests/fixtures/script-json.json');
const { cases } = require(FIXTURE);
const { scriptJson } = require(path.join(TOP, 'tools/wasm/lib/outcomes.js'));

test('C and JavaScript write the same bytes for every hostile case', () => {
  const cli = process.env.SCRIPT_JSON_CLI;
  assert.ok(cli, 'SCRIPT_JSON_CLI names the C side (make clib-test sets it)');
  const c = execFileSync(cli, [FIXTURE], { encoding: 'latin1' }).split('\n');
  assert.strictEqual(c.pop(), '');
  assert.strictEqual(c.length, cases.length);
  cases.forEach((k, i) => {
    assert.strictEqual(c[i], k.text, `C: ${k.name}`);
    assert.strictEqual(scriptJson(k.value), k.text, `JavaScript: ${k.name}`);
  });
});

test('the text is ASCII without < > &, and reads back as the value (JSON and script)', () => {
  for (const k of cases) {
    // eslint-disable-next-line no-control-regex -- every character is ASCII, NUL included
    assert.match(k.text, /^[\x00-\x7f]*$/, k.name);
    assert.doesNotMatch(k.text, /[<>&]/, k.name);
    assert.deepStrictEqual(JSON.parse(k.text), k.value, k.name);
    assert.deepStrictEqual(new Function('return ' + k.text)(), k.value, k.name);
  }
});
