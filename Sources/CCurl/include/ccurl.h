#ifndef BREATHER_CCURL_H
#define BREATHER_CCURL_H
/* libcurl, loaded at first use with dlopen("libcurl.so.4") rather than linked: its dependency
   tree (gnutls or openssl, krb5, ldap, ssh2, rtmp, ...) cost ~80 % of a cached one-shot's run
   time, and --version, --help, config, aqi and a cache-answered run never make a request.
   curl/curl.h supplies the types and constants only; every call goes through a function
   pointer resolved by dlsym, behind the typed ccurl_* functions below (Swift cannot call
   curl's variadic setopt/getinfo). Calling any ccurl_* function other than ccurl_load before
   a successful ccurl_load is a programming error. */
#include <stddef.h>
#include <time.h>
#include <curl/curl.h>

/* Loads `soname` and resolves every function Breather uses. 0 on success (or when already
   loaded); -1 with a one-line reason in `error` otherwise, leaving nothing loaded. Thread-safe. */
int ccurl_load(const char *soname, char *error, size_t error_size);

CURLcode ccurl_global_init(long flags);
const curl_version_info_data *ccurl_version_info(void);
const char *ccurl_easy_strerror(CURLcode code);
time_t ccurl_getdate(const char *text);
struct curl_slist *ccurl_slist_append(struct curl_slist *list, const char *text);
void ccurl_slist_free_all(struct curl_slist *list);

CURL *ccurl_easy_init(void);
void ccurl_easy_cleanup(CURL *handle);
CURLcode ccurl_setopt_long(CURL *handle, CURLoption option, long value);
CURLcode ccurl_setopt_string(CURL *handle, CURLoption option, const char *value);
CURLcode ccurl_setopt_pointer(CURL *handle, CURLoption option, void *value);
CURLcode ccurl_setopt_off_t(CURL *handle, CURLoption option, curl_off_t value);
typedef size_t (*ccurl_data_callback)(char *data, size_t size, size_t count, void *context);
CURLcode ccurl_setopt_data_callback(CURL *handle, CURLoption option, ccurl_data_callback callback);
CURLcode ccurl_getinfo_long(CURL *handle, CURLINFO info, long *value);

/* One multi handle drives every transfer of the process on one thread, which gives
   concurrency without a thread per request and a connection pool shared by all requests. */
CURLM *ccurl_multi_init(void);
CURLMcode ccurl_multi_setopt_long(CURLM *multi, CURLMoption option, long value);
CURLMcode ccurl_multi_add_handle(CURLM *multi, CURL *handle);
CURLMcode ccurl_multi_remove_handle(CURLM *multi, CURL *handle);
CURLMcode ccurl_multi_perform(CURLM *multi, int *running);
CURLMcode ccurl_multi_poll(CURLM *multi, int timeout_ms);
CURLMcode ccurl_multi_wakeup(CURLM *multi);
/* The next finished transfer: returns its easy handle and sets *result, or NULL when none. */
CURL *ccurl_multi_next_done(CURLM *multi, CURLcode *result);
const char *ccurl_multi_strerror(CURLMcode code);
#endif
