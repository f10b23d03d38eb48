// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "Locomotion",
    platforms: [.macOS(.v13), .iOS(.v16)],
    products: [
        .library(name: "LocomotionDSP", targets: ["LocomotionDSP"]),
        .library(name: "Locomotion", targets: ["Locomotion"]),
        .library(name: "LocomotionIO", targets: ["LocomotionIO"]),
        .library(name: "LocomotionEvaluation", targets: ["LocomotionEvaluation"]),
        .executable(name: "locomotion", targets: ["LocomotionCLI"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.4.0"),
        .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.1"),
    ],
    targets: [
        // FFTW 3 (GPL-2.0-or-later), reached only through LocomotionDSP.RealFFT.
        .systemLibrary(
            name: "CFFTW",
            pkgConfig: "fftw3",
            providers: [.apt(["libfftw3-dev"]), .brew(["fftw"])]
        ),
        .target(
            name: "LocomotionDSP",
            dependencies: ["CFFTW"]
        ),
        .target(
            name: "Locomotion",
            dependencies: ["LocomotionDSP"]
        ),
        .target(
            name: "LocomotionIO",
            dependencies: ["Locomotion", "LocomotionDSP"]
        ),
        // Scoring, ground-truth comparison and replay summaries: what a study runs over recorded traces and an
        // app never does, kept out of the modules an app links.
        .target(
            name: "LocomotionEvaluation",
            dependencies: ["Locomotion", "LocomotionDSP"]
        ),
        .executableTarget(
            name: "LocomotionCLI",
            dependencies: [
                "Locomotion", "LocomotionDSP", "LocomotionIO", "LocomotionEvaluation",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // What every test target shares (a seeded generator, the datasets' location, temporary files); no
        // product links it.
        .target(
            name: "LocomotionTestSupport",
            path: "Tests/LocomotionTestSupport"
        ),
        .testTarget(
            name: "LocomotionDSPTests",
            dependencies: ["LocomotionDSP", "LocomotionTestSupport", .product(name: "PropertyBased", package: "swift-property-based")],
            resources: [.copy("Resources")]
        ),
        .testTarget(
            name: "LocomotionTests",
            dependencies: [
                "Locomotion", "LocomotionDSP", "LocomotionTestSupport",
                // The gate's and the engine's tests replay traces with GatingReplay as the reference.
                "LocomotionEvaluation",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ]
        ),
        .testTarget(
            name: "LocomotionEvaluationTests",
            dependencies: ["LocomotionEvaluation", "Locomotion", "LocomotionTestSupport"]
        ),
        .testTarget(
            name: "LocomotionIOTests",
            dependencies: ["LocomotionIO", "Locomotion", "LocomotionDSP", "LocomotionTestSupport", .product(name: "PropertyBased", package: "swift-property-based")]
        ),
        .testTarget(
            name: "LocomotionCLITests",
            dependencies: ["LocomotionCLI", "LocomotionEvaluation", "LocomotionTestSupport", .product(name: "PropertyBased", package: "swift-property-based")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
