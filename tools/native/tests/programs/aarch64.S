/* aarch64.S - the test functions of x86_64.S for aarch64 (see test_machine.c). */
	.arch armv8.1-a
	.section course_shared,"aw"
	.balign 8
	.globl big, counter, flag
	.type big, %object
	.size big, 8
big:	.quad 0
	.type counter, %object
	.size counter, 4
counter: .word 0
	.type flag, %object
	.size flag, 4
flag:	.word 0

	.section course_observed,"aw"
	.balign 4
	.globl r1
	.type r1, %object
	.size r1, 4
r1:	.word 0

	.text
#define FN(name) .globl name; .type name, %function; name:
#define END(name) .size name, .-name
#define ADDR(reg, sym) adrp reg, sym; add reg, reg, :lo12:sym

FN(inc_plain)			/* load, add, store: two steps */
	ADDR(x0, counter)
	ldr w1, [x0]
	add w1, w1, #1
	str w1, [x0]
	ret
END(inc_plain)

FN(inc_locked)			/* LSE: one step */
	ADDR(x0, counter)
	mov w1, #1
	ldadd w1, w2, [x0]
	ret
END(inc_locked)

FN(inc_xadd)			/* ldxr/stxr loop: the pair is one step */
	ADDR(x0, counter)
1:	ldxr w1, [x0]
	add w1, w1, #1
	stxr w2, w1, [x0]
	cbnz w2, 1b
	ret
END(inc_xadd)

FN(inc_cas)			/* a plain load, then a CAS loop */
	ADDR(x0, counter)
	ldr w1, [x0]
1:	add w2, w1, #1
	mov w3, w1
	cas w3, w2, [x0]
	cmp w3, w1
	mov w1, w3
	b.ne 1b
	ret
END(inc_cas)

FN(store_halves)		/* gcc 12's store of a constant with equal halves: stp w, w */
	ADDR(x0, big)
	mov w1, #0x5678
	movk w1, #0x1234, lsl #16
	stp w1, w1, [x0]
	ret
END(store_halves)

FN(store_whole)
	ADDR(x0, big)
	mov x1, #0x5678
	movk x1, #0x1234, lsl #16
	movk x1, #0x5678, lsl #32
	movk x1, #0x1234, lsl #48
	str x1, [x0]
	ret
END(store_whole)

FN(load_whole)
	ADDR(x0, big)
	ldr x1, [x0]
	mov x2, #0x5678
	movk x2, #0x1234, lsl #16
	movk x2, #0x5678, lsl #32
	movk x2, #0x1234, lsl #48
	cmp x1, #0
	ccmp x1, x2, #4, ne
	cset w1, ne
	ADDR(x0, r1)
	str w1, [x0]
	ret
END(load_whole)

FN(load_halves)			/* ldp: one instruction, two reads */
	ADDR(x0, big)
	ldp w1, w2, [x0]
	cmp w1, w2
	cset w1, ne
	ADDR(x0, r1)
	str w1, [x0]
	ret
END(load_halves)

FN(set_flag)
	ADDR(x0, flag)
	mov w1, #1
	str w1, [x0]
	ret
END(set_flag)

FN(wait_flag)
	ADDR(x0, flag)
1:	ldr w1, [x0]
	cbz w1, 1b
	ADDR(x0, r1)
	mov w1, #1
	str w1, [x0]
	ret
END(wait_flag)

FN(wait_hoisted)
	ADDR(x0, flag)
	ldr w1, [x0]
1:	cbz w1, 1b
	ADDR(x0, r1)
	mov w1, #1
	str w1, [x0]
	ret
END(wait_hoisted)

FN(count_forever)
	mov x0, #0
1:	add x0, x0, #1
	b 1b
END(count_forever)

FN(null_store)
	ADDR(x0, flag)
	ldr w1, [x0]
	mov x2, #0
	str w1, [x2]
	ret
END(null_store)

FN(trap)
	ADDR(x0, flag)
	ldr w1, [x0]
	cbnz w1, 1f
	brk #0x3e8
1:	ret
END(trap)

FN(copy_rep)			/* no repeated string instructions here: a plain copy */
	ADDR(x0, big)
	ldr w1, [x0]
	str w1, [x0, #8]
	ret
END(copy_rep)

FN(store_vector)		/* a 16-byte store of a q register over shared memory: refused */
	ADDR(x0, big)
	movi v0.2d, #0
	str q0, [x0]
	ret
END(store_vector)
