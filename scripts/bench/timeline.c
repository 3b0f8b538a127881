/* LD_PRELOAD shim for `scripts/bench/bench.sh --timeline`: timestamps the library calls that mark a
   one-shot run's phases (opening the config and the store, loading libcurl, the engine's
   thread, connecting, each request and reply, writing the store and stdout) and prints them,
   one "MS EVENT DETAIL" line each on stderr, when the program calls _exit. Times are in ms
   since this library's constructor, which runs after the loader has mapped the program and
   before the program's own initialisers. Each hook costs well under a microsecond; uprobes
   (`perf probe`) cost tens, and perf's tracking of every mmap stretched libcurl's load by 30 %. */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

enum { capacity = 64 };
static double start;
static double stamps[capacity];
static char events[capacity][80];
static int count;

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

/* Claims its slot atomically: libcurl's thread marks too. */
static void mark(const char *event, const char *detail) {
    int slot = __atomic_fetch_add(&count, 1, __ATOMIC_RELAXED);
    if (slot >= capacity) return;
    stamps[slot] = now() - start;
    snprintf(events[slot], sizeof events[slot], "%s %s", event, detail);
}

__attribute__((constructor)) static void begin(void) { start = now(); }

#define NEXT(name) ((__typeof__(&name))dlsym(RTLD_NEXT, #name))

/* Swift's Glibc calls open; glibc's own callers may use open64. The mode is there only with
   O_CREAT or O_TMPFILE. */
#define OPEN_HOOK(name)                                                 \
    int name(const char *path, int flags, ...) {                        \
        int mode = 0;                                                   \
        if (flags & (O_CREAT | O_TMPFILE)) {                            \
            va_list rest;                                               \
            va_start(rest, flags);                                      \
            mode = va_arg(rest, int);                                   \
            va_end(rest);                                               \
        }                                                               \
        mark("open", path);                                             \
        return NEXT(name)(path, flags, mode);                           \
    }
OPEN_HOOK(open)
OPEN_HOOK(open64)

void *dlopen(const char *file, int mode) {
    mark("dlopen", file ? file : "");
    void *handle = NEXT(dlopen)(file, mode);
    mark("dlopen-done", file ? file : "");
    return handle;
}

int pthread_create(pthread_t *thread, const pthread_attr_t *attributes, void *(*body)(void *), void *argument) {
    mark("thread", "");
    return NEXT(pthread_create)(thread, attributes, body, argument);
}

int connect(int socket, const struct sockaddr *address, socklen_t length) {
    mark("connect", "");
    return NEXT(connect)(socket, address, length);
}

ssize_t send(int socket, const void *buffer, size_t length, int flags) {
    /* libcurl sends each request with send(); its wake-up byte is a 1-byte send. */
    mark(length > 1 ? "request" : "wake-up", "");
    return NEXT(send)(socket, buffer, length, flags);
}

ssize_t recv(int socket, void *buffer, size_t length, int flags) {
    ssize_t received = NEXT(recv)(socket, buffer, length, flags);
    if (received > 1) mark("reply", "");
    return received;
}

ssize_t write(int fd, const void *buffer, size_t length) {
    mark(fd == 1 ? "stdout" : "write", "");
    return NEXT(write)(fd, buffer, length);
}

void _exit(int status) {
    mark("_exit", "");
    int marked = count < capacity ? count : capacity;
    for (int i = 0; i < marked; i++) fprintf(stderr, "%.3f %s\n", stamps[i], events[i]);
    NEXT(_exit)(status);
    __builtin_unreachable();
}
