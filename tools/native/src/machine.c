/*
 * machine.c - the native explorer's machine on Unicorn 2 (see machine.h for the model).
 *
 * Threads share one engine: each thread's registers live in a uc_context, swapped in when it
 * runs. The pages of course_shared are protected while a thread runs its private code, so
 * Unicorn stops it, precisely before the instruction, at its first shared access; the pages
 * are opened again to execute that instruction with its accesses recorded by a hook.
 *
 * Thread states (struct tstate) are immutable once made and shared, by reference count,
 * between the machine and its snapshots: a snapshot is the writable sections' bytes plus one
 * reference per thread, and restoring one swaps a stack into memory only when its thread runs.
 *
 * x86-TSO: the course_shared bytes are global memory and each thread has a store buffer
 * (struct sbuf, copied into snapshots). A thread's shared instruction runs on memory overlaid
 * with its buffer (its loads forward from its own newest stores), then memory is put back and
 * the stores it made go into its buffer. A code hook stops a thread with a non-empty buffer
 * before a barrier instruction in its private code.
 */
#define _POSIX_C_SOURCE 200809L
#include "machine.h"
#include "buf.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <xxhash.h>

#include "link.h"
#include "util.h"

#define MAGIC_RET 0x3fff0000u /* threads return here: emulation stops before fetching it */
#define STACK_BASE 0x40000000u
#define STACK_STRIDE 0x10000u /* per stack slot: an unmapped guard, then the stack */
#define STACK_SIZE 0x8000u
#define INIT_SLOT MACHINE_MAX_THREADS /* INIT and CHECK run on their own stack */
#define CHUNK 2048		      /* instructions per emulation call between spin checks */
#define REG_BYTES 16		      /* room for the widest register of the hashed set */

struct tstate {
	int refs;
	uint64_t id; /* unique: tells whether this state's stack is the one in memory */
	uc_context *ctx;
	enum tstatus status;
	struct crash crash;
	uint64_t pc;
	int k;				 /* accesses of the split instruction at pc already done */
	uint64_t rvals[MACHINE_MAX_ACC]; /* values its reads among them returned */
	struct access sig[MACHINE_MAX_ACC]; /* its accesses, as first executed */
	int nsig;
	uint64_t sp_lo; /* the saved stack window is [sp_lo, stack top) */
	uint8_t *stack;
	uint8_t hash[16];
};

struct region {
	uint64_t addr, size;
	uint8_t *host;
};

struct global {
	uint64_t addr;
	size_t len;
	uint8_t *host;
};

struct thr {
	uint64_t entry;
	uint64_t stack_lo, stack_top, min_sp;
	struct tstate *ts;
};

/* One buffered store (x86-TSO); no padding, so entries hash as bytes. */
struct sentry {
	uint64_t addr, value;
	uint64_t pc; /* the instruction that made it (for traces; not part of the state) */
	uint32_t size, pad;
};

struct sbuf {
	int n;
	struct sentry e[MACHINE_SB_MAX]; /* oldest first */
};

struct snapshot {
	uint8_t *globals;
	struct tstate *ts[MACHINE_MAX_THREADS];
	struct sbuf sb[MACHINE_MAX_THREADS];
};

/* What the hooks saw during one emulation call. */
struct rec {
	int recording; /* shared accesses are recorded (the pages are open) */
	int n, overflow;
	struct access acc[MACHINE_MAX_ACC];
	int inject; /* reads with an index below this get rvals[index] */
	const uint64_t *rvals;
	int fault; /* UC_MEM_* of an invalid access, 0 if none */
	uint64_t fault_addr;
	int intr; /* an interrupt (trap) happened */
	int bad_insn;
	int barrier; /* x86-TSO: stopped before a barrier instruction (hook_code) */
};

struct machine {
	struct mconfig cfg;
	const struct arch *a;
	const struct image *im;
	uc_engine *uc;
	uc_context *fresh; /* the CPU as uc_open made it */
	struct region *regions;
	int nregions;
	struct global *globals;
	int nglobals;
	size_t globals_len;
	struct global shared; /* the course_shared section (len 0: none) */
	size_t shared_off;    /* its offset in a copy of the writable sections (copy_globals) */
	uint64_t shared_pg_lo, shared_pg_hi;
	int shared_open;
	uint8_t *pre_globals, *pre_stack; /* undo copies for a split instruction */
	struct thr th[MACHINE_MAX_THREADS + 1];
	int nthreads;
	uint64_t loaded[MACHINE_MAX_THREADS]; /* id of the tstate whose stack is in memory */
	uint64_t next_id;
	uint64_t init_fn, check_fn;
	struct crash init_crash, check_crash;
	int init_crashed;
	struct rec rec;
	struct sbuf sb[MACHINE_MAX_THREADS]; /* x86-TSO store buffers */
	int watch_barriers;		     /* x86-TSO: the running thread's buffer is not empty */
	uc_hook hooks[6];
	uint64_t blk,
		blk_size; /* the last block started: a trap that stopped its translation is there */
	char err[512];
	uint64_t err_pc;
};

/* ---- memory ------------------------------------------------------------------------------- */

static uint8_t *host_of(const struct machine *m, uint64_t addr, size_t n)
{
	for (int i = 0; i < m->nregions; i++) {
		const struct region *r = &m->regions[i];
		if (addr >= r->addr && addr - r->addr + n <= r->size)
			return r->host + (addr - r->addr);
	}
	return NULL;
}

int machine_read(const struct machine *m, uint64_t addr, void *buf, size_t n)
{
	uint8_t *h = host_of(m, addr, n);
	if (!h)
		return -1;
	memcpy(buf, h, n);
	return 0;
}

static int map_region(struct machine *m, uint64_t addr, uint64_t size, int prot)
{
	uint8_t *host = aligned_alloc(LINK_ALIGN, size);
	if (!host)
		return -1;
	memset(host, 0, size);
	if (uc_mem_map_ptr(m->uc, addr, size, (uint32_t)prot, host) != UC_ERR_OK) {
		free(host);
		return -1;
	}
	m->regions = xrealloc(m->regions, (size_t)(m->nregions + 1) * sizeof *m->regions);
	m->regions[m->nregions++] = (struct region){ addr, size, host };
	return 0;
}

static uint64_t page_down(uint64_t a)
{
	return a & ~(uint64_t)(LINK_ALIGN - 1);
}

static uint64_t page_up(uint64_t a)
{
	return (a + LINK_ALIGN - 1) & ~(uint64_t)(LINK_ALIGN - 1);
}

/* The image's segments, page-aligned; segments sharing a page are mapped together. */
static int map_image(struct machine *m, char *err, size_t errlen)
{
	const struct image *im = m->im;
	for (int i = 0; i < im->nsegs;) {
		uint64_t lo = page_down(im->segs[i].addr),
			 hi = page_up(im->segs[i].addr + im->segs[i].size);
		int prot = im->segs[i].prot, j = i + 1;
		for (; j < im->nsegs && page_down(im->segs[j].addr) < hi; j++) {
			hi = page_up(im->segs[j].addr + im->segs[j].size) > hi ?
				     page_up(im->segs[j].addr + im->segs[j].size) :
				     hi;
			prot |= im->segs[j].prot;
		}
		if (lo < LINK_TEXT_BASE || hi > MAGIC_RET ||
		    map_region(m, lo, hi - lo, prot) != 0) {
			fmt_msg(err, errlen, "cannot map the image at 0x%llx-0x%llx",
				(unsigned long long)lo, (unsigned long long)hi);
			return -1;
		}
		for (; i < j; i++)
			memcpy(host_of(m, im->segs[i].addr, im->segs[i].size), im->segs[i].bytes,
			       im->segs[i].size);
	}
	return 0;
}

static int map_globals(struct machine *m, char *err, size_t errlen)
{
	const struct image *im = m->im;
	m->globals = xcalloc((size_t)im->nwritable + 1, sizeof *m->globals);
	for (int i = 0; i < im->nwritable; i++) {
		struct global *g = &m->globals[m->nglobals++];
		g->addr = im->writable[i].lo;
		g->len = im->writable[i].hi - im->writable[i].lo;
		g->host = host_of(m, g->addr, g->len);
		if (!g->host) {
			fmt_msg(err, errlen, "writable section at 0x%llx is not in a segment",
				(unsigned long long)g->addr);
			return -1;
		}
		m->globals_len += g->len;
	}
	if (im->shared.hi > im->shared.lo) {
		m->shared = (struct global){ im->shared.lo, im->shared.hi - im->shared.lo,
					     host_of(m, im->shared.lo, 1) };
		for (int i = 0; i < m->nglobals && m->globals[i].addr != m->shared.addr; i++)
			m->shared_off += m->globals[i].len;
		m->shared_pg_lo = page_down(im->shared.lo);
		m->shared_pg_hi = page_up(im->shared.hi);
		for (int i = 0; i < im->nwritable; i++) { /* nothing else may live on those pages */
			const struct image_range *w = &im->writable[i];
			if (w->lo != im->shared.lo && w->hi > m->shared_pg_lo &&
			    w->lo < m->shared_pg_hi) {
				fmt_msg(err, errlen, "course_shared shares a page with other data");
				return -1;
			}
		}
	}
	m->pre_globals = xmalloc(m->globals_len + 1);
	m->shared_open = 1;
	return 0;
}

static void copy_globals(const struct machine *m, uint8_t *dst)
{
	for (int i = 0; i < m->nglobals; i++, dst += m->globals[i - 1].len)
		memcpy(dst, m->globals[i].host, m->globals[i].len);
}

static void put_globals(struct machine *m, const uint8_t *src)
{
	for (int i = 0; i < m->nglobals; i++, src += m->globals[i - 1].len)
		memcpy(m->globals[i].host, src, m->globals[i].len);
}

/* The pages of course_shared: open (readable and writable) or closed (every access stops). */
static void open_shared(struct machine *m, int open)
{
	if (m->shared.len == 0 || m->shared_open == open)
		return;
	uc_mem_protect(m->uc, m->shared_pg_lo, m->shared_pg_hi - m->shared_pg_lo,
		       open ? UC_PROT_READ | UC_PROT_WRITE : UC_PROT_NONE);
	m->shared_open = open;
}

/* ---- hooks -------------------------------------------------------------------------------- */

static uint64_t load_le(const uint8_t *p, int size)
{
	uint64_t v = 0;
	for (int i = size - 1; i >= 0; i--)
		v = v << 8 | p[i];
	return v;
}

static void store_le(uint8_t *p, int size, uint64_t v)
{
	for (int i = 0; i < size; i++, v >>= 8)
		p[i] = (uint8_t)v;
}

static void hook_shared(uc_engine *uc, uc_mem_type type, uint64_t addr, int size, int64_t value,
			void *data)
{
	struct machine *m = data;
	struct rec *r = &m->rec;
	(void)uc;
	if (!r->recording)
		return;
	if (r->n == MACHINE_MAX_ACC) {
		r->overflow = 1;
		return;
	}
	struct access *a = &r->acc[r->n];
	uint8_t *h = host_of(m, addr, (size_t)size);
	a->kind = type == UC_MEM_WRITE ? 'W' : 'R';
	a->size = size;
	a->addr = addr;
	a->pc = 0; /* filled by the caller: the hook's view of the pc is not reliable */
	if (type == UC_MEM_WRITE) {
		a->value = size >= 8 ? (uint64_t)value :
				       (uint64_t)value & ((1ull << (8 * size)) - 1);
	} else {
		if (r->n < r->inject && h && size <= 8) /* the value this read returned before */
			store_le(h, size, r->rvals[r->n]);
		a->value = h && size <= 8 ? load_le(h, size) : 0;
	}
	r->n++;
}

static bool hook_invalid(uc_engine *uc, uc_mem_type type, uint64_t addr, int size, int64_t value,
			 void *data)
{
	struct machine *m = data;
	(void)uc;
	(void)size;
	(void)value;
	if (!m->rec.fault) {
		m->rec.fault = type;
		m->rec.fault_addr = addr;
	}
	return false;
}

static void hook_intr(uc_engine *uc, uint32_t intno, void *data)
{
	struct machine *m = data;
	(void)intno;
	m->rec.intr = 1;
	uc_emu_stop(uc);
}

static bool hook_insn_invalid(uc_engine *uc, void *data)
{
	struct machine *m = data;
	(void)uc;
	m->rec.bad_insn = 1;
	return false;
}

/* x86-TSO: stops a thread whose buffer is not empty before a barrier instruction. */
static void hook_code(uc_engine *uc, uint64_t addr, uint32_t size, void *data)
{
	struct machine *m = data;
	(void)size;
	if (!m->watch_barriers)
		return;
	uint8_t code[16] = { 0 };
	machine_read(m, addr, code, (size_t)m->a->max_insn);
	if (m->a->is_tso_barrier(code)) {
		m->rec.barrier = 1;
		uc_emu_stop(uc);
	}
}

static void hook_block(uc_engine *uc, uint64_t addr, uint32_t size, void *data)
{
	struct machine *m = data;
	(void)uc;
	m->blk = addr;
	m->blk_size = size;
}

static int add_hooks(struct machine *m)
{
	uint64_t lo = m->shared.len ? m->shared.addr : 1,
		 hi = m->shared.len ? m->shared.addr + m->shared.len - 1 : 0;
	if (m->shared.len && uc_hook_add(m->uc, &m->hooks[0], UC_HOOK_MEM_READ | UC_HOOK_MEM_WRITE,
					 (void *)hook_shared, m, lo, hi))
		return -1;
	if (uc_hook_add(m->uc, &m->hooks[1], UC_HOOK_MEM_INVALID, (void *)hook_invalid, m, 1, 0) ||
	    uc_hook_add(m->uc, &m->hooks[2], UC_HOOK_INTR, (void *)hook_intr, m, 1, 0))
		return -1;
	if (m->a->uc_arch == UC_ARCH_X86 && uc_hook_add(m->uc, &m->hooks[3], UC_HOOK_INSN_INVALID,
							(void *)hook_insn_invalid, m, 1, 0))
		return -1;
	if (uc_hook_add(m->uc, &m->hooks[4], UC_HOOK_BLOCK, (void *)hook_block, m, LINK_TEXT_BASE,
			MAGIC_RET - 1))
		return -1;
	if (m->cfg.tso && uc_hook_add(m->uc, &m->hooks[5], UC_HOOK_CODE, (void *)hook_code, m,
				      LINK_TEXT_BASE, MAGIC_RET - 1))
		return -1;
	return 0;
}

/* ---- running ------------------------------------------------------------------------------ */

static uint64_t reg(struct machine *m, int id)
{
	uint64_t v = 0;
	uc_reg_read(m->uc, id, &v);
	return m->a->ptr_size == 4 ? v & 0xffffffffu : v;
}

static void set_reg(struct machine *m, int id, uint64_t v)
{
	uc_reg_write(m->uc, id, &v);
}

/* Hash of the registers of the hashed set, from the live CPU or from a context. */
static void hash_regs(struct machine *m, uc_context *ctx, XXH3_state_t *st)
{
	int n = m->a->nstate_regs;
	uint8_t buf[n][REG_BYTES];
	void *vals[n];
	memset(buf, 0, sizeof buf);
	for (int i = 0; i < n; i++)
		vals[i] = buf[i];
	if (ctx)
		uc_context_reg_read_batch(ctx, (int *)m->a->state_regs, vals, n);
	else
		uc_reg_read_batch(m->uc, (int *)m->a->state_regs, vals, n);
	XXH3_128bits_update(st, buf, sizeof buf);
}

static uint64_t window_lo(const struct machine *m, const struct thr *th, uint64_t sp)
{
	uint64_t lo = sp - (uint64_t)m->a->redzone - 64;
	return lo < th->stack_lo || lo > th->stack_top ? th->stack_lo : lo;
}

/* Everything a thread running alone can change: for spin detection. */
static void local_hash(struct machine *m, const struct thr *th, uint8_t out[16])
{
	XXH3_state_t *st = XXH3_createState();
	XXH3_128bits_reset(st);
	hash_regs(m, NULL, st);
	uint64_t lo = window_lo(m, th, reg(m, m->a->reg_sp));
	XXH3_128bits_update(st, host_of(m, lo, th->stack_top - lo), th->stack_top - lo);
	for (int i = 0; i < m->nglobals; i++)
		XXH3_128bits_update(st, m->globals[i].host, m->globals[i].len);
	XXH128_canonicalFromHash((XXH128_canonical_t *)out, XXH3_128bits_digest(st));
	XXH3_freeState(st);
}

static void crash_at(struct machine *m, const struct thr *th, struct crash *cr, uint64_t pc)
{
	memset(cr, 0, sizeof *cr);
	cr->pc = pc;
	struct rec *r = &m->rec;
	if (r->fault) {
		cr->addr = r->fault_addr;
		if (r->fault_addr < LINK_TEXT_BASE)
			cr->kind = CRASH_NULL;
		else if (r->fault_addr >= page_down(th->stack_lo) - STACK_STRIDE + STACK_SIZE &&
			 r->fault_addr < th->stack_lo)
			cr->kind = CRASH_STACK;
		else
			cr->kind = CRASH_ACCESS;
		return;
	}
	/* The trap is at pc, or at the start of the last block (whose translation it stopped), or an
	 * interrupt reported the pc after it. */
	uint64_t cand[] = { m->blk, pc, pc - 2, pc - 4 };
	for (int i = 0; i < 4; i++) {
		uint8_t code[16] = { 0 };
		if (i == 0 && (m->blk_size != 0 || !m->blk))
			continue;
		if (i > 1 && !(r->intr || r->bad_insn))
			break;
		if (machine_read(m, cand[i], code, (size_t)m->a->max_insn) != 0 ||
		    !m->a->is_trap(code))
			continue;
		cr->kind = CRASH_TRAP;
		cr->pc = cand[i];
		return;
	}
	cr->kind = r->bad_insn || r->intr ? CRASH_INSN : CRASH_OTHER;
}

enum stop { STOP_SHARED, STOP_DONE, STOP_CRASH, STOP_SPIN, STOP_BOUND, STOP_BARRIER };

/* Runs the current CPU (a thread of stack th) from its pc until it stops (see enum stop).
 * With closed shared pages, a shared access stops it before the instruction. */
static enum stop run(struct machine *m, const struct thr *th, int closed, struct crash *cr)
{
	open_shared(m, !closed);
	long executed = 0, power = 1, lam = 0;
	uint8_t saved[16], h[16];
	int have_saved = 0;
	for (;;) {
		uint64_t pc = reg(m, m->a->reg_pc);
		memset(&m->rec, 0, sizeof m->rec);
		uc_err e = uc_emu_start(m->uc, pc, MAGIC_RET, 0, CHUNK);
		pc = reg(m, m->a->reg_pc);
		if (m->rec.barrier && !m->rec.fault && e == UC_ERR_OK)
			return STOP_BARRIER; /* x86-TSO: waits there for its buffer to drain */
		if (m->rec.fault == UC_MEM_READ_PROT || m->rec.fault == UC_MEM_WRITE_PROT) {
			if (closed && m->rec.fault_addr >= m->shared_pg_lo &&
			    m->rec.fault_addr < m->shared_pg_hi)
				return STOP_SHARED;
		}
		if (m->rec.fault || m->rec.intr || m->rec.bad_insn || e != UC_ERR_OK) {
			crash_at(m, th, cr, pc);
			if (cr->kind == CRASH_OTHER)
				fmt_msg(cr->what, sizeof cr->what, "%s", uc_strerror(e));
			return STOP_CRASH;
		}
		if (pc == MAGIC_RET)
			return STOP_DONE;
		executed += CHUNK;
		if (executed >= m->cfg.local_bound)
			return STOP_BOUND;
		local_hash(m, th, h);
		if (have_saved && !memcmp(h, saved, sizeof h))
			return STOP_SPIN; /* Brent: the private state repeats, so it repeats forever */
		if (++lam == power) {
			memcpy(saved, h, sizeof h);
			have_saved = 1;
			power *= 2;
			lam = 0;
		}
	}
}

/* ---- thread states ------------------------------------------------------------------------ */

static void ts_unref(struct tstate *ts)
{
	if (!ts || --ts->refs > 0)
		return;
	uc_context_free(ts->ctx);
	free(ts->stack);
	free(ts);
}

static struct tstate *ts_ref(struct tstate *ts)
{
	ts->refs++;
	return ts;
}

static void zero_below(struct machine *m, struct thr *th, uint64_t lo)
{
	if (th->min_sp < lo)
		memset(host_of(m, th->min_sp, lo - th->min_sp), 0, lo - th->min_sp);
}

/* Makes thread t's state the CPU's and its stack the memory's. */
static void load_thread(struct machine *m, int t)
{
	struct thr *th = &m->th[t];
	struct tstate *ts = th->ts;
	if (m->loaded[t] != ts->id) {
		memcpy(host_of(m, ts->sp_lo, th->stack_top - ts->sp_lo), ts->stack,
		       th->stack_top - ts->sp_lo);
		zero_below(m, th, ts->sp_lo);
		m->loaded[t] = ts->id;
	}
	uc_context_restore(m->uc, ts->ctx);
}

/* Fills ts from the CPU and memory after thread t ran, and makes it t's state. */
static void save_thread(struct machine *m, int t, struct tstate *ts)
{
	struct thr *th = &m->th[t];
	ts->refs = 1;
	ts->id = ++m->next_id;
	if (uc_context_alloc(m->uc, &ts->ctx) != UC_ERR_OK) {
		fprintf(stderr, "native-tool: out of memory for a CPU context\n");
		abort();
	}
	uc_context_save(m->uc, ts->ctx);
	ts->pc = reg(m, m->a->reg_pc);
	XXH3_state_t *st = XXH3_createState();
	XXH3_128bits_reset(st);
	XXH3_128bits_update(st, &ts->status, sizeof ts->status);
	if (ts->status == T_PAUSED) {
		uint64_t sp = reg(m, m->a->reg_sp);
		ts->sp_lo = window_lo(m, th, sp);
		if (ts->sp_lo < th->min_sp)
			th->min_sp = ts->sp_lo;
		size_t n = th->stack_top - ts->sp_lo;
		ts->stack = memcpy(xmalloc(n), host_of(m, ts->sp_lo, n), n);
		zero_below(m, th, ts->sp_lo);
		hash_regs(m, ts->ctx, st);
		XXH3_128bits_update(st, &ts->sp_lo, sizeof ts->sp_lo);
		XXH3_128bits_update(st, ts->stack, n);
		XXH3_128bits_update(st, &ts->k, sizeof ts->k);
		XXH3_128bits_update(st, ts->rvals, sizeof ts->rvals[0] * (size_t)ts->k);
	} else {
		ts->sp_lo = th->stack_top; /* no stack: a finished thread's state is its status */
		ts->stack = NULL;
		if (ts->status == T_CRASHED)
			XXH3_128bits_update(st, &ts->crash, sizeof ts->crash);
	}
	XXH128_canonicalFromHash((XXH128_canonical_t *)ts->hash, XXH3_128bits_digest(st));
	XXH3_freeState(st);
	ts_unref(th->ts);
	th->ts = ts;
	m->loaded[t] = ts->id;
}

static struct tstate *ts_new(void)
{
	return xcalloc(1, sizeof(struct tstate));
}

static void set_stop(struct tstate *ts, enum stop s)
{
	static const enum tstatus of[] = { T_PAUSED, T_DONE, T_CRASHED, T_SPIN, T_BOUND, T_PAUSED };
	ts->status = of[s];
}

/* ---- setup -------------------------------------------------------------------------------- */

static int fail(struct machine *m, uint64_t pc, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
static int fail(struct machine *m, uint64_t pc, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vfmt_msg(m->err, sizeof m->err, fmt, ap);
	va_end(ap);
	m->err_pc = pc;
	return -1;
}

static int map_stacks(struct machine *m)
{
	for (int i = 0; i <= MACHINE_MAX_THREADS; i++) {
		struct thr *th = &m->th[i];
		uint64_t slot = STACK_BASE + (uint64_t)i * STACK_STRIDE;
		th->stack_lo = slot + STACK_STRIDE - STACK_SIZE;
		th->stack_top = slot + STACK_STRIDE;
		th->min_sp = th->stack_top;
		if (map_region(m, th->stack_lo, STACK_SIZE, UC_PROT_READ | UC_PROT_WRITE) != 0)
			return -1;
	}
	return map_region(m, MAGIC_RET, LINK_ALIGN, UC_PROT_READ | UC_PROT_EXEC);
}

/* Floating point and SIMD are usable, as under an operating system. */
static void enable_fp(struct machine *m)
{
	if (m->a->uc_arch == UC_ARCH_ARM64)
		set_reg(m, UC_ARM64_REG_CPACR_EL1, 3u << 20);
	else if (m->a->uc_arch == UC_ARCH_RISCV)
		set_reg(m, UC_RISCV_REG_MSTATUS, reg(m, UC_RISCV_REG_MSTATUS) | 1u << 13);
}

static int find_fn(struct machine *m, const char *name, uint64_t *addr, char *err, size_t errlen)
{
	const struct image_sym *s = image_find(m->im, name);
	if (!s || !s->func) {
		fmt_msg(err, errlen, "no function '%s' in the object", name);
		return -1;
	}
	*addr = s->addr;
	return 0;
}

int machine_new(struct machine **out, const struct mconfig *cfg, char *err, size_t errlen)
{
	struct machine *m = xcalloc(1, sizeof *m);
	*out = m;
	m->cfg = *cfg;
	m->a = cfg->arch;
	m->im = cfg->image;
	m->nthreads = cfg->nthreads;
	if (m->nthreads < 1 || m->nthreads > MACHINE_MAX_THREADS) {
		fmt_msg(err, errlen, "%d threads (1 to %d)", m->nthreads, MACHINE_MAX_THREADS);
		return -1;
	}
	if (cfg->tso && !m->a->is_tso_barrier) {
		fmt_msg(err, errlen, "x86-TSO on %s: the model is x86's", m->a->name);
		return -1;
	}
	uc_err e = uc_open(m->a->uc_arch, m->a->uc_mode, &m->uc);
	if (e != UC_ERR_OK) {
		m->uc = NULL;
		fmt_msg(err, errlen, "uc_open: %s", uc_strerror(e));
		return -1;
	}
	if (m->a->cpu_model >= 0 && uc_ctl_set_cpu_model(m->uc, m->a->cpu_model) != UC_ERR_OK) {
		fmt_msg(err, errlen, "cannot select the CPU model");
		return -1;
	}
	enable_fp(m);
	if (uc_context_alloc(m->uc, &m->fresh) != UC_ERR_OK ||
	    uc_context_save(m->uc, m->fresh) != UC_ERR_OK) {
		fmt_msg(err, errlen, "cannot save a CPU context");
		return -1;
	}
	if (map_image(m, err, errlen) != 0 || map_globals(m, err, errlen) != 0)
		return -1;
	if (map_stacks(m) != 0 || add_hooks(m) != 0) {
		fmt_msg(err, errlen, "cannot set up the emulator");
		return -1;
	}
	m->pre_stack = xmalloc(STACK_SIZE);
	for (int t = 0; t < m->nthreads; t++)
		if (find_fn(m, cfg->threads[t], &m->th[t].entry, err, errlen) != 0)
			return -1;
	if ((cfg->init && find_fn(m, cfg->init, &m->init_fn, err, errlen) != 0) ||
	    (cfg->check && find_fn(m, cfg->check, &m->check_fn, err, errlen) != 0))
		return -1;
	return 0;
}

void machine_free(struct machine *m)
{
	if (!m)
		return;
	for (int t = 0; t < MACHINE_MAX_THREADS; t++)
		ts_unref(m->th[t].ts);
	if (m->fresh)
		uc_context_free(m->fresh);
	if (m->uc)
		uc_close(m->uc);
	for (int i = 0; i < m->nregions; i++)
		free(m->regions[i].host);
	free(m->regions);
	free(m->globals);
	free(m->pre_globals);
	free(m->pre_stack);
	free(m);
}

/* A fresh CPU about to call fn on stack slot th, returning to MAGIC_RET. */
static void enter(struct machine *m, const struct thr *th, uint64_t fn)
{
	uc_context_restore(m->uc, m->fresh);
	uint64_t sp = th->stack_top - 64;
	if (m->a->reg_ra >= 0) {
		set_reg(m, m->a->reg_ra, MAGIC_RET);
	} else {
		sp -= (uint64_t)m->a->ptr_size;
		uint8_t ret[8];
		store_le(ret, m->a->ptr_size, MAGIC_RET);
		memcpy(host_of(m, sp, (size_t)m->a->ptr_size), ret, (size_t)m->a->ptr_size);
	}
	set_reg(m, m->a->reg_sp, sp);
	set_reg(m, m->a->reg_pc, fn);
}

/* Runs INIT or CHECK alone to its end; 0, or 1 with *cr filled when it crashed or never ends. */
static int run_alone(struct machine *m, uint64_t fn, struct crash *cr)
{
	struct thr *th = &m->th[INIT_SLOT];
	enter(m, th, fn);
	enum stop s = run(m, th, 0, cr);
	memset(host_of(m, th->stack_lo, STACK_SIZE), 0, STACK_SIZE);
	if (s == STOP_DONE)
		return 0;
	if (s != STOP_CRASH) {
		memset(cr, 0, sizeof *cr);
		cr->kind = CRASH_OTHER;
		cr->pc = reg(m, m->a->reg_pc);
		fmt_msg(cr->what, sizeof cr->what, "does not return");
	}
	return 1;
}

int machine_start(struct machine *m)
{
	if (m->init_fn && run_alone(m, m->init_fn, &m->init_crash)) {
		m->init_crashed = 1;
		for (int t = 0; t < m->nthreads; t++) { /* no thread ever starts */
			struct tstate *ts = ts_new();
			ts->status = T_PAUSED;
			enter(m, &m->th[t], m->th[t].entry);
			save_thread(m, t, ts);
		}
		return 0;
	}
	int crashed = 0;
	for (int t = 0; t < m->nthreads; t++) {
		struct thr *th = &m->th[t];
		struct tstate *ts = ts_new();
		enter(m, th, th->entry);
		if (crashed) /* a crash ends the run: later threads never start */
			ts->status = T_PAUSED;
		else
			set_stop(ts, run(m, th, 1, &ts->crash));
		save_thread(m, t, ts);
		crashed |= ts->status == T_CRASHED;
	}
	return 0;
}

const struct crash *machine_init_crash(const struct machine *m)
{
	return m->init_crashed ? &m->init_crash : NULL;
}

const struct crash *machine_run_check(struct machine *m)
{
	if (!m->check_fn)
		return NULL;
	return run_alone(m, m->check_fn, &m->check_crash) ? &m->check_crash : NULL;
}

/* ---- x86-TSO store buffers ---------------------------------------------------------------- */

/* Stores go into buffers (x86-TSO, unless the mutant that has none). */
static int buffering(const struct machine *m)
{
	return m->cfg.tso && m->cfg.mutant != TSO_NO_BUFFER;
}

/* Barriers wait for the thread's buffer to drain. */
static int barriers_wait(const struct machine *m)
{
	return buffering(m) && m->cfg.mutant != TSO_FENCE_NO_DRAIN;
}

/* Memory as thread t sees it: its buffered stores written over it, oldest first. The caller
 * has memory's own bytes in m->pre_globals and puts them back (unbuffer_view). */
static void buffer_view(struct machine *m, int t)
{
	const struct sbuf *b = &m->sb[t];
	if (m->cfg.mutant == TSO_NO_FORWARD)
		return;
	for (int i = 0; i < b->n; i++)
		store_le(host_of(m, b->e[i].addr, b->e[i].size), (int)b->e[i].size, b->e[i].value);
}

static void unbuffer_view(struct machine *m)
{
	memcpy(m->shared.host, m->pre_globals + m->shared_off, m->shared.len);
}

/* The writes among a[0..n) go to memory (an atomic instruction, or no buffering) or into
 * thread t's buffer. Returns 0, or 1 when they do not fit in the buffer. */
static int commit_writes(struct machine *m, int t, const struct access *a, int n, int atomic)
{
	struct sbuf *b = &m->sb[t];
	int nw = 0;
	for (int i = 0; i < n; i++)
		nw += a[i].kind == 'W';
	if (!atomic && buffering(m) && b->n + nw > MACHINE_SB_MAX)
		return 1;
	for (int i = 0; i < n; i++) {
		if (a[i].kind != 'W')
			continue;
		if (atomic || !buffering(m))
			store_le(host_of(m, a[i].addr, (size_t)a[i].size), a[i].size, a[i].value);
		else
			b->e[b->n++] = (struct sentry){ a[i].addr, a[i].value, a[i].pc,
							(uint32_t)a[i].size, 0 };
	}
	return 0;
}

static int at_barrier(const struct machine *m, int t)
{
	uint8_t code[16] = { 0 };
	machine_read(m, m->th[t].ts->pc, code, (size_t)m->a->max_insn);
	return m->a->is_tso_barrier(code);
}

int machine_enabled(const struct machine *m, int t)
{
	if (m->th[t].ts->status != T_PAUSED)
		return 0;
	return !(barriers_wait(m) && m->sb[t].n > 0 && at_barrier(m, t));
}

int machine_buffered(const struct machine *m, int t)
{
	return m->sb[t].n;
}

int machine_tso(const struct machine *m)
{
	return m->cfg.tso != 0;
}

int machine_buffer_entry(const struct machine *m, int t, int i, struct access *out)
{
	if (t < 0 || t >= m->nthreads || i < 0 || i >= m->sb[t].n)
		return -1;
	const struct sentry *e = &m->sb[t].e[i];
	*out = (struct access){ 'W', (int)e->size, e->pc, e->addr, e->value };
	return 0;
}

int machine_drain(struct machine *m, int t, struct step *st)
{
	struct sbuf *b = &m->sb[t];
	if (t < 0 || t >= m->nthreads || b->n == 0)
		return fail(m, 0, "thread %d has no buffered store to drain", t);
	struct sentry e = b->e[0];
	memmove(&b->e[0], &b->e[1], sizeof b->e[0] * (size_t)(b->n - 1));
	b->n--;
	memset(&b->e[b->n], 0, sizeof b->e[0]);
	store_le(host_of(m, e.addr, e.size), (int)e.size, e.value);
	if (st) {
		memset(st, 0, sizeof *st);
		st->thread = t;
		st->kind = 'D';
		st->parts = 1;
		st->acc[0] = (struct access){ 'W', (int)e.size, e.pc, e.addr, e.value };
		st->nacc = 1;
	}
	return 0;
}

/* ---- one step ----------------------------------------------------------------------------- */

/* Executes the instruction at the CPU's pc once with its shared accesses recorded; reads with
 * an index below inject return rvals. Returns the emulator's verdict. */
static uc_err exec_once(struct machine *m, int inject, const uint64_t *rvals, uint64_t pc)
{
	open_shared(m, 1);
	memset(&m->rec, 0, sizeof m->rec);
	m->rec.recording = 1;
	m->rec.inject = inject;
	m->rec.rvals = rvals;
	uc_err e = uc_emu_start(m->uc, pc, MAGIC_RET, 0, 1);
	m->rec.recording = 0;
	for (int i = 0; i < m->rec.n; i++)
		m->rec.acc[i].pc = pc;
	return e;
}

static int check_accesses(struct machine *m, enum insn_kind kind, const char *what, uint64_t pc)
{
	const struct rec *r = &m->rec;
	if (r->overflow)
		return fail(
			m, pc,
			"an instruction that makes more than %d shared accesses cannot be split safely",
			MACHINE_MAX_ACC);
	int total = 0;
	for (int i = 0; i < r->n; i++) {
		if (r->acc[i].size > 8)
			return fail(m, pc, "a %d-byte shared access cannot be split safely",
				    r->acc[i].size);
		total += r->acc[i].size;
	}
	if (kind == INSN_VECTOR && r->n > 1)
		return fail(m, pc, "%s of %d bytes to shared memory cannot be split safely", what,
			    total);
	return 0;
}

static int same_accesses(const struct tstate *ts, const struct rec *r)
{
	if (ts->nsig != r->n)
		return 0;
	for (int i = 0; i < r->n; i++)
		if (ts->sig[i].kind != r->acc[i].kind || ts->sig[i].addr != r->acc[i].addr ||
		    ts->sig[i].size != r->acc[i].size)
			return 0;
	return 1;
}

static void record(struct step *st, const struct access *a, int n)
{
	for (int i = 0; i < n && st->nacc < 2 * MACHINE_MAX_ACC; i++)
		st->acc[st->nacc++] = a[i];
}

/* Performs access k of the split instruction whose execution m->rec holds (see machine.h). */
static int split_part(struct machine *m, int t, const struct tstate *ts, struct tstate *nts,
		      struct step *st)
{
	struct thr *th = &m->th[t];
	int k = ts->k, n = m->rec.n;
	if (k == 0) {
		memcpy(nts->sig, m->rec.acc, sizeof m->rec.acc[0] * (size_t)n);
		nts->nsig = n;
	} else if (!same_accesses(ts, &m->rec)) {
		return fail(m, ts->pc,
			    "an instruction's accesses changed between its re-executions");
	} else {
		memcpy(nts->sig, ts->sig, sizeof ts->sig);
		nts->nsig = ts->nsig;
	}
	struct access a = m->rec.acc[k];
	a.pc = ts->pc;
	memcpy(nts->rvals, ts->rvals, sizeof ts->rvals);
	if (k < n - 1) { /* undo the whole instruction; keep only this access */
		put_globals(m, m->pre_globals);
		memcpy(host_of(m, ts->sp_lo, th->stack_top - ts->sp_lo), m->pre_stack,
		       th->stack_top - ts->sp_lo);
		uc_context_restore(m->uc, ts->ctx);
		nts->k = k + 1;
		if (a.kind == 'R')
			nts->rvals[k] = a.value;
	} else { /* the instruction completes: its registers and private stores stay */
		size_t off = 0;
		for (int i = 0; i < m->nglobals && m->globals[i].addr != m->shared.addr; i++)
			off += m->globals[i].len;
		memcpy(m->shared.host, m->pre_globals + off, m->shared.len);
		nts->k = 0;
	}
	if (commit_writes(m, t, &a, 1, 0) != 0)
		return 1;
	st->kind = a.kind;
	st->part = k;
	st->parts = n;
	record(st, &a, 1);
	return 0;
}

/* Executes thread t's pending instruction (one access of it, or all when it is atomic).
 * Sets *complete when the instruction finished; crashes land in nts. */
static int exec_pending(struct machine *m, int t, struct tstate *nts, struct step *st,
			int *complete, enum insn_kind *kind_out)
{
	struct thr *th = &m->th[t];
	const struct tstate *ts = th->ts;
	uint8_t code[16] = { 0 };
	machine_read(m, ts->pc, code, (size_t)m->a->max_insn);
	const char *what = "";
	enum insn_kind kind = m->a->classify(code, &what);
	*kind_out = kind;
	if (kind == INSN_UNSPLITTABLE)
		return fail(m, ts->pc, "%s on shared memory cannot be split safely", what);
	copy_globals(m, m->pre_globals);
	memcpy(m->pre_stack, host_of(m, ts->sp_lo, th->stack_top - ts->sp_lo),
	       th->stack_top - ts->sp_lo);
	if (buffering(m))
		buffer_view(m, t);
	uc_err e = exec_once(m, ts->k, ts->rvals, ts->pc);
	if (buffering(m))
		unbuffer_view(
			m); /* memory is global memory again; the stores are committed below */
	*complete = 0;
	if (e != UC_ERR_OK || m->rec.fault || m->rec.intr || m->rec.bad_insn) {
		nts->status = T_CRASHED;
		crash_at(m, th, &nts->crash, ts->pc);
		return 0;
	}
	if (check_accesses(m, kind, what, ts->pc) != 0)
		return -1;
	int n = m->rec.n;
	if (n > 1 && kind != INSN_ATOMIC && kind != INSN_EXCL_LOAD && kind != INSN_EXCL_STORE) {
		int rc = split_part(m, t, ts, nts, st);
		*complete = rc == 0 && nts->k == 0;
		return rc;
	}
	if (ts->k != 0)
		return fail(m, ts->pc,
			    "a split instruction made %d shared accesses when re-executed", n);
	st->kind = n == 0 ? 'F' : n > 1 || kind == INSN_ATOMIC ? 'U' : m->rec.acc[0].kind;
	record(st, m->rec.acc, n);
	if (buffering(m) && commit_writes(m, t, m->rec.acc, n, kind == INSN_ATOMIC) != 0)
		return 1;
	*complete = 1;
	return 0;
}

int machine_step(struct machine *m, int t, struct step *st)
{
	struct step scratch;
	if (!st)
		st = &scratch;
	memset(st, 0, sizeof *st);
	st->thread = t;
	st->parts = 1;
	struct thr *th = &m->th[t];
	if (t < 0 || t >= m->nthreads || !machine_enabled(m, t))
		return fail(m, 0, "thread %d cannot step", t);
	load_thread(m, t);
	struct tstate *nts = ts_new();
	nts->status = T_PAUSED;
	int complete;
	enum insn_kind kind;
	int rc = exec_pending(m, t, nts, st, &complete, &kind);
	if (rc != 0) {
		free(nts);
		return rc;
	}
	while (complete) {
		m->watch_barriers = barriers_wait(m) && m->sb[t].n > 0;
		set_stop(nts, run(m, th, 1, &nts->crash));
		m->watch_barriers = 0;
		complete = 0;
		/* a load-exclusive's step runs on through its store-exclusive */
		uint8_t code[16] = { 0 };
		const char *what;
		uint64_t pc = reg(m, m->a->reg_pc);
		machine_read(m, pc, code, (size_t)m->a->max_insn);
		if (kind == INSN_EXCL_LOAD && nts->status == T_PAUSED &&
		    m->a->classify(code, &what) == INSN_EXCL_STORE) {
			uc_err e = exec_once(m, 0, NULL, pc);
			if (e != UC_ERR_OK || m->rec.fault) {
				nts->status = T_CRASHED;
				crash_at(m, th, &nts->crash, pc);
				break;
			}
			record(st, m->rec.acc, m->rec.n);
			st->kind = 'U';
			kind = INSN_EXCL_STORE;
			complete = 1;
		}
	}
	save_thread(m, t, nts);
	return 0;
}

/* ---- state -------------------------------------------------------------------------------- */

int machine_nthreads(const struct machine *m)
{
	return m->nthreads;
}

enum tstatus machine_status(const struct machine *m, int t)
{
	return m->th[t].ts->status;
}

uint64_t machine_pc(const struct machine *m, int t)
{
	return m->th[t].ts->pc;
}

const struct crash *machine_crash(const struct machine *m, int t)
{
	return m->th[t].ts->status == T_CRASHED ? &m->th[t].ts->crash : NULL;
}

int machine_part(const struct machine *m, int t)
{
	return m->th[t].ts->k;
}

struct snapshot *machine_save(struct machine *m)
{
	struct snapshot *s = xcalloc(1, sizeof *s);
	s->globals = xmalloc(m->globals_len + 1);
	copy_globals(m, s->globals);
	for (int t = 0; t < m->nthreads; t++)
		s->ts[t] = ts_ref(m->th[t].ts);
	if (m->cfg.tso)
		memcpy(s->sb, m->sb, sizeof m->sb);
	return s;
}

void machine_restore(struct machine *m, const struct snapshot *s)
{
	put_globals(m, s->globals);
	for (int t = 0; t < m->nthreads; t++) {
		struct tstate *old = m->th[t].ts;
		m->th[t].ts = ts_ref(s->ts[t]);
		ts_unref(old);
	}
	if (m->cfg.tso)
		memcpy(m->sb, s->sb, sizeof m->sb);
}

void snapshot_free(struct snapshot *s)
{
	if (!s)
		return;
	for (int t = 0; t < MACHINE_MAX_THREADS; t++)
		ts_unref(s->ts[t]);
	free(s->globals);
	free(s);
}

void machine_hash(const struct machine *m, uint8_t out[16])
{
	XXH3_state_t *st = XXH3_createState();
	XXH3_128bits_reset(st);
	for (int i = 0; i < m->nglobals; i++)
		XXH3_128bits_update(st, m->globals[i].host, m->globals[i].len);
	for (int t = 0; t < m->nthreads; t++)
		XXH3_128bits_update(st, m->th[t].ts->hash, 16);
	for (int t = 0; t < m->nthreads && m->cfg.tso;
	     t++) { /* each store: where, what, how wide */
		const struct sbuf *b = &m->sb[t];
		XXH3_128bits_update(st, &b->n, sizeof b->n);
		for (int i = 0; i < b->n; i++) {
			uint64_t e[3] = { b->e[i].addr, b->e[i].value, b->e[i].size };
			XXH3_128bits_update(st, e, sizeof e);
		}
	}
	XXH128_canonicalFromHash((XXH128_canonical_t *)out, XXH3_128bits_digest(st));
	XXH3_freeState(st);
}

uint64_t machine_shared_hash(const struct machine *m)
{
	return m->shared.len ? XXH3_64bits(m->shared.host, m->shared.len) : 0;
}

const char *machine_error(const struct machine *m)
{
	return m->err;
}

uint64_t machine_error_pc(const struct machine *m)
{
	return m->err_pc;
}
