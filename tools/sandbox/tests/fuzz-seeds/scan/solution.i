# 0 "examples/labs/polling/solution.c"
# 0 "<built-in>"
# 0 "<command-line>"
# 1 "/usr/include/stdc-predef.h" 1 3 4
# 0 "<command-line>" 2
# 1 "examples/labs/polling/solution.c"
# 14 "examples/labs/polling/solution.c"
# 1 "examples/include/course.h" 1
# 15 "examples/labs/polling/solution.c" 2


__attribute__((section("course_shared"), used, aligned(sizeof(int)))) int need_to_stop;
__attribute__((section("course_observed"), used, aligned(sizeof(int)))) int r1;

 __attribute__((noinline, used)) void t0(void)
{
 do { *(volatile __typeof__(need_to_stop) *)&(need_to_stop) = (1); } while (0);
}

 __attribute__((noinline, used)) void t1(void)
{
 while (!(*(const volatile __typeof__(need_to_stop) *)&(need_to_stop)))
  continue;
 r1 = (*(const volatile __typeof__(need_to_stop) *)&(need_to_stop));
}
