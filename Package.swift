// swift-tools-version:6.1
import PackageDescription

let strict: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("InternalImportsByDefault"),
]

let testing: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny")
]

let package = Package(
    name: "switchboard",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "switchboard", targets: ["switchboard"]),
        .executable(name: "switchboard-bench", targets: ["switchboard-bench"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.8.2"),
        .package(url: "https://github.com/jpsim/Yams.git", from: "6.2.2"),
    ],
    targets: [
        .target(
            name: "SwitchboardCore",
            dependencies: [.product(name: "Yams", package: "Yams")],
            swiftSettings: strict
        ),
        .target(
            name: "SwitchboardServer",
            dependencies: [
                "SwitchboardCore",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
            ],
            swiftSettings: strict
        ),
        .target(
            name: "SwitchboardTUI",
            dependencies: ["SwitchboardCore"],
            swiftSettings: strict
        ),
        .systemLibrary(
            name: "CNcurses",
            providers: [.apt(["libncurses-dev"])]
        ),
        .target(name: "CTerminalRescue"),
        .target(
            name: "SwitchboardTerminal",
            dependencies: ["SwitchboardCore", "SwitchboardTUI", "CNcurses", "CTerminalRescue"],
            swiftSettings: strict
        ),
        .executableTarget(
            name: "switchboard",
            dependencies: [
                "SwitchboardCore", "SwitchboardServer", "SwitchboardTUI", "SwitchboardTerminal",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: strict
        ),
        .executableTarget(
            name: "switchboard-bench",
            dependencies: ["SwitchboardCore", "SwitchboardTUI"],
            swiftSettings: strict
        ),
        .target(
            name: "SwitchboardTestSupport",
            dependencies: [
                "SwitchboardCore", "SwitchboardServer",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOEmbedded", package: "swift-nio"),
            ],
            path: "Tests/SwitchboardTestSupport",
            swiftSettings: testing
        ),
        .testTarget(
            name: "SwitchboardCoreTests",
            dependencies: ["SwitchboardCore", "SwitchboardTestSupport"],
            exclude: ["BrokenManifests"],
            swiftSettings: testing
        ),
        .testTarget(
            name: "SwitchboardServerTests",
            dependencies: [
                "SwitchboardCore", "SwitchboardServer", "SwitchboardTestSupport",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOEmbedded", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
            ],
            swiftSettings: testing
        ),
        .testTarget(
            name: "SwitchboardTUITests",
            dependencies: ["SwitchboardCore", "SwitchboardTUI", "SwitchboardTestSupport"],
            exclude: ["Golden"],
            swiftSettings: testing
        ),
        .testTarget(
            name: "EndToEndTests",
            dependencies: ["switchboard", "SwitchboardTestSupport"],
            swiftSettings: testing
        ),
    ]
)
