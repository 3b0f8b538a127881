#include "cloader.h"
#include <dlfcn.h>
#include <stdio.h>

int cloader_open(const char *soname, const struct cloader_symbol *symbols, size_t count, const char *needs,
                 void **handle, char *error, size_t error_size) {
    void *opened = dlopen(soname, RTLD_LAZY | RTLD_LOCAL);
    if (!opened) {
        snprintf(error, error_size, "%s", dlerror());
        return -1;
    }
    /* Every address first, then the slots: a library lacking one function changes nothing. */
    void *found[count ? count : 1];
    for (size_t i = 0; i < count; i++) {
        found[i] = dlsym(opened, symbols[i].name);
        if (!found[i]) {
            snprintf(error, error_size, "%s has no %s (%s)", soname, symbols[i].name, needs);
            dlclose(opened);
            return -1;
        }
    }
    for (size_t i = 0; i < count; i++) *symbols[i].slot = found[i];
    *handle = opened;
    return 0;
}
