#define _GNU_SOURCE
#include "cmosquitto.h"
#include "cloader.h"
#include <dlfcn.h>
#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* Every libmosquitto function Breather calls, with its real prototype. */
static struct {
    int (*lib_init)(void);
    const char *(*strerror)(int);
    const char *(*connack_string)(int);
    struct mosquitto *(*new_client)(const char *, bool, void *);
    void (*destroy)(struct mosquitto *);
    void (*user_data_set)(struct mosquitto *, void *);
    int (*threaded_set)(struct mosquitto *, bool);
    int (*int_option)(struct mosquitto *, enum mosq_opt_t, int);
    int (*username_pw_set)(struct mosquitto *, const char *, const char *);
    int (*will_set)(struct mosquitto *, const char *, int, const void *, int, bool);
    int (*tls_set)(struct mosquitto *, const char *, const char *, const char *, const char *, int (*)(char *, int, int, void *));
    int (*connect_async)(struct mosquitto *, const char *, int, int);
    int (*reconnect_async)(struct mosquitto *);
    int (*disconnect)(struct mosquitto *);
    int (*loop)(struct mosquitto *, int, int);
    int (*publish)(struct mosquitto *, int *, const char *, int, const void *, int, bool);
    int (*subscribe)(struct mosquitto *, int *, const char *, int);
    void (*connect_callback_set)(struct mosquitto *, void (*)(struct mosquitto *, void *, int));
    void (*disconnect_callback_set)(struct mosquitto *, void (*)(struct mosquitto *, void *, int));
    void (*message_callback_set)(struct mosquitto *, void (*)(struct mosquitto *, void *, const struct mosquitto_message *));
    void (*log_callback_set)(struct mosquitto *, void (*)(struct mosquitto *, void *, int, const char *));
} mosq;

static pthread_mutex_t load_lock = PTHREAD_MUTEX_INITIALIZER;
static void *library;

int cmosq_load(const char *soname, char *error, size_t error_size) {
    pthread_mutex_lock(&load_lock);
    if (library) { pthread_mutex_unlock(&load_lock); return 0; }
    __typeof__(mosq) resolved;
    const struct cloader_symbol symbols[] = {
        {"mosquitto_lib_init", (void **)&resolved.lib_init},
        {"mosquitto_strerror", (void **)&resolved.strerror},
        {"mosquitto_connack_string", (void **)&resolved.connack_string},
        {"mosquitto_new", (void **)&resolved.new_client},
        {"mosquitto_destroy", (void **)&resolved.destroy},
        {"mosquitto_user_data_set", (void **)&resolved.user_data_set},
        {"mosquitto_threaded_set", (void **)&resolved.threaded_set},
        {"mosquitto_int_option", (void **)&resolved.int_option},
        {"mosquitto_username_pw_set", (void **)&resolved.username_pw_set},
        {"mosquitto_will_set", (void **)&resolved.will_set},
        {"mosquitto_tls_set", (void **)&resolved.tls_set},
        {"mosquitto_connect_async", (void **)&resolved.connect_async},
        {"mosquitto_reconnect_async", (void **)&resolved.reconnect_async},
        {"mosquitto_disconnect", (void **)&resolved.disconnect},
        {"mosquitto_loop", (void **)&resolved.loop},
        {"mosquitto_publish", (void **)&resolved.publish},
        {"mosquitto_subscribe", (void **)&resolved.subscribe},
        {"mosquitto_connect_callback_set", (void **)&resolved.connect_callback_set},
        {"mosquitto_disconnect_callback_set", (void **)&resolved.disconnect_callback_set},
        {"mosquitto_message_callback_set", (void **)&resolved.message_callback_set},
        {"mosquitto_log_callback_set", (void **)&resolved.log_callback_set}
    };
    void *handle;
    /* mosquitto_int_option (MOSQ_OPT_TLS_USE_OS_CERTS) needs libmosquitto 2.0 or later. */
    if (cloader_open(soname, symbols, sizeof symbols / sizeof symbols[0], "libmosquitto 2.0 or later is needed",
                     &handle, error, error_size) != 0) {
        pthread_mutex_unlock(&load_lock);
        return -1;
    }
    int rc = resolved.lib_init();
    if (rc != MOSQ_ERR_SUCCESS) {
        snprintf(error, error_size, "mosquitto_lib_init failed (%s)", resolved.strerror(rc));
        dlclose(handle);
        pthread_mutex_unlock(&load_lock);
        return -1;
    }
    mosq = resolved;
    library = handle;
    pthread_mutex_unlock(&load_lock);
    return 0;
}

const char *cmosq_strerror(int rc) { return mosq.strerror(rc); }
const char *cmosq_connack_string(int reason) { return mosq.connack_string(reason); }

struct mosquitto *cmosq_new(const char *client_id) {
    /* A clean session: Breather's subscriptions are renewed on every connect. */
    struct mosquitto *client = mosq.new_client(client_id, true, NULL);
    if (!client) return NULL;
    mosq.threaded_set(client, true);
    mosq.int_option(client, MOSQ_OPT_PROTOCOL_VERSION, MQTT_PROTOCOL_V311);
    return client;
}

void cmosq_destroy(struct mosquitto *client) { mosq.destroy(client); }
void cmosq_set_context(struct mosquitto *client, void *context) { mosq.user_data_set(client, context); }
int cmosq_username_pw_set(struct mosquitto *client, const char *username, const char *password) {
    return mosq.username_pw_set(client, username, password);
}
int cmosq_will_set(struct mosquitto *client, const char *topic, int length, const void *payload, int qos, bool retain) {
    return mosq.will_set(client, topic, length, payload, qos, retain);
}
int cmosq_tls_set(struct mosquitto *client, const char *ca_file) {
    if (!ca_file) {
        /* OpenSSL's default verify paths (the system store). mosquitto_tls_set still insists
           on a CA file or folder: Debian's store folder, the same certificates. */
        int rc = mosq.int_option(client, MOSQ_OPT_TLS_USE_OS_CERTS, 1);
        if (rc != MOSQ_ERR_SUCCESS) return rc;
        return mosq.tls_set(client, NULL, "/etc/ssl/certs", NULL, NULL, NULL);
    }
    return mosq.tls_set(client, ca_file, NULL, NULL, NULL, NULL);
}
int cmosq_publish(struct mosquitto *client, const char *topic, int length, const void *payload, int qos, bool retain) {
    return mosq.publish(client, NULL, topic, length, payload, qos, retain);
}
int cmosq_subscribe(struct mosquitto *client, const char *filter, int qos) { return mosq.subscribe(client, NULL, filter, qos); }

void cmosq_set_callbacks(struct mosquitto *client, cmosq_connect_callback on_connect, cmosq_disconnect_callback on_disconnect,
                         cmosq_message_callback on_message, cmosq_log_callback on_log) {
    mosq.connect_callback_set(client, on_connect);
    mosq.disconnect_callback_set(client, on_disconnect);
    mosq.message_callback_set(client, on_message);
    mosq.log_callback_set(client, on_log);
}

struct cmosq_runner {
    struct mosquitto *client;
    char *host;
    int port, keepalive;
    double first_retry, max_retry, retry;
    cmosq_status_callback on_status;
    void *context;
    pthread_t thread;
    pthread_mutex_t lock;
    pthread_cond_t wake;   /* CLOCK_MONOTONIC */
    bool stopping, finished;
};

static struct timespec after(double seconds) {
    struct timespec deadline;
    clock_gettime(CLOCK_MONOTONIC, &deadline);
    long long nanoseconds = deadline.tv_nsec + (long long)(seconds * 1e9);
    deadline.tv_sec += (time_t)(nanoseconds / 1000000000LL);
    deadline.tv_nsec = (long)(nanoseconds % 1000000000LL);
    return deadline;
}

static bool is_stopping(cmosq_runner *runner) {
    pthread_mutex_lock(&runner->lock);
    bool stopping = runner->stopping;
    pthread_mutex_unlock(&runner->lock);
    return stopping;
}

static void *run(void *argument) {
    cmosq_runner *runner = argument;
    /* Name resolution and the TCP connect start here, off the caller's thread. */
    int rc = mosq.connect_async(runner->client, runner->host, runner->port, runner->keepalive);
    while (!is_stopping(runner)) {
        /* One select per call, bounded by the keepalive: an idle connection wakes only to ping.
           A stop queues DISCONNECT; once it is written the socket is closed and the next call
           returns MOSQ_ERR_NO_CONN at once, so the goodbye (and any publish before it) goes out. */
        while (rc == MOSQ_ERR_SUCCESS)
            rc = mosq.loop(runner->client, runner->keepalive * 1000, 1);
        int error_number = errno;
        pthread_mutex_lock(&runner->lock);
        double wait = runner->retry;
        runner->retry = runner->retry * 2 > runner->max_retry ? runner->max_retry : runner->retry * 2;
        bool stopping = runner->stopping;
        pthread_mutex_unlock(&runner->lock);
        if (stopping) break;
        runner->on_status(runner->context, rc, error_number, wait);
        struct timespec deadline = after(wait);
        pthread_mutex_lock(&runner->lock);
        while (!runner->stopping && pthread_cond_timedwait(&runner->wake, &runner->lock, &deadline) != ETIMEDOUT) {}
        stopping = runner->stopping;
        pthread_mutex_unlock(&runner->lock);
        if (stopping) break;
        rc = mosq.reconnect_async(runner->client);
    }
    pthread_mutex_lock(&runner->lock);
    runner->finished = true;
    pthread_cond_broadcast(&runner->wake);
    pthread_mutex_unlock(&runner->lock);
    return NULL;
}

cmosq_runner *cmosq_runner_start(struct mosquitto *client, const char *host, int port, int keepalive,
                                 double first_retry_seconds, double max_retry_seconds,
                                 cmosq_status_callback on_status, void *context) {
    cmosq_runner *runner = calloc(1, sizeof *runner);
    if (!runner) return NULL;
    runner->host = strdup(host);
    runner->client = client;
    runner->port = port;
    runner->keepalive = keepalive;
    runner->first_retry = runner->retry = first_retry_seconds;
    runner->max_retry = max_retry_seconds;
    runner->on_status = on_status;
    runner->context = context;
    pthread_mutex_init(&runner->lock, NULL);
    pthread_condattr_t attributes;
    pthread_condattr_init(&attributes);
    pthread_condattr_setclock(&attributes, CLOCK_MONOTONIC);
    pthread_cond_init(&runner->wake, &attributes);
    pthread_condattr_destroy(&attributes);
    if (!runner->host || pthread_create(&runner->thread, NULL, run, runner) != 0) {
        free(runner->host);
        free(runner);
        return NULL;
    }
    pthread_setname_np(runner->thread, "mqtt loop");
    return runner;
}

void cmosq_runner_connected(cmosq_runner *runner) {
    pthread_mutex_lock(&runner->lock);
    runner->retry = runner->first_retry;
    pthread_mutex_unlock(&runner->lock);
}

void cmosq_runner_stop(cmosq_runner *runner) {
    pthread_mutex_lock(&runner->lock);
    runner->stopping = true;
    pthread_cond_broadcast(&runner->wake);
    pthread_mutex_unlock(&runner->lock);
    /* Queues DISCONNECT behind any publish and wakes the loop; when not connected it only
       marks the client disconnected. */
    mosq.disconnect(runner->client);
    /* A connect still pending to a silent host would hold the loop in select for up to a
       keepalive: give the goodbye 2 s, then cancel the thread (select is a cancellation
       point, where the loop holds no lock), as mosquitto_loop_stop(force) does. */
    struct timespec deadline = after(2);
    pthread_mutex_lock(&runner->lock);
    while (!runner->finished && pthread_cond_timedwait(&runner->wake, &runner->lock, &deadline) != ETIMEDOUT) {}
    bool finished = runner->finished;
    pthread_mutex_unlock(&runner->lock);
    if (!finished) pthread_cancel(runner->thread);
    pthread_join(runner->thread, NULL);
    pthread_cond_destroy(&runner->wake);
    pthread_mutex_destroy(&runner->lock);
    free(runner->host);
    free(runner);
}
