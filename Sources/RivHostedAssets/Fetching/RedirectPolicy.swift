import Foundation

/// How the fetcher follows redirects, for every transport (each hands a
/// redirect back as it is): one hop at a time, at most ``hopLimit`` of them, to
/// an http or https URL with a host only, never from https down to http. A hop
/// within the origin (scheme, host and port, the scheme's default port when
/// none is written) keeps the request's headers; a hop to another origin keeps
/// `Accept` only, so a token given for one host never follows a redirect
/// elsewhere (nor comes back with a later hop to the first).
struct RedirectPolicy {
    /// The most redirects one attempt follows: 10.
    static let hopLimit = 10
    /// The statuses that redirect, when they come with a `Location`.
    static let redirectStatuses: Set<Int> = [301, 302, 303, 307, 308]

    /// The redirects followed so far.
    private(set) var hops = 0

    /// The request to send after `response` to `request`: nil when the response
    /// is no redirect; throws when it is one the fetcher does not follow.
    mutating func next(after response: HostedAssetResponse, to request: HostedAssetRequest) throws(AttemptFailure) -> HostedAssetRequest? {
        guard let status = response.status, Self.redirectStatuses.contains(status),
              let location = response.header("Location")?.trimmingCharacters(in: .whitespaces) else { return nil }
        guard hops < Self.hopLimit else { throw AttemptFailure(cause: .tooManyRedirects(limit: Self.hopLimit)) }
        hops += 1
        guard let target = URL(string: location, relativeTo: request.url)?.absoluteURL,
              let scheme = target.scheme?.lowercased(), ["http", "https"].contains(scheme), target.host?.isEmpty == false else {
            throw AttemptFailure(cause: .redirectRefused(location))
        }
        if request.url.scheme?.lowercased() == "https", scheme == "http" {
            throw AttemptFailure(cause: .insecureRedirect(target.absoluteString))
        }
        let sameOrigin = Self.origin(of: target) == Self.origin(of: request.url)
        let headers = request.headers.filter { sameOrigin || $0.key.caseInsensitiveCompare("Accept") == .orderedSame }
        if let problem = HTTPRequestHead.problem(url: target, headers: headers) { throw AttemptFailure(cause: .unsafeRequest(problem)) }
        return HostedAssetRequest(uniqueName: request.uniqueName, type: request.type, uuid: request.uuid, url: target,
                                  headers: headers, downloadFolder: request.downloadFolder)
    }

    /// Scheme, host and port (the scheme's default when none is given), in lower case.
    static func origin(of url: URL) -> String {
        (url.scheme?.lowercased() ?? "") + "://" + HostPort(host: url.host ?? "", port: HostPort.effectivePort(of: url)).description
    }
}
