/// Why a recording wrote nothing to the manifest.
public enum RecordingError: Error, Sendable, CustomStringConvertible {
    /// The manifest does not load as it is; editing it could only hide that.
    case manifestHasProblems(ManifestError)
    /// The manifest is written in a way the text edit does not handle.
    case cannotEdit(String)
    /// The edited manifest would not load: nothing was written to it.
    case editWouldBreakManifest(ManifestError)
    case cannotWrite(path: String, reason: String)

    public var description: String {
        switch self {
        case .manifestHasProblems(let error):
            "the manifest has problems; fix them before recording (switchboard check):\n\(error)"
        case .cannotEdit(let reason): "cannot add the recording to the manifest: \(reason)"
        case .editWouldBreakManifest(let error):
            "recording would break the manifest, so it was left as it was:\n\(error)"
        case .cannotWrite(let path, let reason): "cannot write \(path): \(reason)"
        }
    }
}
