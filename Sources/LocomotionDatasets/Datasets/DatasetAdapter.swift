import LocomotionIO

/// Turns one public dataset's native files into canonical traces
/// (`timestamp,x,y,z,label`, acceleration in g; `Docs/formats.md`).
///
/// An adapter is a namespace of two pure functions: which files of a folder
/// are recordings, and how one such file converts. `locomotion convert --from`
/// picks an adapter by its ``name``.
package protocol DatasetAdapter {
    /// The name `locomotion convert --from` uses, e.g. `us-tm2017`.
    static var name: String { get }
    /// The native recording files under `directory` (searched recursively, or
    /// `directory` itself when it is such a file), sorted by path.
    static func inputFiles(in directory: String) throws(InputError) -> [String]
    /// Converts one native file into one or more recordings (in g, labelled).
    static func convert(file: String) throws(InputError) -> [ConvertedRecording]
}
