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
        .executableTarget(
            name: "LocomotionCLI",
            dependencies: [
                "Locomotion", "LocomotionDSP", "LocomotionIO",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .testTarget(
            name: "LocomotionDSPTests",
            dependencies: ["LocomotionDSP", .product(name: "PropertyBased", package: "swift-property-based")],
            resources: [.copy("Resources")]
        ),
        .testTarget(
            name: "LocomotionTests",
            dependencies: ["Locomotion", "LocomotionDSP", .product(name: "PropertyBased", package: "swift-property-based")]
        ),
        .testTarget(
            name: "LocomotionIOTests",
            dependencies: ["LocomotionIO", "Locomotion", "LocomotionDSP", .product(name: "PropertyBased", package: "swift-property-based")]
        ),
        .testTarget(
            name: "LocomotionCLITests",
            dependencies: ["LocomotionCLI", .product(name: "PropertyBased", package: "swift-property-based")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
