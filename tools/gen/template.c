/* template: the template-to-Lua compiler; newlines are preserved one for one. The literal text loses
 * the blanks that start its lines and its blank lines (the templates' indentation: HTML collapses it,
 * and it was about 4% of a page's bytes, issue 27 point 14); a template's <pre> is written without
 * indentation or blank lines. */
#include "template.h"

#include <string.h>

#include "diag.h"

static int count_lines(const char *s, size_t n)
{
	int k = 0;
	for (size_t i = 0; i < n; i++)
		k += s[i] == '\n';
	return k;
}

/* A Lua string literal for s[0..n) on one line, without the blanks that start a line (bol: s starts
 * one) and without blank lines; the newlines it contains are added after it by the caller. */
static void put_literal(struct buf *out, const char *s, size_t n, int bol)
{
	buf_puts(out, "_out[#_out+1]=\"");
	for (size_t i = 0; i < n; i++) {
		unsigned char c = (unsigned char)s[i];
		if (bol && (c == ' ' || c == '\t'))
			continue;
		if (bol && c == '\n')
			continue; /* a blank line (its newline is still counted for the chunk's lines) */
		bol = c == '\n';
		if (c == '"' || c == '\\')
			buf_printf(out, "\\%c", c);
		else if (c == '\n')
			buf_puts(out, "\\n");
		else if (c == '\r')
			buf_puts(out, "\\r");
		else if (c < 32 || c == 127)
			buf_printf(out, "\\%03u", c);
		else
			buf_putc(out, (char)c);
	}
	buf_puts(out, "\" ");
	for (int k = count_lines(s, n); k > 0; k--)
		buf_putc(out, '\n');
}

/* The Lua of one tag's body [body, body + blen): {{ expr }} (escaped) or {{! expr }} (raw) appends
 * the value, {% code %} is the code itself, {# comment #} keeps only its newlines. Returns 0, or -1
 * for an empty {{ }} expression. */
static int put_tag(struct buf *out, char kind, const char *body, size_t blen)
{
	if (kind == '{') {
		int raw = blen && body[0] == '!';
		const char *expr = raw ? body + 1 : body;
		size_t elen = raw ? blen - 1 : blen;
		int empty = 1;
		for (size_t k = 0; k < elen; k++)
			if (expr[k] != ' ' && expr[k] != '\t' && expr[k] != '\n' && expr[k] != '\r')
				empty = 0;
		if (empty)
			return -1;
		buf_puts(out, raw ? "_out[#_out+1]=_raw(" : "_out[#_out+1]=_esc(");
		buf_put(out, expr, elen);
		buf_puts(out, ") ");
	} else if (kind == '%') {
		buf_put(out, body, blen);
		buf_puts(out, " ");
	} else {
		for (int k = count_lines(body, blen); k > 0; k--)
			buf_putc(out, '\n');
	}
	return 0;
}

int template_compile(const char *path, const char *text, size_t len, struct buf *out)
{
	buf_puts(out, "local _ENV, _out, _esc, _raw = ... ");
	size_t i = 0;
	int line = 1;
	while (i < len) {
		const char *open = NULL;
		for (size_t j = i; j + 1 < len; j++) {
			if (text[j] == '{' &&
			    (text[j + 1] == '{' || text[j + 1] == '%' || text[j + 1] == '#')) {
				open = text + j;
				break;
			}
		}
		if (!open) {
			put_literal(out, text + i, len - i, i == 0 || text[i - 1] == '\n');
			break;
		}
		char kind = open[1];
		size_t lit = (size_t)(open - (text + i));
		/* A {% %} or {# #} tag alone on its line (only blanks around it) drops the whole line. */
		size_t ls = (size_t)(open - text);
		while (ls > 0 && (text[ls - 1] == ' ' || text[ls - 1] == '\t'))
			ls--;
		int standalone = kind != '{' && ls >= i && (ls == 0 || text[ls - 1] == '\n');
		if (standalone)
			lit = ls - i;
		if (lit)
			put_literal(out, text + i, lit, i == 0 || text[i - 1] == '\n');
		line += count_lines(text + i, lit);
		const char *close_tag = kind == '{' ? "}}" : kind == '%' ? "%}" : "#}";
		const char *body = open + 2;
		const char *end = NULL;
		for (const char *p = body; p + 1 < text + len; p++)
			if (p[0] == close_tag[0] && p[1] == close_tag[1]) {
				end = p;
				break;
			}
		if (!end)
			return diag_at(path, line, "'%.2s' is not closed by '%s'", open, close_tag);
		size_t blen = (size_t)(end - body);
		if (put_tag(out, kind, body, blen) != 0)
			return diag_at(path, line, "empty '{{ }}' expression");
		line += count_lines(body, blen);
		i = (size_t)(end + 2 - text);
		if (standalone) {
			size_t j = i;
			while (j < len && (text[j] == ' ' || text[j] == '\t' || text[j] == '\r'))
				j++;
			if (j == len || text[j] == '\n') {
				/* the line's newline is consumed here: keep the chunk's line count */
				if (j < len) {
					buf_putc(out, '\n');
					line++;
				}
				i = j < len ? j + 1 : j;
			} else if (ls < (size_t)(open - text)) {
				/* not standalone after all: put back the blanks before the tag */
				put_literal(out, text + ls, (size_t)(open - text) - ls, 1);
			}
		}
	}
	return 0;
}
