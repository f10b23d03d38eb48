/// Tabular output encodings: CSV with a header, or JSON Lines (one object per row).
package enum OutputFormat: String, CaseIterable, Sendable {
    case csv
    case json
}
