// swift-tools-version: 6.1
// Benchmarks for Locomotion, kept out of the root package so that `swift test` never builds them. Every program
// is a target here, built against the root package by path; the scripts in this folder build them in release,
// make the traces and run the numpy/scipy/pandas references beside them (Scripts/README.md lists them).
//
//   swift package --package-path Benchmarks benchmark                       # package-benchmark suites
//   swift run -c release --package-path Benchmarks locomotion-figures       # plain ns/sample figures
//   Benchmarks/run.sh                                                       # figures next to numpy/scipy
//
// Layout: package-benchmark suites in Benchmarks/<Group>/ (its convention); every other program in
// Sources/<Target>/. LOCOMOTION_PACKAGE_PATH builds them against another checkout of Locomotion (pipeline.sh's
// BASELINE_CHECKOUT: the same driver against an older library, in the same minutes).
import PackageDescription

/// The library modules the drivers import.
let locomotion: [Target.Dependency] = ["Locomotion", "LocomotionDSP", "LocomotionIO"].map {
    .product(name: $0, package: "Locomotion")
}

let package = Package(
    name: "LocomotionBenchmarks",
    platforms: [.macOS(.v13)],
    dependencies: [
        // Named explicitly: a path dependency is otherwise identified by its directory name.
        .package(name: "Locomotion", path: Context.environment["LOCOMOTION_PACKAGE_PATH"] ?? ".."),
        .package(url: "https://github.com/ordo-one/package-benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
    ],
    targets: [
        // package-benchmark suite for the DSP core (statistics, allocation counts).
        .executableTarget(
            name: "DSP",
            dependencies: [
                .product(name: "Benchmark", package: "package-benchmark"),
                .product(name: "LocomotionDSP", package: "Locomotion"),
            ],
            path: "Benchmarks/DSP",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "package-benchmark")]
        ),
        // Plain release executable printing per-sample / per-transform figures for run.sh.
        .executableTarget(
            name: "locomotion-figures",
            dependencies: [.product(name: "LocomotionDSP", package: "Locomotion")],
            path: "Sources/Figures"
        ),
        // What the drivers below share: CPU and wall clocks, peak memory, the command line, the row-by-row read.
        .target(
            name: "BenchmarkSupport",
            dependencies: [.product(name: "LocomotionIO", package: "Locomotion")],
            path: "Sources/BenchmarkSupport"
        ),
        // pipeline.sh: CSV parsing on one and two cores, the classifier and the step detector in memory and
        // streaming, allocations per sample.
        .executableTarget(
            name: "pipeline-benchmark",
            dependencies: ["BenchmarkSupport"] + locomotion,
            path: "Sources/PipelineBenchmark"
        ),
        // pipeline-profile.sh: the classifier and the step detector pushed one sample at a time, for callgrind.
        .executableTarget(
            name: "pipeline-profile",
            dependencies: locomotion,
            path: "Sources/PipelineProfile"
        ),
        // trace-io.sh: the trace readers and the writer.
        .executableTarget(
            name: "trace-io-benchmark",
            dependencies: ["BenchmarkSupport"] + locomotion,
            path: "Sources/TraceIOBenchmark"
        ),
        // activity-temporal.sh: the classifier with the rule-only and the temporal model.
        .executableTarget(
            name: "activity-benchmark",
            dependencies: ["BenchmarkSupport"] + locomotion,
            path: "Sources/ActivityBenchmark"
        ),
        // engine.sh: one MotionEngine as a collector app runs it.
        .executableTarget(
            name: "engine-benchmark",
            dependencies: ["BenchmarkSupport"] + locomotion,
            path: "Sources/EngineBenchmark"
        ),
        // carry.sh: a MotionEngine with and without its CarryDetector, and the detector alone. Against a baseline
        // checkout whose engine has none, carry.sh sets LOCOMOTION_WITHOUT_CARRY=1: WITHOUT_CARRY leaves out what needs
        // the detector (a define of this target only, so that the library's build is shared with classifier-versus.sh).
        .executableTarget(
            name: "carry-benchmark",
            dependencies: ["BenchmarkSupport"] + locomotion,
            path: "Sources/CarryBenchmark",
            swiftSettings: Context.environment["LOCOMOTION_WITHOUT_CARRY"] == "1" ? [.define("WITHOUT_CARRY")] : []
        ),
        // streaming-contract.sh: a stage in a module of its own, as an app sees a library's stage, handing over its
        // outputs through a closure or an array. Cross-module optimisation off, so that the stage's functions stay
        // calls across the module boundary (as they were when the script compiled the module with swiftc).
        .target(
            name: "StreamingContractStage",
            path: "Sources/StreamingContractStage",
            swiftSettings: [.unsafeFlags(["-Xfrontend", "-disable-cmo"])]
        ),
        .executableTarget(
            name: "streaming-contract-benchmark",
            dependencies: ["StreamingContractStage"],
            path: "Sources/StreamingContractBenchmark"
        ),
    ],
    swiftLanguageModes: [.v6]
)
