/// Reads a description of an API (an OpenAPI document today) into
/// endpoints, each with the contract it was made from: what a manifest's
/// `openapi: api.yaml` starts from, and what `switchboard api.yaml` serves.
/// The core declares it and reads no format itself, so that it and every
/// test target linking it need not link a description reader;
/// `SwitchboardSpecEndpoints` conforms (`DescriptionFormats.openAPI`), and a
/// load given no reader for a manifest's key refuses it
/// (`DescriptionFormats.missingReader`).
package protocol DescriptionReader: Sendable {
    /// The manifest key that names a description of this format: `openapi`.
    var manifestKey: String { get }

    /// The description in `bytes` (named `file` in messages) as endpoints,
    /// the base path its first server names and what it mends; every
    /// problem as a diagnostic on that file.
    func read(_ bytes: [UInt8], file: String, seed: UInt64) throws(ManifestError) -> DescribedEndpoints

    /// The name a copy of the description in `bytes` gets in a folder
    /// `switchboard import` writes (`openapi.yaml`, `openapi.json`).
    func copyName(of bytes: [UInt8]) -> String
}

/// A description read for serving (`DescriptionReader.read`).
package struct DescribedEndpoints: Sendable {
    /// One per operation, in the description's order, each with its contract.
    package var endpoints: [EndpointDefinition]
    /// The path of the description's first server URL (`/v1`); empty when none.
    package var basePath: String
    /// What was mended or left out, served anyway (docs/openapi.md).
    package var warnings: [Diagnostic]

    package init(endpoints: [EndpointDefinition], basePath: String, warnings: [Diagnostic]) {
        self.endpoints = endpoints
        self.basePath = basePath
        self.warnings = warnings
    }
}
