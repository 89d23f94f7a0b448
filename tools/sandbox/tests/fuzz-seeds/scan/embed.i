# 1 "e2.c"
# 1 "<built-in>" 1
# 1 "<built-in>" 3
# 412 "<built-in>" 3
# 1 "<command line>" 1
# 1 "<built-in>" 2
# 1 "e2.c" 2
const char s[] = {80, 76, 65, 78, 84, 69, 68, 10 };
