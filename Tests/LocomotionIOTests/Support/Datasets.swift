import Foundation
import Testing

/// Where the shared public datasets are: `$LOCOMOTION_DATASETS`, else
/// `<package root>/../shared/datasets` (the package root derived from this
/// file's path). Copy this pattern into other test targets.
enum Datasets {
    static let root: URL = {
        if let override = ProcessInfo.processInfo.environment["LOCOMOTION_DATASETS"], !override.isEmpty {
            return URL(fileURLWithPath: override)
        }
        // <root>/Tests/LocomotionIOTests/Support/Datasets.swift → <root>
        let packageRoot = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        return packageRoot.deletingLastPathComponent().appendingPathComponent("shared/datasets")
    }()

    /// The folder of one dataset, e.g. `Datasets.folder("us-tm2017")`.
    static func folder(_ name: String) -> URL { root.appendingPathComponent(name) }

    /// True when the dataset's folder exists; use in `.enabled(if:)`.
    static func isPresent(_ name: String) -> Bool {
        FileManager.default.fileExists(atPath: folder(name).path)
    }

    /// The message a skipped test shows.
    static func absent(_ name: String) -> Comment {
        "dataset \(name) not found at \(folder(name).path); set LOCOMOTION_DATASETS to run this test"
    }
}
