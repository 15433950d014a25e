// The gate's judgement of raw request bytes before libmicrohttpd reads them (shim_gate.c, and shim_relay.c on the
// portable path): which requests libmicrohttpd would refuse by itself with its own HTML, and where a request's head
// and body end. It judges only by the rules both libmicrohttpd 0.9.75 and 1.0 apply (their sources, connection.c),
// so a request it lets through is answered exactly as before, and a refusal is the answer the Linux path gives
// for the same bytes (its interposition of MHD_queue_response, or its close-time answers).
//
// Nothing here allocates or keeps state: every function looks at the bytes it is given, and says SHIM_JUDGE_WAIT
// when they do not say enough yet.

#include "shim_internal.h"

#include <ctype.h>
#include <string.h>
#include <strings.h>

// The first of `needle` in bytes [from, end), or NULL.
static const char *find(const char *from, const char *end, const char *needle) {
    size_t length = strlen(needle);
    for (const char *at = from; at + length <= end; at++) {
        if (memcmp(at, needle, length) == 0) return at;
    }
    return NULL;
}

// The version after the request line's last space: 1.0 and 1.1 are served; another major version is 505 (both
// libraries); anything that does not start with "HTTP/" is a malformed request line (400). Any other HTTP/1.x
// spelling is left to libmicrohttpd.
static shim_own_answer_kind judge_version(const char *version, const char *end) {
    size_t length = (size_t)(end - version);
    if (length < 5 || memcmp(version, "HTTP/", 5) != 0) return SHIM_MALFORMED_REQUEST;
    bool shaped = length == 8 && version[5] >= '0' && version[5] <= '9' && version[6] == '.' && version[7] >= '0' &&
                  version[7] <= '9';
    if (shaped && version[5] != '1' && version[5] != '0') return SHIM_VERSION_NOT_SUPPORTED;
    return SHIM_NO_OWN_ANSWER;
}

// A header line's value without the whitespace around it, when the line is `name: value` (name in any case).
static bool header_value(const char *line, const char *end, const char *name, const char **value, size_t *length) {
    size_t name_length = strlen(name);
    if ((size_t)(end - line) <= name_length || strncasecmp(line, name, name_length) != 0 || line[name_length] != ':') {
        return false;
    }
    const char *start = line + name_length + 1;
    while (start < end && (*start == ' ' || *start == '\t')) start++;
    while (end > start && (end[-1] == ' ' || end[-1] == '\t' || end[-1] == '\r')) end--;
    *value = start;
    *length = (size_t)(end - start);
    return true;
}

// A Content-Length that shim_is_bad_content_length let through (digits, at most 2^64 - 1) as a number.
static uint64_t length_value(const char *digits, size_t length) {
    uint64_t value = 0;
    for (size_t index = 0; index < length; index++) value = value * 10 + (uint64_t)(digits[index] - '0');
    return value;
}

int shim_judge_head(const char *bytes, size_t length, size_t limit, bool answer_unreadable,
                    shim_request_framing *framing) {
    const char *end = bytes + length;
    *framing = (shim_request_framing){.head_length = 0, .chunked = false, .content_length = 0};
    if (length == 0) return SHIM_JUDGE_WAIT;
    if (bytes[0] == '\0') return SHIM_UNREADABLE_REQUEST;  // 0.9.75 waits for more; 1.0 closes: both unanswered.
    if (bytes[0] == '\r' || bytes[0] == '\n') return SHIM_NO_OWN_ANSWER;  // Empty lines first: the library's rules.
    const char *line_end = memchr(bytes, '\n', length);
    size_t line_length = line_end != NULL ? (size_t)(line_end - bytes) + 1 : length;
    if (line_length + SHIM_ANSWER_HEADER_RESERVE > limit) return SHIM_REQUEST_LINE_TOO_LONG;
    if (line_end == NULL) return SHIM_JUDGE_WAIT;

    const char *last = line_end > bytes && line_end[-1] == '\r' ? line_end - 1 : line_end;
    const char *first_space = memchr(bytes, ' ', (size_t)(last - bytes));
    // Without a space libmicrohttpd closes without a word; on a connection's first request the Linux path answers
    // that at close (shim_close_answers.c), which the relay cannot (it counts received bytes on the TCP socket).
    if (first_space == NULL) return answer_unreadable ? SHIM_UNREADABLE_REQUEST : SHIM_NO_OWN_ANSWER;
    const char *last_space = last;
    while (last_space > bytes && last_space[-1] != ' ') last_space--;
    // A method and a target without a version: both libraries refuse it as a malformed request line.
    if (last_space - 1 == first_space) return SHIM_MALFORMED_REQUEST;
    shim_own_answer_kind version = judge_version(last_space, last);
    if (version != SHIM_NO_OWN_ANSWER) return version;

    const char *blank = find(line_end, end, "\n\r\n");
    const char *bare_blank = find(line_end, end, "\n\n");
    if (blank == NULL || (bare_blank != NULL && bare_blank < blank)) blank = bare_blank;
    const char *head_end = blank != NULL ? blank + (blank[1] == '\r' ? 3 : 2) : end;
    if ((size_t)(head_end - bytes) + SHIM_ANSWER_HEADER_RESERVE > limit) return SHIM_HEADERS_TOO_LARGE;
    if (blank == NULL) return SHIM_JUDGE_WAIT;

    // The first Content-Length and Transfer-Encoding count, as libmicrohttpd looks each up by name.
    bool seen_length = false, seen_coding = false;
    for (const char *line = line_end + 1; line < blank + 1;) {
        const char *next = memchr(line, '\n', (size_t)(blank + 1 - line));
        const char *value;
        size_t value_length;
        if (!seen_length && header_value(line, next, MHD_HTTP_HEADER_CONTENT_LENGTH, &value, &value_length)) {
            seen_length = true;
            if (shim_is_bad_content_length(value, value_length)) return SHIM_BAD_CONTENT_LENGTH;
            while (value_length > 1 && *value == '0') {
                value++;
                value_length--;
            }
            // 1.0 takes 2^64 - 1 for "unknown" and refuses it itself; as large as it gets, it is too large.
            if (value_length == 20 && memcmp(value, "18446744073709551615", 20) == 0) return SHIM_BODY_TOO_LARGE;
            framing->content_length = length_value(value, value_length);
        }
        if (!seen_coding && header_value(line, next, MHD_HTTP_HEADER_TRANSFER_ENCODING, &value, &value_length)) {
            seen_coding = true;
            framing->chunked = value_length == 7 && strncasecmp(value, "chunked", 7) == 0;
            // 1.0 refuses any other coding itself; the shim refuses it too (http_shim.c), in the same words.
            if (!framing->chunked) return SHIM_UNSUPPORTED_TRANSFER_CODING;
        }
        line = next + 1;
    }
    if (framing->chunked) framing->content_length = 0;  // Chunks delimit the body; a Content-Length beside is ignored.
    framing->head_length = (size_t)(head_end - bytes);
    return SHIM_NO_OWN_ANSWER;
}

int shim_judge_chunk_line(const char *bytes, size_t length, size_t *line_length, uint64_t *size) {
    // As libmicrohttpd reads it: hex digits, then optionally ';' and an extension it skips, then CRLF or a bare LF.
    // The digits are judged as they come, so a bad one is refused before the line ends.
    const char *line_end = memchr(bytes, '\n', length);
    const char *scanned_end = line_end != NULL ? line_end : bytes + length;
    const char *semicolon = memchr(bytes, ';', (size_t)(scanned_end - bytes));
    const char *digits_end = semicolon != NULL ? semicolon : scanned_end;
    if (semicolon == NULL && digits_end > bytes && digits_end[-1] == '\r') digits_end--;
    // No digits before the line, its extension or its CR ended: refused at once, as libmicrohttpd does.
    bool ended = line_end != NULL || semicolon != NULL || digits_end != scanned_end;
    if (digits_end == bytes && ended) return SHIM_MALFORMED_REQUEST;
    uint64_t value = 0;
    bool overflowed = false;
    for (const char *digit = bytes; digit < digits_end; digit++) {
        // libmicrohttpd reads the hex digits first: past 2^64 in them is 413, whatever follows; else 400.
        if (!isxdigit((unsigned char)*digit)) return overflowed ? SHIM_CHUNK_TOO_LARGE : SHIM_MALFORMED_REQUEST;
        unsigned int nibble = isdigit((unsigned char)*digit) ? (unsigned int)(*digit - '0')
                                                             : (unsigned int)(tolower((unsigned char)*digit) - 'a' + 10);
        if (value > (UINT64_MAX >> 4)) overflowed = true;
        value = (value << 4) | nibble;
    }
    if (overflowed) return SHIM_CHUNK_TOO_LARGE;  // Even before the line ends, as libmicrohttpd judges it.
    if (line_end == NULL) return SHIM_JUDGE_WAIT;
    *line_length = (size_t)(line_end - bytes) + 1;
    *size = value;
    return SHIM_NO_OWN_ANSWER;
}
