/*
 * util.c - memory, strings and files (see util.h).
 */
#define _POSIX_C_SOURCE 200809L
#include "util.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static void *oom(size_t n)
{
	fprintf(stderr, "native-tool: out of memory (%zu bytes)\n", n);
	abort();
}

void *xmalloc(size_t n)
{
	void *p = malloc(n ? n : 1);
	return p ? p : oom(n);
}

void *xcalloc(size_t n, size_t size)
{
	void *p = calloc(n ? n : 1, size ? size : 1);
	return p ? p : oom(n * size);
}

void *xrealloc(void *p, size_t n)
{
	void *q = realloc(p, n ? n : 1);
	return q ? q : oom(n);
}

char *xstrdup(const char *s)
{
	size_t n = strlen(s) + 1;
	return memcpy(xmalloc(n), s, n);
}

static char *vxasprintf(const char *fmt, va_list ap) __attribute__((format(printf, 1, 0)));
static char *vxasprintf(const char *fmt, va_list ap)
{
	char small[256];
	if (!fmt) /* never: tells gcc 12 under -fsanitize=nonnull-attribute that fmt is not NULL */
		fmt = "";
	va_list aq;
	va_copy(aq, ap);
	int n = vsnprintf(small, sizeof small, fmt, aq);
	va_end(aq);
	if (n < 0)
		n = 0;
	char *s = xmalloc((size_t)n + 1);
	if ((size_t)n < sizeof small)
		memcpy(s, small, (size_t)n + 1);
	else
		vsnprintf(s, (size_t)n + 1, fmt, ap);
	return s;
}

char *xasprintf(const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	char *s = vxasprintf(fmt, ap);
	va_end(ap);
	return s;
}

void sb_add(struct sbuf *sb, const char *s)
{
	size_t n = strlen(s);
	if (sb->len + n + 1 > sb->cap) {
		sb->cap = (sb->len + n + 1) * 2;
		sb->s = xrealloc(sb->s, sb->cap);
	}
	memcpy(sb->s + sb->len, s, n + 1);
	sb->len += n;
}

void sb_printf(struct sbuf *sb, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	char *s = vxasprintf(fmt, ap);
	va_end(ap);
	sb_add(sb, s);
	free(s);
}

void errf(char *err, size_t errlen, const char *fmt, ...)
{
	if (!err || !errlen)
		return;
	va_list ap;
	va_start(ap, fmt);
	int n = vsnprintf(err, errlen, fmt, ap);
	va_end(ap);
	if (n >= 0 && (size_t)n >= errlen && errlen > 4)
		memcpy(err + errlen - 4, "...", 4);
}

char *read_file(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	if (!f)
		return NULL;
	size_t cap = 65536, n = 0;
	char *buf = xmalloc(cap);
	for (;;) {
		n += fread(buf + n, 1, cap - n - 1, f);
		if (n + 1 < cap)
			break;
		cap *= 2;
		buf = xrealloc(buf, cap);
	}
	int bad = ferror(f);
	fclose(f);
	if (bad) {
		free(buf);
		errno = EIO;
		return NULL;
	}
	buf[n] = '\0';
	if (len)
		*len = n;
	return buf;
}

int mkdir_parents(const char *path)
{
	char *tmp = xstrdup(path);
	int rc = 0;
	for (char *p = tmp + 1; *p && rc == 0; p++) {
		if (*p != '/')
			continue;
		*p = '\0';
		if (mkdir(tmp, 0777) != 0 && errno != EEXIST)
			rc = -1;
		*p = '/';
	}
	free(tmp);
	return rc;
}

int write_file(const char *path, const void *data, size_t len)
{
	if (mkdir_parents(path) != 0)
		return -1;
	char *tmp = xasprintf("%s.tmp%ld", path, (long)getpid());
	FILE *f = fopen(tmp, "wb");
	int ok = f != NULL;
	if (f) {
		ok = fwrite(data, 1, len, f) == len;
		ok &= fclose(f) == 0;
	}
	if (!ok || rename(tmp, path) != 0) {
		unlink(tmp);
		free(tmp);
		return -1;
	}
	free(tmp);
	return 0;
}

int write_json(const char *path, json_t *j)
{
	char *s = json_dumps(j, JSON_COMPACT | JSON_PRESERVE_ORDER);
	if (!s)
		return -1;
	size_t n = strlen(s);
	s = xrealloc(s, n + 2);
	s[n] = '\n';
	int rc = write_file(path, s, n + 1);
	free(s);
	return rc;
}

json_t *json_find(json_t *array, const char *field, const char *value)
{
	size_t i;
	json_t *o;
	json_array_foreach(array, i, o) {
		const char *v = json_string_value(json_object_get(o, field));
		if (v && !strcmp(v, value))
			return o;
	}
	return NULL;
}
