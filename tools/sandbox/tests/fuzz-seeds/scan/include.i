# 0 "a.c"
# 0 "<built-in>"
# 0 "<command-line>"
# 1 "a.c"
# 1 "/srv/planted/secret.txt" 1
PLANTED
# 2 "a.c" 2
int x;
