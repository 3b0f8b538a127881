#ifndef BREATHER_CCURL_SHIM_H
#define BREATHER_CCURL_SHIM_H
#include <curl/curl.h>

/* Swift cannot call the variadic curl_easy_setopt/curl_easy_getinfo, so each argument type
   gets a typed wrapper. */
static inline CURLcode ccurl_setopt_long(CURL *handle, CURLoption option, long value) {
    return curl_easy_setopt(handle, option, value);
}
static inline CURLcode ccurl_setopt_string(CURL *handle, CURLoption option, const char *value) {
    return curl_easy_setopt(handle, option, value);
}
static inline CURLcode ccurl_setopt_pointer(CURL *handle, CURLoption option, void *value) {
    return curl_easy_setopt(handle, option, value);
}
static inline CURLcode ccurl_setopt_off_t(CURL *handle, CURLoption option, curl_off_t value) {
    return curl_easy_setopt(handle, option, value);
}
static inline CURLcode ccurl_setopt_slist(CURL *handle, CURLoption option, struct curl_slist *value) {
    return curl_easy_setopt(handle, option, value);
}
typedef size_t (*ccurl_data_callback)(char *data, size_t size, size_t count, void *context);
static inline CURLcode ccurl_setopt_data_callback(CURL *handle, CURLoption option, ccurl_data_callback callback) {
    return curl_easy_setopt(handle, option, callback);
}
static inline CURLcode ccurl_getinfo_long(CURL *handle, CURLINFO info, long *value) {
    return curl_easy_getinfo(handle, info, value);
}
#endif
