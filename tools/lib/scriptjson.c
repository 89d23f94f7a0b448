/* scriptjson.c - JSON inside an HTML <script> element, and data scripts (see scriptjson.h). */
#include "scriptjson.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "buf.h"

static void put_u(struct buf *b, unsigned u)
{
	buf_printf(b, "\\u%04x", u);
}

/* The code point of the UTF-8 sequence at s (jansson writes valid UTF-8); returns its length. */
static int utf8_decode(const unsigned char *s, unsigned *cp)
{
	int n = s[0] >= 0xf0 ? 4 : s[0] >= 0xe0 ? 3 : 2;
	unsigned c = s[0] & (0x7fu >> n);
	for (int i = 1; i < n; i++)
		c = (c << 6) | (s[i] & 0x3fu);
	*cp = c;
	return n;
}

/* Appends the character beyond ASCII at p as \u escapes; returns the bytes it took. */
static int put_non_ascii(struct buf *b, const unsigned char *p)
{
	unsigned cp;
	int n = utf8_decode(p, &cp);
	if (cp >= 0x10000) {
		cp -= 0x10000;
		put_u(b, 0xd800 + (cp >> 10));
		put_u(b, 0xdc00 + (cp & 0x3ff));
	} else {
		put_u(b, cp);
	}
	return n;
}

char *script_json(const json_t *j, int sort_keys)
{
	char *s = json_dumps(j, JSON_COMPACT | JSON_ENCODE_ANY |
					(sort_keys ? JSON_SORT_KEYS : JSON_PRESERVE_ORDER));
	if (!s)
		return NULL;
	struct buf b = { 0 };
	for (const unsigned char *p = (const unsigned char *)s; *p;) {
		if (p[0] == '\\' && p[1] == 'u') { /* jansson's \u00XX of a control character */
			buf_puts(&b, "\\u");
			for (int i = 2; i < 6; i++)
				buf_putc(&b, (char)tolower(p[i]));
			p += 6;
		} else if (p[0] == '\\') { /* any other escape: two characters */
			buf_put(&b, p, 2);
			p += 2;
		} else if (*p == '<' || *p == '>' || *p == '&') {
			put_u(&b, *p++);
		} else if (*p < 0x80) {
			buf_putc(&b, (char)*p++);
		} else {
			p += put_non_ascii(&b, p);
		}
	}
	free(s);
	return buf_take(&b);
}

char *script_json_data(const char *comment, const char *key, const json_t *payload)
{
	if (strstr(comment, "*/")) {
		fprintf(stderr, "script_json_data: the comment \"%s\" would end early\n", comment);
		abort();
	}
	json_t *k = json_string(key);
	char *kj = k ? script_json(k, 0) : NULL, *body = script_json(payload, 0), *out = NULL;
	json_decref(k);
	if (kj && body)
		out = xasprintf("/* %s */\nwindow.COURSE_DATA = window.COURSE_DATA || {};\n"
				"window.COURSE_DATA[%s] = %s;\n",
				comment, kj, body);
	free(kj);
	free(body);
	return out;
}

/* err's line and text for a data script that does not have script_json_data's shape. */
static json_t *not_data_script(json_error_t *err, int line, const char *what)
{
	memset(err, 0, sizeof *err);
	err->line = line;
	/* what: a short constant */
	xsnprintf(err->text, sizeof err->text, "not a data script: %s", what);
	return NULL;
}

json_t *script_json_data_read(const char *text, size_t len, json_error_t *err)
{
	static const char reg[] = "\nwindow.COURSE_DATA[";
	const char *end = text + len, *p = text;
	while (p < end && !(end - p >= (ptrdiff_t)strlen(reg) && !memcmp(p, reg, strlen(reg))))
		p++;
	if (p == end)
		return not_data_script(err, 1, "no 'window.COURSE_DATA[' line");
	int line = 2;
	for (const char *c = text; c < p; c++)
		line += *c == '\n';
	p += strlen(reg);
	json_t *key =
		json_loadb(p, (size_t)(end - p), JSON_DISABLE_EOF_CHECK | JSON_DECODE_ANY, err);
	size_t used = err->position;
	if (!json_is_string(key)) {
		json_decref(key);
		return not_data_script(err, line, "the key is not a JSON string");
	}
	json_decref(key);
	p += used;
	if (end - p < 4 || memcmp(p, "] = ", 4))
		return not_data_script(err, line, "no '] = ' after the key");
	p += 4;
	json_t *payload = json_loadb(p, (size_t)(end - p), JSON_DISABLE_EOF_CHECK, err);
	if (!payload)
		return NULL;
	p += err->position;
	if (end - p != 2 || memcmp(p, ";\n", 2)) {
		json_decref(payload);
		return not_data_script(err, line, "the payload is not followed by ';' and the end");
	}
	return payload;
}
