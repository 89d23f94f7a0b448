/* scriptjson.h - JSON text placed inside an HTML <script> element, and the data script that
 * registers a value for a page: the one rule of every C tool (docs/ARCHITECTURE.md, "One
 * implementation per rule"). Used for the data scripts of asm-tool and native-tool, the JSON the
 * generator's templates inline (json()) and search-index.js.
 *
 * The text is jansson's compact JSON (no spaces), in which these characters, which can only occur
 * inside JSON strings, are written as a \u escape of four lowercase hex digits:
 *  - '<', '>' and '&', for the HTML around the script: no "</script>" can end the element early;
 *    no "<!--" can put the HTML parser in its escaped script states (where a later "<script"
 *    makes the real "</script>" fail to close the element); no "]]>" can end a CDATA section
 *    (SVG, XHTML); no '&' can start a character reference should the text sit in XHTML;
 *  - every character beyond ASCII (one beyond U+FFFF as its UTF-16 surrogate pair): U+2028 and
 *    U+2029 end a line for JavaScript parsers older than ES2019 (a string cut in two), and pure
 *    ASCII reads the same whatever encoding the browser decodes the script with;
 *  - control characters as JSON requires them (\n, \t, ... and \u00xx, lowercased here too).
 * '/' is left as it is ('<' is escaped). The text parses, with JSON.parse or as a JavaScript
 * expression, to the value that was encoded.
 *
 * The second copy: scriptJson() in tools/wasm/lib/outcomes.js (the explorer's data scripts are
 * written in node). tests/fixtures/script-json.json holds the hostile strings that both must turn
 * into the same bytes; tools/lib/tests/script-json.test.js runs both on them.
 */
#ifndef TOOLS_LIB_SCRIPTJSON_H
#define TOOLS_LIB_SCRIPTJSON_H

#include <jansson.h>

/* The text of j (any JSON value) by the rule above; sort_keys: object members sorted by key, else
 * in their order in j. Malloc'd (caller frees); NULL when jansson cannot encode j. */
char *script_json(const json_t *j, int sort_keys);

/* A classic script that registers payload under key in window.COURSE_DATA, which a page loads
 * with <script src> (also from file://):
 *     / * <comment> * /
 *     window.COURSE_DATA = window.COURSE_DATA || {};
 *     window.COURSE_DATA[<key>] = <payload>;
 * key and payload by script_json (members in their order). comment must not contain the end of a
 * comment ("*" "/"): that is a programming error, reported on stderr, and the program aborts.
 * Malloc'd (caller frees); NULL when jansson cannot encode payload. */
char *script_json_data(const char *comment, const char *key, const json_t *payload);

/* The payload of a data script script_json_data wrote (text, len bytes): the JSON after
 * "window.COURSE_DATA[<key>] = ", which must end with ";" and a newline. A new reference, or NULL
 * with err filled (line and text) when text is not such a script. For the generator, which reads
 * the cells of asm-tool's data scripts (the "spot" quiz). */
json_t *script_json_data_read(const char *text, size_t len, json_error_t *err);

#endif
