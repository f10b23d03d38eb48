/// The participant a `device_id` field of AWARE's tables names: one rule for the accelerometer table
/// (``AwareTableSplit``) and the locations table (``AwareLocations``), so that a participant's fixes always find its
/// trace, however an export quoted the ids.
///
/// The field is read as CSV writes it (RFC 4180; the row's fields are split outside double quotes,
/// ``CSVBytes/quotedFieldBounds(of:into:)``):
/// - blanks (spaces, tabs) around the field are dropped;
/// - a field in double quotes is unquoted: `""` inside it is one `"`, a comma inside it is part of the name;
/// - blanks just inside the quotes are dropped too (`" abc "` is `abc`): a `device_id` names a participant and its
///   output files, and two names that differ only in padding could not be told apart in a listing. Blanks between
///   other characters are kept (`lab phone` is one name);
/// - any other `"` — a quote opened and not closed at the field's end, a lone `"` inside quotes, a quote inside an
///   unquoted field — is refused (``Outcome/badQuotes``): such a row was cut short or written by something that is
///   not CSV, and a guess would name another participant;
/// - a field empty after these steps names nobody (``Outcome/empty``).
///
/// ``Names`` keeps the ids met, in order, and refuses two that differ only in Unicode normalisation (NFC and NFD):
/// they are equal as Swift strings and would share output names.
enum AwareDeviceID {
    /// What a `device_id` field holds.
    enum Outcome: Equatable {
        /// A name (written into the caller's buffer).
        case named
        /// Nothing but blanks or empty quotes.
        case empty
        /// A double quote outside the CSV rule.
        case badQuotes
    }

    private static let quote = UInt8(ascii: "\"")

    /// Reads the `device_id` in `field` (the field's bytes as the row has them) into `name` (replaced).
    /// - Complexity: O(length of the field); no allocation once `name` has grown to the longest id.
    static func read(_ field: UnsafeBufferPointer<UInt8>, into name: inout [UInt8]) -> Outcome {
        name.removeAll(keepingCapacity: true)
        var lower = 0, upper = field.count
        while lower < upper && CSVBytes.isBlank(field[lower]) { lower += 1 }
        while upper > lower && CSVBytes.isBlank(field[upper - 1]) { upper -= 1 }
        if lower < upper && field[lower] == quote {
            guard upper - lower >= 2 && field[upper - 1] == quote else { return .badQuotes }
            var index = lower + 1
            while index < upper - 1 {
                if field[index] == quote {
                    guard index + 2 < upper && field[index + 1] == quote else { return .badQuotes }
                    index += 1
                }
                name.append(field[index])
                index += 1
            }
            while let last = name.last, CSVBytes.isBlank(last) { name.removeLast() }
            let leading = name.prefix(while: CSVBytes.isBlank).count
            if leading > 0 { name.removeFirst(leading) }
        } else {
            for index in lower..<upper {
                guard field[index] != quote else { return .badQuotes }
                name.append(field[index])
            }
        }
        return name.isEmpty ? .empty : .named
    }

    /// The error of a row whose `device_id` (at 0-based `column`) is `outcome` (not ``Outcome/named``).
    static func error(_ outcome: Outcome, file: String, line: Int, column: Int) -> InputError {
        switch outcome {
        case .badQuotes:
            InputError(file: file, line: line, column: column + 1, problem: "the device_id has a double quote outside CSV's quoting",
                       hint: "a quoted device_id is \"…\" with each \" inside doubled; is the row cut short?")
        case .empty, .named:
            InputError(file: file, line: line, column: column + 1, problem: "the device_id is empty",
                       hint: "every row of an AWARE table names its participant in device_id")
        }
    }

    /// The `device_id`s of a table, in the order they first appear, each with its position.
    struct Names {
        /// The names, in the order they first appear.
        private(set) var order: [String] = []
        private var positions: [String: Int] = [:]

        /// Where a name was found.
        enum Lookup {
            /// Met before, at this position.
            case known(Int)
            /// Met now for the first time, given this position.
            case new(Int)
            /// Equal as a string to an earlier name written with other bytes (NFC and NFD).
            case normalisationClash(String)
        }

        /// The position of the name with the UTF-8 bytes `bytes`, adding it when new.
        /// - Complexity: O(length of the name), amortised.
        mutating func position(of bytes: [UInt8]) -> Lookup {
            let name = String(decoding: bytes, as: UTF8.self)
            if let known = positions[name] {
                // Equal as Strings, other bytes: NFC and NFD spellings, which would share output names.
                return order[known].utf8.elementsEqual(bytes) ? .known(known) : .normalisationClash(name)
            }
            positions[name] = order.count
            order.append(name)
            return .new(order.count - 1)
        }

        /// The error of a row whose `device_id` (at 0-based `column`) is `name`, clashing with an earlier one.
        static func clash(_ name: String, file: String, line: Int, column: Int) -> InputError {
            InputError(file: file, line: line, column: column + 1,
                       problem: "the device_id '\(name)' differs from an earlier one only in Unicode normalisation (NFC and NFD): they would be merged and share output names",
                       hint: "write each device_id with the same bytes")
        }
    }
}
