#include "cprocess.h"

#include <malloc.h>
#include <signal.h>
#include <stdio.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <unistd.h>

/* Defined when the binary is built with coverage (swift build --enable-code-coverage, as
   scripts/coverage.sh does); a weak reference is null otherwise. Its own writer runs from an
   exit handler, which _exit skips. */
extern int __llvm_profile_write_file(void) __attribute__((weak));

void cprocess_use_one_malloc_arena(void) { mallopt(M_ARENA_MAX, 1); }

void cprocess_release_free_heap(void) { malloc_trim(0); }

void cprocess_exit_now(int status) {
    fflush(NULL);
    if (__llvm_profile_write_file) __llvm_profile_write_file();
    _exit(status);
}


void cprocess_forbid_core_dumps(void) {
    prctl(PR_SET_DUMPABLE, 0, 0, 0, 0);
    struct rlimit none = {0, 0};
    setrlimit(RLIMIT_CORE, &none);
}

void cprocess_handled_signals(sigset_t *set) {
    sigemptyset(set);
    sigaddset(set, SIGHUP);
    sigaddset(set, SIGUSR1);
    sigaddset(set, SIGUSR2);
    sigaddset(set, SIGTERM);
    sigaddset(set, SIGINT);
    sigaddset(set, SIGRTMIN + 1);
    sigaddset(set, SIGRTMIN + 2);
}

/* Runs as the binary starts, before any library's initializer, the Swift runtime's set-up and
   main: from here on a signal Breather handles waits, pending, for the code that handles it,
   instead of ending the process in the milliseconds before main installs anything. An entry
   in the executable's .preinit_array runs earlier than a constructor, which would wait for
   every shared library's initializers (the Swift runtime's among them) to finish first. Every
   thread started later inherits the mask, which is what libdispatch's signalfd sources
   (UnixSignalsSequence) need. */
static void cprocess_block_handled_signals_at_start(int argc, char **argv, char **envp) {
    (void)argc; (void)argv; (void)envp;
    sigset_t set;
    cprocess_handled_signals(&set);
    sigprocmask(SIG_BLOCK, &set, NULL);
}
__attribute__((section(".preinit_array"), used))
static void (*const cprocess_preinit)(int, char **, char **) = cprocess_block_handled_signals_at_start;

void cprocess_unblock_handled_signals(void) {
    sigset_t set;
    cprocess_handled_signals(&set);
    sigprocmask(SIG_UNBLOCK, &set, NULL);
}
