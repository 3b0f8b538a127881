#ifndef BREATHER_CSQLITE_SHIM_H
#define BREATHER_CSQLITE_SHIM_H
#include <sqlite3.h>

/* Swift cannot use SQLite's destructor macros (SQLITE_TRANSIENT is a cast of -1 to a function
 * pointer), so text binds go through this wrapper: SQLite copies the bytes before it returns,
 * and nothing Swift owns outlives the call. Only BreatherStore imports this module. */
static inline int csqlite_bind_text(sqlite3_stmt *statement, int index, const char *text, int length) {
    return sqlite3_bind_text(statement, index, text, length, SQLITE_TRANSIENT);
}

#endif
