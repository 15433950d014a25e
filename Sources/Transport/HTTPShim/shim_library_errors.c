// libmicrohttpd answers some requests by itself, before the shim sees them, with fixed HTML bodies: a request line
// or headers too big for the connection's memory (414, 431), a malformed request line, Content-Length or chunk
// (400), a chunk size past 2^64 (413), an unknown HTTP version (505). No option or callback replaces those bodies
// (0.9.75 builds them in transmit_error_response from string constants), but it queues them through its own
// exported MHD_queue_response, called through the PLT. On ELF systems the executable's definition of a symbol
// comes first, so the function below sees every response before libmicrohttpd does: the shim's own answers pass
// through unchanged, and each of libmicrohttpd's is replaced by the handler's answer to a refusal with the same
// status, which is the API generation's JSON error. On the portable path (macOS' two-level namespace binds the
// library's calls to its own functions, so nothing can come first) this file only queues, and the gate
// (shim_gate.c, shim_relay.c) answers those refusals before libmicrohttpd reads the bytes they would refuse.

#define _GNU_SOURCE  // For RTLD_NEXT.
#include "shim_internal.h"

#include <string.h>

#if !SHIM_LINUX_PATH
enum MHD_Result shim_queue(struct MHD_Connection *connection, unsigned int status, struct MHD_Response *response) {
    return MHD_queue_response(connection, status, response);
}
#else
#include <dlfcn.h>

typedef enum MHD_Result (*queue_function)(struct MHD_Connection *, unsigned int, struct MHD_Response *);

static _Thread_local bool queuing_own_answer;

static queue_function library_queue(void) {
    static _Atomic(queue_function) found;
    queue_function queue = atomic_load(&found);
    if (queue == NULL) {
        queue = (queue_function)dlsym(RTLD_NEXT, "MHD_queue_response");
        atomic_store(&found, queue);
    }
    return queue;
}

static bool has_bad_content_length(struct MHD_Connection *connection) {
    const char *length = MHD_lookup_connection_value(connection, MHD_HEADER_KIND, MHD_HTTP_HEADER_CONTENT_LENGTH);
    return length != NULL && shim_is_bad_content_length(length, strlen(length));
}

enum MHD_Result shim_queue(struct MHD_Connection *connection, unsigned int status, struct MHD_Response *response) {
    queuing_own_answer = true;
    enum MHD_Result queued = library_queue()(connection, status, response);
    queuing_own_answer = false;
    return queued;
}

enum MHD_Result MHD_queue_response(struct MHD_Connection *connection, unsigned int status,
                                   struct MHD_Response *response) {
    struct http_shim_server *server = queuing_own_answer ? NULL : shim_server_of(connection);
    if (server == NULL) return library_queue()(connection, status, response);
    if ((status == 400 || status == 413) && has_bad_content_length(connection)) {
        // Queued, this answer would go out with its header block twice; refused, libmicrohttpd closes the
        // connection, and the shim sends its own answer then (shim_close_answers.c).
        shim_owe_own_answer(connection, SHIM_BAD_CONTENT_LENGTH);
        return MHD_NO;
    }
    // libmicrohttpd destroys its own response after this returns; the replacement is queued in its place, or the
    // library's own when no replacement could be made.
    if (shim_answer_refusal(server, connection, status) == MHD_YES) return MHD_YES;
    return library_queue()(connection, status, response);
}
#endif
