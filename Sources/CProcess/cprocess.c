#include "cprocess.h"

#include <malloc.h>
#include <stdio.h>
#include <unistd.h>

/* Defined when the binary is built with coverage (swift build --enable-code-coverage, as
   scripts/coverage.sh does); a weak reference is null otherwise. Its own writer runs from an
   exit handler, which _exit skips. */
extern int __llvm_profile_write_file(void) __attribute__((weak));

void cprocess_use_one_malloc_arena(void) { mallopt(M_ARENA_MAX, 1); }

void cprocess_exit_now(int status) {
    fflush(NULL);
    if (__llvm_profile_write_file) __llvm_profile_write_file();
    _exit(status);
}
