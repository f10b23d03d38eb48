#if canImport(_Builtin_intrinsics.intel)
import _Builtin_intrinsics.intel
#endif

/// Where the commas, line feeds and non-digits are among 64 bytes of text: bit `i` of each mask
/// describes byte `i`. Found 16 bytes at a time with SIMD compares, so that a parser can locate
/// every field of a row, and check that a number holds only digits, with a few bit operations
/// instead of a test per byte.
struct ByteMasks {
    /// The bytes `,`.
    var commas: UInt64
    /// The bytes `\n`.
    var lineFeeds: UInt64
    /// The bytes that are not ASCII digits `0`…`9`.
    var nonDigits: UInt64

    /// The masks of the 64 bytes at `bytes`, which must all be readable. O(1): four 16-byte blocks.
    @inline(__always)
    init(_ bytes: UnsafePointer<UInt8>) {
        var commas: UInt64 = 0
        var lineFeeds: UInt64 = 0
        var digits: UInt64 = 0
        for block in 0..<4 {
            let vector = UnsafeRawPointer(bytes + 16 * block).loadUnaligned(as: SIMD16<UInt8>.self)
            let shift = UInt64(16 * block)
            commas |= UInt64(ByteMasks.bits(vector .== SIMD16(repeating: UInt8(ascii: ",")))) &<< shift
            lineFeeds |= UInt64(ByteMasks.bits(vector .== SIMD16(repeating: UInt8(ascii: "\n")))) &<< shift
            digits |= UInt64(ByteMasks.bits(vector &- SIMD16(repeating: UInt8(ascii: "0"))
                .< SIMD16(repeating: 10))) &<< shift
        }
        self.commas = commas
        self.lineFeeds = lineFeeds
        nonDigits = ~digits
    }

    /// One bit per lane of `mask`, lane 0 in bit 0.
    @inline(__always)
    static func bits(_ mask: SIMDMask<SIMD16<Int8>>) -> UInt16 {
        #if canImport(_Builtin_intrinsics.intel)
        // One instruction (`pmovmskb`), part of every x86-64 processor (SSE2).
        UInt16(truncatingIfNeeded: _mm_movemask_epi8(unsafeBitCast(mask, to: SIMD2<Int64>.self)))
        #else
        portableBits(mask)
        #endif
    }

    /// ``bits(_:)`` for any processor: each lane keeps its own bit of a byte, and a multiply gathers
    /// the eight bytes of each half into its top byte (distinct bits, so their sum is their union).
    @inline(__always)
    static func portableBits(_ mask: SIMDMask<SIMD16<Int8>>) -> UInt16 {
        let weights = unsafeBitCast(mask, to: SIMD16<UInt8>.self)
            & SIMD16<UInt8>(1, 2, 4, 8, 16, 32, 64, 128, 1, 2, 4, 8, 16, 32, 64, 128)
        let halves = unsafeBitCast(weights, to: SIMD2<UInt64>.self)
        let low = (UInt64(littleEndian: halves[0]) &* 0x0101_0101_0101_0101) >> 56
        let high = (UInt64(littleEndian: halves[1]) &* 0x0101_0101_0101_0101) >> 56
        return UInt16(truncatingIfNeeded: low | high << 8)
    }
}
