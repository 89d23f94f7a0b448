/*
 * clex.c - lexer of preprocessed C (see clex.h).
 */
#include "clex.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

void clex_init(struct clex *lx, const char *text, size_t len, const char *file)
{
	memset(lx, 0, sizeof *lx);
	lx->p = text;
	lx->end = text + len;
	lx->line = 1;
	lx->at_bol = 1;
	buf_puts(&lx->file, file ? file : "");
}

void clex_free(struct clex *lx)
{
	buf_free(&lx->file);
	buf_free(&lx->prev_file);
	buf_free(&lx->tok.text);
}

static int is_ident(int c)
{
	return isalnum(c) || c == '_' || c == '$' || c >= 0x80;
}

static void utf8(struct buf *out, unsigned long c)
{
	if (c < 0x80) {
		buf_putc(out, (char)c);
	} else if (c < 0x800) {
		buf_putc(out, (char)(0xc0 | (c >> 6)));
		buf_putc(out, (char)(0x80 | (c & 0x3f)));
	} else if (c < 0x10000) {
		buf_putc(out, (char)(0xe0 | (c >> 12)));
		buf_putc(out, (char)(0x80 | ((c >> 6) & 0x3f)));
		buf_putc(out, (char)(0x80 | (c & 0x3f)));
	} else {
		buf_putc(out, (char)(0xf0 | ((c >> 18) & 0x07)));
		buf_putc(out, (char)(0x80 | ((c >> 12) & 0x3f)));
		buf_putc(out, (char)(0x80 | ((c >> 6) & 0x3f)));
		buf_putc(out, (char)(0x80 | (c & 0x3f)));
	}
}

static int hexval(int c)
{
	return isdigit(c) ? c - '0' : isxdigit(c) ? (tolower(c) - 'a' + 10) : -1;
}

void clex_decode(const char *s, size_t n, struct buf *out)
{
	static const char simple[] = "a\ab\bf\fn\nr\rt\tv\ve\033\\\\''\"\"??";
	const char *end = s + n;
	while (s < end) {
		if (*s != '\\' || s + 1 >= end) {
			buf_putc(out, *s++);
			continue;
		}
		s++;
		const char *m = strchr(simple, *s);
		if (m && (m - simple) % 2 == 0 && *s) {
			buf_putc(out, m[1]);
			s++;
		} else if (*s >= '0' && *s <= '7') {
			unsigned v = 0;
			for (int k = 0; k < 3 && s < end && *s >= '0' && *s <= '7'; k++)
				v = v * 8 + (unsigned)(*s++ - '0');
			buf_putc(out, (char)(v & 0xff));
		} else if (*s == 'x') {
			unsigned v = 0;
			for (s++; s < end && hexval((unsigned char)*s) >= 0; s++)
				v = v * 16 + (unsigned)hexval((unsigned char)*s);
			buf_putc(out, (char)(v & 0xff));
		} else if (*s == 'u' || *s == 'U') {
			int digits = *s == 'u' ? 4 : 8;
			unsigned long v = 0;
			for (s++; digits-- > 0 && s < end && hexval((unsigned char)*s) >= 0; s++)
				v = v * 16 + (unsigned long)hexval((unsigned char)*s);
			utf8(out, v > 0x10ffff ? 0xfffd : v);
		} else {
			buf_putc(out, *s++); /* unknown escape: the character itself, as gcc does */
		}
	}
}

static const char *line_end(const char *p, const char *end)
{
	const char *nl = memchr(p, '\n', (size_t)(end - p));
	return nl ? nl : end;
}

/* A quoted literal starting at q (the opening quote). Returns the end (after the closing quote, or
 * at the end of the line if unterminated) and sets body/blen. */
static const char *quoted(const char *q, const char *end, const char **body, size_t *blen)
{
	char quote = *q;
	const char *p = q + 1;
	while (p < end && *p != quote && *p != '\n') {
		if (*p == '\\' && p + 1 < end && p[1] != '\n')
			p++;
		p++;
	}
	*body = q + 1;
	*blen = (size_t)(p - (q + 1));
	return p < end && *p == quote ? p + 1 : p;
}

/* A raw string R"delim( ... )delim" starting at q (the quote). Returns the end, or NULL if the
 * delimiter is malformed (then it is lexed as an ordinary string). */
static const char *raw(const char *q, const char *end, const char **body, size_t *blen)
{
	const char *d = q + 1, *p = d;
	while (p < end && p - d <= 16 && *p != '(' && *p != '"' && *p != '\\' &&
	       !isspace((unsigned char)*p))
		p++;
	if (p >= end || *p != '(' || p - d > 16)
		return NULL;
	size_t dl = (size_t)(p - d);
	const char *b = p + 1;
	for (const char *s = b; s + dl + 2 <= end; s++) {
		if (s[0] == ')' && memcmp(s + 1, d, dl) == 0 && s[1 + dl] == '"') {
			*body = b;
			*blen = (size_t)(s - b);
			return s + dl + 2;
		}
	}
	*body = b;
	*blen = (size_t)(end - b);
	return end;
}

static int count_lines(const char *a, const char *b)
{
	int n = 0;
	for (; a < b; a++)
		n += *a == '\n';
	return n;
}

/* A directive line (p at '#'): a line marker or another directive. */
static void directive(struct clex *lx, struct token *t, const char *p)
{
	const char *eol = line_end(p, lx->end);
	const char *s = p + 1;
	while (s < eol && (*s == ' ' || *s == '\t'))
		s++;
	if (eol - s >= 4 && !memcmp(s, "line", 4) &&
	    (s + 4 == eol || !is_ident((unsigned char)s[4]))) {
		s += 4;
		while (s < eol && (*s == ' ' || *s == '\t'))
			s++;
	}
	if (s < eol && isdigit((unsigned char)*s)) {
		t->kind = T_LINEMARK;
		long n = strtol(s, NULL, 10);
		t->mark = n > 0 && n < 1000000000 ? (int)n : 0;
		buf_free(&lx->prev_file);
		buf_puts(&lx->prev_file, buf_str(&lx->file));
		t->file = buf_str(&lx->prev_file);
		while (s < eol && isdigit((unsigned char)*s))
			s++;
		while (s < eol && (*s == ' ' || *s == '\t'))
			s++;
		if (s < eol && *s == '"') {
			const char *body;
			size_t blen;
			s = quoted(s, eol, &body, &blen);
			clex_decode(body, blen, &t->text);
			buf_free(&lx->file);
			buf_puts(&lx->file, buf_str(&t->text));
		} else {
			buf_puts(&t->text, buf_str(&lx->file));
		}
		for (; s < eol; s++)
			if (*s >= '1' && *s <= '4')
				t->flags |= 1 << (*s - '0');
		lx->line = t->mark - 1; /* the newline ending the marker brings it to t->mark */
	} else {
		t->kind = T_DIRECTIVE;
		buf_put(&t->text, p + 1, (size_t)(eol - (p + 1)));
	}
	t->len = (size_t)(eol - p);
	lx->p = eol;
}

static const char *skip_space(struct clex *lx, const char *p)
{
	while (p < lx->end) {
		if (*p == '\n') {
			lx->line++;
			lx->at_bol = 1;
			p++;
		} else if (*p == ' ' || *p == '\t' || *p == '\r' || *p == '\f' || *p == '\v') {
			p++;
		} else if (*p == '\\' && p + 1 < lx->end && p[1] == '\n') {
			lx->line++;
			p += 2;
		} else if (*p == '/' && p + 1 < lx->end && p[1] == '*') {
			const char *e = p + 2;
			while (e + 1 < lx->end && !(e[0] == '*' && e[1] == '/'))
				e++;
			e = e + 1 < lx->end ? e + 2 : lx->end;
			lx->line += count_lines(p, e);
			p = e;
		} else if (*p == '/' && p + 1 < lx->end && p[1] == '/') {
			p = line_end(p, lx->end);
		} else {
			break;
		}
	}
	return p;
}

/* A string or character literal with an optional prefix (L u U u8, then R for raw). */
static int literal(struct clex *lx, struct token *t, const char *p)
{
	const char *q = p;
	if (*q == 'u' && q + 1 < lx->end && q[1] == '8')
		q += 2;
	else if (*q == 'L' || *q == 'u' || *q == 'U')
		q++;
	int is_raw = q < lx->end && *q == 'R';
	if (is_raw)
		q++;
	if (q >= lx->end || (*q != '"' && *q != '\'') || (is_raw && *q != '"'))
		return 0;
	const char *body = NULL, *e = NULL;
	size_t blen = 0;
	if (is_raw)
		e = raw(q, lx->end, &body, &blen);
	if (e) {
		buf_put(&t->text, body, blen);
		lx->line += count_lines(q, e);
	} else {
		e = quoted(q, lx->end, &body, &blen);
		clex_decode(body, blen, &t->text);
	}
	t->kind = *q == '"' ? T_STRING : T_CHAR;
	t->len = (size_t)(e - p);
	lx->p = e;
	return 1;
}

const struct token *clex_next(struct clex *lx)
{
	struct token *t = &lx->tok;
	buf_free(&t->text);
	const char *p = skip_space(lx, lx->p);
	*t = (struct token){
		.kind = T_EOF, .start = p, .line = lx->line, .file = buf_str(&lx->file)
	};
	lx->p = p;
	if (p >= lx->end)
		return t;
	int bol = lx->at_bol;
	lx->at_bol = 0;
	if (*p == '#' && bol) {
		directive(lx, t, p);
		return t;
	}
	if (literal(lx, t, p))
		return t;
	const char *e = p + 1;
	if (is_ident((unsigned char)*p) && !isdigit((unsigned char)*p)) {
		while (e < lx->end && is_ident((unsigned char)*e))
			e++;
		t->kind = T_IDENT;
	} else if (isdigit((unsigned char)*p) ||
		   (*p == '.' && e < lx->end && isdigit((unsigned char)*e))) {
		/* a pp-number: digits, letters, '.', and e+ e- p+ P- ... */
		while (e < lx->end && (is_ident((unsigned char)*e) || *e == '.' ||
				       ((*e == '+' || *e == '-') && strchr("eEpP", e[-1]))))
			e++;
		t->kind = T_NUMBER;
	} else {
		t->kind = T_PUNCT;
		if (!strchr("()[],", *p))
			while (e < lx->end && strchr("!%&*+-./:;<=>?^|~{}#", *e) && *e)
				e++;
	}
	t->len = (size_t)(e - p);
	lx->p = e;
	return t;
}
