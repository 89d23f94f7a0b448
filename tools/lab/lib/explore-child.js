// explore-child.js META.json BUILD_DIR - runs the course's wasm explorer (tools/wasm/lib/outcomes.js)
// on one example and prints {outcomes, errors} as JSON; writes BUILD_DIR/data/outcomes/<id>.json and
// the data scripts. Run by pipeline.js in its own node process, under a time limit, so a runaway
// exploration cannot take the checker down with it.
'use strict';
const fs = require('fs');
const path = require('path');
const ROOT = path.resolve(__dirname, '..', '..', '..');
const { processExample } = require(path.join(ROOT, 'tools', 'wasm', 'lib', 'outcomes.js'));

const [metaPath, buildDir] = process.argv.slice(2);
const meta = JSON.parse(fs.readFileSync(metaPath, 'utf8'));
const r = processExample(meta, { buildDir, cacheDir: path.join(ROOT, 'build', 'cache', 'wasm'), naive: false });
const dst = path.join(buildDir, 'data', 'outcomes', meta.id + '.json');
fs.mkdirSync(path.dirname(dst), { recursive: true });
fs.writeFileSync(dst, JSON.stringify(r.json, null, 1));
process.stdout.write(JSON.stringify({ outcomes: r.json, errors: r.errors }));
