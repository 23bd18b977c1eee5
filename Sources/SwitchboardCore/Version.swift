/// The release, as `--version` and HAR files' creator report it.
public enum SwitchboardVersion {
    public static let current = "0.4.0"
}
