/* test_shapes.c - the standard litmus shapes, hand-built as traces (shapes.h), under Armv8 and SC,
 * each verdict argued from the rules of mm_armv8.c (armv8-common.cat): an outcome is forbidden when
 * its edges close a cycle in ob = (obs | lob)+, or a cycle of po-loc | ca | rf at one location
 * (internal visibility), or an RMW is not atomic. And the broken models: each must give a
 * different verdict on the tests named for it.
 *
 * Notation in the comments: Wx1 is the write of 1 to x; "->po" program order that lob does not
 * contain; "->bob", "->dob", "->pob", "->aob", "->lws" the lob edge and the rule; rfe, fre, coe the obs
 * edges. Locations start at 0. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <string.h>

#include <cmocka.h>

#include "shapes.h"

enum { FORBID = 0, ALLOW = 1 };

struct shape {
	const char *name;
	const char *t[4];
	const char *final; /* co-final values the outcome needs; NULL: none */
	int armv8, sc;
};

/* The outcomes tested are the non-SC ones unless the name says otherwise (SC forbids each). */
static const struct shape shapes[] = {
	/* ---- MP: Wx1 -> Wy1 -rfe-> Ry1 -> Rx0 -fre-> Wx1: a cycle iff both threads order. */
	/* neither thread's po is in lob: no cycle */
	{ "MP", { "Wx=1; Wy=1", "Ry=1; Rx=0" }, NULL, ALLOW, FORBID },
	/* writer ordered (po;[dmb.full];po), reader not */
	{ "MP+dmb+po", { "Wx=1; F; Wy=1", "Ry=1; Rx=0" }, NULL, ALLOW, FORBID },
	/* reader ordered, writer not */
	{ "MP+po+dmb", { "Wx=1; Wy=1", "Ry=1; F; Rx=0" }, NULL, ALLOW, FORBID },
	/* both bob (po;[dmb.full];po): the cycle */
	{ "MP+dmbs", { "Wx=1; F; Wy=1", "Ry=1; F; Rx=0" }, NULL, FORBID, FORBID },
	/* [W];po;[dmb.st];po;[W] and [R\NoRet];po;[dmb.ld];po: the cycle */
	{ "MP+dmb.st+dmb.ld", { "Wx=1; Fst; Wy=1", "Ry=1; Fld; Rx=0" }, NULL, FORBID, FORBID },
	/* DMB ISHLD orders earlier reads only: the writer's two writes are not ordered */
	{ "MP+dmb.ld+dmb.ld", { "Wx=1; Fld; Wy=1", "Ry=1; Fld; Rx=0" }, NULL, ALLOW, FORBID },
	/* DMB ISHST orders writes with later writes only: the reader's reads are not ordered */
	{ "MP+dmb.st+dmb.st", { "Wx=1; Fst; Wy=1", "Ry=1; Fst; Rx=0" }, NULL, ALLOW, FORBID },
	/* dob addr on the reader */
	{ "MP+dmb.st+addr", { "Wx=1; Fst; Wy=1", "Ry=1; Rx=0 addr:0" }, NULL, FORBID, FORBID },
	/* ctrl orders later writes only (ctrl;[W]): the read of x is not ordered */
	{ "MP+dmb.st+ctrl", { "Wx=1; Fst; Wy=1", "Ry=1; B:0; Rx=0" }, NULL, ALLOW, FORBID },
	/* dob (ctrl | (addr;po));[ISB];po;[M]: the branch then ISB orders the read */
	{ "MP+dmb.st+ctrlisb", { "Wx=1; Fst; Wy=1", "Ry=1; B:0; ISB; Rx=0" }, NULL, FORBID, FORBID },
	/* dob addr;po;[ISB];po;[M]: an address dependency to another read, then ISB */
	{ "MP+dmb.st+addrisb",
	  { "Wx=1; Fst; Wy=1", "Ry=1; Rz=0 addr:0; ISB; Rx=0" },
	  NULL,
	  FORBID,
	  FORBID },
	/* po;[L] on the writer, [A];po on the reader */
	{ "MP+rel+acq", { "Wx=1; Wy=1 rel", "Ry=1 acq; Rx=0" }, NULL, FORBID, FORBID },
	/* [A | Q];po: LDAPR orders later accesses as LDAR does */
	{ "MP+rel+acqpc", { "Wx=1; Wy=1 rel", "Ry=1 acqpc; Rx=0" }, NULL, FORBID, FORBID },
	/* release on the writer only */
	{ "MP+rel+po", { "Wx=1; Wy=1 rel", "Ry=1; Rx=0" }, NULL, ALLOW, FORBID },
	/* acquire on the reader only */
	{ "MP+po+acq", { "Wx=1; Wy=1", "Ry=1 acq; Rx=0" }, NULL, ALLOW, FORBID },
	/* po;[L] and dob addr */
	{ "MP+rel+addr", { "Wx=1; Wy=1 rel", "Ry=1; Rx=0 addr:0" }, NULL, FORBID, FORBID },
	/* aob rmw;lrs;[A|Q]: the reader swaps y (read 1, write 2), reads its own 2 with LDAPR, then
	 * x: R(y=1) ->aob Ry2 ->bob Rx0 closes the cycle with the writer's DMB */
	{ "MP+dmb+rmw-lrs-acqpc",
	  { "Wx=1; F; Wy=1", "Ry=1 rmw; Wy=2; Ry=2 acqpc; Rx=0" },
	  NULL,
	  FORBID,
	  FORBID },
	/* the same with a plain read of the swapped value: rfi orders nothing, the chain breaks */
	{ "MP+dmb+rmw-lrs-po",
	  { "Wx=1; F; Wy=1", "Ry=1 rmw; Wy=2; Ry=2; Rx=0" },
	  NULL,
	  ALLOW,
	  FORBID },
	/* [R\NoRet];po;[dmb.ld]: the read of an atomic that returns nothing (STADD) is not ordered by
	 * DMB ISHLD, and its write is not a read: nothing orders Rx0 after Ry1 */
	{ "MP+dmb+stadd-dmb.ld",
	  { "Wx=1; F; Wy=1", "Ry=1 noret rmw; Wy=2; Fld; Rx=0" },
	  NULL,
	  ALLOW,
	  FORBID },
	/* the same atomic returning its value (LDADD): DMB ISHLD orders its read */
	{ "MP+dmb+ldadd-dmb.ld",
	  { "Wx=1; F; Wy=1", "Ry=1 rmw; Wy=2; Fld; Rx=0" },
	  NULL,
	  FORBID,
	  FORBID },

	/* ---- SB: Wx1 -> Ry0 -fre-> Wy1 -> Rx0 -fre-> Wx1 */
	{ "SB", { "Wx=1; Ry=0", "Wy=1; Rx=0" }, NULL, ALLOW, FORBID },
	{ "SB+dmbs", { "Wx=1; F; Ry=0", "Wy=1; F; Rx=0" }, NULL, FORBID, FORBID },
	{ "SB+dmb+po", { "Wx=1; F; Ry=0", "Wy=1; Rx=0" }, NULL, ALLOW, FORBID },
	/* [L];po;[A]: STLR then LDAR is ordered */
	{ "SB+rel-acqs", { "Wx=1 rel; Ry=0 acq", "Wy=1 rel; Rx=0 acq" }, NULL, FORBID, FORBID },
	/* no [L];po;[Q]: STLR then LDAPR is not (the difference between LDAR and LDAPR) */
	{ "SB+rel-acqpcs", { "Wx=1 rel; Ry=0 acqpc", "Wy=1 rel; Rx=0 acqpc" }, NULL, ALLOW, FORBID },
	/* DMB ISHST: write to write only */
	{ "SB+dmb.sts", { "Wx=1; Fst; Ry=0", "Wy=1; Fst; Rx=0" }, NULL, ALLOW, FORBID },
	/* DMB ISHLD: earlier reads only; the write before it is not one */
	{ "SB+dmb.lds", { "Wx=1; Fld; Ry=0", "Wy=1; Fld; Rx=0" }, NULL, ALLOW, FORBID },
	/* SWPAL as the store: [range([A];amo;[L])];po orders its write before the later read */
	{ "SB+swpals",
	  { "Rx=0 acq rmw; Wx=1 rel; Ry=0", "Ry=0 acq rmw; Wy=1 rel; Rx=0" },
	  NULL,
	  FORBID,
	  FORBID },
	/* LDAXR/STLXR as the store: exclusives are not amo; a plain read after STLXR is not
	 * ordered (why the kernel's LL/SC RMWs end with DMB ISH) */
	{ "SB+ldaxr-stlxrs",
	  { "Rx=0 acq excl rmw; Wx=1 rel excl; Ry=0", "Ry=0 acq excl rmw; Wy=1 rel excl; Rx=0" },
	  NULL,
	  ALLOW,
	  FORBID },

	/* ---- LB: Rx1 -> Wy1 -rfe-> Ry1 -> Wx1 -rfe-> Rx1 (each read reads a write that is
	 * later in the other thread's program order) */
	{ "LB", { "Rx=1; Wy=1", "Ry=1; Wx=1" }, NULL, ALLOW, FORBID },
	{ "LB+datas", { "Rx=1; Wy=1 data:0", "Ry=1; Wx=1 data:0" }, NULL, FORBID, FORBID },
	{ "LB+addrs", { "Rx=1; Wy=1 addr:0", "Ry=1; Wx=1 addr:0" }, NULL, FORBID, FORBID },
	/* ctrl;[W] */
	{ "LB+ctrls", { "Rx=1; B:0; Wy=1", "Ry=1; B:0; Wx=1" }, NULL, FORBID, FORBID },
	{ "LB+data+po", { "Rx=1; Wy=1 data:0", "Ry=1; Wx=1" }, NULL, ALLOW, FORBID },
	{ "LB+dmbs", { "Rx=1; F; Wy=1", "Ry=1; F; Wx=1" }, NULL, FORBID, FORBID },
	/* [A|Q];po */
	{ "LB+acqs", { "Rx=1 acq; Wy=1", "Ry=1 acq; Wx=1" }, NULL, FORBID, FORBID },
	/* po;[L] */
	{ "LB+rels", { "Rx=1; Wy=1 rel", "Ry=1; Wx=1 rel" }, NULL, FORBID, FORBID },
	/* [R\NoRet];po;[dmb.ld];po */
	{ "LB+dmb.lds", { "Rx=1; Fld; Wy=1", "Ry=1; Fld; Wx=1" }, NULL, FORBID, FORBID },
	/* DMB ISHST does not order a read */
	{ "LB+dmb.sts", { "Rx=1; Fst; Wy=1", "Ry=1; Fst; Wx=1" }, NULL, ALLOW, FORBID },

	/* ---- S: Wx2 -> Wy1 -rfe-> Ry1 -> Wx1 -coe-> Wx2 (x ends 2: Wx1 before Wx2 in co) */
	{ "S", { "Wx=2; Wy=1", "Ry=1; Wx=1" }, "x=2", ALLOW, FORBID },
	{ "S+dmb+data", { "Wx=2; F; Wy=1", "Ry=1; Wx=1 data:0" }, "x=2", FORBID, FORBID },
	{ "S+dmb.st+ctrl", { "Wx=2; Fst; Wy=1", "Ry=1; B:0; Wx=1" }, "x=2", FORBID, FORBID },
	{ "S+po+data", { "Wx=2; Wy=1", "Ry=1; Wx=1 data:0" }, "x=2", ALLOW, FORBID },
	{ "S+rel+acq", { "Wx=2; Wy=1 rel", "Ry=1 acq; Wx=1" }, "x=2", FORBID, FORBID },
	/* the other co order (x ends 1) is SC */
	{ "S-sc-outcome", { "Wx=2; Wy=1", "Ry=1; Wx=1" }, "x=1", ALLOW, ALLOW },

	/* ---- R: Wx1 -> Wy1 -coe-> Wy2 -> Rx0 -fre-> Wx1 (y ends 2) */
	{ "R", { "Wx=1; Wy=1", "Wy=2; Rx=0" }, "y=2", ALLOW, FORBID },
	{ "R+dmbs", { "Wx=1; F; Wy=1", "Wy=2; F; Rx=0" }, "y=2", FORBID, FORBID },
	{ "R+dmb.st+dmb", { "Wx=1; Fst; Wy=1", "Wy=2; F; Rx=0" }, "y=2", FORBID, FORBID },
	/* DMB ISHLD does not order the write before it */
	{ "R+dmb+dmb.ld", { "Wx=1; F; Wy=1", "Wy=2; Fld; Rx=0" }, "y=2", ALLOW, FORBID },
	/* po;[L] on the first thread, [L];po;[A] on the second */
	{ "R+rel+rel-acq", { "Wx=1; Wy=1 rel", "Wy=2 rel; Rx=0 acq" }, "y=2", FORBID, FORBID },
	/* STLR then LDAPR is not ordered */
	{ "R+rel+rel-acqpc", { "Wx=1; Wy=1 rel", "Wy=2 rel; Rx=0 acqpc" }, "y=2", ALLOW, FORBID },

	/* ---- 2+2W: Wx2 -> Wy1 -coe-> Wy2 -> Wx1 -coe-> Wx2 (both end 2) */
	{ "2+2W", { "Wx=2; Wy=1", "Wy=2; Wx=1" }, "x=2 y=2", ALLOW, FORBID },
	{ "2+2W+dmb.sts", { "Wx=2; Fst; Wy=1", "Wy=2; Fst; Wx=1" }, "x=2 y=2", FORBID, FORBID },
	{ "2+2W+rels", { "Wx=2; Wy=1 rel", "Wy=2; Wx=1 rel" }, "x=2 y=2", FORBID, FORBID },
	/* DMB ISHLD orders no write */
	{ "2+2W+dmb.lds", { "Wx=2; Fld; Wy=1", "Wy=2; Fld; Wx=1" }, "x=2 y=2", ALLOW, FORBID },

	/* ---- WRC: Wx1 -rfe-> Rx1 -> Wy1 -rfe-> Ry1 -> Rx0 -fre-> Wx1 */
	{ "WRC", { "Wx=1", "Rx=1; Wy=1", "Ry=1; Rx=0" }, NULL, ALLOW, FORBID },
	/* multi-copy atomic: the first rfe is in ob, data and addr order the rest */
	{ "WRC+data+addr",
	  { "Wx=1", "Rx=1; Wy=1 data:0", "Ry=1; Rx=0 addr:0" },
	  NULL,
	  FORBID,
	  FORBID },
	{ "WRC+data+po", { "Wx=1", "Rx=1; Wy=1 data:0", "Ry=1; Rx=0" }, NULL, ALLOW, FORBID },
	{ "WRC+dmb+acq", { "Wx=1", "Rx=1; F; Wy=1", "Ry=1 acq; Rx=0" }, NULL, FORBID, FORBID },

	/* ---- ISA2: Wx1 -> Wy1 -rfe-> Ry1 -> Wz1 -rfe-> Rz1 -> Rx0 -fre-> Wx1 */
	{ "ISA2", { "Wx=1; Wy=1", "Ry=1; Wz=1", "Rz=1; Rx=0" }, NULL, ALLOW, FORBID },
	{ "ISA2+dmb+data+addr",
	  { "Wx=1; F; Wy=1", "Ry=1; Wz=1 data:0", "Rz=1; Rx=0 addr:0" },
	  NULL,
	  FORBID,
	  FORBID },
	{ "ISA2+rel+acq-rel+acq",
	  { "Wx=1; Wy=1 rel", "Ry=1 acq; Wz=1 rel", "Rz=1 acq; Rx=0" },
	  NULL,
	  FORBID,
	  FORBID },
	{ "ISA2+dmb+data+po",
	  { "Wx=1; F; Wy=1", "Ry=1; Wz=1 data:0", "Rz=1; Rx=0" },
	  NULL,
	  ALLOW,
	  FORBID },

	/* ---- IRIW: Wx1 -rfe-> Rx1 -> Ry0 -fre-> Wy1 -rfe-> Ry1 -> Rx0 -fre-> Wx1 */
	{ "IRIW", { "Wx=1", "Wy=1", "Rx=1; Ry=0", "Ry=1; Rx=0" }, NULL, ALLOW, FORBID },
	/* multi-copy atomic: with both readers ordered, both writes were seen in one order */
	{ "IRIW+addrs",
	  { "Wx=1", "Wy=1", "Rx=1; Ry=0 addr:0", "Ry=1; Rx=0 addr:0" },
	  NULL,
	  FORBID,
	  FORBID },
	{ "IRIW+acqs",
	  { "Wx=1", "Wy=1", "Rx=1 acq; Ry=0", "Ry=1 acq; Rx=0" },
	  NULL,
	  FORBID,
	  FORBID },
	{ "IRIW+dmbs", { "Wx=1", "Wy=1", "Rx=1; F; Ry=0", "Ry=1; F; Rx=0" }, NULL, FORBID, FORBID },
	{ "IRIW+addr+po",
	  { "Wx=1", "Wy=1", "Rx=1; Ry=0 addr:0", "Ry=1; Rx=0" },
	  NULL,
	  ALLOW,
	  FORBID },

	/* ---- coherence (internal visibility: po-loc | fr | co | rf acyclic at one location) */
	/* Rx1 ->po-loc Rx0 -fr-> Wx1 -rf-> Rx1 */
	{ "CoRR", { "Wx=1", "Rx=1; Rx=0" }, NULL, FORBID, FORBID },
	{ "CoRR-sc-outcome", { "Wx=1", "Rx=0; Rx=1" }, NULL, ALLOW, ALLOW },
	/* a read of its own later write: Rx1 ->po-loc Wx1 -rf-> Rx1 */
	{ "CoRW1", { "Rx=1; Wx=1" }, NULL, FORBID, FORBID },
	/* Rx2 ->po-loc Wx1 -co-> Wx2 -rf-> Rx2 (x ends 2) */
	{ "CoRW2", { "Rx=2; Wx=1", "Wx=2" }, "x=2", FORBID, FORBID },
	/* Wx1 ->po-loc Rx2 -fr-> Wx1 (x ends 1: Wx2 before Wx1) */
	{ "CoWR", { "Wx=1; Rx=2", "Wx=2" }, "x=1", FORBID, FORBID },
	/* reading the initial value after one's own write: Wx1 ->po-loc Rx0 -fr-> Wx1 */
	{ "CoWR0", { "Wx=1; Rx=0" }, NULL, FORBID, FORBID },
	/* Wx1 ->po-loc Wx2 -co-> Wx1 (x ends 1) */
	{ "CoWW", { "Wx=1; Wx=2" }, "x=1", FORBID, FORBID },
	{ "CoWW-sc-outcome", { "Wx=1; Wx=2" }, "x=2", ALLOW, ALLOW },

	/* ---- RMW atomicity: rmw & (fre; coe) empty */
	/* the swap reads 0 and writes 1, x ends 1: Wx2 would be co-between (init, Wx1) */
	{ "RMW-atomic", { "Rx=0 rmw; Wx=1", "Wx=2" }, "x=1", FORBID, FORBID },
	{ "RMW-atomic-sc-outcome", { "Rx=0 rmw; Wx=1", "Wx=2" }, "x=2", ALLOW, ALLOW },
	/* two RMWs cannot both read the initial value */
	{ "RMW-pair", { "Rx=0 rmw; Wx=1", "Rx=0 rmw; Wx=2" }, NULL, FORBID, FORBID },
	/* exclusives likewise */
	{ "RMW-pair-excl",
	  { "Rx=0 excl rmw; Wx=1 excl", "Rx=0 excl rmw; Wx=2 excl" },
	  NULL,
	  FORBID,
	  FORBID },
	{ "RMW-pair-sc-outcome", { "Rx=0 rmw; Wx=1", "Rx=1 rmw; Wx=2" }, "x=2", ALLOW, ALLOW },
	/* ---- lws (po-loc;[W]): Ry1 ->dob (data) Wx1 ->lws Wx2 -rfe-> Rx2 ->bob Wy1 -rfe-> Ry1.
	 * Without lws nothing orders Wx1 before Wx2 (coi is not in ob): herd's older
	 * "(ctrl | data); coi" line. ([R];po-loc;[W] is also lws, but a read's incoming obs edge
	 * is an rfe from a write that co already orders before the later write, so no test can
	 * tell it apart; the aob line "rmw" is inside lws likewise.) */
	{ "LB+data-wsi+dmb", { "Ry=1; Wx=1 data:0; Wx=2", "Rx=2; F; Wy=1" }, "x=2", FORBID, FORBID },
	/* ---- dob addr;po;[W]: Rx1 ->dob Wy1 (an address dependency to another access, then a
	 * write) -rfe-> Ry1 ->bob Wx1 -rfe-> Rx1 */
	{ "LB+addr-po+dmb", { "Rx=1; Rz=0 addr:0; Wy=1", "Ry=1; F; Wx=1" }, NULL, FORBID, FORBID },
	/* ---- dob (addr|data);lrs: Ry1 -data-> Wz1, whose local read successor Rz1 -addr-> Rx0:
	 * Ry1 ->dob Rz1 ->dob Rx0 -fre-> Wx1 ->bob Wy1 -rfe-> Ry1 */
	{ "MP+dmb+data-rfi-addr",
	  { "Wx=1; F; Wy=1", "Ry=1; Wz=1 data:0; Rz=1; Rx=0 addr:2" },
	  NULL,
	  FORBID,
	  FORBID },
	/* a write between: Rz2 is the local read successor of Wz2, not of Wz1 (lrs excludes
	 * po-loc;[W];po-loc), and Wz2 has no dependency: Ry1 orders nothing after Wz1 but Wz2 (lws),
	 * which orders nothing further */
	{ "MP+dmb+data-wsi-rfi-addr",
	  { "Wx=1; F; Wy=1", "Ry=1; Wz=1 data:0; Wz=2; Rz=2; Rx=0 addr:3" },
	  NULL,
	  ALLOW,
	  FORBID },
	/* ---- pob, pick-ordered-before (a dependency through a conditional select's condition):
	 * pob = pick-dep; [W] | (pick-ctrl-dep | pick-addr-dep; po); [ISB]; po; [M]
	 *	| pick-addr-dep; [M]; po; [W]
	 * pick data, address and control dependencies to a write: Rx1 ->pob Wy1 -rfe-> Ry1 ->pob Wx1
	 * -rfe-> Rx1 */
	{ "LB+pdatas", { "Rx=1; Wy=1 pdata:0", "Ry=1; Wx=1 pdata:0" }, NULL, FORBID, FORBID },
	{ "LB+paddrs", { "Rx=1; Wy=1 paddr:0", "Ry=1; Wx=1 paddr:0" }, NULL, FORBID, FORBID },
	{ "LB+pctrls", { "Rx=1; P:0; Wy=1", "Ry=1; P:0; Wx=1" }, NULL, FORBID, FORBID },
	/* pick-addr-dep; [M]; po; [W]: Rx1 ->pob Wy1 through the read of z */
	{ "LB+paddr-pos",
	  { "Rx=1; Rz=0 paddr:0; Wy=1", "Ry=1; Rz=0 paddr:0; Wx=1" },
	  NULL,
	  FORBID,
	  FORBID },
	/* a pick dependency to a later read orders nothing (unlike addr): Ry1 and Rx0 stay free */
	{ "MP+dmb.st+paddr", { "Wx=1; Fst; Wy=1", "Ry=1; Rx=0 paddr:0" }, NULL, ALLOW, FORBID },
	{ "MP+dmb.st+pctrl", { "Wx=1; Fst; Wy=1", "Ry=1; P:0; Rx=0" }, NULL, ALLOW, FORBID },
	/* through an ISB it orders every later access: Wx1 ->bob Wy1 -rfe-> Ry1 ->pob Rx0 -fre-> Wx1 */
	{ "MP+dmb.st+pctrlisb",
	  { "Wx=1; Fst; Wy=1", "Ry=1; P:0; ISB; Rx=0" },
	  NULL,
	  FORBID,
	  FORBID },
	{ "MP+dmb.st+paddr-po-isb",
	  { "Wx=1; Fst; Wy=1", "Ry=1; Rz=0 paddr:0; ISB; Rx=0" },
	  NULL,
	  FORBID,
	  FORBID },
	/* pob has no "; lrs" line (dob's (addr | data); lrs): Ry1 ->pob Wz1, but Wz1's local read
	 * successor Rz1 is not ordered after it, so Ry1 does not reach Rx0 */
	{ "MP+dmb+pdata-rfi-addr",
	  { "Wx=1; F; Wy=1", "Ry=1; Wz=1 pdata:0; Rz=1; Rx=0 addr:2" },
	  NULL,
	  ALLOW,
	  FORBID },
};
#define NSHAPES (sizeof shapes / sizeof shapes[0])

static int nthreads(const struct shape *s)
{
	int n = 0;
	while (n < 4 && s->t[n])
		n++;
	return n;
}

static int verdict(enum mm_model_id m, const char *name)
{
	for (size_t i = 0; i < NSHAPES; i++)
		if (strcmp(shapes[i].name, name) == 0)
			return shape_allowed(m, shapes[i].t, nthreads(&shapes[i]), shapes[i].final);
	fail_msg("no shape %s", name);
	return -1;
}

static void test_armv8(void **state)
{
	(void)state;
	int bad = 0;
	for (size_t i = 0; i < NSHAPES; i++) {
		const struct shape *s = &shapes[i];
		int got = shape_allowed(MM_ARMV8, s->t, nthreads(s), s->final);
		if (got != s->armv8)
			print_error("armv8: %s: %s, expected %s\n", s->name,
				    got ? "allowed" : "forbidden",
				    s->armv8 ? "allowed" : "forbidden"),
				bad++;
	}
	assert_int_equal(bad, 0);
}

static void test_sc(void **state)
{
	(void)state;
	int bad = 0;
	for (size_t i = 0; i < NSHAPES; i++) {
		const struct shape *s = &shapes[i];
		int got = shape_allowed(MM_SC, s->t, nthreads(s), s->final);
		if (got != s->sc)
			print_error("sc: %s: %s, expected %s\n", s->name,
				    got ? "allowed" : "forbidden", s->sc ? "allowed" : "forbidden"),
				bad++;
	}
	assert_int_equal(bad, 0);
}

/* Each broken model must judge the named shapes differently from Armv8. */
static void must_differ(enum mm_model_id m, const char *const *names)
{
	for (; *names; names++) {
		int good = verdict(MM_ARMV8, *names), broken = verdict(m, *names);
		if (good == broken)
			fail_msg("%s agrees with armv8 on %s", mm_model_name(m), *names);
	}
}

/* Dependencies order nothing: the shapes that only dependencies forbid become allowed. */
static void test_broken_nodeps(void **state)
{
	(void)state;
	static const char *const names[] = {
		"MP+dmb.st+addr", "MP+dmb.st+ctrlisb",	"LB+datas",   "LB+ctrls",
		"IRIW+addrs",	  "WRC+data+addr",	"S+dmb+data", "LB+pdatas",
		"LB+pctrls",	  "MP+dmb.st+pctrlisb", NULL
	};
	must_differ(MM_ARMV8_BROKEN_NODEPS, names);
}

/* DMB ISHLD also orders earlier stores: the shapes where a write before DMB ISHLD must stay free
 * become forbidden. */
static void test_broken_ldst(void **state)
{
	(void)state;
	static const char *const names[] = { "MP+dmb.ld+dmb.ld", "SB+dmb.lds", "R+dmb+dmb.ld",
					     "2+2W+dmb.lds", NULL };
	must_differ(MM_ARMV8_BROKEN_LDST, names);
}

/* Observed-by without rfe (not multi-copy atomic): IRIW and WRC with ordered readers become
 * allowed, and so does every shape whose cycle needs a read of another thread's write. */
static void test_broken_nomca(void **state)
{
	(void)state;
	static const char *const names[] = { "IRIW+addrs", "IRIW+acqs", "WRC+data+addr",
					     "MP+dmbs",	   "LB+datas",	NULL };
	must_differ(MM_ARMV8_BROKEN_NOMCA, names);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_armv8),	      cmocka_unit_test(test_sc),
		cmocka_unit_test(test_broken_nodeps), cmocka_unit_test(test_broken_ldst),
		cmocka_unit_test(test_broken_nomca),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
