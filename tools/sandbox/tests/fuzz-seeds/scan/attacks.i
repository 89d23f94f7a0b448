# 0 "h.c"
# 0 "<built-in>"
# 0 "<command-line>"
# 1 "h.c"


void f(void) {
 __asm__("." "inc" "bin \"/etc/hostname\"");
 __asm__("\056INCLUDE \"/x\"");
 __asm__("./**/incbin \"/y\"");
 __asm__(".irp d,incbin\n.\\d \"/z\"\n.endr");
 __asm__("nop");
}
__attribute__((constructor)) static void c1(void) { for (;;); }
__attribute__((__destructor__(101))) static void c2(void) { }
[[gnu::constructor]] static void c3(void) { }
static void (*p)(void) __attribute__((section(".init_array"), used)) = f;
int v __attribute__((section(".fini"))) = 1;
__asm__(".pushsection .init,\"ax\"\n.popsection");
__asm__(R"x(.incbin "/raw")x");
#pragma comment(lib, "/etc/passwd")

# 18 "h.c"

# 18 "h.c"

#ident ".include \"/q\""
int constructor = 3;
int w __attribute__((section("course_shared")));
