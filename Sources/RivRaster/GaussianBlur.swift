/// Blurs a coverage mask by a Gaussian (Rive's feather), each axis on its own, as SVG's
/// `feGaussianBlur` specifies (and rsvg and browsers draw the oracle's feathers): a standard
/// deviation under 2 pixels with the exact kernel (3 deviations each side), a larger one as
/// three box blurs of width d = ⌊σ·3·√(2π)/4 + 0.5⌋ (for an even d, two of width d, centred
/// half a pixel left then right, and one of width d + 1), so the cost per pixel stays bounded.
struct GaussianBlur {
    /// The smallest standard deviation, in pixels, blurred by boxes.
    static let boxLimit = 2.0

    let sigmaX: Double
    let sigmaY: Double

    /// One pass: each output pixel is the weighted sum of the inputs from
    /// `kernel.count - 1 - lead` pixels before it to `lead` pixels after it.
    private struct Pass {
        var kernel: [Float]
        var lead: Int
        var isBox: Bool
    }

    /// How many pixels the blur spreads coverage on each side, horizontally and vertically.
    var margins: (x: Int, y: Int) { (GaussianBlur.reach(sigmaX), GaussianBlur.reach(sigmaY)) }

    private static func reach(_ sigma: Double) -> Int {
        passes(sigma).reduce(0) { $0 + max($1.lead, $1.kernel.count - 1 - $1.lead) }
    }

    /// Blurs `mask` over its box grown by ``margins``, cut to `limit`. Each pass computes
    /// only the values that the passes after it read for the pixels within `limit` (the same
    /// sums, in the same order, as blurring everything and cutting at the end). The passes
    /// write into `mask`'s memory and `scratch`'s in turn (buffers kept from call to call, so
    /// they map no fresh pages): `mask` ends holding one, `scratch` the other.
    func apply(_ mask: inout CoverageMask, within limit: PixelBox, scratch: inout [Float]) {
        let horizontal = GaussianBlur.passes(sigmaX), vertical = GaussianBlur.passes(sigmaY)
        for (index, pass) in horizontal.enumerated() {
            let needed = GaussianBlur.needed(limit.x..<limit.maxX, after: horizontal[(index + 1)...])
            GaussianBlur.convolve(&mask, pass, horizontal: true, keeping: needed, buffer: &scratch)
        }
        for (index, pass) in vertical.enumerated() {
            let needed = GaussianBlur.needed(limit.y..<limit.maxY, after: vertical[(index + 1)...])
            GaussianBlur.convolve(&mask, pass, horizontal: false, keeping: needed, buffer: &scratch)
        }
        if mask.box.intersection(limit) != mask.box { mask = mask.cropped(to: limit) }
    }

    /// The positions along one axis that a pass must compute so that the passes `after` it
    /// can compute `wanted`.
    private static func needed(_ wanted: Range<Int>, after: ArraySlice<Pass>) -> Range<Int> {
        after.reversed().reduce(wanted) { range, pass in
            (range.lowerBound - (pass.kernel.count - 1 - pass.lead))..<(range.upperBound + pass.lead)
        }
    }

    private static func passes(_ sigma: Double) -> [Pass] {
        guard sigma > 0 else { return [] }
        guard sigma >= boxLimit else {
            let radius = Int((3 * sigma).rounded(.up))
            let weights = (-radius...radius).map { exponential(-Double($0 * $0) / (2 * sigma * sigma)) }
            let total = weights.reduce(0, +)
            return [Pass(kernel: weights.map { Float($0 / total) }, lead: radius, isBox: false)]
        }
        let d = Int((sigma * 3 * (2 * Double.pi).squareRoot() / 4 + 0.5).rounded(.down))
        func box(_ width: Int, lead: Int) -> Pass { Pass(kernel: [Float](repeating: 1 / Float(width), count: width), lead: lead, isBox: true) }
        if d % 2 == 1 { return [box(d, lead: d / 2), box(d, lead: d / 2), box(d, lead: d / 2)] }
        return [box(d, lead: d / 2), box(d, lead: d / 2 - 1), box(d + 1, lead: d / 2)]
    }

    /// Convolves `mask` along one axis by `pass`, its box grown by the pass's reach along that
    /// axis and then cut to the positions in `keeping`, into `buffer`'s memory (`mask`'s former
    /// memory is handed back in `buffer`). A box kernel is summed as a running window from the grown
    /// box's start. Vertically, rows are read and written whole (one running sum per column),
    /// in the order of the sums along each column.
    private static func convolve(_ mask: inout CoverageMask, _ pass: Pass, horizontal: Bool, keeping: Range<Int>,
                                 buffer: inout [Float]) {
        let after = pass.lead
        // Input i reaches outputs i - after ... i + (kernel.count - 1 - after).
        let source = mask.box
        let grown = horizontal ? PixelBox(x: source.x - after, y: source.y, width: source.width + pass.kernel.count - 1, height: source.height)
                               : PixelBox(x: source.x, y: source.y - after, width: source.width, height: source.height + pass.kernel.count - 1)
        let start = horizontal ? grown.x : grown.y, end = horizontal ? grown.maxX : grown.maxY
        let kept = max(keeping.lowerBound, start)..<max(min(keeping.upperBound, end), max(keeping.lowerBound, start))
        let box = horizontal ? PixelBox(x: kept.lowerBound, y: grown.y, width: kept.count, height: grown.height)
                             : PixelBox(x: grown.x, y: kept.lowerBound, width: grown.width, height: kept.count)
        var values: [Float] = []
        swap(&values, &buffer)
        if values.count < box.width * box.height { values.append(contentsOf: repeatElement(0, count: box.width * box.height - values.count)) }
        // Outputs kept, counted from the grown box's start.
        let outputs = (kept.lowerBound - start)..<(kept.upperBound - start)
        if !box.isEmpty {
            mask.values.withUnsafeBufferPointer { input in
                values.withUnsafeMutableBufferPointer { output in
                    let input = input.baseAddress!, output = output.baseAddress!
                    if horizontal {
                        var line = 0
                        if pass.isBox {
                            while line + 8 <= source.height {
                                convolveBoxLines(input + line * source.width, count: source.width, into: output + line * box.width,
                                                 width: box.width, keeping: outputs, pass)
                                line += 8
                            }
                        }
                        for line in line..<source.height {
                            convolve(input + line * source.width, count: source.width, into: output + line * box.width, keeping: outputs, pass)
                        }
                    } else {
                        convolveColumns(input, rows: source.height, width: source.width, into: output, keeping: outputs, pass)
                    }
                }
            }
        }
        buffer = mask.values
        mask = CoverageMask(box: box, values: values)
    }

    /// One line of `count` inputs convolved into the outputs `keeping` of the
    /// `count + kernel.count - 1` (`output[0]` is output `keeping.lowerBound`).
    private static func convolve(_ input: UnsafePointer<Float>, count: Int, into output: UnsafeMutablePointer<Float>,
                                 keeping: Range<Int>, _ pass: Pass) {
        let kernel = pass.kernel, first = keeping.lowerBound
        if pass.isBox {
            // Output o (grown box coordinates) sums inputs o - kernel.count + 1 ... o.
            let weight = kernel[0]
            var sum: Float = 0
            for o in 0..<keeping.upperBound {
                if o < count { sum += input[o] }
                if o >= kernel.count, o - kernel.count < count { sum -= input[o - kernel.count] }
                if o >= first { output[o - first] = max(0, sum * weight) }
            }
            return
        }
        output.update(repeating: 0, count: keeping.count)
        for i in 0..<count {
            let value = input[i]
            guard value != 0 else { continue }
            for k in max(0, first - i)..<min(kernel.count, keeping.upperBound - i) {
                output[i + k - first] += value * kernel[kernel.count - 1 - k]
            }
        }
    }

    /// Eight lines of `count` inputs (one after the other) convolved by a box into eight lines
    /// of `width` outputs, as ``convolve(_:count:into:keeping:_:)`` sums each: the same
    /// additions in the same order, the eight running sums side by side so that none waits on
    /// the one before.
    private static func convolveBoxLines(_ input: UnsafePointer<Float>, count: Int, into output: UnsafeMutablePointer<Float>,
                                         width: Int, keeping: Range<Int>, _ pass: Pass) {
        let length = pass.kernel.count, weight = pass.kernel[0], first = keeping.lowerBound
        @inline(__always) func inputs(_ column: Int) -> SIMD8<Float> {
            var values = SIMD8<Float>()
            for line in 0..<8 { values[line] = input[line * count + column] }
            return values
        }
        var sums = SIMD8<Float>(repeating: 0)
        for o in 0..<keeping.upperBound {
            if o < count { sums += inputs(o) }
            if o >= length, o - length < count { sums -= inputs(o - length) }
            if o >= first {
                let values = sums * weight
                for line in 0..<8 { output[line * width + o - first] = max(0, values[line]) }
            }
        }
    }

    /// The columns of `rows` rows of `width` inputs convolved into the output rows `keeping`
    /// of the `rows + kernel.count - 1` (`output`'s first row is row `keeping.lowerBound`),
    /// a row at a time.
    private static func convolveColumns(_ input: UnsafePointer<Float>, rows: Int, width: Int, into output: UnsafeMutablePointer<Float>,
                                        keeping: Range<Int>, _ pass: Pass) {
        let kernel = pass.kernel, first = keeping.lowerBound
        if pass.isBox {
            let weight = kernel[0]
            let sums = UnsafeMutablePointer<Float>.allocate(capacity: width)
            sums.initialize(repeating: 0, count: width)
            defer { sums.deallocate() }
            for o in 0..<keeping.upperBound {
                let adding = o < rows ? input + o * width : nil
                let removing = o >= kernel.count && o - kernel.count < rows ? input + (o - kernel.count) * width : nil
                switch (adding, removing) {
                case let (adding?, removing?):
                    for column in 0..<width { sums[column] += adding[column]; sums[column] -= removing[column] }
                case let (adding?, nil):
                    for column in 0..<width { sums[column] += adding[column] }
                case let (nil, removing?):
                    for column in 0..<width { sums[column] -= removing[column] }
                case (nil, nil):
                    break
                }
                guard o >= first else { continue }
                let target = output + (o - first) * width
                for column in 0..<width { target[column] = max(0, sums[column] * weight) }
            }
            return
        }
        output.update(repeating: 0, count: keeping.count * width)
        for i in 0..<rows {
            let from = input + i * width
            for k in max(0, first - i)..<min(kernel.count, keeping.upperBound - i) {
                let weight = kernel[kernel.count - 1 - k], target = output + (i + k - first) * width
                for column in 0..<width where from[column] != 0 { target[column] += from[column] * weight }
            }
        }
    }

    /// e^x for x <= 0: the series for x / 2^k (|x / 2^k| <= 1/2), squared k times.
    static func exponential(_ x: Double) -> Double {
        guard x > -700 else { return 0 }
        var reduced = x, squarings = 0
        while reduced < -0.5 { reduced /= 2; squarings += 1 }
        var term = 1.0, sum = 1.0
        for n in 1...14 {
            term *= reduced / Double(n)
            sum += term
        }
        for _ in 0..<squarings { sum *= sum }
        return sum
    }
}
