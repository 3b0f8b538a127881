/* `breather`: blocks the signals Breather handles, then execs the program itself
   (breather-main, next to this file or in ../libexec/breather/). A blocked signal and one
   pending survive execve, and the dynamic loader then spends 0.2-3 ms mapping and relocating
   breather-main's libraries before its first instruction of its own (cprocess.c's
   .preinit_array entry, which blocks them too): a SIGUSR1 in that window used to end the
   daemon. This program has no loader, no libc and no relocations: its first instruction
   blocks them. What is left is the kernel's own execve after the old image is gone (the
   caller's close-on-exec pipe closed, its vfork returned) and before this program's first
   instruction: a signal arriving there acts with the default action, and nothing a program
   does can prevent that (docs/DEVELOPMENT.md "Signals at start", measured there).

   Built static, without libc (raw system calls; Package.swift): swiftc links every product
   with its runtime's image registration (swiftrt.o), whose two references are satisfied
   below, as this program has no Swift metadata to register. */

/* The signal mask _start blocks, bit n-1 for signal n: HUP 1, INT 2, USR1 10, USR2 12, TERM 15,
   RTMIN+1 35 and RTMIN+2 36 (glibc's SIGRTMIN is 34). Keep in step with
   cprocess_handled_signals; scripts/check-exec-signals.sh sends each in turn. */
#define HANDLED_SIGNALS "0xc00004a03"

#if defined(__x86_64__)
enum { SYS_write = 1, SYS_execve = 59, SYS_exit_group = 231, SYS_readlinkat = 267 };
static long syscall3(long n, long a, long b, long c) {
    long r;
    __asm__ volatile("syscall" : "=a"(r) : "a"(n), "D"(a), "S"(b), "d"(c) : "rcx", "r11", "memory");
    return r;
}
static long syscall4(long n, long a, long b, long c, long d) {
    long r;
    register long r10 __asm__("r10") = d;
    __asm__ volatile("syscall" : "=a"(r) : "a"(n), "D"(a), "S"(b), "d"(c), "r"(r10) : "rcx", "r11", "memory");
    return r;
}
/* The kernel starts here, the stack holding argc, argv, NULL, envp. The first instructions
   block the signals (the mask from an immediate: no memory to fault in first), then launch
   gets the stack. */
__asm__(".text\n.global _start\n_start:\n"
        " movabs $" HANDLED_SIGNALS ", %rax\n push %rax\n"
        " mov $14, %eax\n xor %edi, %edi\n mov %rsp, %rsi\n xor %edx, %edx\n mov $8, %r10d\n syscall\n"
        " pop %rax\n xor %ebp, %ebp\n mov %rsp, %rdi\n and $-16, %rsp\n call launch\n hlt\n");
#elif defined(__aarch64__)
enum { SYS_write = 64, SYS_execve = 221, SYS_exit_group = 94, SYS_readlinkat = 78 };
static long syscall4(long n, long a, long b, long c, long d) {
    register long x8 __asm__("x8") = n, x0 __asm__("x0") = a, x1 __asm__("x1") = b,
                  x2 __asm__("x2") = c, x3 __asm__("x3") = d;
    __asm__ volatile("svc 0" : "+r"(x0) : "r"(x8), "r"(x1), "r"(x2), "r"(x3) : "memory");
    return x0;
}
static long syscall3(long n, long a, long b, long c) { return syscall4(n, a, b, c, 0); }
__asm__(".text\n.global _start\n_start:\n"
        " ldr x9, =" HANDLED_SIGNALS "\n str x9, [sp, #-16]!\n"
        " mov x8, #135\n mov x0, #0\n mov x1, sp\n mov x2, #0\n mov x3, #8\n svc 0\n"
        " add sp, sp, #16\n mov x29, #0\n mov x30, #0\n mov x0, sp\n bl launch\n brk #0\n");
#else
#error "the launcher knows the system calls of x86_64 and aarch64 only"
#endif

void swift_addNewDSOImage(void *sections) { (void)sections; }
int _swift_backtrace_isThunkFunction(const char *name) { (void)name; return 0; }

enum { AT_FDCWD = -100, PATH_SIZE = 4096 };
static const char program[] = "breather-main";
static const char installed[] = "../libexec/breather/breather-main";

static unsigned long length(const char *s) { unsigned long n = 0; while (s[n]) n++; return n; }

/* `directory` (length `end`, with its slash) + `name` into path; 0 when it does not fit. */
static int join(char *path, unsigned long end, const char *name) {
    unsigned long n = length(name);
    if (end + n + 1 > PATH_SIZE) return 0;
    for (unsigned long i = 0; i <= n; i++) path[end + i] = name[i];
    return 1;
}

__attribute__((noreturn)) static void fail(const char *path, const char *what) {
    static const char prefix[] = "breather: cannot run ";
    syscall3(SYS_write, 2, (long)prefix, sizeof prefix - 1);
    syscall3(SYS_write, 2, (long)path, (long)length(path));
    syscall3(SYS_write, 2, (long)what, (long)length(what));
    syscall3(SYS_exit_group, 69, 0, 0); /* EX_UNAVAILABLE */
    __builtin_unreachable();
}

__attribute__((noreturn, used)) void launch(long *stack) {
    char **argv = (char **)(stack + 1);
    char **envp = argv + stack[0] + 1;
    char path[PATH_SIZE]; /* on the stack: no writable segment for execve to map and clear */
    long n = syscall4(SYS_readlinkat, AT_FDCWD, (long)"/proc/self/exe", (long)path, PATH_SIZE - 1);
    unsigned long end = n > 0 ? (unsigned long)n : 0;
    /* No /proc (a bare chroot): the folder argv[0] names, when it names one. */
    for (unsigned long i = 0; n <= 0 && argv[0] && argv[0][i] && i < PATH_SIZE - 1; i++) path[end++] = argv[0][i];
    while (end > 0 && path[end - 1] != '/') end--;
    if (end == 0) fail("/proc/self/exe", " (is /proc mounted?)\n");
    if (!join(path, end, program)) fail(program, " (path too long)\n");
    syscall3(SYS_execve, (long)path, (long)argv, (long)envp);
    if (!join(path, end, installed)) fail(installed, " (path too long)\n");
    syscall3(SYS_execve, (long)path, (long)argv, (long)envp);
    path[end] = 0;
    fail(path, "breather-main (or ../libexec/breather/breather-main): missing or not executable\n");
}
