import Foundation
import RivFormat
import RivSupport

/// Where each rewritten input goes, resolved from an ``OutputDestination`` before
/// anything is read: the checks that make a request invalid. The folder the
/// outputs go into is created by the first write into it
/// (``RewriteStep/createFolder(of:)``), so a request that writes nothing
/// creates nothing.
enum OutputPaths {
    /// One output path per input, in input order.
    static func resolve(inputs paths: [String], destination: OutputDestination) throws(RequestError) -> [URL] {
        if let url = destination.nonFileURL {
            throw RequestError(.destinationUnusable, "\(url.absoluteString) is no file URL; give a local file or folder")
        }
        guard let (output, kind) = destination.named else {
            if paths.contains(InputEngine.standardInputName) {
                throw RequestError(.destinationUnusable, "standard input (-) cannot be rewritten in place; give an output with \(RequestField.destination)")
            }
            // Inputs are rewritten in parallel: one file given twice would be read
            // and replaced by two threads at once.
            var seen: [FileKey: String] = [:]
            for path in paths {
                guard let key = POSIX.fileKey(atPath: path) else { continue }
                if let earlier = seen.updateValue(path, forKey: key) {
                    throw RequestError(.inputGivenTwice, earlier == path ? "\(path) is given twice; give each input once"
                        : "\(earlier) and \(path) are the same file; give each input once")
                }
            }
            let targets = paths.map { LiteralPath.resolvedURL($0) }
            for (path, target) in zip(paths, targets) where target.path.unicodeScalars.contains("\u{FFFD}") {
                // A name that is not valid UTF-8 (read through a descriptor's path)
                // cannot be written back: Foundation would write a name of its own.
                throw RequestError(.destinationUnusable, "\(path) names a file whose name is not valid UTF-8; it cannot be rewritten in place: give an output with \(RequestField.destination)")
            }
            return targets
        }
        let target = LiteralPath.kernelURL(output)
        var isFolder: ObjCBool = false
        // Without its trailing `/`: a file named `out` is no folder `out/`, though it exists.
        let probe = output.count > 1 && output.hasSuffix("/") ? String(output.dropLast()) : output
        let exists = FileManager.default.fileExists(atPath: probe, isDirectory: &isFolder)
        var destinations: [URL] = []
        if kind == .file {
            guard paths.count == 1 else {
                throw RequestError(.destinationUnusable, "the output file \(output) takes one input, not \(paths.count); give a folder for several")
            }
            if exists && isFolder.boolValue {
                throw RequestError(.destinationUnusable, "the output file \(output) is a folder; give a file name, or a folder destination")
            }
            destinations = [target]
        } else if paths.count == 1 && !(exists && isFolder.boolValue) && kind == .decidedByInputs {
            destinations = [target]
        } else {
            if exists && !isFolder.boolValue {
                throw RequestError(.destinationUnusable, kind == .folder ? "the output folder \(output) is a file"
                    : "with several input files, the output must be a folder; \(output) is a file")
            }
            if !exists && !output.hasSuffix("/") && output.lowercased().hasSuffix(".riv") {
                throw RequestError(.destinationUnusable, "with several input files, the output must be a folder; \(output) looks like a file name (end it with / to make a folder of that name)")
            }
            var seen: [String: String] = [:]
            for path in paths {
                let name = InputFolders.fileName(of: path)
                if let earlier = seen.updateValue(path, forKey: RunWrites.key(name)) {
                    throw RequestError(.inputGivenTwice, earlier == path ? "\(path) is given twice; give each input once"
                        : "two inputs are named \(name) (\(earlier) and \(path)); their outputs would collide in \(output)")
                }
                destinations.append(target.appendingPathComponent(name))
            }
        }
        let rule = OutputRule(inputs: paths)
        for destination in destinations {
            if let input = rule.input(namedBy: destination) {
                throw RequestError(.destinationUnusable, "\(destination.path) is the input \(input) itself; rewrite inputs in place to change them")
            }
        }
        return destinations
    }

    /// Each input's output as the request names it, for what a run records to
    /// be read on other machines (relative when given relative): the input
    /// itself in place, the output file given, or the folder given and the
    /// input's file name. `resolved` are the outputs ``resolve(inputs:destination:)`` gave.
    static func asGiven(inputs paths: [String], destination: OutputDestination, resolved: [URL]) -> [String] {
        guard let (output, _) = destination.named else { return paths }
        if resolved.count == 1, resolved[0] == LiteralPath.kernelURL(output) { return [output] }
        let folder = output.hasSuffix("/") ? output : output + "/"
        return resolved.map { folder + $0.lastPathComponent }
    }

    /// Creates the folder `output` goes into through the one folder maker
    /// (``RewriteStep/createFolder(of:)``), for a request that fails as a whole
    /// when it cannot.
    static func createFolder(of output: URL) throws(RequestError) {
        do throws(RivEditError) {
            try RewriteStep.createFolder(of: output)
        } catch {
            throw RequestError(.outputFolderUnusable, error.description, underlying: error)
        }
    }
}
