#ifndef CPROCESS_H
#define CPROCESS_H

#include <signal.h>
/* The loop's wait (LoopExecutor): a timer on CLOCK_BOOTTIME and an eventfd that wakes it;
   Swift's Glibc module includes neither header. */
#include <sys/eventfd.h>
#include <sys/timerfd.h>

/* Process-wide settings Swift's Glibc module does not reach (it leaves out <malloc.h>, and
   prctl is variadic), the signals Breather handles, and a quick exit. Used by the `breather`
   executable only. */

/* One malloc arena for every thread (mallopt M_ARENA_MAX = 1): Breather's few threads take
   turns, and an arena per thread maps and faults in a heap of its own. */
void cprocess_use_one_malloc_arena(void);

/* Gives the kernel back the free pages inside the heap (malloc_trim(0)), not only its top: a
   poll's replies parsed and freed leave holes under the data kept, which stay resident (RssAnon)
   until the next poll reuses them (docs/PERFORMANCE.md, "Several places"). */
void cprocess_release_free_heap(void);

/* Flushes every stdio stream, writes the coverage profile in a coverage build, and ends the
   process with `status` without running the exit handlers that the ~35 libraries under libcurl
   registered (OpenSSL's cleanup, library destructors): freeing memory the kernel is about to
   reclaim. */
__attribute__((noreturn)) void cprocess_exit_now(int status);

/* Once an API key is in memory: no core dump (prctl PR_SET_DUMPABLE 0, which also keeps other
   processes of the same user from reading /proc/PID/mem, and RLIMIT_CORE 0 for a core_pattern
   pipe that ignores the first). Children started later inherit the limit. prctl is variadic:
   Swift cannot call it. */
void cprocess_forbid_core_dumps(void);

/* The signals Breather handles: HUP, USR1, USR2, TERM, INT, SIGRTMIN+1 (the bar's right
   click) and SIGRTMIN+2 (a scroll up). An entry in cprocess.c's .preinit_array blocks them as the binary starts, before Swift's main. */
void cprocess_handled_signals(sigset_t *set);

/* Lets them through again, for the commands that handle none (one-shot, config, aqi): a
   SIGTERM pending since start ends the process then, as it would have without the block. */
void cprocess_unblock_handled_signals(void);

#endif
