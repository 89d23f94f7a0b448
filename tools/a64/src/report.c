/*
 * report.c - printing a test's result (see report.h).
 */
#include "report.h"

#include <string.h>

static const char *const quants[] = { "exists", "~exists", "forall" };

enum a64_agree a64_agreement(const struct a64_test *t, const struct a64_result *r)
{
	if (!r->word)
		return A64_PARTIAL;
	if (!t->expect)
		return A64_AGREES;
	return strcmp(t->expect, r->word) ? A64_DISAGREES : A64_AGREES;
}

static void expectation(FILE *f, const struct a64_test *t, const struct a64_result *r)
{
	static const char *const says[] = { "agrees", "DISAGREES", "no verdict" };
	enum a64_agree a = a64_agreement(t, r);
	if (t->expect)
		fprintf(f, "Expected %s (%s:%d): %s\n", t->expect, t->file, t->expect_line,
			says[a]);
	else
		fprintf(f, "Expected: the file gives no Result:\n");
}

void a64_report(FILE *f, const struct a64_test *t, const char *model, const struct a64_result *r)
{
	fprintf(f, "Test %s (model %s)\n", t->name, model);
	fprintf(f, "States %d\n", r->nout);
	for (int i = 0; i < r->nout; i++)
		fprintf(f, "%s %s  (%llu %s%s)\n", r->out[i].holds ? "*" : " ", r->out[i].key,
			(unsigned long long)r->out[i].count, r->unit,
			r->out[i].count == 1 ? "" : "s");
	if (r->partial)
		fprintf(f, "Partial: %s; %llu %s%s cut there\n", r->why, (unsigned long long)r->cut,
			r->unit, r->cut == 1 ? "" : "s");
	fprintf(f, "%s\n", r->ok ? "Ok" : r->word ? "No" : "Unknown");
	fprintf(f, "Witnesses\nPositive: %llu Negative: %llu\n", (unsigned long long)r->pos,
		(unsigned long long)r->neg);
	fprintf(f, "Condition %s %s\n", quants[t->quant], t->cond_text);
	fprintf(f, "Observation %s %s %llu %llu\n", t->name, r->word ? r->word : "Partial",
		(unsigned long long)r->pos, (unsigned long long)r->neg);
	if (r->stats.checked) /* the checker's count (X86 tests: the native explorer's states) */
		fprintf(f, "Executions checked %llu, allowed %llu\n",
			(unsigned long long)r->stats.checked, (unsigned long long)r->stats.allowed);
	expectation(f, t, r);
}

void a64_report_line(FILE *f, const struct a64_test *t, const char *model,
		     const struct a64_result *r)
{
	static const char *const says[] = { "agrees", "DISAGREES", "no verdict" };
	enum a64_agree a = a64_agreement(t, r);
	fprintf(f, "%s: %s under %s: %s", t->file, t->name, model, r->word ? r->word : "partial");
	if (t->expect)
		fprintf(f, " (expected %s): %s", t->expect, says[a]);
	if (r->partial)
		fprintf(f, " [partial: %s]", r->why);
	fputc('\n', f);
}
