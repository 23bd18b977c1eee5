// swift-tools-version:6.1
import PackageDescription

// A tiny coin-list client and its tests, with Switchboard as a test-only
// dependency, as an app's package would have it. Built and tested by the
// repository's `.ci/run`.
let package = Package(
    name: "CoinList",
    // The lowest platforms SwitchboardKit supports: an app at these resolves it.
    platforms: [.macOS(.v13), .iOS(.v16)],
    products: [.library(name: "CoinList", targets: ["CoinList"])],
    dependencies: [
        // An app names the repository instead:
        // .package(url: "https://github.com/…/switchboard.git", from: "…")
        .package(name: "switchboard", path: "../..")
    ],
    targets: [
        .target(name: "CoinList"),
        .testTarget(
            name: "CoinListTests",
            dependencies: ["CoinList", .product(name: "SwitchboardKit", package: "switchboard")],
            // Read from the sources by `.switchboard("Fixtures")`, not bundled.
            exclude: ["Fixtures"]
        ),
    ]
)
