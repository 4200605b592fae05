import Testing
@testable import RivRaster

/// Rows of coverage summed only where edges touched them, and cells handed back cleared.
@Suite struct CoverageRowTests {
    private func contours(_ path: RasterPath) -> [Contour] { Contour.flatten(path, transform: .identity, tolerance: 0.02) }

    @Test("a thin shape in a wide box: each row is summed over the few columns its edges touch, not the box's width")
    func rowWorkFollowsTheEdges() {
        var accumulator = CoverageAccumulator(box: PixelBox(x: 0, y: 0, width: 1000, height: 4))
        accumulator.add(contours(TestShapes.rect(10, 0, 2, 4)))
        var row = [Float](repeating: -1, count: 1000)
        for y in 0..<4 {
            let span = row.withUnsafeMutableBufferPointer { accumulator.takeRow(y, rule: .nonZero, mirrored: false, into: $0.baseAddress!) }
            #expect(span.count <= 4, "row \(y) summed \(span.count) columns")
            #expect(span.contains(10) && span.contains(11))
            #expect(row[10] == 1 && row[11] == 1)
            #expect(row[9] == -1 && row[14] == -1, "columns outside the span are left as they are")
        }
    }

    @Test("a shape cut by the box's right side covers the columns after its last edge to the side")
    func coverageRunsToTheRightSide() {
        var accumulator = CoverageAccumulator(box: PixelBox(x: 0, y: 0, width: 100, height: 2))
        accumulator.add(contours(TestShapes.rect(90.5, 0, 400, 2)))
        let mask = accumulator.mask(rule: .nonZero)
        #expect(mask.value(x: 89, y: 1) == 0)
        #expect(mask.value(x: 90, y: 1) == 0.5)
        #expect((91..<100).allSatisfy { mask.value(x: $0, y: 1) == 1 })
    }

    @Test("the cells come back all zero, so a reused buffer gives the same coverage as a fresh one")
    func storageComesBackCleared() {
        let box = PixelBox(x: 0, y: 0, width: 40, height: 30)
        let star = contours(TestShapes.pentagram(centerX: 20, centerY: 15, radius: 14))
        var first = CoverageAccumulator(box: box)
        first.add(star)
        let fresh = first.mask(rule: .evenOdd)
        var untaken = CoverageAccumulator(box: box, storage: first.storage())
        untaken.add(contours(TestShapes.rect(3.3, 2.7, 30, 20)))  // rows never taken: cleared by storage()
        let storage = untaken.storage()
        #expect(storage.allSatisfy { $0 == 0 })
        var reused = CoverageAccumulator(box: box, storage: storage)
        reused.add(star)
        #expect(reused.mask(rule: .evenOdd).values == fresh.values)
    }

    @Test("long runs of empty cells (inside a shape, inside its hole) give each pixel its exact coverage, under every rule",
          arguments: [FillRule.nonZero, .evenOdd, .clockwise])
    func emptyRuns(rule: FillRule) {
        var accumulator = CoverageAccumulator(box: PixelBox(x: 0, y: 0, width: 67, height: 3))
        // The hole runs against the outline, so it is a hole under every rule.
        var hole = RasterPath()
        hole.move(to: RasterPoint(10.5, 0)); hole.line(to: RasterPoint(10.5, 3)); hole.line(to: RasterPoint(30.25, 3))
        hole.line(to: RasterPoint(30.25, 0)); hole.close()
        accumulator.add(contours(TestShapes.rect(0.5, 0, 60.75, 3)) + contours(hole))
        let mask = accumulator.mask(rule: rule)
        func overlap(_ x: Int, _ from: Double, _ to: Double) -> Double { max(0, min(Double(x + 1), to) - max(Double(x), from)) }
        for y in 0..<3 {
            for x in 0..<67 {
                let expected = overlap(x, 0.5, 61.25) - overlap(x, 10.5, 30.25)
                #expect(abs(Double(mask.value(x: x, y: y)) - expected) < 1e-5, "\(rule) at (\(x), \(y))")
            }
        }
    }
}
