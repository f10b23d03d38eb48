import Foundation
import LocomotionDSP
import Testing
@testable import Locomotion

/// The feature stage keeps its window as one ring of (|a|, x, y, z) rows; its snapshot keeps the form of the four
/// `SlidingWindow`s it replaced (`magnitude`, `x`, `y`, `z`), so that snapshots written before and after the change
/// decode in either build.
@Suite struct ActivityFeatureStageSnapshotTests {
    /// The objects under `key`, anywhere in a JSON value.
    static func objects(named key: String, in value: Any) -> [Any] {
        if let dictionary = value as? [String: Any] {
            return (dictionary[key].map { [$0] } ?? []) + dictionary.values.flatMap { objects(named: key, in: $0) }
        }
        if let array = value as? [Any] { return array.flatMap { objects(named: key, in: $0) } }
        return []
    }

    @Test(arguments: [37, 100, 213])  // part of a window, exactly full, and after some hops
    func windowsEncodeAsSlidingWindows(resampled: Int) throws {
        var classifier = ActivityClassifier()
        // 50 Hz input: 2.5 input samples per resampled one at 20 Hz.
        for index in 0..<(resampled * 5 / 2) {
            let time = Double(index) / 50
            let sample = AccelerometerSample(time: time, acceleration: Vector3(x: 0.1 * sin(7 * time), y: 0.2, z: 0.97 + 0.05 * cos(11 * time)))
            classifier.push(sample) { _ in }
        }
        let json = try JSONSerialization.jsonObject(with: JSONEncoder().encode(classifier))
        var counts: [Int] = []
        for key in ["magnitude", "x", "y", "z"] {
            let found = Self.objects(named: key, in: json).compactMap { $0 as? [String: Any] }.filter { $0["values"] != nil }
            try #require(found.count == 1)
            let data = try JSONSerialization.data(withJSONObject: found[0])
            let window = try JSONDecoder().decode(SlidingWindow.self, from: data)
            #expect(window.size == 100)
            counts.append(window.count)
            // Re-encoded by SlidingWindow, the same object: the old build reads and writes this form.
            let again = try JSONSerialization.jsonObject(with: JSONEncoder().encode(window)) as? NSDictionary
            #expect(again == found[0] as NSDictionary)
        }
        #expect(Set(counts).count == 1)
        // And the snapshot continues bit for bit.
        var restored = try JSONDecoder().decode(ActivityClassifier.self, from: JSONEncoder().encode(classifier))
        var updates: [ActivityUpdate] = [], restoredUpdates: [ActivityUpdate] = []
        for index in (resampled * 5 / 2)..<(resampled * 5 / 2 + 3000) {
            let time = Double(index) / 50
            let sample = AccelerometerSample(time: time, acceleration: Vector3(x: 0.3 * sin(12 * time), y: 0.2, z: 0.97 + 0.2 * cos(12 * time)))
            classifier.push(sample) { updates.append($0) }
            restored.push(sample) { restoredUpdates.append($0) }
        }
        #expect(updates == restoredUpdates)
    }
}
