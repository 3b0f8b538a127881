#ifndef CLOADEDOBJECTS_H
#define CLOADEDOBJECTS_H

/// How many objects (the program, libraries) the dynamic loader has loaded and unloaded since
/// the process started (dl_iterate_phdr(3)'s dlpi_adds and dlpi_subs): when neither has moved,
/// the process's code mappings are those of the last look. No system call.
void cloadedobjects_counts(unsigned long long *adds, unsigned long long *subs);

#endif
