// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "Locomotion",
    platforms: [.macOS(.v13), .iOS(.v16)],
    products: [
        .library(name: "LocomotionDSP", targets: ["LocomotionDSP"]),
        .library(name: "Locomotion", targets: ["Locomotion"]),
        .library(name: "LocomotionIO", targets: ["LocomotionIO"]),
        .executable(name: "locomotion", targets: ["LocomotionCLI"]),
        // The C interface of the Python module (`make wheel`: linked with the Swift runtime into one shared library).
        .library(name: "LocomotionPython", type: .static, targets: ["LocomotionPython"]),
    ],
    traits: [
        .trait(
            name: "FFTW",
            description: "RealFFT on FFTW 3 (GPL-2.0-or-later, system library libfftw3-dev) on Linux instead of the package's own Swift FFT. A binary built with it is a combined work under the GPL. No effect on other platforms."
        ),
        .trait(
            name: "ISAL",
            description: "`.gz` inputs inflated by Intel ISA-L (BSD-3-Clause, system library libisal-dev) on Linux, about 2.4 times zlib's speed, instead of the system's zlib. No effect on other platforms."
        ),
        .default(enabledTraits: ["FFTW", "ISAL"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.4.0"),
        .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.1"),
    ],
    targets: [
        // FFTW 3 (GPL-2.0-or-later), reached only through LocomotionDSP.RealFFT, and only with the FFTW trait
        // on Linux. A trait's default cannot depend on the platform, so the platform condition sits on the
        // dependency and on the compilation condition LOCOMOTION_FFTW the code tests: Linux gets FFTW by
        // default, `--disable-default-traits` (or `traits: []` in a dependent's manifest) gives the Swift FFT,
        // and every other platform (macOS, iOS, Android, ...) always builds the Swift FFT, needing no system library.
        .systemLibrary(
            name: "CFFTW",
            pkgConfig: "fftw3",
            providers: [.apt(["libfftw3-dev"]), .brew(["fftw"])]
        ),
        .target(
            name: "LocomotionDSP",
            dependencies: [.target(name: "CFFTW", condition: .when(platforms: [.linux], traits: ["FFTW"]))],
            swiftSettings: [.define("LOCOMOTION_FFTW", .when(platforms: [.linux], traits: ["FFTW"]))]
        ),
        .target(
            name: "Locomotion",
            dependencies: ["LocomotionDSP"]
        ),
        // zlib (zlib licence), the system's: `.gz` inputs. Every platform Swift runs on ships it (Linux: zlib1g-dev).
        .systemLibrary(
            name: "CZlib",
            providers: [.apt(["zlib1g-dev"])]
        ),
        // Intel ISA-L (BSD-3-Clause), the system's: the faster inflate of `.gz` inputs, only with the ISAL trait on
        // Linux (the platform condition sits on the dependency, as FFTW's does); zlib serves every other build.
        .systemLibrary(
            name: "CIsal",
            pkgConfig: "libisal",
            providers: [.apt(["libisal-dev"]), .brew(["isa-l"])]
        ),
        .target(
            name: "LocomotionIO",
            dependencies: [
                "Locomotion", "LocomotionDSP", "CZlib",
                .target(name: "CIsal", condition: .when(platforms: [.linux], traits: ["ISAL"])),
            ],
            swiftSettings: [.define("LOCOMOTION_ISAL", .when(platforms: [.linux], traits: ["ISAL"]))]
        ),
        // The public datasets' adapters (`locomotion convert`) and the seeded simulator (`locomotion simulate`): the
        // tool's and the tests' own, reached with `package` access; no product links it.
        .target(
            name: "LocomotionDatasets",
            dependencies: ["Locomotion", "LocomotionDSP", "LocomotionIO"]
        ),
        // Scoring, ground-truth comparison, replays and summaries: what the tool's evaluate, replay, summarize and
        // plot report about recorded traces (an app never runs it); the tool's own, reached with `package` access,
        // no product links it.
        .target(
            name: "LocomotionEvaluation",
            dependencies: ["Locomotion", "LocomotionDSP"]
        ),
        // The C interface (`@_cdecl`) the Python module calls through ctypes (python/, Docs/python.md).
        .target(
            name: "LocomotionPython",
            dependencies: ["Locomotion", "LocomotionDSP", "LocomotionIO"]
        ),
        .executableTarget(
            name: "LocomotionCLI",
            dependencies: [
                "Locomotion", "LocomotionDSP", "LocomotionIO", "LocomotionDatasets", "LocomotionEvaluation",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // What every test target shares (a seeded generator, the datasets' location and readers, temporary files,
        // an independent oracle of the gate's replays); no product links it.
        .target(
            name: "LocomotionTestSupport",
            dependencies: ["Locomotion", "LocomotionDSP"],
            path: "Tests/LocomotionTestSupport"
        ),
        .testTarget(
            name: "LocomotionDSPTests",
            dependencies: ["LocomotionDSP", "LocomotionTestSupport", .product(name: "PropertyBased", package: "swift-property-based")],
            resources: [.copy("Resources")],
            // Tests that compare the two FFT backends are compiled only where FFTW is.
            swiftSettings: [.define("LOCOMOTION_FFTW", .when(platforms: [.linux], traits: ["FFTW"]))]
        ),
        .testTarget(
            name: "LocomotionTests",
            dependencies: [
                "Locomotion", "LocomotionDSP", "LocomotionTestSupport",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ]
        ),
        .testTarget(
            name: "LocomotionEvaluationTests",
            dependencies: ["LocomotionEvaluation", "Locomotion", "LocomotionDSP", "LocomotionTestSupport"]
        ),
        .testTarget(
            name: "LocomotionIOTests",
            dependencies: ["LocomotionIO", "LocomotionDatasets", "Locomotion", "LocomotionDSP", "LocomotionTestSupport",
                           .product(name: "PropertyBased", package: "swift-property-based")],
            // Tests that compare the two gzip inflaters are compiled only where ISA-L is.
            swiftSettings: [.define("LOCOMOTION_ISAL", .when(platforms: [.linux], traits: ["ISAL"]))]
        ),
        .testTarget(
            name: "LocomotionDatasetsTests",
            dependencies: ["LocomotionDatasets", "LocomotionIO", "Locomotion", "LocomotionDSP", "LocomotionTestSupport",
                           .product(name: "PropertyBased", package: "swift-property-based")]
        ),
        .testTarget(
            name: "LocomotionCLITests",
            dependencies: ["LocomotionCLI", "LocomotionEvaluation", "LocomotionTestSupport", .product(name: "PropertyBased", package: "swift-property-based")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
