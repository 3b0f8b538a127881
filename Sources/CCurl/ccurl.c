#include "ccurl.h"
#include "cloader.h"
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>

/* Every libcurl function Breather calls, with its real prototype. */
static struct {
    CURLcode (*global_init)(long);
    curl_version_info_data *(*version_info)(CURLversion);
    const char *(*easy_strerror)(CURLcode);
    time_t (*getdate)(const char *, const time_t *);
    struct curl_slist *(*slist_append)(struct curl_slist *, const char *);
    void (*slist_free_all)(struct curl_slist *);
    CURL *(*easy_init)(void);
    void (*easy_cleanup)(CURL *);
    CURLcode (*easy_setopt)(CURL *, CURLoption, ...);
    CURLcode (*easy_getinfo)(CURL *, CURLINFO, ...);
    CURLM *(*multi_init)(void);
    CURLMcode (*multi_setopt)(CURLM *, CURLMoption, ...);
    CURLMcode (*multi_add_handle)(CURLM *, CURL *);
    CURLMcode (*multi_remove_handle)(CURLM *, CURL *);
    CURLMcode (*multi_perform)(CURLM *, int *);
    CURLMcode (*multi_poll)(CURLM *, struct curl_waitfd[], unsigned int, int, int *);
    CURLMcode (*multi_wakeup)(CURLM *);
    CURLMsg *(*multi_info_read)(CURLM *, int *);
    const char *(*multi_strerror)(CURLMcode);
} curl;

static pthread_mutex_t load_lock = PTHREAD_MUTEX_INITIALIZER;
static void *library;

int ccurl_load(const char *soname, char *error, size_t error_size) {
    /* Opened and resolved every time, so a bad soname fails even after the real one loaded
       (the tests rely on it); a second dlopen of a loaded library only counts a reference. */
    __typeof__(curl) resolved;
    const struct cloader_symbol symbols[] = {
        {"curl_global_init", (void **)&resolved.global_init},
        {"curl_version_info", (void **)&resolved.version_info},
        {"curl_easy_strerror", (void **)&resolved.easy_strerror},
        {"curl_getdate", (void **)&resolved.getdate},
        {"curl_slist_append", (void **)&resolved.slist_append},
        {"curl_slist_free_all", (void **)&resolved.slist_free_all},
        {"curl_easy_init", (void **)&resolved.easy_init},
        {"curl_easy_cleanup", (void **)&resolved.easy_cleanup},
        {"curl_easy_setopt", (void **)&resolved.easy_setopt},
        {"curl_easy_getinfo", (void **)&resolved.easy_getinfo},
        {"curl_multi_init", (void **)&resolved.multi_init},
        {"curl_multi_setopt", (void **)&resolved.multi_setopt},
        {"curl_multi_add_handle", (void **)&resolved.multi_add_handle},
        {"curl_multi_remove_handle", (void **)&resolved.multi_remove_handle},
        {"curl_multi_perform", (void **)&resolved.multi_perform},
        {"curl_multi_poll", (void **)&resolved.multi_poll},
        {"curl_multi_wakeup", (void **)&resolved.multi_wakeup},
        {"curl_multi_info_read", (void **)&resolved.multi_info_read},
        {"curl_multi_strerror", (void **)&resolved.multi_strerror}
    };
    void *handle;
    /* curl_multi_poll and curl_multi_wakeup need libcurl 7.68 or later. */
    if (cloader_open(soname, symbols, sizeof symbols / sizeof symbols[0], "libcurl 7.68 or later is needed",
                     &handle, error, error_size) != 0) return -1;
    pthread_mutex_lock(&load_lock);
    if (!library) {
        curl = resolved;
        library = handle;
    }
    pthread_mutex_unlock(&load_lock);
    return 0;
}

CURLcode ccurl_global_init(long flags) { return curl.global_init(flags); }
const curl_version_info_data *ccurl_version_info(void) { return curl.version_info(CURLVERSION_NOW); }
const char *ccurl_easy_strerror(CURLcode code) { return curl.easy_strerror(code); }
time_t ccurl_getdate(const char *text) { return curl.getdate(text, NULL); }
struct curl_slist *ccurl_slist_append(struct curl_slist *list, const char *text) { return curl.slist_append(list, text); }
void ccurl_slist_free_all(struct curl_slist *list) { curl.slist_free_all(list); }

CURL *ccurl_easy_init(void) { return curl.easy_init(); }
void ccurl_easy_cleanup(CURL *handle) { curl.easy_cleanup(handle); }
CURLcode ccurl_setopt_long(CURL *handle, CURLoption option, long value) { return curl.easy_setopt(handle, option, value); }
CURLcode ccurl_setopt_string(CURL *handle, CURLoption option, const char *value) { return curl.easy_setopt(handle, option, value); }
CURLcode ccurl_setopt_pointer(CURL *handle, CURLoption option, void *value) { return curl.easy_setopt(handle, option, value); }
CURLcode ccurl_setopt_off_t(CURL *handle, CURLoption option, curl_off_t value) { return curl.easy_setopt(handle, option, value); }
CURLcode ccurl_setopt_data_callback(CURL *handle, CURLoption option, ccurl_data_callback callback) {
    return curl.easy_setopt(handle, option, callback);
}
CURLcode ccurl_getinfo_long(CURL *handle, CURLINFO info, long *value) { return curl.easy_getinfo(handle, info, value); }

CURLM *ccurl_multi_init(void) { return curl.multi_init(); }
CURLMcode ccurl_multi_setopt_long(CURLM *multi, CURLMoption option, long value) { return curl.multi_setopt(multi, option, value); }
CURLMcode ccurl_multi_add_handle(CURLM *multi, CURL *handle) { return curl.multi_add_handle(multi, handle); }
CURLMcode ccurl_multi_remove_handle(CURLM *multi, CURL *handle) { return curl.multi_remove_handle(multi, handle); }
CURLMcode ccurl_multi_perform(CURLM *multi, int *running) { return curl.multi_perform(multi, running); }
CURLMcode ccurl_multi_poll(CURLM *multi, int timeout_ms) { return curl.multi_poll(multi, NULL, 0, timeout_ms, NULL); }
CURLMcode ccurl_multi_wakeup(CURLM *multi) { return curl.multi_wakeup(multi); }
CURL *ccurl_multi_next_done(CURLM *multi, CURLcode *result) {
    int left = 0;
    CURLMsg *message;
    while ((message = curl.multi_info_read(multi, &left))) {
        if (message->msg == CURLMSG_DONE) {
            *result = message->data.result;
            return message->easy_handle;
        }
    }
    return NULL;
}
const char *ccurl_multi_strerror(CURLMcode code) { return curl.multi_strerror(code); }
