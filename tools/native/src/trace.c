/*
 * trace.c - replays a schedule into a step trace (see trace.h).
 */
#include "trace.h"
#include "buf.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>

#include "util.h"

json_t *trace_position(const struct oview *ov, uint64_t pc)
{
	const struct image_sym *s = image_at(ov->im, pc);
	char addr[32];
	json_t *p = json_object();
	if (s && s->func) {
		xsnprintf(addr, sizeof addr, "%" PRIx64, s->listing + (pc - s->addr));
		json_object_set_new(p, "fn", json_string(s->name));
	} else {
		xsnprintf(addr, sizeof addr, "%" PRIx64, pc);
		json_object_set_new(p, "fn", json_null());
	}
	json_object_set_new(p, "addr", json_string(addr));
	json_object_set_new(p, "line", json_integer(image_line(ov->im, pc)));
	return p;
}

static const char *status_name(enum tstatus s)
{
	static const char *names[] = { "paused", "done", "crashed", "spins", "bound" };
	return names[s];
}

/* Where thread t is now: its next instruction, or how it ended. */
static json_t *where(const struct machine *m, const struct oview *ov, int t)
{
	enum tstatus s = machine_status(m, t);
	json_t *w = s == T_PAUSED || s == T_CRASHED ? trace_position(ov, machine_pc(m, t)) :
						      json_object();
	json_object_set_new(w, "status", json_string(status_name(s)));
	if (s == T_PAUSED && machine_part(m, t))
		json_object_set_new(w, "part", json_integer(machine_part(m, t)));
	if (s == T_PAUSED &&
	    !machine_enabled(m, t)) /* x86-TSO: at a barrier, its buffer not empty */
		json_object_set_new(w, "waits", json_true());
	return w;
}

static json_t *access_json(const struct oview *ov, const struct access *a)
{
	json_t *j = trace_position(ov, a->pc);
	char kind[2] = { a->kind, 0 };
	char *var = addr_name(ov->im, a->addr);
	json_object_set_new(j, "kind", json_string(kind));
	json_object_set_new(j, "var", json_string(var));
	json_object_set_new(j, "size", json_integer(a->size));
	json_object_set_new(j, "value", native_json_u64(a->value));
	free(var);
	return j;
}

/* x86-TSO: every thread's store buffer, oldest store first ([[access], ...], one per thread). */
static json_t *buffers_json(const struct machine *m, const struct oview *ov)
{
	json_t *all = json_array();
	for (int t = 0; t < machine_nthreads(m); t++) {
		json_t *b = json_array();
		struct access a;
		for (int i = 0; machine_buffer_entry(m, t, i, &a) == 0; i++)
			json_array_append_new(b, access_json(ov, &a));
		json_array_append_new(all, b);
	}
	return all;
}

static json_t *step_json(const struct machine *m, const struct oview *ov, const struct step *st)
{
	json_t *j = json_object(), *acc = json_array();
	char kind[2] = { st->kind, 0 };
	json_object_set_new(j, "t", json_integer(st->thread));
	json_object_set_new(j, "kind", json_string(kind));
	for (int i = 0; i < st->nacc; i++)
		json_array_append_new(acc, access_json(ov, &st->acc[i]));
	json_object_set_new(j, "accesses", acc);
	if (st->parts > 1) {
		json_object_set_new(j, "part", json_integer(st->part));
		json_object_set_new(j, "parts", json_integer(st->parts));
	}
	json_object_set_new(j, "next", where(m, ov, st->thread));
	json_object_set_new(j, "mem", memory_json(ov, m));
	if (machine_tso(m))
		json_object_set_new(j, "buffers", buffers_json(m, ov));
	return j;
}

json_t *trace_schedule(struct machine *m, const struct snapshot *root, const struct oview *ov,
		       const char *schedule, char *err, size_t errlen)
{
	machine_restore(m, root);
	json_t *tr = json_object(), *start = json_array(), *steps = json_array();
	for (int t = 0; t < machine_nthreads(m); t++)
		json_array_append_new(start, where(m, ov, t));
	json_object_set_new(tr, "start", start);
	json_object_set_new(tr, "mem", memory_json(ov, m));
	if (machine_tso(m))
		json_object_set_new(tr, "buffers", buffers_json(m, ov));
	json_object_set_new(tr, "steps", steps);
	for (const char *p = schedule; *p; p++) {
		int drain, t = sched_step(*p, &drain);
		struct step st;
		if (t < 0 || t >= machine_nthreads(m) || (drain && !machine_tso(m)) ||
		    (drain ? !machine_buffered(m, t) : !machine_enabled(m, t))) {
			fmt_msg(err, errlen, "schedule %s: step %d: %s %d cannot %s", schedule,
				(int)(p - schedule) + 1, drain ? "the buffer of thread" : "thread",
				t, drain ? "drain" : "run");
			goto fail;
		}
		if ((drain ? machine_drain(m, t, &st) : machine_step(m, t, &st)) != 0) {
			fmt_msg(err, errlen, "%s", machine_error(m));
			goto fail;
		}
		json_array_append_new(steps, step_json(m, ov, &st));
	}
	machine_restore(m, root);
	return tr;
fail:
	json_decref(tr);
	machine_restore(m, root);
	return NULL;
}
