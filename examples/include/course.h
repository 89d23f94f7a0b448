/*
 * course.h - the one header every example includes.
 *
 * Kernel-style access primitives (READ_ONCE, WRITE_ONCE, barrier, smp_*, BUG_ON) and the markers
 * that tell the build what an example is made of: shared variables, thread functions, observed
 * values, an optional INIT and CHECK. Freestanding: no libc header, so any target compiles it.
 *
 * Native builds (tools/asm) read the markers through symbol names and relocations; the wasm build
 * (tools/wasm) finds shared and observed variables through their sections and the exported names.
 */
#ifndef COURSE_H
#define COURSE_H

#if !defined(PLAIN) && !defined(FIXED) && !defined(TRANSFORMED)
#define PLAIN 0
#define FIXED 0
#define TRANSFORMED 0
#endif

/* ---- markers ------------------------------------------------------------------------------ */

#if defined(__wasm__)
#define COURSE_EXPORT(name) __attribute__((export_name(#name)))
#else
#define COURSE_EXPORT(name)
#endif

/* A shared variable: global (never static), in its own section so the explorer can find it. */
#define SHARED(type, name) \
	__attribute__((section("course_shared"), used, aligned(sizeof(type)))) type name
#define SHARED_INIT(type, name, value) \
	__attribute__((section("course_shared"), used, aligned(sizeof(type)))) type name = (value)

/* A shared variable with internal linkage and without `used`: the compiler sees every access in
 * this file and may delete the variable and its stores if nothing here loads it (dead-code/).
 * The build marks it "static": true in build/data/meta/<id>.json. */
#define STATIC_SHARED(type, name) \
	static __attribute__((section("course_shared"), aligned(sizeof(type)))) type name

/* A thread-local result that is part of the outcome (a litmus-test register). */
#define OBSERVED(type, name) \
	__attribute__((section("course_observed"), used, aligned(sizeof(type)))) type name

/* Thread functions: kept out of line so each has its own disassembly. */
#define THREAD(name) \
	COURSE_EXPORT(name) __attribute__((noinline, used)) void name(void)
#define INIT() \
	COURSE_EXPORT(course_init) __attribute__((noinline, used)) void course_init(void)
#define CHECK() \
	COURSE_EXPORT(course_check) __attribute__((noinline, used)) void course_check(void)

/* ---- kernel-style primitives ------------------------------------------------------------ */

#define READ_ONCE(x) (*(const volatile __typeof__(x) *)&(x))
#define WRITE_ONCE(x, val) \
	do { *(volatile __typeof__(x) *)&(x) = (val); } while (0)

#define barrier() __asm__ __volatile__("" ::: "memory")

/* The barriers emit the instructions the kernel's own smp_*() emit on each target of the matrix
 * (Linux 6.x, arch/<arch>/include/asm/barrier.h). Not C11 fences: an acquire or a release fence
 * also orders earlier loads before later stores, which smp_rmb() and smp_wmb() do not promise, and
 * compilers emit other instructions for them (a release fence is DMB ISH on AArch64, where the
 * kernel's smp_wmb() is DMB ISHST). Each is also a compiler barrier (the "memory" clobber).
 *   AArch64: smp_mb() DMB ISH, smp_rmb() DMB ISHLD (earlier loads before everything later),
 *            smp_wmb() DMB ISHST (earlier stores before later stores).
 *   RISC-V:  FENCE rw,rw / FENCE r,r / FENCE w,w.
 *   x86:     smp_mb() a locked add of 0 to the word below the stack pointer (the kernel's choice
 *            over MFENCE, on x86-64 and i386 alike); smp_rmb() and smp_wmb() are compiler barriers
 *            only, since x86 keeps loads in order with loads and stores with stores.
 * Any other target (the explorer's WebAssembly) gets C11 fences: there every fence is the same
 * atomic.fence, and tools/wasm/include/x86-barriers.h maps smp_rmb()/smp_wmb() as x86 does. */
#if defined(__aarch64__)
#define smp_mb()  __asm__ __volatile__("dmb ish" ::: "memory")
#define smp_rmb() __asm__ __volatile__("dmb ishld" ::: "memory")
#define smp_wmb() __asm__ __volatile__("dmb ishst" ::: "memory")
#elif defined(__riscv)
#define smp_mb()  __asm__ __volatile__("fence rw,rw" ::: "memory")
#define smp_rmb() __asm__ __volatile__("fence r,r" ::: "memory")
#define smp_wmb() __asm__ __volatile__("fence w,w" ::: "memory")
#elif defined(__x86_64__)
#define smp_mb()  __asm__ __volatile__("lock; addl $0,-4(%%rsp)" ::: "memory", "cc")
#define smp_rmb() barrier()
#define smp_wmb() barrier()
#elif defined(__i386__)
#define smp_mb()  __asm__ __volatile__("lock; addl $0,-4(%%esp)" ::: "memory", "cc")
#define smp_rmb() barrier()
#define smp_wmb() barrier()
#else
#define smp_mb()  __atomic_thread_fence(__ATOMIC_SEQ_CST)
#define smp_rmb() __atomic_thread_fence(__ATOMIC_ACQUIRE)
#define smp_wmb() __atomic_thread_fence(__ATOMIC_RELEASE)
#endif

#define smp_load_acquire(p) __atomic_load_n((p), __ATOMIC_ACQUIRE)
#define smp_store_release(p, v) __atomic_store_n((p), (v), __ATOMIC_RELEASE)

#if defined(__wasm__)
/* The explorer's runtime turns this into the outcome "crash: BUG_ON at line N". */
__attribute__((import_module("env"), import_name("course_bug"), noreturn))
void course_bug(int line);
#define BUG_ON(cond) do { if (cond) course_bug(__LINE__); } while (0)
#else
#define BUG_ON(cond) do { if (cond) __builtin_trap(); } while (0)
#endif

#endif /* COURSE_H */
