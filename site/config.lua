-- site/config.lua: site-wide configuration, returned as one table. The generator (tools/gen) hands it to
-- every template as site.config, uses site_url for sitemap.xml, and reads `directives`: fenced blocks whose
-- info string is a directive name render the named template with data files loaded as Lua globals.
-- Data paths: {data} is the generator's --data directory (build/data), {arg} the block's text;
-- a trailing "?" marks an optional file (the global is nil when it is absent).
return {
  title = "Who's afraid of a big bad optimizing compiler?",
  short_title = "Big bad compiler",
  description = "A hands-on course on what an optimizing compiler may do to concurrent C code, "
             .. "and why the Linux kernel uses READ_ONCE(), WRITE_ONCE() and barriers.",
  site_url = "https://example.org/big-bad-compiler/",
  author = "The course authors",
  lang = "en",
  -- Stylesheets of the disassembly view and the explorer, linked in every page's head so both read
  -- well with JavaScript off and in print.
  extra_css = { "static/disasm.css", "static/explorer/explorer.css", "static/native.css" },
  directives = {
    -- ```example / load-fusing/need-to-stop / ```: sources, disassembly and outcome explorer of one example.
    example = {
      template = "example.html",
      data = {
        example = "{data}/examples/{arg}.json",
        outcomes = "{data}/outcomes/{arg}.json?",
        native = "{data}/native/{arg}.json?",
        -- the explorer's build marked by the cells' checker, for the one outcome panel (tools/native/expect.js)
        native_explorer = "{data}/native/{arg}/explorer.json?",
      },
    },
    -- `seen: store-tearing/const64` (inline, in a sentence): where this build saw the example's
    -- transformation, the sentence computed from every cell (build/data/examples/<id>.json "seen"),
    -- linked to the disassembly of a cell that shows it. Pages state compiler/target/-O facts only so.
    seen = {
      template = "seen.html",
      inline = true,
      data = { example = "{data}/examples/{arg}.json" },
    },
    -- `on-arm: case-studies/af-xdp@kept` (inline): what the example's fix prevents on an Arm processor,
    -- from its AArch64 cells under the Armv8 model (build/data/native/<id>.json); @kept / !kept: the
    -- build fails unless the fixed code keeps its guarantees on every cell / breaks one on some cell.
    ["on-arm"] = {
      template = "on-arm.html",
      inline = true,
      data = { example = "{data}/examples/{arg}.json", native = "{data}/native/{arg}.json" },
    },
    -- ```lab-check / publish / ```: a lab page's checker section: the checker's result on the lab's
    -- reference solution (tools/lab lab.js reference-page), or on the student's file on a page
    -- `make lab` builds (tools/lab/lib/page.js writes it there).
    ["lab-check"] = {
      template = "lab-check.html",
      data = { check = "{data}/lab-check/lab/{arg}.json" },
    },
    -- ```evidence-matrix / all / ```: every example x target x variant evidence result.
    ["evidence-matrix"] = {
      template = "evidence-matrix.html",
      data = { evidence = "{data}/evidence.json" },
    },
    -- ```litmus-tests / ```: every litmus test of the project (and the imported ones): the file's
    -- verdict beside this build's under SC and x86-TSO, witnesses (tools/litmus/page.js).
    ["litmus-tests"] = {
      template = "litmus-tests.html",
      data = { litmus = "{data}/litmus/tests.json" },
    },
    -- ```native-behaviour / ```: each example's bad outcomes and the matrix cells whose real code reaches them.
    ["native-behaviour"] = {
      template = "native-behaviour.html",
      data = { behaviour = "{data}/native/behaviour.json" },
    },
  },
}
