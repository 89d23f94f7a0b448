/* i386.S - the test functions of x86_64.S for i386 (see test_machine.c). */
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

	.section .rodata
	.balign 8
newval:	.quad 0x1234567812345678

	.text
#define FN(name) .globl name; .type name, @function; name:
#define END(name) .size name, .-name

FN(inc_plain)
	addl $1, counter
	ret
END(inc_plain)

FN(inc_locked)
	lock addl $1, counter
	ret
END(inc_locked)

FN(inc_xadd)
	movl $1, %eax
	lock xaddl %eax, counter
	ret
END(inc_xadd)

FN(inc_cas)
	movl counter, %eax
1:	leal 1(%eax), %edx
	lock cmpxchgl %edx, counter
	jne 1b
	ret
END(inc_cas)

FN(store_halves)		/* gcc's 64-bit store on i386: two movl */
	movl $0x12345678, big
	movl $0x12345678, big+4
	ret
END(store_halves)

FN(store_whole)			/* gcc's 64-bit atomic store on i386: fildll/fistpll, one access */
	fildll newval
	fistpll big
	ret
END(store_whole)

FN(load_whole)
	subl $12, %esp
	fildll big
	fistpll (%esp)
	movl (%esp), %eax
	movl 4(%esp), %edx
	addl $12, %esp
	xorl %ecx, %ecx
	movl %eax, %ebx
	orl %edx, %ebx
	je 1f
	cmpl $0x12345678, %eax
	jne 2f
	cmpl $0x12345678, %edx
	je 1f
2:	movl $1, %ecx
1:	movl %ecx, r1
	ret
END(load_whole)

FN(load_halves)
	movl big, %eax
	movl big+4, %edx
	xorl %ecx, %ecx
	cmpl %eax, %edx
	setne %cl
	movl %ecx, r1
	ret
END(load_halves)

FN(set_flag)
	movl $1, flag
	ret
END(set_flag)

FN(wait_flag)
1:	movl flag, %eax
	testl %eax, %eax
	je 1b
	movl $1, r1
	ret
END(wait_flag)

FN(wait_hoisted)
	movl flag, %eax
1:	testl %eax, %eax
	je 1b
	movl $1, r1
	ret
END(wait_hoisted)

FN(count_forever)
	xorl %eax, %eax
1:	addl $1, %eax
	jmp 1b
END(count_forever)

FN(null_store)
	movl flag, %eax
	xorl %edx, %edx
	movl %eax, (%edx)
	ret
END(null_store)

FN(trap)
	movl flag, %eax
	testl %eax, %eax
	jne 1f
	ud2
1:	ret
END(trap)

FN(copy_rep)
	pushl %esi
	pushl %edi
	leal big, %esi
	leal counter, %edi
	movl $4, %ecx
	rep movsb
	popl %edi
	popl %esi
	ret
END(copy_rep)

FN(store_vector)
	pxor %xmm0, %xmm0
	movups %xmm0, big
	ret
END(store_vector)
