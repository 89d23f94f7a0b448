/*
 * words.c - an evidence atom in words (see words.h).
 */
#include "words.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "buf.h"

/* "once", "twice", "3 times" (n >= 1) */
static const char *times(json_int_t n, char *buf, size_t len)
{
	if (n == 1)
		return "once";
	if (n == 2)
		return "twice";
	xsnprintf(buf, len, "%lld times", (long long)n);
	return buf;
}

/* loads, stores and their kin: how many of the thread's instructions do it */
static json_t *count_words(const char *fn, const char *t, const char *v, json_int_t n)
{
	static const struct {
		const char *fn, *verb, *where;
	} verbs[] = {
		{ "loads", "reads", "" },
		{ "stores", "writes", "" },
		{ "rmw", "updates", " atomically" },
		{ "accesses", "accesses", "" },
		{ "loads_in_loop", "reads", " inside a loop" },
		{ "stores_in_loop", "writes", " inside a loop" },
	};
	char buf[32];
	for (size_t i = 0; i < sizeof verbs / sizeof verbs[0]; i++) {
		if (strcmp(fn, verbs[i].fn) != 0)
			continue;
		if (n <= 0)
			return json_sprintf("%s never %s %s%s", t, verbs[i].verb, v,
					    verbs[i].where);
		return json_sprintf("%s %s %s %s%s", t, verbs[i].verb, v, times(n, buf, sizeof buf),
				    verbs[i].where);
	}
	return NULL;
}

/* widths and emission positions */
static json_t *size_words(const char *fn, const char *t, const char *v, json_int_t n)
{
	static const struct {
		const char *fn, *what, *none;
	} kinds[] = {
		{ "min_width", "narrowest access to", "accesses" },
		{ "max_width", "widest access to", "accesses" },
		{ "first_load", "first read of", "reads" },
		{ "last_load", "last read of", "reads" },
		{ "first_store", "first write of", "writes" },
		{ "last_store", "last write of", "writes" },
	};
	for (size_t i = 0; i < sizeof kinds / sizeof kinds[0]; i++) {
		if (strcmp(fn, kinds[i].fn) != 0)
			continue;
		if (n <= 0)
			return json_sprintf("%s never %s %s", t, kinds[i].none, v);
		if (strstr(fn, "width"))
			return json_sprintf("%s's %s %s is %lld byte%s", t, kinds[i].what, v,
					    (long long)n, n == 1 ? "" : "s");
		return json_sprintf("%s's %s %s is its access number %lld", t, kinds[i].what, v,
				    (long long)n);
	}
	return NULL;
}

/* the use a value flows to: deref, branch, or a variable (a new string: the caller frees it) */
static char *use_words(const char *use)
{
	if (!strcmp(use, "deref"))
		return xstrdup("an address it dereferences");
	if (!strcmp(use, "branch"))
		return xstrdup("a branch");
	return xasprintf("the value stored to %s", use);
}

/* a value flow's sentence, the use already in words */
static json_t *flow_sentence(const char *fn, const char *t, const char *v, const char *use,
			     json_int_t n)
{
	if (!strcmp(fn, "loads_to") && n <= 0)
		return json_sprintf("no read of %s by %s reaches %s", v, t, use);
	if (!strcmp(fn, "loads_to"))
		return json_sprintf("%lld of %s's reads of %s reach%s %s", (long long)n, t, v,
				    n == 1 ? "es" : "", use);
	if (!strcmp(fn, "stale_loads_to") && n <= 0)
		return json_sprintf("no read of %s by %s reaches %s stale", v, t, use);
	if (!strcmp(fn, "stale_loads_to"))
		return json_sprintf("%lld of %s's reads of %s reach%s %s stale (%s read it again "
				    "since)",
				    (long long)n, t, v, n == 1 ? "es" : "", use, t);
	if (!strcmp(fn, "first_load_to") || !strcmp(fn, "last_load_to"))
		return n <= 0 ?
			       json_sprintf("no read of %s by %s reaches %s", v, t, use) :
			       json_sprintf("the %s read of %s by %s that reaches %s is its access "
					    "number %lld",
					    fn[0] == 'f' ? "first" : "last", v, t, use,
					    (long long)n);
	return NULL;
}

/* value flows and orders on every path */
static json_t *flow_words(const char *fn, const char *t, const char *v, const char *arg,
			  json_int_t n)
{
	if (!strcmp(fn, "stored_before") || !strcmp(fn, "loaded_before"))
		return json_sprintf("%s %s %s before %s on every path: %s", t,
				    fn[0] == 's' ? "writes" : "reads", v, arg, n ? "yes" : "no");
	char *use = use_words(arg);
	json_t *r = flow_sentence(fn, t, v, use, n);
	free(use);
	return r;
}

json_t *atom_words(const char *fn, const char *thread, const char *var, const char *arg,
		   json_int_t value)
{
	if (!fn || !thread || !var)
		return NULL;
	json_t *w = count_words(fn, thread, var, value);
	if (!w)
		w = size_words(fn, thread, var, value);
	if (!w && arg)
		w = flow_words(fn, thread, var, arg, value);
	return w;
}

json_t *evidence_says(const json_t *predicates, const json_t *seen, int holds)
{
	json_t *out = json_string(""), *p, *a;
	size_t i, k;
	json_array_foreach(predicates, i, p)
		json_array_foreach(json_object_get(p, "atoms"), k, a) {
			const char *t = json_string_value(json_object_get(a, "text"));
			const char *sofar = json_string_value(out);
			if (!t || strstr(sofar, t))
				continue;
			json_t *n = json_sprintf("%s%s%s", sofar, *sofar ? "; " : "", t);
			json_decref(out);
			out = n;
		}
	const char *end = json_is_boolean(seen) ?
				  (json_is_true(seen) ?
					   "the transformation is seen in this code" :
					   "the transformation is not seen in this code") :
			  holds ? "the example's evidence holds" :
				  "the example's evidence does not hold";
	const char *sofar = json_string_value(out);
	json_t *n = json_sprintf("%s%s%s", sofar, *sofar ? ": " : "", end);
	json_decref(out);
	return n;
}
