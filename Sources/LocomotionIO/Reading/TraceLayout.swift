/// A trace layout named with `--layout` (nil in ``TraceReadingOptions/layout``: found from the header, `auto`): a
/// file whose header does not match it is refused naming file:line and the header expected.
///
/// Package access for now (the command line's `--layout`): public would add declarations to the API.
package enum TraceLayout: String, Sendable, Hashable, CaseIterable {
    /// Locomotion's own `timestamp,x,y,z[,label]` (or the same four fields without a header).
    case canonical
    /// AWARE's accelerometer table, `timestamp,device_id,double_values_0,double_values_1,double_values_2,…`.
    case aware
    /// Beiwe's accelerometer files, `timestamp,UTC time,accuracy,x,y,z`.
    case beiwe
    /// RADAR-base's restructured `android_phone_acceleration` CSV, `…,value.time,…,value.x,value.y,value.z`.
    case radar

    /// The columns the header must hold (lowercase; other columns may come too, in any order).
    package var requiredNames: [String] {
        switch self {
        case .canonical: ["timestamp", "x", "y", "z"]
        case .aware: ["timestamp", "device_id", "double_values_0", "double_values_1", "double_values_2"]
        case .beiwe: ["timestamp", "utc time", "accuracy", "x", "y", "z"]
        case .radar: ["value.time", "value.x", "value.y", "value.z"]
        }
    }

    /// The timestamp, x, y and z columns read.
    package var sampleNames: [String] {
        switch self {
        case .canonical, .beiwe: ["timestamp", "x", "y", "z"]
        case .aware: ["timestamp", "double_values_0", "double_values_1", "double_values_2"]
        case .radar: ["value.time", "value.x", "value.y", "value.z"]
        }
    }

    /// The header expected, for messages.
    package var expectedHeader: String {
        switch self {
        case .canonical: "timestamp,x,y,z[,label]"
        case .aware: "timestamp,device_id,double_values_0,double_values_1,double_values_2,accuracy,label"
        case .beiwe: "timestamp,UTC time,accuracy,x,y,z"
        case .radar: "key.projectId,key.userId,key.sourceId,value.time,value.timeReceived,value.x,value.y,value.z"
        }
    }

    /// The column names of a header line that this layout lacks (empty: it matches).
    package func missingNames(in names: [String]) -> [String] {
        requiredNames.filter { !names.contains($0) }
    }
}
