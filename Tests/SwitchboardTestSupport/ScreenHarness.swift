import SwitchboardCore
import SwitchboardModel
import SwitchboardTUI

/// The screen runtime with everything real but the terminal and the clock:
/// a control panel, a journal, an in-memory terminal at a fixed size and a
/// clock stepped by hand.
public final class ScreenHarness {
    public let panel: ControlPanel
    public let journal: RequestJournal
    public let terminal: MemoryTerminal
    public let clock: ManualClock
    public let runtime: ScreenRuntime
    /// One element each time the runtime asks to be woken (a recording
    /// finished off the screen thread).
    private let wakes: AsyncStream<Void>

    /// - Parameters:
    ///   - journal: the server's, when the test runs one.
    ///   - clock: the panel's too, when it was made with `clock.panelClock`.
    public init(
        panel: ControlPanel, journal: RequestJournal = RequestJournal(), width: Int = 80, height: Int = 24,
        exportFolder: String? = nil, recording: FixtureRecording? = nil, clock: ManualClock = ManualClock()
    ) {
        self.clock = clock
        self.panel = panel
        self.journal = journal
        self.terminal = MemoryTerminal(width: width, height: height)
        let (wakes, wake) = AsyncStream.makeStream(of: Void.self)
        self.wakes = wakes
        self.runtime = ScreenRuntime(
            panel: panel, journal: self.journal, terminal: self.terminal, serverURL: "http://127.0.0.1:8080",
            options: RenderOptions(color: false, unicode: true, utcOffset: 0), clock: self.clock.screenClock,
            exportFolder: exportFolder, recording: recording, wake: { wake.yield() })
        _ = self.runtime.step()
    }

    /// Waits for the runtime's next wake-up, then lets one frame pass.
    public func frameAfterWake() async {
        var next = self.wakes.makeAsyncIterator()
        _ = await next.next()
        self.frame()
    }

    public var state: AppState { self.runtime.state }

    /// The panel's setting of every endpoint, as the rows should show it.
    public var panelSettings: [EndpointSetting] { self.panel.snapshot().rows.map(\.setting) }

    /// What the rows show.
    public var rowSettings: [EndpointSetting] {
        self.state.endpoints.map { EndpointSetting(mode: $0.mode, latency: $0.latency) }
    }

    /// Types `keys` at once and lets one frame pass.
    @discardableResult
    public func press(_ keys: Key...) -> ScreenRuntime.Step {
        self.terminal.typed += keys
        return self.frame()
    }

    /// Lets one frame pass.
    @discardableResult
    public func frame() -> ScreenRuntime.Step {
        // A little over a frame: exactly one could round to just under it.
        self.clock.advance(by: ScreenRuntime.frameInterval * 1.5)
        return self.runtime.step()
    }
}
