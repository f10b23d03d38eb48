import PropertyBased
import Testing
@testable import LocomotionIO
import LocomotionTestSupport

@Suite struct ByteMasksTests {
    /// Each mask has bit i set exactly when byte i is in its class, for random bytes drawn mostly from
    /// the characters of a trace.
    @Test func masksMatchAByteByByteScan() async {
        await propertyCheck(count: 200, input: Gen.uint64()) { seed in
            var random = SplitMix64(seed: seed)
            let alphabet = Array("0123456789,.-\n\r ae/:".utf8) + [0, 0x80, 0xFF, 0x2F, 0x3A]
            let bytes = (0..<64).map { _ in alphabet[Int(random.next() % UInt64(alphabet.count))] }
            var commas: UInt64 = 0, lineFeeds: UInt64 = 0, nonDigits: UInt64 = 0
            for (index, byte) in bytes.enumerated() {
                if byte == UInt8(ascii: ",") { commas |= 1 << UInt64(index) }
                if byte == UInt8(ascii: "\n") { lineFeeds |= 1 << UInt64(index) }
                if !(UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) { nonDigits |= 1 << UInt64(index) }
            }
            let masks = bytes.withUnsafeBufferPointer { ByteMasks($0.baseAddress!) }
            #expect(masks.commas == commas)
            #expect(masks.lineFeeds == lineFeeds)
            #expect(masks.nonDigits == nonDigits)
        }
    }

    /// The portable bit gathering (used where no SSE2 intrinsic exists) agrees with the one in use.
    @Test func portableBitsAgree() async {
        await propertyCheck(count: 200, input: Gen.uint64()) { seed in
            var random = SplitMix64(seed: seed)
            let lanes = SIMD16<UInt8>((0..<16).map { _ in UInt8(random.next() % 3) })
            let mask = lanes .== SIMD16(repeating: 1)
            var expected: UInt16 = 0
            for lane in 0..<16 where mask[lane] { expected |= 1 << UInt16(lane) }
            #expect(ByteMasks.bits(mask) == expected)
            #expect(ByteMasks.portableBits(mask) == expected)
        }
    }
}
