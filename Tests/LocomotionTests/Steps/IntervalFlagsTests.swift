import Testing

import Foundation

@testable import Locomotion

/// The step detector's sparse-interval memory is a word of bits standing in for the `[Bool]` it replaced: it must read
/// and write like that array, and encode and decode in that array's form.
@Suite("IntervalFlags behaves as the [Bool] it replaced")
struct IntervalFlagsTests {
    @Test("random writes read back as in an array of Bool", arguments: [1, 15, 63, 64])
    func matchesArray(count: Int) {
        var generator = SystemRandomNumberGenerator()
        var flags = IntervalFlags(count: count)
        var array = [Bool](repeating: false, count: count)
        var mismatches = 0
        for _ in 0..<5000 {
            let index = Int.random(in: 0..<count, using: &generator)
            let value = Bool.random(using: &generator)
            flags[index] = value
            array[index] = value
            let probe = Int.random(in: 0..<count, using: &generator)
            if flags[probe] != array[probe] { mismatches += 1 }
        }
        #expect(mismatches == 0)
        #expect((0..<count).map { flags[$0] } == array)
        #expect(flags.contains(count - 1) && !flags.contains(count) && !flags.contains(-1))
    }

    @Test("encodes as an array of Bool, and decodes one")
    func codableForm() throws {
        var flags = IntervalFlags(count: 15)
        for index in [0, 3, 4, 14] { flags[index] = true }
        let array = (0..<15).map { [0, 3, 4, 14].contains($0) }
        let encoded = try JSONEncoder().encode(flags)
        #expect(try JSONDecoder().decode([Bool].self, from: encoded) == array)
        let decoded = try JSONDecoder().decode(IntervalFlags.self, from: try JSONEncoder().encode(array))
        #expect(decoded == flags && decoded.count == 15)
        let tooMany = try JSONEncoder().encode([Bool](repeating: true, count: 65))
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(IntervalFlags.self, from: tooMany) }
    }
}
