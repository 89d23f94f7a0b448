// explore-wasm.js WASM - the explorer's start-up on a module, for the hostile corpus's steps run
// alone (steps.js): what site/static/explorer/runtime.js's Machine does
// before it explores (instantiate with every import a trapping function, run the initializers
// with _initialize, i.e. the constructors, and snapshot memory up to __data_end). The exploration
// proper needs the instrumented, asyncified module of tools/wasm; a hostile module's harm is done
// by then. Prints a one-line JSON summary.
'use strict';
const fs = require('fs');

const mod = new WebAssembly.Module(fs.readFileSync(process.argv[2]));
const imports = {};
for (const imp of WebAssembly.Module.imports(mod)) {
  imports[imp.module] = imports[imp.module] || {};
  if (imp.kind === 'function')
    imports[imp.module][imp.name] = () => {
      throw new Error('call to missing import ' + imp.name);
    };
}
const ex = new WebAssembly.Instance(mod, imports).exports;
if (ex._initialize) ex._initialize();
const dataEnd = ex.__data_end ? ex.__data_end.value : 0;
const snapshot = new Uint8Array(ex.memory.buffer).slice(0, dataEnd);
process.stdout.write(JSON.stringify({ exports: Object.keys(ex), snapshotBytes: snapshot.length }) + '\n');
