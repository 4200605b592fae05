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

    /// Blurs `mask` over its box grown by ``margins``, keeping only the columns of `limit`
    /// (the rows are not cut: the caller reads the part it shows). The horizontal passes run
    /// first, over every row and column; the vertical ones sum each column on its own, so they
    /// are run on `limit`'s columns alone, with the very sums of the whole box's. The passes
    /// write into `mask`'s buffer and `spare` in turn, so no pass allocates (nor maps fresh
    /// pages) once the two buffers have grown to the largest box drawn; `spare` comes back
    /// holding the buffer not in `mask`.
    func apply(_ mask: inout CoverageMask, within limit: PixelBox, spare: inout [Float]) {
        // Each pass grows the box; both buffers are made room for the last box at once, so
        // neither is moved (and its pages mapped afresh) pass after pass.
        let passesX = GaussianBlur.passes(sigmaX), passesY = GaussianBlur.passes(sigmaY)
        let largest = (mask.box.width + passesX.reduce(0) { $0 + $1.kernel.count - 1 })
            * (mask.box.height + passesY.reduce(0) { $0 + $1.kernel.count - 1 })
        mask.values.reserveCapacity(largest)
        spare.reserveCapacity(largest)
        for pass in passesX { GaussianBlur.convolve(&mask, pass, horizontal: true, spare: &spare) }
        for pass in passesY { GaussianBlur.convolve(&mask, pass, horizontal: false, within: limit, spare: &spare) }
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

    /// `mask` convolved along one axis by `pass`, its box grown by the pass's reach, written
    /// into `spare`'s memory (which then holds `mask`'s old buffer). A box kernel is summed as a
    /// running window and writes every output, so its buffer is not cleared first; the exact
    /// kernel adds into zeros. Vertically, only the columns of `limit` are kept, and rows are
    /// read and written across them (one running sum per column), in the order of the sums
    /// along each column.
    private static func convolve(_ mask: inout CoverageMask, _ pass: Pass, horizontal: Bool, within limit: PixelBox? = nil,
                                 spare: inout [Float]) {
        let kernel = pass.kernel, after = pass.lead
        // Input i reaches outputs i - after ... i + (kernel.count - 1 - after).
        let source = mask.box
        let left = max(source.x, limit?.x ?? source.x), right = max(left, min(source.maxX, limit?.maxX ?? source.maxX))
        let box = horizontal ? PixelBox(x: source.x - after, y: source.y, width: source.width + kernel.count - 1, height: source.height)
                             : PixelBox(x: left, y: source.y - after, width: right - left, height: source.height + kernel.count - 1)
        // No column of `limit` within reach: nothing of the blur shows.
        guard !box.isEmpty else { mask.box = box; return }
        var values: [Float] = []
        swap(&values, &spare)
        let count = box.width * box.height
        if !pass.isBox { values.removeAll(keepingCapacity: true) }
        if values.count < count { values.append(contentsOf: repeatElement(0, count: count - values.count)) }
        mask.values.withUnsafeBufferPointer { input in
            values.withUnsafeMutableBufferPointer { output in
                let input = input.baseAddress!, output = output.baseAddress!
                if horizontal {
                    var line = 0
                    if pass.isBox {
                        while line + 8 <= source.height {
                            convolveBoxLines(input + line * source.width, count: source.width, into: output + line * box.width, width: box.width, pass)
                            line += 8
                        }
                    }
                    for line in line..<source.height {
                        convolve(input + line * source.width, count: source.width, into: output + line * box.width, pass)
                    }
                } else {
                    convolveColumns(input + left - source.x, rows: source.height, stride: source.width, width: box.width, into: output, pass)
                }
            }
        }
        spare = mask.values
        mask = CoverageMask(box: box, values: values)
    }

    /// One line of `count` inputs convolved into `count + kernel.count - 1` outputs (zeros at first).
    private static func convolve(_ input: UnsafePointer<Float>, count: Int, into output: UnsafeMutablePointer<Float>, _ pass: Pass) {
        let kernel = pass.kernel
        if pass.isBox {
            // Output o (box coordinates) sums inputs o - count + 1 ... o.
            let weight = kernel[0]
            var sum: Float = 0
            for o in 0..<(count + kernel.count - 1) {
                if o < count { sum += input[o] }
                if o >= kernel.count, o - kernel.count < count { sum -= input[o - kernel.count] }
                output[o] = max(0, sum * weight)
            }
            return
        }
        for i in 0..<count {
            let value = input[i]
            guard value != 0 else { continue }
            for k in 0..<kernel.count { output[i + k] += value * kernel[kernel.count - 1 - k] }
        }
    }

    /// Eight lines of `count` inputs (one after the other) convolved by a box into eight lines
    /// of `width` outputs, as ``convolve(_:count:into:_:)`` sums each: the same additions in
    /// the same order, the eight running sums side by side so that none waits on the one before.
    private static func convolveBoxLines(_ input: UnsafePointer<Float>, count: Int, into output: UnsafeMutablePointer<Float>,
                                         width: Int, _ pass: Pass) {
        let length = pass.kernel.count, weight = pass.kernel[0]
        @inline(__always) func inputs(_ column: Int) -> SIMD8<Float> {
            var values = SIMD8<Float>()
            for line in 0..<8 { values[line] = input[line * count + column] }
            return values
        }
        var sums = SIMD8<Float>(repeating: 0)
        for o in 0..<(count + length - 1) {
            if o < count { sums += inputs(o) }
            if o >= length, o - length < count { sums -= inputs(o - length) }
            let values = sums * weight
            for line in 0..<8 { output[line * width + o] = max(0, values[line]) }
        }
    }

    /// The columns of `rows` rows of `width` inputs (each row `stride` inputs after the one
    /// before) convolved into `rows + kernel.count - 1` rows of `width` outputs (zeros at
    /// first), a row at a time.
    private static func convolveColumns(_ input: UnsafePointer<Float>, rows: Int, stride: Int, width: Int,
                                        into output: UnsafeMutablePointer<Float>, _ pass: Pass) {
        let kernel = pass.kernel
        if pass.isBox {
            let weight = kernel[0]
            let sums = UnsafeMutablePointer<Float>.allocate(capacity: width)
            sums.initialize(repeating: 0, count: width)
            defer { sums.deallocate() }
            for o in 0..<(rows + kernel.count - 1) {
                let adding = o < rows ? input + o * stride : nil
                let removing = o >= kernel.count && o - kernel.count < rows ? input + (o - kernel.count) * stride : nil
                let target = output + o * width
                for column in 0..<width {
                    if let adding { sums[column] += adding[column] }
                    if let removing { sums[column] -= removing[column] }
                    target[column] = max(0, sums[column] * weight)
                }
            }
            return
        }
        for i in 0..<rows {
            let from = input + i * stride
            for k in 0..<kernel.count {
                let weight = kernel[kernel.count - 1 - k], target = output + (i + k) * width
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
