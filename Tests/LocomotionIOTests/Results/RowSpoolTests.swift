import Foundation
import Testing
@testable import LocomotionIO

/// The combined output's spool: rows go to an unlinked temporary file and come back in pieces cut at line ends.
struct RowSpoolTests {
    @Test("the rows come back as written, in pieces that end at line ends, over many buffer flushes")
    func roundTrip() throws {
        let spool = try RowSpool()
        var written = "file,participant,day,start,end,local_start,activity\n"
        spool.append(written)
        for index in 0..<20_000 {  // ~0.9 MB: the 64 kB buffer is written out many times
            let row = "p/d\(index % 7).csv,P\(index % 3),2024-03-\(10 + index % 9),\(index * 60),\(index * 60 + 60),x,walking\n"
            spool.append(row)
            written += row
        }
        try spool.finish()
        for pieceSize in [1, 7, 4096, 1 << 20] {
            var pieces: [String] = []
            try spool.forEachPiece(pieceSize: pieceSize) { pieces.append($0) }
            #expect(pieces.joined() == written, "piece size \(pieceSize)")
            #expect(pieces.allSatisfy { $0.hasSuffix("\n") })
            #expect(pieces.first?.hasPrefix("file,participant,day,start,end,local_start,activity\n") == true)
            if pieceSize == 4096 { #expect(pieces.count > 100) }
        }
    }

    @Test("an unterminated last line comes back too; an empty spool gives nothing")
    func edges() throws {
        let spool = try RowSpool()
        spool.append("a,b\n1,2")
        var pieces: [String] = []
        try spool.forEachPiece(pieceSize: 3) { pieces.append($0) }
        #expect(pieces.joined() == "a,b\n1,2")
        var none: [String] = []
        try RowSpool().forEachPiece { none.append($0) }
        #expect(none.isEmpty)
    }
}
