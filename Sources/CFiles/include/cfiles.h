#ifndef CFILES_H
#define CFILES_H

/* File-system calls Swift's Glibc module leaves out (it is built without _GNU_SOURCE). Used by
   BreatherIO's AtomicFile only. */

/* Swaps the two paths atomically (renameat2 with RENAME_EXCHANGE; both must exist, on one file
   system). 0 on success, else -1 with errno set: EINVAL or ENOSYS where the file system or
   kernel cannot, ENOENT when either path is missing. */
int cfiles_exchange(const char *first, const char *second);

#endif
