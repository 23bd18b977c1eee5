import Atomics
import Foundation
import NIOConcurrencyHelpers
public import SwitchboardModel

/// The live settings of every endpoint: what the screen, the control API and
/// scenarios change, and what the server reads on every request.
///
/// The lock is held only to read or swap the snapshot reference, never while
/// a request is answered.
public final class ControlPanel: Sendable {
    private let current: NIOLockedValueBox<PanelSnapshot>
    private let listeners = NIOLockedValueBox<[@Sendable () -> Void]>([])
    /// The current snapshot's version, readable without the lock: request
    /// handlers keep their snapshot until this moves, so a busy server does
    /// not queue on the lock for every request.
    private let publishedVersion = ManagedAtomic<Int>(0)
    /// Settings of endpoints a reload dropped, by id, with the start state
    /// they had: a half-saved manifest, or an endpoint commented out for a
    /// while, gets its flips back when it returns. Touched only inside
    /// `change`, under the snapshot's lock.
    private let dropped = NIOLockedValueBox<ManifestReload.Dropped>([:])

    /// At most this many rows are learned from live requests.
    let learnLimit: Int
    /// `--upstream`: the upstream every manifest shows, the first and each
    /// one reloaded or recorded after it, whatever its own `upstream:` says.
    private let upstream: UpstreamURL?
    /// `--validate`: every manifest, the first and each reloaded, checks
    /// requests against its description, whatever its own `validate:` says.
    private let validating: Bool
    /// The time of day in seconds since 1970: when changes happened and
    /// when drill steps fall due. Tests pass a hand-moved clock.
    public let now: @Sendable () -> Double
    /// The items of the manifest's `resources:`, as the app has changed them.
    public let resources: ResourceStore
    /// The latest changes, for the log's marker lines. Written only inside
    /// `change`, under the snapshot's lock, so sequence and time agree.
    private let changeLog = NIOLockedValueBox(ChangeLog())
    /// How many changes are kept for readers that fall behind.
    public static let changeLimit = 500
    /// Requests numbered for `{seq}` templates, across every endpoint:
    /// written only by requests whose answer reads it.
    private let arrivalNumbers = ManagedAtomic<UInt64>(0)

    /// 1, 2, 3… across every endpoint, in the order asked: a `{seq}`
    /// template's number for the request being answered.
    public func nextArrivalNumber() -> UInt64 {
        self.arrivalNumbers.wrappingIncrementThenLoad(by: 1, ordering: .relaxed)
    }

    /// `random` decides flaky outcomes and random delays; pass a
    /// `SeededRandom` with a fixed seed for repeatable runs. `learnLimit`
    /// bounds the rows seen live (a test can check the bound without
    /// learning a thousand of them). `upstream` overrides the manifest's
    /// top-level `upstream:`, as `--upstream` does.
    public init(
        manifest: Manifest, random: any RandomSource = SeededRandom.unseeded(), learnLimit: Int = SeenLive.limit,
        upstream: UpstreamURL? = nil, validating: Bool = false,
        now: @escaping @Sendable () -> Double = ControlPanel.wallClock
    ) {
        self.now = now
        self.learnLimit = learnLimit
        self.upstream = upstream
        self.validating = validating
        var manifest = manifest
        if let upstream { manifest.upstream = upstream }
        if validating { manifest.validatesRequests = true }
        let snapshot = PanelSnapshot(
            declared: manifest, rows: manifest.endpoints.map(PanelRow.init(startOf:)),
            table: EndpointTable(endpoints: manifest.endpoints, basePath: manifest.basePath), generation: 1, version: 1,
            scenario: nil,
            random: random)
        self.current = NIOLockedValueBox(snapshot)
        self.resources = ResourceStore(manifest.resources)
        self.publishedVersion.store(snapshot.version, ordering: .releasing)
    }

    /// Seconds since 1970, as the journal stamps requests.
    public static let wallClock: @Sendable () -> Double = { Date().timeIntervalSince1970 }

    public func snapshot() -> PanelSnapshot {
        self.current.withLockedValue { $0 }
    }

    /// The version of the latest snapshot (cheap; no lock).
    public var version: Int {
        self.publishedVersion.load(ordering: .acquiring)
    }

    /// `listener` runs after every change, on the thread that made it (the
    /// screen wakes up this way when the control API changes something).
    public func addListener(_ listener: @escaping @Sendable () -> Void) {
        self.listeners.withLockedValue { $0.append(listener) }
    }

    /// Swaps in a reloaded manifest. Endpoints that still exist (same id)
    /// keep their mode and latency when these still make sense, and so do
    /// endpoints an earlier reload dropped when they come back; new ones
    /// start as the manifest says. Clears any reload problem.
    ///
    /// Endpoints seen live stay, with their settings, after the manifest's;
    /// one the manifest now declares (same method and path) becomes the
    /// manifest's, keeping its setting as a kept endpoint would.
    public func replaceManifest(_ manifest: Manifest) {
        var manifest = manifest
        if let upstream = self.upstream { manifest.upstream = upstream }
        if self.validating { manifest.validatesRequests = true }
        self.change { old, markers in
            let reload = ManifestReload(manifest, after: old, dropped: self.dropped.withLockedValue { $0 })
            self.dropped.withLockedValue { $0 = reload.dropped }
            markers += reload.markers
            return reload.snapshot
        }
        self.resources.replaceDefinitions(manifest.resources)
    }

    /// Learns the row for a request that went live without a manifest
    /// endpoint, and returns its id: the row it already has (another loop
    /// may have learned it first), a new one in mode `live`, or `nil` when
    /// `learnLimit` rows exist. Only unmatched live requests call this,
    /// so the manifest's endpoints never pay for it.
    public func learn(method: String, target: RequestTarget) -> String? {
        let learned: (id: String, isNew: Bool)? = self.current.withLockedValue { current in
            if case .matched(let index, _)? = current.seenLive.route(method: method, target: target) {
                return (current.manifest.endpoints[index].id, false)
            }
            guard current.seenLive.endpoints.count < self.learnLimit else { return nil }
            let row = SeenLive.row(method: method, target: target, taken: Set(current.manifest.endpoints.map(\.id)))
            current = PanelSnapshot(
                declared: current.declared, rows: current.rows + [PanelRow(startOf: row)], table: current.table,
                seenLive: SeenLive(endpoints: current.seenLive.endpoints + [row], offset: current.seenLive.offset),
                generation: current.generation, version: current.version + 1, scenario: current.scenario,
                random: current.random, reloadProblems: current.reloadProblems, drill: current.drill)
            self.publishedVersion.store(current.version, ordering: .releasing)
            return (row.id, true)
        }
        // No listener runs for a row that was already there: nothing changed.
        if learned?.isNew == true {
            for listener in self.listeners.withLockedValue({ $0 }) { listener() }
        }
        return learned?.id
    }

    /// Records that the fixtures on disk are broken; the current manifest
    /// keeps serving.
    public func reportReloadProblems(_ problems: [Diagnostic]) {
        self.change { current, _ in
            PanelSnapshot(
                declared: current.declared, rows: current.rows, table: current.table, seenLive: current.seenLive,
                generation: current.generation, version: current.version + 1, scenario: current.scenario,
                random: current.random, reloadProblems: problems, drill: current.drill)
        }
    }

    /// Changes what `change` names of one endpoint (its mode, latency, rate
    /// limit and its key, toxics, or several) as one change: no request sees
    /// half of it. The rest stays. Choosing `sequence` starts it from its
    /// first step, choosing a count rule (again) starts its count; a new
    /// rate limit or key starts with full buckets.
    public func set(endpoint id: String, _ change: SettingChange, origin: ChangeOrigin = .code) throws(ControlError) {
        try self.change { (current, markers) throws(ControlError) in
            let index = try Self.index(of: id, in: current)
            var row = current.rows[index]
            // Both checks before anything changes, counters included.
            if change.mode == .sequence && row.definition.sequence.isEmpty { throw ControlError.noSequence(id) }
            if let name = change.latency?.profileName, current.manifest.profile(named: name) == nil {
                throw ControlError.unknownProfile(name, known: current.manifest.latencyNames)
            }
            row.apply(change, restartingSequence: true)
            if let text = change.changes { markers.append(("\(id) → \(text)", origin)) }
            // The scenario stays named; its label says `(changed)` when this
            // leaves a setting other than it made it.
            var rows = current.rows
            rows[index] = row
            return current.with(rows: rows, scenario: current.scenario)
        }
    }

    public func setMode(_ mode: Mode, endpoint id: String, origin: ChangeOrigin = .code) throws(ControlError) {
        try self.set(endpoint: id, SettingChange(mode: mode), origin: origin)
    }

    /// `nil` (or "none") removes added latency.
    public func setLatency(_ name: String?, endpoint id: String, origin: ChangeOrigin = .code) throws(ControlError) {
        try self.set(
            endpoint: id, SettingChange(latency: name.map(LatencyChoice.init(name:)) ?? .noLatency), origin: origin)
    }

    /// Returns one endpoint (or, with `nil`, all) to the manifest's start
    /// state. Resetting all also stops a running drill: it is how a drill
    /// is stopped (`R` on the screen, `POST /__switchboard/reset`).
    public func reset(endpoint id: String? = nil, origin: ChangeOrigin = .code) throws(ControlError) {
        try self.change { (current, markers) throws(ControlError) in
            var rows = current.rows
            let indices = try id.map { (id) throws(ControlError) in [try Self.index(of: id, in: current)] }
            for index in indices ?? Array(rows.indices) { rows[index].reset() }
            // Resetting everything also forgets endpoints a reload dropped.
            if id == nil { self.dropped.withLockedValue { $0 = [:] } }
            let stopped = id == nil ? current.drill.map { ", drill \($0.name) stopped" } ?? "" : ""
            markers.append(("\(id ?? "all") → \(Self.backToStart)" + stopped, origin))
            // The seed goes back with the endpoint: all of them, or the
            // resource one of its endpoints belongs to.
            let resource = indices.map { current.manifest.endpoints[$0[0]].resource?.resource }
            if let resource {
                if let name = resource { self.resources.restore(name) }
            } else {
                self.resources.restore()
            }
            // A reset starts rate limits over with full buckets.
            return current.with(
                rows: rows, scenario: id == nil ? nil : current.scenario, drill: id == nil ? nil : current.drill,
                renewingLimits: Set(indices ?? Array(rows.indices)))
        }
    }

    /// Gives every endpoint the mode and latency of the one named `id` (the
    /// screen's `a`, as the README says it): each keeps its own rate limit
    /// and toxics, which shape one endpoint's traffic rather than say how
    /// the API answers.
    public func applyToAll(from id: String, origin: ChangeOrigin = .code) throws(ControlError) {
        try self.change { (current, markers) throws(ControlError) in
            let setting = current.rows[try Self.index(of: id, in: current)].setting
            // Mode and latency only; `sequence` only where there is one.
            let copied = SettingChange(
                mode: setting.mode, latency: setting.latency.map(LatencyChoice.profile) ?? .noLatency)
            let rows = current.rows.map { other in
                var row = other
                row.apply(copied)
                return row
            }
            markers.append(("all → \(copied.changes ?? setting.mode.name) (as \(id))", origin))
            // The scenario stays named; its label says `(changed)` when this
            // leaves a setting other than it made it.
            return current.with(rows: rows, scenario: current.scenario)
        }
    }

    /// The changes after sequence number `sequence`, oldest first (at most
    /// the last `changeLimit`).
    public func changes(after sequence: Int) -> [PanelChange] {
        // Asked on every screen step and journal write: nothing new costs
        // no copy.
        self.changeLog.withLockedValue { log in
            guard let last = log.entries.last, last.sequence > sequence else { return [] }
            return log.entries.filter { $0.sequence > sequence }
        }
    }

    /// The one way a snapshot is replaced. The version is published under
    /// the same lock, so it never goes back when two changes race.
    /// `make` adds the marker lines the change should leave in the log.
    func change<E: Error>(
        _ make: (PanelSnapshot, inout [(String, ChangeOrigin)]) throws(E) -> PanelSnapshot
    ) throws(E) {
        // The lock's closure rethrows untyped: the typed error comes out as a value.
        let failure: E? = self.current.withLockedValue { current in
            var markers: [(String, ChangeOrigin)] = []
            do throws(E) {
                current = try make(current, &markers)
            } catch {
                return error
            }
            self.publishedVersion.store(current.version, ordering: .releasing)
            if !markers.isEmpty {
                let time = self.now()
                self.changeLog.withLockedValue { log in
                    for (summary, origin) in markers { log.add(summary, origin: origin, time: time) }
                }
            }
            return nil
        }
        if let failure { throw failure }
        for listener in self.listeners.withLockedValue({ $0 }) { listener() }
    }

    private static func index(of id: String, in snapshot: PanelSnapshot) throws(ControlError) -> Int {
        guard let index = snapshot.manifest.endpointIndex(id: id) else {
            throw ControlError.unknownEndpoint(id, known: snapshot.manifest.endpoints.map(\.id))
        }
        return index
    }
}
