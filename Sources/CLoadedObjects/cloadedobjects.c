// In C because Swift's Glibc module does not import <link.h>, where dl_iterate_phdr and
// struct dl_phdr_info are declared.
#define _GNU_SOURCE
#include <link.h>
#include <stddef.h>
#include "cloadedobjects.h"

struct counts { unsigned long long adds, subs; };

static int first_object(struct dl_phdr_info *info, size_t size, void *data) {
    struct counts *counts = data;
    // dlpi_adds and dlpi_subs exist when the loader's structure reaches them (glibc 2.4+).
    if (size >= offsetof(struct dl_phdr_info, dlpi_subs) + sizeof info->dlpi_subs) {
        counts->adds = info->dlpi_adds;
        counts->subs = info->dlpi_subs;
    }
    return 1;  // the counts are the same for every object: stop at the first
}

void cloadedobjects_counts(unsigned long long *adds, unsigned long long *subs) {
    struct counts counts = { 0, 0 };
    dl_iterate_phdr(first_object, &counts);
    *adds = counts.adds;
    *subs = counts.subs;
}
