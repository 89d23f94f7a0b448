/* x86_64.S - hand-written thread functions for the native explorer's tests (test_machine.c):
 * each arch's file defines the same functions and variables; see test_machine.c for what each
 * test expects of them. */
	.section course_shared,"aw"
	.balign 8
	.globl big, counter, flag
	.type big, @object
	.size big, 8
big:	.quad 0
	.type counter, @object
	.size counter, 4
counter: .long 0
	.type flag, @object
	.size flag, 4
flag:	.long 0

	.section course_observed,"aw"
	.balign 4
	.globl r1
	.type r1, @object
	.size r1, 4
r1:	.long 0

	.text
#define FN(name) .globl name; .type name, @function; name:
#define END(name) .size name, .-name

FN(inc_plain)			/* one instruction, a read and a write: two steps */
	addl $1, counter(%rip)
	ret
END(inc_plain)

FN(inc_locked)			/* lock: one step */
	lock addl $1, counter(%rip)
	ret
END(inc_locked)

FN(inc_xadd)
	movl $1, %eax
	lock xaddl %eax, counter(%rip)
	ret
END(inc_xadd)

FN(inc_cas)			/* a plain load, then a locked compare-and-swap loop */
	movl counter(%rip), %eax
1:	leal 1(%rax), %edx
	lock cmpxchgl %edx, counter(%rip)
	jne 1b
	ret
END(inc_cas)

FN(store_halves)		/* two 4-byte stores of one 8-byte value */
	movl $0x12345678, big(%rip)
	movl $0x12345678, big+4(%rip)
	ret
END(store_halves)

FN(store_whole)
	movabsq $0x1234567812345678, %rax
	movq %rax, big(%rip)
	ret
END(store_whole)

FN(load_whole)			/* r1 = big is neither 0 nor the new value */
	movq big(%rip), %rax
	movabsq $0x1234567812345678, %rdx
	xorl %ecx, %ecx
	testq %rax, %rax
	je 1f
	cmpq %rdx, %rax
	je 1f
	movl $1, %ecx
1:	movl %ecx, r1(%rip)
	ret
END(load_whole)

FN(load_halves)			/* r1 = the two halves differ */
	movl big(%rip), %eax
	movl big+4(%rip), %edx
	xorl %ecx, %ecx
	cmpl %eax, %edx
	setne %cl
	movl %ecx, r1(%rip)
	ret
END(load_halves)

FN(set_flag)
	movl $1, flag(%rip)
	ret
END(set_flag)

FN(wait_flag)			/* polls flag: blocked until someone sets it */
1:	movl flag(%rip), %eax
	testl %eax, %eax
	je 1b
	movl $1, r1(%rip)
	ret
END(wait_flag)

FN(wait_hoisted)		/* the load hoisted out of the loop: spins privately */
	movl flag(%rip), %eax
1:	testl %eax, %eax
	je 1b
	movl $1, r1(%rip)
	ret
END(wait_hoisted)

FN(count_forever)		/* private state that never repeats: the instruction bound */
	xorl %eax, %eax
1:	addq $1, %rax
	jmp 1b
END(count_forever)

FN(null_store)
	movl flag(%rip), %eax
	xorl %edx, %edx
	movl %eax, (%rdx)
	ret
END(null_store)

FN(trap)
	movl flag(%rip), %eax
	testl %eax, %eax
	jne 1f
	ud2
1:	ret
END(trap)

FN(copy_rep)			/* rep movs over shared memory: refused */
	leaq big(%rip), %rsi
	leaq counter(%rip), %rdi
	movl $4, %ecx
	rep movsb
	ret
END(copy_rep)

FN(store_vector)		/* a 16-byte SSE store over shared memory: refused */
	pxor %xmm0, %xmm0
	movups %xmm0, big(%rip)
	ret
END(store_vector)
