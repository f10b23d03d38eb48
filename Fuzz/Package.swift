// swift-tools-version: 6.1
import PackageDescription

// Fuzz targets for Locomotion's readers, one executable per reader. Built only with
// `-sanitize=fuzzer,address` (see Scripts/checks/fuzz.sh); not part of the main package or of `make test`.
let package = Package(
    name: "LocomotionFuzz",
    dependencies: [
        .package(name: "Locomotion", path: ".."),
    ],
    targets: [
        .target(
            name: "FuzzSupport",
            dependencies: [
                .product(name: "LocomotionIO", package: "Locomotion"),
                .product(name: "Locomotion", package: "Locomotion"),
            ],
            path: "Sources/FuzzSupport"
        ),
        .executableTarget(
            name: "FuzzTraceReader",
            dependencies: [
                "FuzzSupport",
                .product(name: "LocomotionIO", package: "Locomotion"),
                .product(name: "Locomotion", package: "Locomotion"),
                .product(name: "LocomotionDSP", package: "Locomotion"),
            ],
            path: "Sources/FuzzTraceReader"
        ),
        .executableTarget(
            name: "FuzzFixCSVReader",
            dependencies: ["FuzzSupport", .product(name: "LocomotionIO", package: "Locomotion")],
            path: "Sources/FuzzFixCSVReader"
        ),
        .executableTarget(
            name: "FuzzGPXReader",
            dependencies: ["FuzzSupport", .product(name: "LocomotionIO", package: "Locomotion")],
            path: "Sources/FuzzGPXReader"
        ),
        .executableTarget(
            name: "FuzzNMEAReader",
            dependencies: ["FuzzSupport", .product(name: "LocomotionIO", package: "Locomotion")],
            path: "Sources/FuzzNMEAReader"
        ),
    ],
    swiftLanguageModes: [.v6]
)
