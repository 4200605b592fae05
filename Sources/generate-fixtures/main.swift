import Foundation
import RivFixtures
import RivFormat
import RivSupport

// Writes every fixture of the catalog to <directory>/<name>.riv (default directory: Fixtures).
// The expected listings beside them (<name>.json) are `riv-assets list --json` output,
// checked by hand once; this tool does not write them.

let arguments = CommandLine.arguments.dropFirst()
guard arguments.count <= 1, arguments.first?.hasPrefix("-") != true else {
    FileHandle.standardError.write(Data("usage: generate-fixtures [OUTPUT-DIRECTORY]\n".utf8))
    exit(64)
}
let directory = URL(fileURLWithPath: arguments.first ?? "Fixtures", isDirectory: true)
do {
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    for fixture in FixtureCatalog.all {
        let bytes = fixture.bytes()
        try AtomicFile.write(Data(bytes), to: directory.appendingPathComponent(fixture.fileName))
        print("\(fixture.fileName): \(bytes.count) bytes, \(fixture.summary)")
    }
} catch {
    FileHandle.standardError.write(Data("generate-fixtures: \(error.localizedDescription)\n".utf8))
    exit(1)
}
