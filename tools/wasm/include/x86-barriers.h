/*
 * x86-barriers.h - the kernel's barriers as x86 maps them, for the explorer's WebAssembly build
 * (tools/wasm/lib/pipeline.js compiles every variant with -include of this file).
 *
 * course.h gives every target of the compile matrix the kernel's own barrier instructions, and any
 * other target, WebAssembly included, C11 fences (acquire for smp_rmb(), release for smp_wmb()).
 * In WebAssembly every fence is the same instruction (atomic.fence),
 * and the explorer's x86-TSO mode makes atomic.fence wait for the thread's store buffer, as mfence
 * does. On x86 only smp_mb() is such a fence: the processor keeps loads in order with loads and
 * stores with stores, so the x86 kernel's smp_rmb() and smp_wmb() only keep the compiler from
 * moving accesses across them. This header makes them that here, so that under x86-TSO the
 * explorer runs what an x86 kernel build would, and atomic.fence comes from smp_mb() alone.
 */
#include "course.h"

#undef smp_rmb
#undef smp_wmb
#define smp_rmb() barrier()
#define smp_wmb() barrier()
