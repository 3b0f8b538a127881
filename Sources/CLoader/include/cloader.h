#ifndef BREATHER_CLOADER_H
#define BREATHER_CLOADER_H
/* The one loader of the libraries Breather opens with dlopen at first use rather than links
   (libcurl, libmosquitto: their dependency trees cost most of a run that never needs them).
   Each caller keeps its own table of typed function pointers and its own once-only policy. */
#include <stddef.h>

/* One function to resolve: its name and where its address goes. */
struct cloader_symbol {
    const char *name;
    void **slot;
};

/* Opens `soname` (RTLD_LAZY | RTLD_LOCAL: its own dependencies bind when first called) and
   resolves every symbol into its slot. 0 with the handle in *handle; -1 with a one-line reason
   in `error` ("SONAME has no NAME (NEEDS)" when a function is missing), nothing left open and no
   slot written. */
int cloader_open(const char *soname, const struct cloader_symbol *symbols, size_t count, const char *needs,
                 void **handle, char *error, size_t error_size);

#endif
