import Foundation

// The libFuzzer entry point. `Fuzz/run.sh` builds this directory as the package's
// `riv-fuzz` target (declared only when RIV_FUZZ=1) against the real RivFormat,
// RivAssetsKit, RivHostedAssets and RivRender, with `-sanitize=fuzzer,address`; the checks
// reach the internals they need (the reader's byte ranges, the cache record, the
// identifier rules) through `package` access.
//
// What every input must satisfy (a violation stops the fuzzer with its message):
//
// 1. Reading ends in a `RivFile` or a `RivError` (the reader's typed throw) whose
//    offset lies inside the input and which says what was being read.
// 2. When reading succeeds, everything the file hands out stays in bounds: the
//    object walk covers the object stream exactly, object by object; each asset's
//    record is one of those objects; its contents records are contents objects that
//    come after it, in order, and before the next asset; its embedded bytes and
//    signature lie inside its last contents record; listing every asset
//    (`AssetListing`, `FileListing`) reads each embedded byte without trouble.
// 3. `RivEditor` with no edit writes the input back byte for byte.
// 4. Strip then embed, for an embedded asset (the signature passed back and
//    `skipChecks: true`): stripping removes exactly the asset's contents records and
//    the result reads back with the asset no longer embedded; embedding the same
//    bytes then gives exactly the original with
//      - every contents record of the asset removed, and one record in the
//        writer's canonical encoding, `106 212 len bytes [911 len sig] 0`, placed
//        directly after the asset record;
//      - the CDN uuid and base URL properties of the asset removed when it has a
//        CDN uuid (embedding into a hosted asset stops runtimes fetching it);
//      - when the table of contents lacks 212 (or 911, for a signed asset), a
//        header whose table of contents is the old one plus the missing keys as
//        bytes, in key order; only the objects after the header are compared byte
//        for byte then.
//    So the file comes back byte for byte exactly when the asset has one contents
//    record, directly after the asset record, already in that canonical encoding
//    (no other property, no overlong LEB128 key or length), no CDN uuid, and the
//    table of contents declares the keys written. Anything else legitimately
//    cannot round-trip: the writer does not reproduce it, and the check holds it
//    to the exact output above instead.
// 5. Embedding new bytes into any asset (and into several at once) gives a file
//    that reads back with the same assets in the same places, each holding exactly
//    the new bytes.
// 6. Memory: reading, listing, and each strip-then-embed or embed check (which
//    writes and reads back whole files) each grow the live heap by at most
//    `memoryFactor` times the input size plus `memorySlack` (listing, whose
//    strings are output, also `listingBytesPerAsset` per asset; strip-then-embed,
//    which holds the stripped file while it reads the result, once more
//    `memoryFactor` times the input size) (measured with the
//    sanitizer's malloc hooks; the checks' own bookkeeping is outside the reading
//    and listing measurements). libFuzzer's `-malloc_limit_mb` and `-rss_limit_mb`
//    bound any single allocation and the whole process.
// 7. Reading the input as a file through a window (how files of 64 KiB or more
//    are read: 7 bytes wide for inputs of even length, the real 64 KiB for the
//    others) gives the same listing, object count and bytes, or fails with the
//    same reason, offset and context, as reading it from memory; the read grows
//    the heap within the bound of invariant 6.
// 8. What the tool shows and writes (RivAssetsKit's `ListingTable`
//    and `AssetFileName`): the list table holds no raw control character (C0 but
//    its own line breaks, DEL, C1, bidi controls) and exactly one line per asset
//    and problem (no name forges a row); every output file name is one a file
//    system holds (non-empty, not `.` or `..`, at most 255 bytes, no `/` or NUL)
//    and is the runtime's own name whenever that is one; two assets map to one
//    output path only when their names are the same (as the runtime's own names
//    can be, for manifests) or one name spells the other's encoded form verbatim.
// 9. `RuntimePrediction` (the model `verify` predicts Rive's runtime with) ends on
//    every input within the memory bound of invariant 6, and every issue it
//    reports lies inside the input.
// 10. `codegen`'s Swift identifiers (RivAssetRegistry's `IdentifierRule.swift`) for
//    every asset name and unique name, and for the input's first bytes read as
//    text: each has the shape of a Swift identifier, is no reserved word and not
//    `Swift`, is the same for the decomposed spelling, and `unique` never hands
//    one out twice in a scope.
// 11. The hosted cache (RivHostedAssets' key and record) for every
//    hosted asset: a key's file name is one file-system name starting with the
//    uuid and its URL is http or https; the input read as a record parses without
//    trouble; a record written for a key reads back for it and for no other URL.
// 12. The IPv6 client's response parser (RivHostedAssets' `HTTPResponseParser`)
//    on the input read as a server's answer: it ends in a head, a body or a typed
//    failure within the memory bound of invariant 6, hands on no more body bytes
//    than the input holds, and comes to the same outcome when the bytes arrive at
//    once and a few at a time.
// 13. `shrink`'s engines (RivFontSubset, RivPNG) on the input and on the embedded
//    bytes of up to `editedAssetLimit` fonts and images: a result or a typed error
//    whose offset lies inside the bytes, within the memory bound of invariant 6; a
//    PNG never grows and reads again, an animated one (APNG) is returned as it was,
//    and the shared decode budget holds nothing once the optimiser returns; a font
//    subset reads again and maps no character that was not asked for.
// 14. The renderer's image decoders (RivJPEG, RivWebP, and RivPNG's RGBA image) on the
//    input and on the embedded bytes of up to `editedAssetLimit` images: an image of
//    its header's size or a typed error whose offset lies inside the bytes, within the
//    memory bound of invariant 6 (given to the decoders as their limit, checked before
//    they allocate); the shared decode budget holds nothing afterwards.
// 15. The renderer (RivRender's `ArtboardRenderer`, as `render` calls it) on up to
//    `RenderCheck.renderedArtboardLimit` artboards of every input that reads, within
//    small `RenderLimits`: the setup pose, the default scene, and the default scene
//    after the steps `RenderCheck.renderSteps` each end in a display list or a
//    `RenderError`; the list's points, transforms and opacities are finite; its SVG
//    and JSON lines are written (one svg element; each line a JSON object); its calls
//    hold no more path points in all (draws, clips, inner feathers' rings) than the
//    limits' point budget.
//
// Each edit check runs on at most `editedAssetLimit` assets of an input so that one
// input costs time linear in its size.

/// At most this many assets of one input get the strip-then-embed and embed checks.
let editedAssetLimit = 4
/// Each measured step may grow the live heap by this many times the input size...
let memoryFactor = 64
/// ...plus this many bytes.
let memorySlack = 4 << 20
/// A listing may also hold this many bytes per asset: about ten short strings each.
let listingBytesPerAsset = 1024

nonisolated(unsafe) private var started = false

@_cdecl("LLVMFuzzerTestOneInput")
public func rivFuzzTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    if !started {
        started = true
        MemoryMeter.install()
    }
    InputCheck(input: UnsafeRawBufferPointer(start: data, count: data == nil ? 0 : size)).run()
    return 0
}

/// Stops the fuzzer with `message` when `condition` is false.
func require(_ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String,
             file: StaticString = #fileID, line: UInt = #line) {
    if !condition() { fatalError("invariant violated: \(message())", file: file, line: line) }
}
