import Foundation
import SwitchboardModel
import Yams

extension ManifestReader {
    /// `jitter: 50ms` beside a fixed `delay: 200ms`: every delay from 150 ms
    /// to 250 ms equally likely (Toxiproxy's latency toxic); at most the delay.
    mutating func jitter(_ node: Node, around delay: DelayDistribution, name: String) -> DelayDistribution? {
        guard let jitter = self.duration(node, what: "jitter") else { return nil }
        guard case .fixed(let center) = delay else {
            self.report(
                at: node, "latency profile '\(name)': 'jitter' needs a fixed 'delay' to vary around",
                fix: "write e.g. 'delay: 200ms' and 'jitter: 50ms', or a range 'delay: 150ms..250ms'")
            return nil
        }
        guard jitter <= center else {
            // Cut at 0, the delays would no longer centre on `delay`.
            self.report(
                at: node,
                "latency profile '\(name)': 'jitter' \(DurationText.format(jitter)) is more than its 'delay' \(DurationText.format(center)), and a delay cannot be negative",
                fix:
                    "use a jitter of at most \(DurationText.format(center)), or a range 'delay: 0ms..\(DurationText.format(center + jitter))'"
            )
            return nil
        }
        return .uniform(center - jitter, center + jitter)
    }

    /// `faults: { reset: 5%, hang: 2% }`: shares of requests the network
    /// loses, each 0–100%, together at most 100%.
    mutating func networkFaults(_ node: Node, name: String) -> NetworkFaults? {
        let what = "'faults' of latency profile '\(name)'"
        guard let fields = self.mapping(node, what: what) else { return nil }
        let reset = Fault.reset.name
        let hang = Fault.hang.name
        self.checkKeys(fields, allowed: [reset, hang], in: what)
        var faults = NetworkFaults()
        var valid = true
        for entry in fields {
            guard entry.key == reset || entry.key == hang else { continue }
            guard let percent = self.percent(entry.value, what: "\(entry.key) share") else {
                valid = false
                continue
            }
            if entry.key == reset { faults.reset = percent } else { faults.hang = percent }
        }
        if valid, faults.reset + faults.hang > 100 {
            self.report(
                at: node, "\(what) add up to more than 100%",
                fix: "lower 'reset' or 'hang' so together they are 100% at most")
            return nil
        }
        return valid ? faults : nil
    }

    /// `5%` or `5` (or `2.5%`), from 0 to 100.
    private mutating func percent(_ node: Node, what: String) -> Double? {
        guard let text = self.string(node, what: what) else { return nil }
        let number = text.hasSuffix("%") ? String(text.dropLast()) : text
        guard let value = DecimalText.parse(number.trimmingCharacters(in: .whitespaces)), value <= 100 else {
            self.report(
                at: node, "\(what) '\(text)' is not a percentage", fix: "write a share from 0% to 100%, e.g. '5%'")
            return nil
        }
        return value
    }
}
