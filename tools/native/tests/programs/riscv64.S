/* riscv64.S - the test functions of x86_64.S for riscv64 (see test_machine.c). */
	.option norelax
	.section course_shared,"aw"
	.balign 8
	.globl big, counter, flag
	.type big, @object
	.size big, 8
big:	.quad 0
	.type counter, @object
	.size counter, 4
counter: .word 0
	.type flag, @object
	.size flag, 4
flag:	.word 0

	.section course_observed,"aw"
	.balign 4
	.globl r1
	.type r1, @object
	.size r1, 4
r1:	.word 0

	.text
#define FN(name) .globl name; .type name, @function; name:
#define END(name) .size name, .-name

FN(inc_plain)
	lla a0, counter
	lw a1, 0(a0)
	addi a1, a1, 1
	sw a1, 0(a0)
	ret
END(inc_plain)

FN(inc_locked)			/* AMO: one step */
	lla a0, counter
	li a1, 1
	amoadd.w zero, a1, (a0)
	ret
END(inc_locked)

FN(inc_xadd)			/* lr/sc loop: the pair is one step */
	lla a0, counter
1:	lr.w a1, (a0)
	addi a1, a1, 1
	sc.w a2, a1, (a0)
	bnez a2, 1b
	ret
END(inc_xadd)

FN(inc_cas)			/* a plain load, then an lr/sc compare-and-swap loop */
	lla a0, counter
	lw a1, 0(a0)
1:	addi a2, a1, 1
2:	lr.w a3, (a0)
	bne a3, a1, 3f
	sc.w a4, a2, (a0)
	bnez a4, 2b
	ret
3:	mv a1, a3
	j 1b
END(inc_cas)

FN(store_halves)
	lla a0, big
	li a1, 0x12345678
	sw a1, 0(a0)
	sw a1, 4(a0)
	ret
END(store_halves)

FN(store_whole)
	lla a0, big
	li a1, 0x1234567812345678
	sd a1, 0(a0)
	ret
END(store_whole)

FN(load_whole)
	lla a0, big
	ld a1, 0(a0)
	li a2, 0x1234567812345678
	li a3, 0
	beqz a1, 1f
	beq a1, a2, 1f
	li a3, 1
1:	lla a0, r1
	sw a3, 0(a0)
	ret
END(load_whole)

FN(load_halves)
	lla a0, big
	lw a1, 0(a0)
	lw a2, 4(a0)
	sub a1, a1, a2
	snez a1, a1
	lla a0, r1
	sw a1, 0(a0)
	ret
END(load_halves)

FN(set_flag)
	lla a0, flag
	li a1, 1
	sw a1, 0(a0)
	ret
END(set_flag)

FN(wait_flag)
	lla a0, flag
1:	lw a1, 0(a0)
	beqz a1, 1b
	lla a0, r1
	li a1, 1
	sw a1, 0(a0)
	ret
END(wait_flag)

FN(wait_hoisted)
	lla a0, flag
	lw a1, 0(a0)
1:	beqz a1, 1b
	lla a0, r1
	li a1, 1
	sw a1, 0(a0)
	ret
END(wait_hoisted)

FN(count_forever)
	li a0, 0
1:	addi a0, a0, 1
	j 1b
END(count_forever)

FN(null_store)
	lla a0, flag
	lw a1, 0(a0)
	sw a1, 0(zero)
	ret
END(null_store)

FN(trap)
	lla a0, flag
	lw a1, 0(a0)
	bnez a1, 1f
	ebreak
1:	ret
END(trap)

FN(copy_rep)
	lla a0, big
	lw a1, 0(a0)
	sw a1, 8(a0)
	ret
END(copy_rep)

FN(store_vector)		/* riscv64gc has no vector stores: a floating-point 8-byte store, accepted */
	lla a0, big
	fmv.d.x fa0, zero
	fsd fa0, 0(a0)
	ret
END(store_vector)
