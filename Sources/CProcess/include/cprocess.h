#ifndef CPROCESS_H
#define CPROCESS_H

/* A process-wide setting Swift's Glibc module does not reach (it leaves out <malloc.h>), and a
   quick exit. Used by the `breather` executable only. */

/* One malloc arena for every thread (mallopt M_ARENA_MAX = 1): Breather's few threads take
   turns, and an arena per thread maps and faults in a heap of its own. */
void cprocess_use_one_malloc_arena(void);

/* Flushes every stdio stream, writes the coverage profile in a coverage build, and ends the
   process with `status` without running the exit handlers that the ~35 libraries under libcurl
   registered (OpenSSL's cleanup, library destructors): freeing memory the kernel is about to
   reclaim. */
__attribute__((noreturn)) void cprocess_exit_now(int status);

#endif
