// swift-tools-version:6.1
import PackageDescription

let strict: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("InternalImportsByDefault"),
]

let testing: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny")
]

// Locks and atomics for every target: NIO's lock and swift-atomics, which
// run where the libraries must (see `platforms`), instead of Synchronization.
let lock: Target.Dependency = .product(name: "NIOConcurrencyHelpers", package: "swift-nio")
let atomics: Target.Dependency = .product(name: "Atomics", package: "swift-atomics")

let package = Package(
    name: "switchboard",
    // What apps' test targets deploy to: SwitchboardKit and SwitchboardClient
    // are linked into them. So no `Synchronization` (macOS 15 / iOS 18):
    // locks are NIOConcurrencyHelpers', atomics swift-atomics'
    // (scripts/library-graph.sh checks).
    platforms: [.macOS(.v13), .iOS(.v16)],
    products: [
        .executable(name: "switchboard", targets: ["switchboard"]),
        .executable(name: "switchboard-bench", targets: ["switchboard-bench"]),
        // The least SwiftNIO can do to answer the benchmark's request: the
        // floor scripts/bench counts Switchboard against.
        .executable(name: "nio-floor", targets: ["nio-floor"]),
        // Switchboard inside a Swift test target: an in-process server, typed
        // control, verification, the `.switchboard(...)` trait.
        .library(name: "SwitchboardKit", targets: ["SwitchboardKit"]),
        // The control API from another process (a UI test flipping the app's
        // server), over URLSession alone.
        .library(name: "SwitchboardClient", targets: ["SwitchboardClient"]),
        // SwitchboardKit in front of the user's real API (`live` mode): a
        // product of its own, as it links an HTTP client and TLS.
        .library(name: "SwitchboardLive", targets: ["SwitchboardLive"]),
        // SwitchboardKit serving OpenAPI descriptions (`start(openAPI:)`, the
        // `.switchboard(openAPI:)` traits, `descriptions: .openAPI` for a
        // manifest's `openapi:`): a product of its own, as it links OpenAPIKit.
        .library(name: "SwitchboardOpenAPI", targets: ["SwitchboardOpenAPI"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.8.2"),
        .package(url: "https://github.com/jpsim/Yams.git", from: "6.2.2"),
        .package(url: "https://github.com/swift-server/async-http-client.git", from: "1.37.0"),
        .package(url: "https://github.com/apple/swift-nio-ssl.git", from: "2.37.6"),
        // `swift package generate-documentation` for the DocC catalogs of
        // SwitchboardKit and SwitchboardClient; a command plugin, so nothing
        // of it is built unless asked for.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
        // Already in NIO's graph; its atomics run on the platforms above.
        .package(url: "https://github.com/apple/swift-atomics.git", from: "1.3.0"),
        // Already in NIO's graph: the screen's log is a Deque.
        .package(url: "https://github.com/apple/swift-collections.git", from: "1.1.0"),
        // OpenAPI 3.0 and 3.1 documents read and their references resolved
        // (issue 26); without its default trait, which loads external
        // references with Swift Concurrency and builds notably slower.
        .package(url: "https://github.com/mattpolzin/OpenAPIKit.git", from: "6.4.0", traits: []),
    ],
    targets: [
        .systemLibrary(
            name: "CZlib",
            providers: [.apt(["zlib1g-dev"])]
        ),
        .target(
            name: "SwitchboardCore",
            dependencies: [
                "CZlib", "SwitchboardModel", "SwitchboardJSON", "SwitchboardControl",
                .product(name: "Yams", package: "Yams"),
                // Locks and atomics only (no event loop): NIO's lock, which the
                // server links anyway, rather than a second lock of our own.
                lock, atomics,
            ],
            swiftSettings: strict
        ),
        // The words of the domain (`Mode`, `Fault`, `CountRule`, `Toxics`,
        // `RateLimit`, `LatencyChoice`, …) and how they are written: plain
        // values on the standard library alone, below both the core and the
        // control contract, which name them as their own.
        .target(name: "SwitchboardModel", swiftSettings: strict),
        // JSON as requests, resources, descriptions and the control API read
        // and write it (`JSONValue`, its one parser, its escaping): below
        // the core, the description reader and the control contract, which
        // all speak it, on Foundation alone.
        .target(name: "SwitchboardJSON", swiftSettings: strict),
        // An OpenAPI description as Switchboard serves it: read with
        // OpenAPIKit, its operations, examples, bodies generated from schemas
        // and requests checked against them; free of NIO and of the core.
        .target(
            name: "SwitchboardSpec",
            dependencies: [
                "SwitchboardJSON", "SwitchboardModel", .product(name: "Yams", package: "Yams"),
                .product(name: "OpenAPIKit", package: "OpenAPIKit"),
                .product(name: "OpenAPIKit30", package: "OpenAPIKit"),
                .product(name: "OpenAPIKitCompat", package: "OpenAPIKit"),
            ],
            swiftSettings: strict
        ),
        // The core's `DescriptionReader` for OpenAPI (`DescriptionFormats.openAPI`):
        // a description's operations as endpoints and their contracts
        // (`SpecContract`). Apart from the core, so that SwitchboardKit and
        // every test target linking it build without OpenAPIKit; the
        // `switchboard` command always links it.
        .target(
            name: "SwitchboardSpecEndpoints",
            dependencies: [
                "SwitchboardCore", "SwitchboardSpec", "SwitchboardControl", "SwitchboardJSON", "SwitchboardModel",
                .product(name: "Yams", package: "Yams"),
            ],
            swiftSettings: strict
        ),
        // SwitchboardKit serving OpenAPI descriptions: the opt-in that brings
        // OpenAPIKit, as SwitchboardLive brings the HTTP client.
        .target(
            name: "SwitchboardOpenAPI",
            dependencies: ["SwitchboardKit", "SwitchboardSpecEndpoints", "SwitchboardCore"],
            swiftSettings: strict
        ),
        // The control API's wire types, on their own and free of NIO, so a
        // URLSession-only client can share them with the server.
        .target(
            name: "SwitchboardControl", dependencies: ["SwitchboardModel", "SwitchboardJSON"], swiftSettings: strict),
        .target(
            name: "SwitchboardServer",
            dependencies: [
                "SwitchboardCore", "SwitchboardControl", "SwitchboardJSON", "SwitchboardModel",
                .product(name: "NIOCore", package: "swift-nio"), lock, atomics,
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
            ],
            swiftSettings: strict
        ),
        // The HTTP client `live` requests go through, given to the server as
        // its transport: on its own so that the test library, which only
        // serves fixtures, links no HTTP client and no TLS.
        .target(
            name: "SwitchboardUpstream",
            dependencies: [
                "SwitchboardServer",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                // Already built for AsyncHTTPClient; named for --upstream-ca.
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                lock,
            ],
            swiftSettings: strict
        ),
        // SwitchboardKit in front of a real API: the opt-in for live mode.
        .target(
            name: "SwitchboardLive",
            dependencies: ["SwitchboardKit", "SwitchboardServer", "SwitchboardUpstream"],
            swiftSettings: strict
        ),
        .target(
            name: "SwitchboardKit",
            dependencies: [
                "SwitchboardCore", "SwitchboardControl", "SwitchboardJSON", "SwitchboardModel", "SwitchboardServer",
                "SwitchboardTestFailure", lock, atomics,
            ],
            swiftSettings: strict
        ),
        .target(
            name: "SwitchboardClient", dependencies: ["SwitchboardControl", "SwitchboardTestFailure"],
            swiftSettings: strict),
        // Failing the running test at the caller's line (Swift Testing or
        // XCTest), and the verifications that do, over the control protocol:
        // one definition for both libraries above.
        .target(name: "SwitchboardTestFailure", dependencies: ["SwitchboardControl"], swiftSettings: strict),
        .target(
            name: "SwitchboardTUI",
            dependencies: [
                "SwitchboardCore", "SwitchboardModel", lock,
                .product(name: "DequeModule", package: "swift-collections"),
            ],
            swiftSettings: strict
        ),
        .systemLibrary(
            name: "CNcurses",
            providers: [.apt(["libncurses-dev"])]
        ),
        .target(name: "CTerminalRescue"),
        // Process-level pieces (signals, wake-ups) without ncurses, so that a
        // headless server links no terminal library.
        .target(
            name: "SwitchboardProcess",
            dependencies: ["CTerminalRescue", atomics],
            swiftSettings: strict
        ),
        .target(
            name: "SwitchboardTerminal",
            dependencies: ["SwitchboardCore", "SwitchboardTUI", "SwitchboardProcess", "CNcurses", "CTerminalRescue"],
            swiftSettings: strict
        ),
        .executableTarget(
            name: "switchboard",
            dependencies: [
                "SwitchboardCore", "SwitchboardControl", "SwitchboardJSON", "SwitchboardModel", "SwitchboardClient",
                "SwitchboardServer",
                "SwitchboardTUI",
                "SwitchboardProcess",
                "SwitchboardTerminal", "SwitchboardUpstream", "SwitchboardSpec", "SwitchboardSpecEndpoints", lock,
                atomics,
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                // `check --against`'s requests, with the client `live` uses.
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
            ],
            swiftSettings: strict
        ),
        .executableTarget(
            name: "switchboard-bench",
            dependencies: [
                "SwitchboardCore", "SwitchboardTUI", "SwitchboardKit",
                .product(name: "NIOPosix", package: "swift-nio"),
            ],
            swiftSettings: strict
        ),
        .executableTarget(
            name: "nio-floor",
            dependencies: [
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
            ],
            swiftSettings: strict
        ),
        .target(
            name: "SwitchboardTestSupport",
            dependencies: [
                "SwitchboardCore", "SwitchboardServer", "SwitchboardTUI", "SwitchboardUpstream", lock,
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOEmbedded", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
            ],
            path: "Tests/SwitchboardTestSupport",
            swiftSettings: testing
        ),
        .testTarget(
            name: "SwitchboardCoreTests",
            dependencies: [
                "SwitchboardCore", "SwitchboardJSON", "SwitchboardModel", "SwitchboardTestSupport", lock, atomics,
            ],
            exclude: ["BrokenManifests"],
            swiftSettings: testing
        ),
        // A description's operations served: what `openapi:` and
        // `switchboard api.yaml` make of one, and importing it to fixtures.
        .testTarget(
            name: "SwitchboardSpecEndpointsTests",
            dependencies: [
                "SwitchboardControl", "SwitchboardCore", "SwitchboardJSON", "SwitchboardSpec",
                "SwitchboardSpecEndpoints",
                "SwitchboardTestSupport",
            ],
            swiftSettings: testing
        ),
        .testTarget(
            name: "SwitchboardSpecTests",
            dependencies: [
                "SwitchboardSpec", "SwitchboardJSON", "SwitchboardTestSupport",
                .product(name: "OpenAPIKit", package: "OpenAPIKit"),
                .product(name: "OpenAPIKit30", package: "OpenAPIKit"),
                .product(name: "OpenAPIKitCompat", package: "OpenAPIKit"),
                .product(name: "Yams", package: "Yams"),
            ],
            swiftSettings: testing
        ),
        .testTarget(
            name: "SwitchboardServerTests",
            dependencies: [
                "SwitchboardCore", "SwitchboardControl", "SwitchboardJSON", "SwitchboardModel", "SwitchboardServer",
                "SwitchboardSpecEndpoints", "SwitchboardTestSupport", "SwitchboardUpstream",
                .product(name: "NIOCore", package: "swift-nio"), lock, atomics,
                .product(name: "NIOEmbedded", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
            ],
            swiftSettings: testing
        ),
        .testTarget(
            name: "SwitchboardTUITests",
            dependencies: [
                "SwitchboardCore", "SwitchboardModel", "SwitchboardSpecEndpoints", "SwitchboardTUI",
                "SwitchboardTestSupport", lock,
            ],
            exclude: ["Golden"],
            swiftSettings: testing
        ),
        // What the Kit's tests share, on the Kit alone: they use it as an app does.
        .target(
            name: "SwitchboardKitTestSupport",
            dependencies: ["SwitchboardKit"],
            path: "Tests/SwitchboardKitTestSupport",
            swiftSettings: testing
        ),
        .testTarget(
            name: "SwitchboardKitTests",
            dependencies: ["SwitchboardKit", "SwitchboardClient", "SwitchboardKitTestSupport"],
            resources: [.copy("Fixtures")],
            swiftSettings: testing
        ),
        // SwitchboardKit with the SwitchboardOpenAPI opt-in.
        .testTarget(
            name: "SwitchboardOpenAPITests",
            dependencies: ["SwitchboardKit", "SwitchboardOpenAPI", "SwitchboardKitTestSupport"],
            // Specs/ and Fixtures/ are read from the sources by #filePath, as the traits take a path.
            exclude: ["Specs", "Fixtures"],
            swiftSettings: testing
        ),
        .testTarget(
            name: "SwitchboardLiveTests",
            dependencies: ["SwitchboardKit", "SwitchboardKitTestSupport", "SwitchboardLive", "SwitchboardTestSupport"],
            swiftSettings: testing
        ),
        .testTarget(
            name: "EndToEndTests",
            dependencies: [
                "switchboard", "SwitchboardClient", "SwitchboardModel", "SwitchboardSpecEndpoints",
                "SwitchboardTestSupport", lock,
            ],
            swiftSettings: testing
        ),
    ]
)
