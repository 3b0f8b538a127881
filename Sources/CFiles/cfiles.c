#define _GNU_SOURCE
#include "cfiles.h"

#include <fcntl.h>
#include <stdio.h>

int cfiles_exchange(const char *first, const char *second) {
    return renameat2(AT_FDCWD, first, AT_FDCWD, second, RENAME_EXCHANGE);
}
