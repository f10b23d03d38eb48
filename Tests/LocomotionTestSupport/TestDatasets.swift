import Foundation

/// Where the shared public recordings are: `$LOCOMOTION_DATASETS` when set and not empty, else
/// `<package root>/../shared/datasets` (the package root found from this file's path). Tests that need a dataset
/// are enabled only when its folder exists, with ``absence(_:)`` as the reason shown when they are skipped.
public enum TestDatasets {
    /// The folder holding one folder per dataset.
    public static let root: URL = {
        if let override = ProcessInfo.processInfo.environment["LOCOMOTION_DATASETS"], !override.isEmpty {
            return URL(fileURLWithPath: override)
        }
        return packageRoot.deletingLastPathComponent().appendingPathComponent("shared/datasets")
    }()

    /// The package's root folder: `<root>/Tests/LocomotionTestSupport/TestDatasets.swift` → `<root>`.
    public static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The folder (or file) at `relativePath` under ``root``, e.g. `folder("us-tm2017/raw")`.
    public static func folder(_ relativePath: String) -> URL { root.appendingPathComponent(relativePath) }

    /// True when ``folder(_:)`` exists; use in `.enabled(if:)`.
    public static func isPresent(_ relativePath: String) -> Bool {
        FileManager.default.fileExists(atPath: folder(relativePath).path)
    }

    /// Why a test needing `relativePath` is skipped (wrap it in a `Comment`).
    public static func absence(_ relativePath: String) -> String {
        "dataset \(relativePath) not found at \(folder(relativePath).path); set LOCOMOTION_DATASETS to run this test"
    }
}
