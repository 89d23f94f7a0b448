/*
 * lex.c - tokens of the initial state, clauses and condition (see lex.h).
 */
#include "lex.h"

#include <ctype.h>
#include <string.h>

int lx_peek(struct lx *l)
{
	while (l->p < l->end && isspace((unsigned char)*l->p)) {
		if (*l->p == '\n')
			l->line++;
		l->p++;
	}
	return l->p < l->end ? (unsigned char)*l->p : 0;
}

int lx_eat(struct lx *l, const char *s)
{
	size_t n = strlen(s);
	lx_peek(l);
	if ((size_t)(l->end - l->p) < n || memcmp(l->p, s, n) != 0)
		return 0;
	l->p += n;
	return 1;
}

static int ident_start(int c)
{
	return isalpha(c) || c == '_';
}

static int ident_char(int c)
{
	return isalnum(c) || c == '_' || c == '.';
}

int lx_ident(struct lx *l, char *buf, size_t n)
{
	if (!ident_start(lx_peek(l)))
		return 0;
	size_t k = 0;
	while (l->p < l->end && ident_char((unsigned char)*l->p)) {
		if (k + 1 >= n)
			return -1;
		buf[k++] = *l->p++;
	}
	buf[k] = '\0';
	return 1;
}

static int digit_value(int c, int base)
{
	int d = isdigit(c) ? c - '0' : isxdigit(c) ? tolower(c) - 'a' + 10 : 99;
	return d < base ? d : -1;
}

int lx_number(struct lx *l, uint64_t *v)
{
	int c = lx_peek(l);
	const char *p = l->p;
	int neg = c == '-';
	if (neg)
		p++;
	if (p >= l->end || !isdigit((unsigned char)*p))
		return 0;
	int base = 10;
	if (p + 1 < l->end && p[0] == '0' && (p[1] == 'x' || p[1] == 'X'))
		base = 16, p += 2;
	uint64_t x = 0;
	int nd = 0, d;
	for (; p < l->end && (d = digit_value((unsigned char)*p, base)) >= 0; p++, nd++) {
		if (x > (UINT64_MAX - (uint64_t)d) / (uint64_t)base)
			return -1;
		x = x * (uint64_t)base + (uint64_t)d;
	}
	if (nd == 0 || (p < l->end && ident_char((unsigned char)*p)))
		return 0;
	l->p = p;
	*v = neg ? (uint64_t)0 - x : x;
	return 1;
}

int lx_threadreg(struct lx *l, int *thread, char *buf, size_t n)
{
	lx_peek(l);
	const char *p = l->p;
	int th = 0, nd = 0;
	for (; p < l->end && isdigit((unsigned char)*p) && nd < 3; p++, nd++)
		th = th * 10 + (*p - '0');
	if (nd == 0 || p >= l->end || *p != ':')
		return 0;
	struct lx save = *l;
	l->p = p + 1;
	int r = lx_ident(l, buf, n);
	if (r == 0)
		*l = save;
	else
		*thread = th;
	return r;
}
