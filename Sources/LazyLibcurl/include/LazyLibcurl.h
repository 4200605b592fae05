#ifndef LAZY_LIBCURL_H
#define LAZY_LIBCURL_H

// libcurl's entry points that FoundationNetworking calls, defined here so that the
// tool's executable needs no libcurl to start: the first call loads the library
// (libcurl.so.4, else libcurl-gnutls.so.4) and every call goes on to it.

/// Loads libcurl if it is not loaded yet. Returns 1 when it is loaded with every
/// entry point FoundationNetworking needs, 0 when it cannot be.
int lazy_libcurl_load(void);

/// Why libcurl could not be loaded, or NULL when it is loaded. Loads it first.
const char *lazy_libcurl_problem(void);

#endif
