// explore-child.js build|explore META BUILD CACHE - the wasm explorer on one lab file, in two steps
// that pipeline.js runs each in the sandbox under its own limits:
//   build    the module (emcc, binaryen: tools/wasm/lib/pipeline.js) into CACHE, the submission's
//            own cache; exits 1 with the tools' messages on stderr when it cannot
//   explore  every interleaving (tools/wasm/lib/outcomes.js, which finds the module in CACHE); writes
//            BUILD/data/outcomes/<id>.json and the data scripts, prints {outcomes, errors} as JSON
'use strict';
const fs = require('fs');
const path = require('path');
const ROOT = path.resolve(__dirname, '..', '..', '..');
const { processExample } = require(path.join(ROOT, 'tools', 'wasm', 'lib', 'outcomes.js'));
const { buildVariant } = require(path.join(ROOT, 'tools', 'wasm', 'lib', 'pipeline.js'));

const [mode, metaPath, buildDir, cacheDir] = process.argv.slice(2);
const meta = JSON.parse(fs.readFileSync(metaPath, 'utf8'));
if (mode === 'build') {
  for (const v of meta.variants) {
    try {
      buildVariant({
        src: meta.sources[v],
        cflags: (meta.cflags.all || []).concat(meta.cflags[v] || []),
        meta,
        variant: v,
        cacheDir,
      });
    } catch (e) {
      // the tools' own messages, on stderr, as the sandbox reads them (an out-of-memory is MEMORY)
      process.stderr.write(e.message + '\n');
      process.exit(1);
    }
  }
} else {
  const r = processExample(meta, { buildDir, cacheDir, naive: false });
  const dst = path.join(buildDir, 'data', 'outcomes', meta.id + '.json');
  fs.mkdirSync(path.dirname(dst), { recursive: true });
  fs.writeFileSync(dst, JSON.stringify(r.json, null, 1));
  process.stdout.write(JSON.stringify({ outcomes: r.json, errors: r.errors }));
}
