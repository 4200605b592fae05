import Foundation
import RivFormat

/// The start every one-file rewrite shares (`swap`, `place`): the output resolved
/// (a usage error when it cannot be), then the input read.
struct SingleInput {
    /// Where the rewritten file goes.
    let output: URL
    /// The input read; nil when it could not be.
    let file: RivFile?
    /// Why it could not be read.
    let failure: InputFailure?

    init(_ input: String, destination: OutputDestination, dryRun: Bool) throws(RequestError) {
        try InputEngine.requireInputs([input])
        output = try OutputPaths.resolve(inputs: [input], destination: destination, creatingFolder: !dryRun)[0]
        switch InputEngine.read(input) {
        case .success(let read): (file, failure) = (read, nil)
        case .failure(let error): (file, failure) = (nil, InputFailure(path: input, message: error.message))
        }
    }
}
