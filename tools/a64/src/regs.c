/*
 * regs.c - the registers a litmus test may name, per instruction set (see test.h).
 */
#include <ctype.h>
#include <stdio.h>
#include <strings.h>

#include "test.h"
#include "buf.h"

static const char *const x86[] = { "EAX", "EBX", "ECX", "EDX", "ESI", "EDI" };

/* "Xk" or "Wk" (either case) with k in 0..30 written without leading zeros: k, else -1. */
static int aarch64_reg(const char *s)
{
	int c = toupper((unsigned char)s[0]);
	if ((c != 'X' && c != 'W') || !isdigit((unsigned char)s[1]))
		return -1;
	if (!s[2])
		return s[1] - '0';
	if (s[1] == '0' || !isdigit((unsigned char)s[2]) || s[3])
		return -1;
	int k = (s[1] - '0') * 10 + (s[2] - '0');
	return k <= 30 ? k : -1;
}

int a64_reg_parse(enum a64_isa isa, const char *name)
{
	if (isa == A64_ISA_AARCH64)
		return aarch64_reg(name);
	for (int i = 0; i < (int)(sizeof x86 / sizeof x86[0]); i++)
		if (!strcasecmp(name, x86[i]))
			return i;
	return -1;
}

const char *a64_reg_name(enum a64_isa isa, int reg, char *buf, size_t n)
{
	if (isa == A64_ISA_AARCH64)
		xsnprintf(buf, n, "X%d", reg);
	else
		xsnprintf(buf, n, "%s", reg >= 0 && reg < 6 ? x86[reg] : "?");
	return buf;
}

const char *a64_reg_list(enum a64_isa isa)
{
	return isa == A64_ISA_AARCH64 ? "X0 to X30" : "EAX, EBX, ECX, EDX, ESI, EDI";
}
