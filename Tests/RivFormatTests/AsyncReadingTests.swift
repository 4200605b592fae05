import Foundation
import Testing
import RivFormat
import RivTestSupport

/// `RivFile.read(contentsOf:)`: reading off the caller's actor.
@Suite struct AsyncReadingTests {
    @Test("awaited from the main actor, it gives what the synchronous reader gives, and the same typed error")
    @MainActor func readsOffTheMainActor() async throws {
        let fixture = SharedData.packageRoot.appendingPathComponent("Fixtures/embedded-png.riv")
        let file = try await RivFile.read(contentsOf: fixture)
        #expect(file.assets.map(\.uniqueName) == (try RivFile(contentsOf: fixture)).assets.map(\.uniqueName))
        let directory = try TemporaryDirectory()
        let empty = URL(fileURLWithPath: try directory.write("empty.riv", []))
        await #expect(throws: RivError.self) { _ = try await RivFile.read(contentsOf: empty) }
        do {
            _ = try await RivFile.read(contentsOf: empty)
        } catch {
            #expect(error.path == empty.path, "\(error)")
        }
    }
}
