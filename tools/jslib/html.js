// html.js - escaping text for HTML, for the JavaScript that writes pages itself (the grader's class
// summary and report pages, tools/grade/lib). The same rule as tools/lib/buf.c buf_put_escaped, which
// the generator uses (templates' {{ }} and escape()): & < > " ' become &amp; &lt; &gt; &quot; &#39;,
// everything else is kept. tests/html.test.js runs both on the same input.
'use strict';

const ENTITIES = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

// s (any value, made a string) with the five characters replaced: safe in element text and in a
// quoted attribute value.
function escapeHtml(s) {
  return String(s).replace(/[&<>"']/g, (c) => ENTITIES[c]);
}

module.exports = { escapeHtml };
