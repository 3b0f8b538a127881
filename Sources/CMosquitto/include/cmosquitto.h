#ifndef BREATHER_CMOSQUITTO_H
#define BREATHER_CMOSQUITTO_H
/* libmosquitto, loaded at first use with dlopen("libmosquitto.so.1") rather than linked, like
   libcurl (Sources/CCurl): a one-shot, `config`, `aqi` or a daemon without [mqtt] never maps it
   (nor its OpenSSL). mosquitto.h supplies the types and constants only; every call goes through
   a function pointer resolved by dlsym. Calling any cmosq_* function other than cmosq_load
   before a successful cmosq_load is a programming error.

   The network loop runs on a thread of its own (cmosq_runner), which also reconnects with an
   exponential backoff: libmosquitto's own mosquitto_loop_start thread ends for good on a TLS
   error and spins every 10 ms while a first connect has not been attempted, and its backoff
   sleep cannot be interrupted to stop. The client is put in threaded mode
   (mosquitto_threaded_set) so publish and subscribe from other threads only queue the packet
   and wake the loop. */
#include <stdbool.h>
#include <stddef.h>
#include <mosquitto.h>

/* Loads libmosquitto and resolves every function Breather uses, then runs mosquitto_lib_init.
   0 on success (or when already loaded); -1 with a one-line reason in `error`. Thread-safe. */
int cmosq_load(const char *soname, char *error, size_t error_size);

const char *cmosq_strerror(int rc);
const char *cmosq_connack_string(int reason);
/* A clean-session MQTT 3.1.1 client in threaded mode; NULL when libmosquitto refuses the id. */
struct mosquitto *cmosq_new(const char *client_id);
void cmosq_destroy(struct mosquitto *mosq);
/* The pointer every callback receives as `context`. */
void cmosq_set_context(struct mosquitto *mosq, void *context);
int cmosq_username_pw_set(struct mosquitto *mosq, const char *username, const char *password);
int cmosq_will_set(struct mosquitto *mosq, const char *topic, int length, const void *payload, int qos, bool retain);
/* TLS with `ca_file`, or with the system's CA store when `ca_file` is NULL. Peer and host name
   verification stay on. */
int cmosq_tls_set(struct mosquitto *mosq, const char *ca_file);
int cmosq_publish(struct mosquitto *mosq, const char *topic, int length, const void *payload, int qos, bool retain);
int cmosq_subscribe(struct mosquitto *mosq, const char *filter, int qos);

typedef void (*cmosq_connect_callback)(struct mosquitto *, void *context, int reason);
typedef void (*cmosq_disconnect_callback)(struct mosquitto *, void *context, int rc);
typedef void (*cmosq_message_callback)(struct mosquitto *, void *context, const struct mosquitto_message *);
typedef void (*cmosq_log_callback)(struct mosquitto *, void *context, int level, const char *text);
void cmosq_set_callbacks(struct mosquitto *mosq, cmosq_connect_callback on_connect, cmosq_disconnect_callback on_disconnect,
                         cmosq_message_callback on_message, cmosq_log_callback on_log);

/* Called on the runner's thread each time a connection attempt or a connection ends: `rc` is a
   MOSQ_ERR_* code, `error_number` the errno when rc is MOSQ_ERR_ERRNO, `retry_seconds` the
   wait before the next attempt. */
typedef void (*cmosq_status_callback)(void *context, int rc, int error_number, double retry_seconds);

typedef struct cmosq_runner cmosq_runner;
/* Starts the thread: connects to host:port, runs the network loop, and after every failure
   waits first_retry_seconds, doubling up to max_retry_seconds (reset by a successful CONNACK:
   call cmosq_runner_connected). NULL when no thread could be started. */
cmosq_runner *cmosq_runner_start(struct mosquitto *mosq, const char *host, int port, int keepalive,
                                 double first_retry_seconds, double max_retry_seconds,
                                 cmosq_status_callback on_status, void *context);
/* The broker accepted the connection: the next failure waits the first retry again. */
void cmosq_runner_connected(cmosq_runner *runner);
/* Sends DISCONNECT (after any queued publish) when connected, wakes a backoff wait, joins the
   thread and frees the runner. At most `grace_seconds` pass before the socket is closed. */
void cmosq_runner_stop(cmosq_runner *runner);
#endif
