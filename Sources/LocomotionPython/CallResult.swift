/// What one call from Python returns, kept alive until `locomotion_result_free`: its status and, by name, texts
/// (tables as the command line writes them, their column types, messages) and columns of numbers. Tables travel as
/// the command line's own text so that every column a table gains reaches Python without a change of the C
/// interface, and the values are the command line's, digit for digit.
final class CallResult {
    /// 0 success, 1 bad input, 2 bad argument (``CallFailure/status``).
    var status: Int32 = 0
    /// NUL-terminated texts by key.
    private(set) var texts: [String: ContiguousArray<CChar>] = [:]
    /// Columns of numbers by key.
    var numbers: [String: [Double]] = [:]

    /// Sets the text `key` (stored with a terminating NUL for C).
    func setText(_ key: String, _ value: String) {
        var bytes = ContiguousArray<CChar>()
        bytes.reserveCapacity(value.utf8.count + 1)
        for byte in value.utf8 { bytes.append(CChar(bitPattern: byte)) }
        bytes.append(0)
        texts[key] = bytes
    }

    /// The text `key`, or nil.
    func text(_ key: String) -> String? {
        texts[key].map { bytes in String(decoding: bytes.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self) }
    }

    /// Records `failure`: the status, the message and, for bad input, the file and line it names.
    func fail(_ failure: CallFailure) {
        status = failure.status
        setText("message", failure.message)
        if case .input(let error) = failure {
            setText("error_file", error.file)
            if let line = error.line { setText("error_line", String(line)) }
            setText("error_problem", error.problem)
        }
    }
}
