import Foundation
import Testing
@testable import RivAssetsKit
import RivFormat
import RivTestSupport
import RivTestTags

/// The listing's hand-written JSON against the result encoder it stands in for:
/// the same bytes for every character, number and shape a listing holds.
@Suite("Result-style JSON written by hand")
struct ResultJSONTextTests {
    private static func text(_ value: ResultJSONText.Value) -> String {
        ResultJSONText.text(value, level: 0)
    }

    private static func encoded<Value: Encodable>(_ value: Value) throws -> String {
        String(decoding: try ResultJSON.data(value), as: UTF8.self)
    }

    @Test("every ASCII character, quotes, slashes, line separators and other scripts are escaped as the encoder escapes them")
    func strings() throws {
        let samples = (0..<0x80).map { String(UnicodeScalar(UInt8($0))) }
            + ["a/b\\c\"d", "logo\u{2028}x\u{2029}", "é😀\u{202E}\u{FEFF}", "", "\u{7F}\u{80}\u{9F}", "tab\tnew\nline\r"]
        for sample in samples {
            #expect(Self.text(.string(sample)) == (try Self.encoded([sample])).dropFirst(4).dropLast(2).description, "\(sample.unicodeScalars.map(\.value))")
        }
    }

    @Test("numbers as the encoder writes them: whole doubles without .0, exponents, integers at their limits")
    func numbers() throws {
        let doubles: [Double] = [0, -0.0, 1, -1, 1.5, 100, 0.1, 1e-5, 1e-7, 1e16, 1e21, 123456789.123, 4096.5,
                                 Double(Float(0.3)), Double(Float(1234.567)), .greatestFiniteMagnitude, .leastNonzeroMagnitude, .pi]
        for number in doubles {
            #expect(Self.text(.number(number)) == (try Self.encoded(number)), "\(number)")
        }
        #expect(Self.text(.number(.nan)) == "null" && Self.text(.number(.infinity)) == "null")
        #expect(Self.text(.unsigned(.max)) == (try Self.encoded(UInt64.max)))
        #expect(Self.text(.integer(.min)) == (try Self.encoded(Int.min)))
    }

    @Test("nested objects and arrays, empty ones included, are laid out as the encoder lays them out")
    func shapes() throws {
        struct Inner: Encodable { var a: [Int]; var b: [String: Int] }
        struct Outer: Encodable { var empty: [Int]; var inner: Inner; var list: [Inner] }
        let value = Outer(empty: [], inner: Inner(a: [1, 2], b: [:]), list: [Inner(a: [], b: ["k": 3])])
        let written = ResultJSONText.Value.object([
            .init("empty", .array([])),
            .init("inner", .object([.init("a", .array([.integer(1), .integer(2)])), .init("b", .object([]))])),
            .init("list", .array([.object([.init("a", .array([])), .init("b", .object([.init("k", .integer(3))]))])])),
        ])
        #expect(Self.text(written) == (try Self.encoded(value)))
    }

    @Test("the streamed listing of every corpus file is, byte for byte, what the encoder writes for the same document",
          .tags(.corpus), .enabled(if: SharedData.isPresent, "\(SharedData.skipMessage)"))
    func corpusListing() throws {
        let request = ListRequest(inputs: SharedData.corpusFiles().map(\.path).map(RequestInput.path), contentHashes: true)
        var text = ""
        _ = try AssetOperations.streamListingJSON(request) { text += $0 }
        #expect(text == (try Self.encoded(AssetOperations.list(request))) + "\n")
    }
}
