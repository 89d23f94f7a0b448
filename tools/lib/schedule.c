/* schedule.c - the schedule alphabet (see schedule.h). */
#include "schedule.h"

char sched_char(int thread, int drain)
{
	return (char)((drain ? 'a' : '0') + thread);
}

int sched_step(char c, int *drain)
{
	*drain = c >= 'a' && c < 'a' + SCHED_MAX_THREADS;
	if (*drain)
		return c - 'a';
	return c >= '0' && c < '0' + SCHED_MAX_THREADS ? c - '0' : -1;
}

int sched_check(const char *s, int nthreads, int tso, size_t *at)
{
	for (size_t i = 0; s[i]; i++) {
		int drain, t = sched_step(s[i], &drain);
		if (t < 0 || t >= nthreads || (drain && !tso)) {
			*at = i;
			return -1;
		}
	}
	return 0;
}
