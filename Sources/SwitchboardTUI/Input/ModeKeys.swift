import SwitchboardCore
public import SwitchboardModel

/// What the mode keys mean: the order the space bar walks, the digit that
/// names each mode and the rates `9` steps through. These are the screen's
/// choices; the control panel only knows modes.
public enum ModeKeys {
    /// The modes of the digit keys, 1…9 then 0: a key binding, fixed as
    /// keys are (moving them would retrain every hand).
    public static let digits: [Mode] = [
        .success, .error, .serverError, .reset, .hang, .empty, .garbage, .truncated, .flaky(percent: 25), .sequence,
    ]

    /// The order of the space bar: the digits' modes, then every fault
    /// without a digit (in `Fault`'s order: a new fault joins here), then
    /// `live`, which has no digit either; the space bar reaches it on
    /// endpoints that have an upstream.
    public static let cycle: [Mode] =
        ModeKeys.digits + Fault.allCases.map(Mode.fault).filter { !ModeKeys.digits.contains($0) } + [.live]

    /// Flaky rates that picking flaky again steps through.
    public static let flakyPresets = [10, 25, 50, 75, 90]

    /// The count rules `n` steps through: the retry test, a failure now
    /// and then, the expiring token. Other counts and failures come from
    /// the manifest, the control API or `switchboard set`.
    public static let countRules: [CountRule] = [.failFirst(2), .every(3), .after(3)]

    /// The rule after `mode` among `countRules`: the first when `mode` is
    /// not one of them.
    public static func nextCountRule(after mode: Mode) -> Mode {
        guard case .rule(let rule) = mode, let index = self.countRules.firstIndex(of: rule) else {
            return .rule(self.countRules[0])
        }
        return .rule(self.countRules[(index + 1) % self.countRules.count])
    }

    /// The mode after `mode` in `cycle`, wrapping around. `sequence` is
    /// skipped for endpoints that declare none, `live` for endpoints with
    /// no upstream; flaky gets `flakyPercent`.
    public static func next(
        after mode: Mode, hasSequence: Bool = true, canGoLive: Bool = false, flakyPercent: Int = 25
    ) -> Mode {
        var index = self.position(of: mode)
        repeat {
            index = (index + 1) % self.cycle.count
        } while (self.cycle[index] == .sequence && !hasSequence) || (self.cycle[index] == .live && !canGoLive)
        if case .flaky = self.cycle[index] { return .flaky(percent: flakyPercent) }
        return self.cycle[index]
    }

    /// The mode for a digit key: 1…9 in `digits` order, 0 for the tenth.
    public static func numbered(_ digit: Int) -> Mode? {
        let index = digit == 0 ? 9 : digit - 1
        return self.digits.indices.contains(index) ? self.digits[index] : nil
    }

    /// The flaky rate after `percent` among the presets, wrapping around.
    public static func nextFlakyPreset(after percent: Int) -> Int {
        self.flakyPresets.first { $0 > percent } ?? self.flakyPresets[0]
    }

    /// Where `mode` sits in `cycle`, whatever its flaky rate.
    private static func position(of mode: Mode) -> Int {
        if case .flaky = mode { return self.cycle.firstIndex { if case .flaky = $0 { true } else { false } } ?? 0 }
        return self.cycle.firstIndex(of: mode) ?? 0
    }
}
