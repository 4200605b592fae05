#if canImport(Glibc)
import Glibc
#endif
import Foundation
import RivAssetsKit
import RivFormat

/// Invariant 7 (see FuzzTarget.swift): the input read through a file window, the
/// way large files are read, gives the same listing or the same error as the
/// input read from memory, within the same memory bound.
///
/// The input is written to one scratch file, reused for every input, that the
/// window then reads with `pread`.
enum WindowedCheck {
    /// The window's capacity for an input: 7 bytes for inputs of even length, so
    /// that loads, values larger than the window and reads across its edges all
    /// happen on short inputs; the real 64 KiB, whose loads grow from 4 KiB, for
    /// the others.
    static func windowCapacity(for input: UnsafeRawBufferPointer) -> Int {
        input.count % 2 == 0 ? 7 : FileWindow.defaultCapacity
    }

    nonisolated(unsafe) private static var scratchPath: String?

    static func check(_ input: UnsafeRawBufferPointer, against inMemory: Result<RivFile, RivError>) {
        let path = scratch()
        let descriptor = open(path, O_WRONLY | O_TRUNC | O_CLOEXEC)
        require(descriptor >= 0, "cannot open the scratch file \(path)")
        var written = 0
        while written < input.count {
            let count = write(descriptor, input.baseAddress! + written, input.count - written)
            require(count > 0, "cannot write the scratch file \(path)")
            written += count
        }
        close(descriptor)

        let baseline = MemoryMeter.startInput()
        let windowed = Result { () throws(RivError) in
            try RivFile(path: path, mappingThreshold: 0, windowCapacity: windowCapacity(for: input))
        }
        MemoryMeter.checkGrowth(since: baseline, inputSize: input.count, "reading through a window")
        switch (inMemory, windowed) {
        case (.success(let expected), .success(let file)):
            require(FileListing(input: "input", file: file) == FileListing(input: "input", file: expected),
                    "the windowed read lists the file differently")
            require(file.objectCount == expected.objectCount, "the windowed read counts \(file.objectCount) objects, not \(expected.objectCount)")
            require(file.withUnsafeBytes { $0.elementsEqual(input) }, "the windowed file's bytes, once mapped, differ from the input")
        case (.failure(let expected), .failure(let error)):
            require(error.reason == expected.reason && error.offset == expected.offset && error.reading == expected.reading,
                    "the windowed read fails with \(error), not \(expected)")
        case (.success, .failure(let error)):
            require(false, "the windowed read fails (\(error)) where reading from memory succeeds")
        case (.failure(let expected), .success):
            require(false, "the windowed read succeeds where reading from memory fails (\(expected))")
        }
    }

    private static func scratch() -> String {
        if let scratchPath { return scratchPath }
        let path = NSTemporaryDirectory() + "riv-fuzz-window-\(getpid()).riv"
        require(FileManager.default.createFile(atPath: path, contents: nil), "cannot create the scratch file \(path)")
        atexit { if let path = WindowedCheck.scratchPath { unlink(path) } }
        scratchPath = path
        return path
    }
}
