import SwitchboardModel
import Testing

/// `EndpointSetting.apply`, the one rule every front end's change goes
/// through, as a table: the setting before, the change, whether the endpoint
/// has a sequence, the setting after and what starts over.
struct SettingChangeApplyTests {
    static let start = EndpointSetting(
        mode: .success, latency: "3g", rateLimit: .perSecond(5), rateLimitKey: "X-Client")

    @Test func eachChangeReplacesWhatItNamesAndStartsOverWhatItChose() {
        let rows: [(SettingChange, hasSequence: Bool, EndpointSetting, EndpointSetting.Restarts)] = [
            (SettingChange(), true, Self.start, []),
            (SettingChange(mode: .error), false, Self.with { $0.mode = .error }, []),
            (SettingChange(mode: .sequence), true, Self.with { $0.mode = .sequence }, [.sequence]),
            // Without a sequence the mode stays; the rest still applies.
            (SettingChange(mode: .sequence, latency: .noLatency), false, Self.with { $0.latency = nil }, []),
            (SettingChange(mode: .rule(.every(3))), false, Self.with { $0.mode = .rule(.every(3)) }, [.count]),
            (SettingChange(latency: .profile("edge")), false, Self.with { $0.latency = "edge" }, []),
            (SettingChange(rateLimit: .noLimit), false, Self.with { $0.rateLimit = nil }, []),
            // The key is kept without a limit, used with one.
            (SettingChange(rateLimitKey: .endpoint), false, Self.with { $0.rateLimitKey = nil }, []),
            (SettingChange(toxics: .slicer), false, Self.with { $0.toxics = .slicer }, []),
        ]
        for (change, hasSequence, after, restarts) in rows {
            var setting = Self.start
            #expect(setting.apply(change, hasSequence: hasSequence) == restarts, "\(change)")
            #expect(setting == after, "\(change)")
        }
    }

    /// A reload's marker says only the keys that moved.
    @Test func theChangeBetweenTwoSettingsHasOnlyTheKeysThatDiffer() {
        let after = Self.with {
            $0.latency = nil
            $0.toxics = .slicer
        }
        let change = SettingChange(from: Self.start, to: after)
        #expect(change == SettingChange(latency: .noLatency, toxics: .slicer))
        #expect(change.changes == "latency none, toxics slicer")
        #expect(SettingChange(from: Self.start, to: Self.start).isEmpty)
    }

    /// The one text reader of each key, as the CLI, the manifest and the
    /// control API use it.
    @Test func eachKeyReadsItsWordsAndRefusesTheRest() {
        var change = SettingChange()
        #expect(throws: Never.self) { try change.read("off", for: .latency) }
        #expect(change.latency == .noLatency)
        #expect(throws: SettingProblem.badText(.mode, "eror")) { try change.read("eror", for: .mode) }
        #expect(throws: SettingProblem.badText(.rateLimitKey, "X Client")) {
            try change.read("X Client", for: .rateLimitKey)
        }
        let modeRemoved = change.remove(.mode)
        #expect(!modeRemoved)
        for key in SettingKey.allCases where key != .mode {
            var removed = SettingChange()
            let taken = removed.remove(key)
            #expect(taken && removed.removes(key), "\(key)")
        }
    }

    private static func with(_ edit: (inout EndpointSetting) -> Void) -> EndpointSetting {
        var setting = Self.start
        edit(&setting)
        return setting
    }
}
