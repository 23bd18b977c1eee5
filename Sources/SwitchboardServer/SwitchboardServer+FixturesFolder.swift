/// A recording can create the fixtures folder (started with `--upstream`
/// and none): whoever watches the folder for edits hears of it.
extension SwitchboardServer {
    /// Calls `created` when a recording — the screen's, the control API's,
    /// `switchboard record`'s or `--record`'s — has created the fixtures
    /// folder and loaded what it wrote. It runs on the recording's thread.
    public func whenRecordingCreatesFolder(_ created: @escaping @Sendable () -> Void) {
        self.responder.answers.createdFolder.withLockedValue { $0 = created }
    }
}
