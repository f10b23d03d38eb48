import LocomotionIO

/// Decompresses a zlib stream (RFC 1950 around RFC 1951 deflate), as MATLAB v7 files store their variables.
///
/// Pure Swift so that reading a `.mat` file needs no system library (the package builds anywhere Swift does).
/// It decodes canonical Huffman codes one bit at a time (the method of zlib's reference decoder `puff`): simple and
/// easy to check rather than fast, which suits a dataset converter (a few MB a second). The Adler-32 checksum is
/// verified, so a damaged file is refused instead of yielding wrong numbers.
///
/// - Complexity: O(n) in the decompressed size, O(1) extra memory beyond the output.
struct ZlibInflater {
    /// Why a stream could not be decompressed.
    struct Failure: Error, Equatable {
        var problem: String
    }

    private let input: [UInt8]
    private var position = 0
    private var bitBuffer = 0
    private var bitCount = 0
    private var output: [UInt8] = []

    /// The most bytes the output may reach (a zlib "bomb" inflates a megabyte to gigabytes).
    private var limit = Int.max

    private init(_ input: [UInt8]) { self.input = input }

    /// The decompressed bytes of the zlib stream `data` (header, deflate blocks, Adler-32).
    static func inflate(_ data: [UInt8], limit: Int = .max) throws(Failure) -> [UInt8] {
        var inflater = ZlibInflater(data)
        inflater.limit = limit
        try inflater.run()
        return inflater.output
    }

    private mutating func run() throws(Failure) {
        guard input.count >= 6 else { throw Failure(problem: "zlib stream shorter than its header and checksum") }
        let method = input[0], flags = input[1]
        guard method & 0x0F == 8, method >> 4 <= 7, (Int(method) * 256 + Int(flags)) % 31 == 0 else {
            throw Failure(problem: "not a zlib stream (bad header)")
        }
        guard flags & 0x20 == 0 else { throw Failure(problem: "zlib stream needs a preset dictionary") }
        position = 2
        output.reserveCapacity(min(input.count * 4, limit))
        var isLast = false
        while !isLast {
            isLast = try bits(1) == 1
            switch try bits(2) {
            case 0: try storedBlock()
            case 1: try codes(literal: Self.fixedLiteral, distance: Self.fixedDistance)
            case 2: try dynamicBlock()
            default: throw Failure(problem: "invalid deflate block type")
            }
        }
        // The checksum follows on the next byte boundary.
        bitBuffer = 0
        bitCount = 0
        guard position + 4 <= input.count else { throw Failure(problem: "zlib stream truncated before its checksum") }
        let expected = input[position..<position + 4].reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
        guard expected == Self.adler32(output) else { throw Failure(problem: "zlib checksum mismatch (damaged data)") }
    }

    private mutating func bits(_ need: Int) throws(Failure) -> Int {
        var value = bitBuffer
        while bitCount < need {
            guard position < input.count else { throw Failure(problem: "compressed data truncated") }
            value |= Int(input[position]) << bitCount
            position += 1
            bitCount += 8
        }
        bitBuffer = value >> need
        bitCount -= need
        return value & ((1 << need) - 1)
    }

    private mutating func storedBlock() throws(Failure) {
        bitBuffer = 0
        bitCount = 0
        guard position + 4 <= input.count else { throw Failure(problem: "compressed data truncated") }
        let length = Int(input[position]) | Int(input[position + 1]) << 8
        let complement = Int(input[position + 2]) | Int(input[position + 3]) << 8
        guard length == ~complement & 0xFFFF else { throw Failure(problem: "stored block length check failed") }
        position += 4
        guard position + length <= input.count else { throw Failure(problem: "compressed data truncated") }
        try reserve(length)
        output.append(contentsOf: input[position..<position + length])
        position += length
    }

    /// A canonical Huffman code: how many codes have each length 1…15, and the symbols in code order.
    struct Huffman {
        var counts = [Int](repeating: 0, count: 16)
        var symbols: [Int]

        /// The code for `lengths` (0 = symbol unused). Throws for an over-subscribed code; an incomplete one is
        /// allowed only where deflate allows it (a single distance code), as `complete` says.
        init(lengths: [Int]) throws(Failure) {
            symbols = [Int](repeating: 0, count: lengths.count)
            for length in lengths { counts[length] += 1 }
            var left = 1
            for length in 1..<16 {
                left <<= 1
                left -= counts[length]
                guard left >= 0 else { throw Failure(problem: "over-subscribed Huffman code") }
            }
            var offsets = [Int](repeating: 0, count: 16)
            for length in 1..<15 { offsets[length + 1] = offsets[length] + counts[length] }
            for (symbol, length) in lengths.enumerated() where length != 0 {
                symbols[offsets[length]] = symbol
                offsets[length] += 1
            }
            isComplete = left == 0
        }

        /// True when every bit pattern decodes to a symbol.
        var isComplete: Bool
    }

    private mutating func decode(_ code: Huffman) throws(Failure) -> Int {
        var value = 0, first = 0, index = 0
        for length in 1..<16 {
            value |= try bits(1)
            let count = code.counts[length]
            if value - count < first { return code.symbols[index + value - first] }
            index += count
            first = (first + count) << 1
            value <<= 1
        }
        throw Failure(problem: "invalid Huffman code in compressed data")
    }

    private static let lengthBase = [3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31,
                                     35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258]
    private static let lengthExtra = [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2,
                                      3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0]
    private static let distanceBase = [1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193,
                                       257, 385, 513, 769, 1025, 1537, 2049, 3073, 4097, 6145, 8193, 12289, 16385, 24577]
    private static let distanceExtra = [0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6,
                                        7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13]

    /// Refuses output past ``limit`` before it is written.
    private func reserve(_ count: Int) throws(Failure) {
        guard output.count + count <= limit else {
            throw Failure(problem: "inflates to more than \(limit) bytes (a damaged or hostile stream)")
        }
    }

    private mutating func codes(literal: Huffman, distance: Huffman) throws(Failure) {
        while true {
            let symbol = try decode(literal)
            if symbol < 256 {
                try reserve(1)
                output.append(UInt8(symbol))
            } else if symbol == 256 {
                return
            } else {
                let index = symbol - 257
                guard index < 29 else { throw Failure(problem: "invalid length code in compressed data") }
                let length = Self.lengthBase[index] + (try bits(Self.lengthExtra[index]))
                let distanceSymbol = try decode(distance)
                guard distanceSymbol < 30 else { throw Failure(problem: "invalid distance code in compressed data") }
                let back = Self.distanceBase[distanceSymbol] + (try bits(Self.distanceExtra[distanceSymbol]))
                guard back <= output.count else { throw Failure(problem: "distance reaches before the data's start") }
                try reserve(length)
                // Byte by byte: a copy may overlap what it writes (a run).
                let start = output.count - back
                for offset in 0..<length { output.append(output[start + offset]) }
            }
        }
    }

    private static let fixedLiteral: Huffman = {
        var lengths = [Int](repeating: 8, count: 288)
        for symbol in 144..<256 { lengths[symbol] = 9 }
        for symbol in 256..<280 { lengths[symbol] = 7 }
        return try! Huffman(lengths: lengths)
    }()
    private static let fixedDistance: Huffman = try! Huffman(lengths: [Int](repeating: 5, count: 30))

    /// Order in which the code-length code's lengths are stored.
    private static let lengthOrder = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15]

    private mutating func dynamicBlock() throws(Failure) {
        let literalCount = try bits(5) + 257
        let distanceCount = try bits(5) + 1
        let codeCount = try bits(4) + 4
        guard literalCount <= 286, distanceCount <= 30 else { throw Failure(problem: "bad dynamic block counts") }
        var lengths = [Int](repeating: 0, count: 19)
        for index in 0..<codeCount { lengths[Self.lengthOrder[index]] = try bits(3) }
        let lengthCode = try Huffman(lengths: lengths)
        guard lengthCode.isComplete else { throw Failure(problem: "incomplete code-length code") }
        var all: [Int] = []
        all.reserveCapacity(literalCount + distanceCount)
        while all.count < literalCount + distanceCount {
            let symbol = try decode(lengthCode)
            if symbol < 16 {
                all.append(symbol)
                continue
            }
            var value = 0, repeats: Int
            switch symbol {
            case 16:
                guard let previous = all.last else { throw Failure(problem: "repeat with no previous length") }
                value = previous
                repeats = 3 + (try bits(2))
            case 17: repeats = 3 + (try bits(3))
            default: repeats = 11 + (try bits(7))
            }
            guard all.count + repeats <= literalCount + distanceCount else {
                throw Failure(problem: "too many code lengths in dynamic block")
            }
            all += repeatElement(value, count: repeats)
        }
        guard all[256] != 0 else { throw Failure(problem: "dynamic block has no end-of-block code") }
        let literal = try Huffman(lengths: Array(all[0..<literalCount]))
        let distance = try Huffman(lengths: Array(all[literalCount...]))
        try codes(literal: literal, distance: distance)
    }

    /// Adler-32 (RFC 1950) of `bytes`.
    static func adler32(_ bytes: [UInt8]) -> UInt32 {
        var a: UInt32 = 1, b: UInt32 = 0
        var index = 0
        while index < bytes.count {
            // 5552 bytes is the most before the sums can overflow 32 bits.
            let end = min(bytes.count, index + 5552)
            for byte in bytes[index..<end] {
                a += UInt32(byte)
                b += a
            }
            a %= 65521
            b %= 65521
            index = end
        }
        return b << 16 | a
    }
}
