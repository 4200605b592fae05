#if defined(__linux__)
#include "LazyLibcurl.h"
#include <dlfcn.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

// Each forwarded function: its name and, once loaded, libcurl's address for it.
enum {
    global_init, easy_init, easy_cleanup, easy_pause, easy_strerror, easy_setopt, easy_getinfo, curl_free_,
    multi_init, multi_add_handle, multi_remove_handle, multi_assign, multi_cleanup, multi_info_read,
    multi_setopt, multi_socket_action, slist_append, slist_free_all, url, url_get, url_set, version,
    version_info, entry_count
};

static const char *const names[entry_count] = {
    "curl_global_init", "curl_easy_init", "curl_easy_cleanup", "curl_easy_pause", "curl_easy_strerror",
    "curl_easy_setopt", "curl_easy_getinfo", "curl_free", "curl_multi_init", "curl_multi_add_handle",
    "curl_multi_remove_handle", "curl_multi_assign", "curl_multi_cleanup", "curl_multi_info_read",
    "curl_multi_setopt", "curl_multi_socket_action", "curl_slist_append", "curl_slist_free_all", "curl_url",
    "curl_url_get", "curl_url_set", "curl_version", "curl_version_info",
};

static void *entries[entry_count];
static int loaded;
static char problem[512];
static pthread_once_t once = PTHREAD_ONCE_INIT;

static void load(void) {
    static const char *const libraries[] = {"libcurl.so.4", "libcurl-gnutls.so.4"};
    void *library = NULL;
    for (size_t index = 0; index < sizeof libraries / sizeof libraries[0] && !library; index++) {
        library = dlopen(libraries[index], RTLD_NOW | RTLD_LOCAL);
    }
    if (!library) {
        const char *reason = dlerror();
        snprintf(problem, sizeof problem, "libcurl (libcurl.so.4), which downloads need, cannot be loaded: %s",
                 reason ? reason : "not found");
        return;
    }
    for (int index = 0; index < entry_count; index++) {
        entries[index] = dlsym(library, names[index]);
        if (!entries[index]) {
            snprintf(problem, sizeof problem, "the libcurl found has no %s", names[index]);
            return;
        }
    }
    loaded = 1;
}

int lazy_libcurl_load(void) {
    pthread_once(&once, load);
    return loaded;
}

const char *lazy_libcurl_problem(void) {
    return lazy_libcurl_load() ? NULL : problem;
}

// The value codes libcurl returns for "could not start": CURLE_FAILED_INIT,
// CURLM_INTERNAL_ERROR, CURLUE_OUT_OF_MEMORY.
enum { easy_failed = 2, multi_failed = 4, url_failed = 7 };

#define FORWARD(result, name, entry, parameters, arguments, failed) \
    result name parameters { \
        if (!lazy_libcurl_load()) return failed; \
        return ((result (*) parameters)entries[entry]) arguments; \
    }

#define FORWARD_VOID(name, entry, parameters, arguments) \
    void name parameters { \
        if (lazy_libcurl_load()) ((void (*) parameters)entries[entry]) arguments; \
    }

// The option setters and info getter take one value after the option: a long, a
// curl_off_t, a pointer or a function pointer, each passed in one 64-bit slot on the
// 64-bit Linux ABIs, so it is read as a pointer and passed on as one.
#define FORWARD_OPTION(name, entry, failed) \
    int name(void *handle, int option, ...) { \
        if (!lazy_libcurl_load()) return failed; \
        va_list list; \
        va_start(list, option); \
        void *value = va_arg(list, void *); \
        va_end(list); \
        return ((int (*)(void *, int, ...))entries[entry])(handle, option, value); \
    }

FORWARD(int, curl_global_init, global_init, (long flags), (flags), easy_failed)
FORWARD(void *, curl_easy_init, easy_init, (void), (), NULL)
FORWARD_VOID(curl_easy_cleanup, easy_cleanup, (void *handle), (handle))
FORWARD(int, curl_easy_pause, easy_pause, (void *handle, int mask), (handle, mask), easy_failed)
FORWARD(const char *, curl_easy_strerror, easy_strerror, (int code), (code), problem)
FORWARD_OPTION(curl_easy_setopt, easy_setopt, easy_failed)
FORWARD_OPTION(curl_easy_getinfo, easy_getinfo, easy_failed)
FORWARD_VOID(curl_free, curl_free_, (void *pointer), (pointer))
FORWARD(void *, curl_multi_init, multi_init, (void), (), NULL)
FORWARD(int, curl_multi_add_handle, multi_add_handle, (void *multi, void *easy), (multi, easy), multi_failed)
FORWARD(int, curl_multi_remove_handle, multi_remove_handle, (void *multi, void *easy), (multi, easy), multi_failed)
FORWARD(int, curl_multi_assign, multi_assign, (void *multi, int socket, void *pointer), (multi, socket, pointer), multi_failed)
FORWARD(int, curl_multi_cleanup, multi_cleanup, (void *multi), (multi), multi_failed)
FORWARD(void *, curl_multi_info_read, multi_info_read, (void *multi, int *remaining), (multi, remaining), NULL)
FORWARD_OPTION(curl_multi_setopt, multi_setopt, multi_failed)
FORWARD(int, curl_multi_socket_action, multi_socket_action, (void *multi, int socket, int events, int *running),
        (multi, socket, events, running), multi_failed)
FORWARD(void *, curl_slist_append, slist_append, (void *list, const char *text), (list, text), NULL)
FORWARD_VOID(curl_slist_free_all, slist_free_all, (void *list), (list))
FORWARD(void *, curl_url, url, (void), (), NULL)
FORWARD(int, curl_url_get, url_get, (const void *handle, int part, char **text, unsigned int flags),
        (handle, part, text, flags), url_failed)
FORWARD(int, curl_url_set, url_set, (void *handle, int part, const char *text, unsigned int flags),
        (handle, part, text, flags), url_failed)
FORWARD(char *, curl_version, version, (void), (), problem)
FORWARD(void *, curl_version_info, version_info, (int age), (age), NULL)
#endif
