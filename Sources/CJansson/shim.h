#ifndef BREATHER_CJANSSON_SHIM_H
#define BREATHER_CJANSSON_SHIM_H
#include <stdlib.h>
#include <jansson.h>

/* Swift cannot call jansson's function-like macros (json_typeof, json_is_*,
 * JSON_INDENT, JSON_REAL_PRECISION), so BreatherJSON goes through these typed
 * wrappers. Only BreatherJSON imports this module. */

/* json_typeof is a macro reading the struct field directly. */
static inline json_type cjansson_typeof(const json_t *json) {
    return json_typeof(json);
}

/* Decoding flags: accept any top-level value (IQAir sometimes answers with a
 * bare string) and strings with embedded NULs (read back with
 * json_string_length). A NULL buffer (empty Swift buffer) becomes "". */
static inline json_t *cjansson_loadb(const char *buffer, size_t length, json_error_t *error) {
    return json_loadb(buffer ? buffer : "", length, JSON_DECODE_ANY | JSON_ALLOW_NUL, error);
}

/* Encoding flags: any top-level value, keys in insertion order, UTF-8 output
 * (no JSON_ENSURE_ASCII), 15 significant digits so 12.3 prints as 12.3 rather
 * than 12.300000000000001. pretty != 0 indents by 2, otherwise compact. */
static inline char *cjansson_dumps(const json_t *json, int pretty) {
    size_t flags = JSON_ENCODE_ANY | JSON_PRESERVE_ORDER | JSON_REAL_PRECISION(15);
    flags |= pretty ? JSON_INDENT(2) : JSON_COMPACT;
    return json_dumps(json, flags);
}

/* json_dumps allocates with jansson's default allocator, which is malloc. */
static inline void cjansson_free(void *pointer) {
    free(pointer);
}

/* json_error_t.text is a fixed char array that Swift imports as a tuple. */
static inline const char *cjansson_error_text(const json_error_t *error) {
    return error->text;
}

#endif
