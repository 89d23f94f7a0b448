/*
 * reduce.c - see reduce.h.
 */
#include "reduce.h"

#include <stdlib.h>
#include <string.h>

_Static_assert(LIT_MAX_LOCS <= 32, "location sets are 32-bit masks");

/* The locations instruction in may write (w) and read (r). */
static void effects(const struct insn *in, uint32_t *w, uint32_t *r)
{
	*w = *r = 0;
	if (!insn_is_access(in->op) || in->op == OP_GP)
		return;
	uint32_t bit = in->addr_reg >= 0 ? UINT32_MAX : 1u << in->loc;
	if (in->op != OP_STORE && in->op != OP_UNLOCK)
		*r = bit; /* loads, and every read-modify-write, lock and trylock */
	if (in->op != OP_LOAD)
		*w = bit;
}

int reduce_init(struct reduce *rd, const struct lit_prog *p)
{
	memset(rd, 0, sizeof *rd);
	rd->nthreads = p->nthreads;
	for (int i = 0; i < p->nthreads; i++) {
		const struct prog_thread *pt = p->th[i];
		rd->writes[i] = calloc((size_t)pt->n + 1, sizeof *rd->writes[i]);
		rd->reads[i] = calloc((size_t)pt->n + 1, sizeof *rd->reads[i]);
		if (!rd->writes[i] || !rd->reads[i]) {
			reduce_free(rd);
			return -1;
		}
		int back = 0;
		for (int k = 0; k < pt->n; k++)
			back |= (pt->code[k].op == OP_JZ || pt->code[k].op == OP_JMP) &&
				pt->code[k].target <= k;
		for (int k = pt->n - 1; k >= 0; k--) {
			uint32_t w, r;
			effects(&pt->code[k], &w, &r);
			rd->writes[i][k] = rd->writes[i][k + 1] | w;
			rd->reads[i][k] = rd->reads[i][k + 1] | r;
		}
		for (int k = 1; back && k < pt->n; k++) { /* a loop: anything from anywhere */
			rd->writes[i][k] = rd->writes[i][0];
			rd->reads[i][k] = rd->reads[i][0];
		}
	}
	return 0;
}

void reduce_free(struct reduce *rd)
{
	for (int i = 0; i < rd->nthreads; i++) {
		free(rd->writes[i]);
		free(rd->reads[i]);
	}
	memset(rd, 0, sizeof *rd);
}
