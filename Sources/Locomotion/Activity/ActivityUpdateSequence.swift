import LocomotionDSP

/// The updates of an `ActivityClassifier` over an asynchronous stream of samples, in the manner of
/// `CMMotionActivityManager.startActivityUpdates`: iterate it to receive each update as soon as the samples
/// that decide it have arrived, and when the samples end, the updates `ActivityClassifier.finish(emit:)` completes.
/// It yields exactly the updates `ActivityClassifier.updates(of:smoothing:)` returns for the same samples and the
/// classifier's smoothing. Create one with `ActivityClassifier.updates(for:)`.
///
/// Fails when the base sequence fails, with its error. Cost per sample as `ActivityClassifier.push(_:emit:)`.
public struct ActivityUpdateSequence<Base: AsyncSequence>: AsyncSequence where Base.Element == AccelerometerSample {
    public typealias Element = ActivityUpdate
    public typealias Failure = Base.Failure

    private let base: Base
    private let classifier: ActivityClassifier

    init(base: Base, classifier: ActivityClassifier) {
        self.base = base
        self.classifier = classifier
    }

    public func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(base: base.makeAsyncIterator(), classifier: classifier)
    }

    /// Pulls samples from the base sequence until the classifier has an update to yield.
    public struct AsyncIterator: AsyncIteratorProtocol {
        private var base: Base.AsyncIterator
        private var classifier: ActivityClassifier
        private var pending: [ActivityUpdate] = []
        private var next = 0
        private var finished = false

        init(base: Base.AsyncIterator, classifier: ActivityClassifier) {
            self.base = base
            self.classifier = classifier
            pending.reserveCapacity(4)
        }

        public mutating func next(isolation actor: isolated (any Actor)? = #isolation) async throws(Failure) -> ActivityUpdate? {
            while next == pending.count {
                pending.removeAll(keepingCapacity: true)
                next = 0
                if finished { return nil }
                guard let sample = try await base.next(isolation: actor) else {
                    finished = true
                    var buffer = pending
                    pending = []
                    classifier.finish { buffer.append($0) }
                    pending = buffer
                    continue
                }
                var buffer = pending
                pending = []
                classifier.push(sample) { buffer.append($0) }
                pending = buffer
            }
            defer { next += 1 }
            return pending[next]
        }

        public mutating func next() async throws(Failure) -> ActivityUpdate? {
            try await next(isolation: nil)
        }
    }
}

extension ActivityUpdateSequence: Sendable where Base: Sendable {}

extension ActivityClassifier {
    /// The updates of this classifier (from its current state) over an asynchronous sequence of samples.
    ///
    /// ```swift
    /// for try await update in ActivityClassifier().updates(for: samples) {
    ///     print(update.start, update.activity, update.confidence)
    /// }
    /// ```
    public func updates<Samples: AsyncSequence>(for samples: Samples) -> ActivityUpdateSequence<Samples>
    where Samples.Element == AccelerometerSample {
        ActivityUpdateSequence(base: samples, classifier: self)
    }
}
