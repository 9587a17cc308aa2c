/*
 * libcurl, found at run time: Datebook reads subscribed calendars from http(s) addresses with
 * it, and only then. Nothing links against libcurl, so every other command starts as fast as
 * before and builds need no libcurl headers; a system without libcurl still reads local files.
 *
 * Only DatebookKit imports this module: Sources/DatebookKit/Subscriptions/ (feeds) and
 * Sources/DatebookKit/Network/ (the requests of a sync). The
 * option and info numbers are libcurl's stable ABI (curl/curl.h); the variadic setopt and
 * getinfo are called from C here, with their real prototypes.
 */
#ifndef DATEBOOK_CCURL_SHIM_H
#define DATEBOOK_CCURL_SHIM_H

#include <dlfcn.h>
#include <stddef.h>

/* MARK: - Numbers from curl/curl.h */

enum {
    DATEBOOK_CURLOPT_WRITEDATA = 10001,
    DATEBOOK_CURLOPT_URL = 10002,
    DATEBOOK_CURLOPT_ERRORBUFFER = 10010,
    DATEBOOK_CURLOPT_WRITEFUNCTION = 20011,
    DATEBOOK_CURLOPT_USERAGENT = 10018,
    DATEBOOK_CURLOPT_FOLLOWLOCATION = 52,
    DATEBOOK_CURLOPT_MAXREDIRS = 68,
    DATEBOOK_CURLOPT_NOSIGNAL = 99,
    DATEBOOK_CURLOPT_ACCEPT_ENCODING = 10102,
    DATEBOOK_CURLOPT_TIMEOUT_MS = 155,
    DATEBOOK_CURLOPT_CONNECTTIMEOUT_MS = 156,
    DATEBOOK_CURLOPT_MAXFILESIZE_LARGE = 30117,
    DATEBOOK_CURLOPT_PROTOCOLS_STR = 10318,
    DATEBOOK_CURLOPT_REDIR_PROTOCOLS_STR = 10319,
    DATEBOOK_CURLOPT_CUSTOMREQUEST = 10036,
    DATEBOOK_CURLOPT_HTTPHEADER = 10023,
    DATEBOOK_CURLOPT_POSTFIELDS = 10015,
    DATEBOOK_CURLOPT_POSTFIELDSIZE_LARGE = 30120,
    DATEBOOK_CURLOPT_HTTPGET = 80,
    DATEBOOK_CURLOPT_USERNAME = 10173,
    DATEBOOK_CURLOPT_PASSWORD = 10174,
    DATEBOOK_CURLOPT_HTTPAUTH = 107,
    DATEBOOK_CURLOPT_HEADERFUNCTION = 20079,
    DATEBOOK_CURLOPT_HEADERDATA = 10029,
    DATEBOOK_CURLAUTH_BASIC = 1,
    DATEBOOK_CURLAUTH_DIGEST = 2,
    DATEBOOK_CURLINFO_EFFECTIVE_URL = 0x100000 + 1,
    DATEBOOK_CURLINFO_RESPONSE_CODE = 0x200000 + 2,
    DATEBOOK_CURLINFO_CONTENT_TYPE = 0x100000 + 18,
    DATEBOOK_CURLE_OK = 0,
    DATEBOOK_CURLE_WRITE_ERROR = 23,
    DATEBOOK_CURLE_OPERATION_TIMEDOUT = 28,
    DATEBOOK_CURLE_FILESIZE_EXCEEDED = 63,
    DATEBOOK_CURL_ERROR_SIZE = 256,
    DATEBOOK_CURL_GLOBAL_DEFAULT = 3,
};

/** Receives the bytes of a response; returns `size * count`, or 0 to stop the transfer. */
typedef size_t (*datebook_curl_write_function)(char *data, size_t size, size_t count, void *context);

/** The libcurl functions Datebook calls. */
typedef struct {
    void *(*easy_init)(void);
    void (*easy_cleanup)(void *handle);
    int (*easy_setopt)(void *handle, int option, ...);
    int (*easy_perform)(void *handle);
    int (*easy_getinfo)(void *handle, int info, ...);
    const char *(*easy_strerror)(int code);
    int (*global_init)(long flags);
    void (*easy_reset)(void *handle);
    void *(*slist_append)(void *list, const char *text);
    void (*slist_free_all)(void *list);
} datebook_curl_api;

/** Finds libcurl and its functions; 0 when it is not installed. Call once. */
static inline int datebook_curl_load(datebook_curl_api *api) {
    void *library = dlopen("libcurl.so.4", RTLD_NOW | RTLD_LOCAL);
    if (!library) library = dlopen("libcurl.so", RTLD_NOW | RTLD_LOCAL);
    if (!library) return 0;
    api->easy_init = (void *(*)(void))dlsym(library, "curl_easy_init");
    api->easy_cleanup = (void (*)(void *))dlsym(library, "curl_easy_cleanup");
    api->easy_setopt = (int (*)(void *, int, ...))dlsym(library, "curl_easy_setopt");
    api->easy_perform = (int (*)(void *))dlsym(library, "curl_easy_perform");
    api->easy_getinfo = (int (*)(void *, int, ...))dlsym(library, "curl_easy_getinfo");
    api->easy_strerror = (const char *(*)(int))dlsym(library, "curl_easy_strerror");
    api->global_init = (int (*)(long))dlsym(library, "curl_global_init");
    api->easy_reset = (void (*)(void *))dlsym(library, "curl_easy_reset");
    api->slist_append = (void *(*)(void *, const char *))dlsym(library, "curl_slist_append");
    api->slist_free_all = (void (*)(void *))dlsym(library, "curl_slist_free_all");
    return api->easy_reset && api->slist_append && api->slist_free_all && api->easy_init && api->easy_cleanup && api->easy_setopt && api->easy_perform && api->easy_getinfo
        && api->easy_strerror && api->global_init;
}

static inline int datebook_curl_set_long(const datebook_curl_api *api, void *handle, int option, long value) {
    return api->easy_setopt(handle, option, value);
}

static inline int datebook_curl_set_large(const datebook_curl_api *api, void *handle, int option, long long value) {
    return api->easy_setopt(handle, option, value);
}

static inline int datebook_curl_set_pointer(const datebook_curl_api *api, void *handle, int option, const void *value) {
    return api->easy_setopt(handle, option, value);
}

static inline int datebook_curl_set_write_function(const datebook_curl_api *api, void *handle,
                                                   datebook_curl_write_function function) {
    return api->easy_setopt(handle, DATEBOOK_CURLOPT_WRITEFUNCTION, function);
}

static inline int datebook_curl_set_header_function(const datebook_curl_api *api, void *handle,
                                                    datebook_curl_write_function function) {
    return api->easy_setopt(handle, DATEBOOK_CURLOPT_HEADERFUNCTION, function);
}

static inline long datebook_curl_info_long(const datebook_curl_api *api, void *handle, int info) {
    long value = 0;
    api->easy_getinfo(handle, info, &value);
    return value;
}

static inline const char *datebook_curl_info_string(const datebook_curl_api *api, void *handle, int info) {
    const char *value = NULL;
    api->easy_getinfo(handle, info, &value);
    return value;
}

#endif
