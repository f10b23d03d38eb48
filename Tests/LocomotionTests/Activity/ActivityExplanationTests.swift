import Foundation
import Testing
@testable import Locomotion

/// `ActivityExplanation` keeps a window's features, named extras and the change of activity as values and builds
/// its `features` dictionary and `transition` text when they are read (so that emitting an update allocates
/// nothing). Whatever way it was built, it must read, compare, hash and encode as the dictionary form.
@Suite struct ActivityExplanationTests {
    static let window = ActivityFeatures(
        mean: 1.01, deviation: 0.21, dominantFrequency: 1.8, dominantPower: 0.62, spectralEntropy: 0.41,
        lowBandPower: 0.031, highBandPower: 0.004, periodicity: 0.72, period: 0.55, tilt: 3.5, stepFrequency: 1.8,
        inputRate: 50, inputDeviation: 0.22, inputWobble: 14)

    static var built: ActivityExplanation {
        ActivityExplanation(rule: .gaitWalking, window: window,
                            extras: (.init(.support, 7), .init(.lookahead, 9.5), .init(.previous, 120)),
                            change: (.stationary, .walking))
    }

    static var given: ActivityExplanation {
        var features = window.dictionary
        features["support_s"] = 7
        features["lookahead_s"] = 9.5
        features["previous_s"] = 120
        return ActivityExplanation(rule: .gaitWalking, features: features, transition: "stationary→walking")
    }

    @Test func readsAsTheDictionaryForm() {
        let built = Self.built
        #expect(built.features == Self.given.features)
        // The window's 15 features (a fix's speed would be a 16th) and the 3 extras.
        #expect(built.features.count == 15 + 3)
        #expect(built.transition == "stationary→walking")
        #expect(built == Self.given)
        #expect(built.hashValue == Self.given.hashValue)
        #expect(ActivityExplanation(rule: .gap, extras: (.init(.gap, 4), nil, nil)).features == ["gap_s": 4])
        #expect(ActivityExplanation(rule: .warmUp).features.isEmpty)
    }

    @Test func settersReplaceTheValues() {
        var explanation = Self.built
        explanation.features["support_s"] = 8
        #expect(explanation.features["support_s"] == 8 && explanation.features["tilt_deg"] == 3.5)
        explanation.transition = nil
        #expect(explanation.transition == nil)
        explanation.features = ["x": 1]
        #expect(explanation.features == ["x": 1])
        #expect(explanation != Self.built)
    }

    @Test func encodesAsTheDictionaryForm() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let built = try encoder.encode(Self.built)
        #expect(built == (try encoder.encode(Self.given)))
        let object = try #require(try JSONSerialization.jsonObject(with: built) as? [String: Any])
        #expect(Set(object.keys) == ["rule", "features", "transition"])
        #expect(try JSONDecoder().decode(ActivityExplanation.self, from: built) == Self.built)
        // No transition: the key is left out, as the synthesised form did.
        let plain = try encoder.encode(ActivityExplanation(rule: .warmUp))
        #expect(String(decoding: plain, as: UTF8.self) == #"{"features":{},"rule":"warm-up"}"#)
    }

    @Test func descriptionNamesSupportAndThePreviousActivity() {
        let update = ActivityUpdate(start: 120, activity: .walking, confidence: .high, explanation: Self.built)
        #expect(update.description == "walking from 120.0 s: gait-walking for 7 s after 120 s stationary")
    }

    @Test func aWindowThatUsedAFixCarriesItsSpeed() {
        var window = Self.window
        #expect(window.dictionary["speed_mps"] == nil)
        window.speed = 12.5
        #expect(window.dictionary["speed_mps"] == 12.5 && window.dictionary.count == 16)
    }

    @Test func featuresWrittenBeforeSkewnessAndSpeedDecode() throws {
        var window = Self.window
        window.skewness = -0.4
        window.speed = 5
        let encoded = try JSONEncoder().encode(window)
        #expect(try JSONDecoder().decode(ActivityFeatures.self, from: encoded) == window)
        var older = try #require(JSONSerialization.jsonObject(with: encoded) as? [String: Double])
        older["skewness"] = nil
        older["speed"] = nil
        let decoded = try JSONDecoder().decode(ActivityFeatures.self, from: JSONSerialization.data(withJSONObject: older))
        #expect(decoded.skewness == 0 && decoded.speed == nil && decoded.periodicity == window.periodicity)
    }
}
