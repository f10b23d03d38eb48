// swift-tools-version: 6.1
// Benchmarks for Locomotion, kept out of the root package so that `swift test` never builds them.
//
//   swift package --package-path Benchmarks benchmark                       # package-benchmark suites
//   swift run -c release --package-path Benchmarks locomotion-figures       # plain ns/sample figures
//   Benchmarks/run.sh                                                       # figures next to numpy/scipy
//
// Layout: one benchmark group per directory under Benchmarks/ (package-benchmark convention) and
// one file per group under Sources/Figures/. Add new groups the same way.
import PackageDescription

let package = Package(
    name: "LocomotionBenchmarks",
    platforms: [.macOS(.v13)],
    dependencies: [
        // Named explicitly: a path dependency is otherwise identified by its directory name.
        .package(name: "Locomotion", path: ".."),
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
    ],
    swiftLanguageModes: [.v6]
)
