import Locomotion
import LocomotionDSP

/// Better words for traces that are not what the reader expects in ways people often meet: line endings of
/// classic Mac OS (a carriage return alone), spreadsheet exports with `;` between fields and a decimal comma,
/// and accelerometers that saturated. Consulted only once something is already wrong, so it costs nothing
/// on good files.
enum TraceFormatDiagnosis {
    /// A first line that holds carriage returns not followed by a line feed: every line of the file ends
    /// with a CR alone, so the whole file is one line.
    static func carriageReturnsAlone(in line: UnsafeBufferPointer<UInt8>) -> (problem: String, hint: String)? {
        let returns = line.indices.filter { line[$0] == 0x0D && $0 + 1 < line.count }
        guard !returns.isEmpty,
              !line.contains(where: { $0 < 0x20 && $0 != 0x0D && $0 != 0x09 }) else { return nil }
        return ("lines end with a carriage return alone (classic Mac OS line endings), so the whole file reads as one line",
                "convert the line endings to line feeds, e.g. tr '\\r' '\\n' < FILE > FIXED.csv")
    }

    /// A header separated by `;` (and what that usually means: decimal commas in the rows).
    static func semicolonHeader(_ line: UnsafeBufferPointer<UInt8>) -> String? {
        let semicolons = line.filter { $0 == UInt8(ascii: ";") }.count
        guard semicolons >= 3, !line.contains(UInt8(ascii: ",")) || semicolons > line.filter({ $0 == UInt8(ascii: ",") }).count else {
            return nil
        }
        return "the fields are separated by ';', as spreadsheets write CSV where the decimal mark is a comma: "
            + "export with ',' between fields and '.' as the decimal mark (timestamp,x,y,z[,label])"
    }

    /// A field that opens a double quote and does not close it: a quoted field with a comma inside (usually
    /// a decimal comma, `"0,01"`), split at the comma, since fields cannot contain commas.
    static func quotedField(_ field: UnsafeBufferPointer<UInt8>) -> String? {
        guard field.first == UInt8(ascii: "\""), field.count == 1 || field.last != UInt8(ascii: "\"") else { return nil }
        return "a quoted field holds a comma, which fields cannot contain (a spreadsheet export with decimal commas, "
            + "such as \"0,01\"?): write numbers with '.' as the decimal mark"
    }

    /// Whether `rows` look clipped at the accelerometer's range: at least 5 % of the rows have an axis at
    /// exactly the same extreme of at least 1.5 g. Returns that extreme and the share of rows.
    static func saturation(of rows: some Collection<TraceRow>) -> (limit: Double, share: Double)? {
        guard rows.count >= 20 else { return nil }
        var extreme = 0.0
        for row in rows {
            let a = row.sample.acceleration
            extreme = max(extreme, abs(a.x), abs(a.y), abs(a.z))
        }
        guard extreme >= 1.5 else { return nil }
        let clipped = rows.count { row in
            let a = row.sample.acceleration
            return abs(a.x) == extreme || abs(a.y) == extreme || abs(a.z) == extreme
        }
        let share = Double(clipped) / Double(rows.count)
        return share >= 0.05 ? (extreme, share) : nil
    }
}
