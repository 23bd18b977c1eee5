// swift-tools-version:6.1
import PackageDescription

// An app's pet list on a client generated from the agreed OpenAPI
// description by swift-openapi-generator, tested against Switchboard serving
// that same description: no hand-written fixtures. Built and tested by the
// repository's `.ci/run`.
let package = Package(
    name: "PetStore",
    // The lowest platforms SwitchboardKit supports: an app at these resolves it.
    platforms: [.macOS(.v13), .iOS(.v16)],
    products: [.library(name: "PetStore", targets: ["PetStore"])],
    dependencies: [
        // An app names the repository instead:
        // .package(url: "https://github.com/…/switchboard.git", from: "…")
        .package(name: "switchboard", path: "../.."),
        .package(url: "https://github.com/apple/swift-openapi-runtime", from: "1.13.4"),
        .package(url: "https://github.com/apple/swift-openapi-urlsession", from: "1.4.0"),
    ],
    targets: [
        // `Generated/` is swift-openapi-generator's output for `openapi.yaml`,
        // committed (README.md has the command that makes it again), so that
        // building the app needs no generator plugin.
        .target(
            name: "PetStore",
            dependencies: [
                .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
                .product(name: "OpenAPIURLSession", package: "swift-openapi-urlsession"),
            ]
        ),
        .testTarget(
            name: "PetStoreTests",
            // SwitchboardOpenAPI serves the description (it brings OpenAPIKit,
            // which SwitchboardKit alone leaves out).
            dependencies: [
                "PetStore", .product(name: "SwitchboardKit", package: "switchboard"),
                .product(name: "SwitchboardOpenAPI", package: "switchboard"),
            ]
        ),
    ]
)
