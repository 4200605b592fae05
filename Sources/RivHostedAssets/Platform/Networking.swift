import Foundation
#if canImport(FoundationNetworking)
@preconcurrency import FoundationNetworking
#endif

// On Linux the URL loading system lives in FoundationNetworking, on Apple
// platforms in Foundation. This file is the only one that imports it; the rest of
// the target names its types through these aliases.

/// A URL session.
typealias NetworkSession = URLSession
/// A URL session's configuration.
typealias NetworkSessionConfiguration = URLSessionConfiguration
/// One HTTP request.
typealias NetworkRequest = URLRequest
/// A response.
typealias NetworkResponse = URLResponse
/// An HTTP response, with status and headers.
typealias NetworkHTTPResponse = HTTPURLResponse
/// A session's task.
typealias NetworkTask = URLSessionTask
/// A task that delivers its body in pieces, to a delegate.
typealias NetworkDataTask = URLSessionDataTask
/// The delegate of data tasks.
typealias NetworkDataDelegate = URLSessionDataDelegate
