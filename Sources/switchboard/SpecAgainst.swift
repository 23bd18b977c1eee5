import SwitchboardCore
import SwitchboardSpec
import SwitchboardSpecEndpoints

/// `switchboard check SPEC --against URL`: the description's `GET`
/// operations asked of the real API, each answer checked against what the
/// description documents (`SpecProbe` decides each request,
/// `SpecProbeReport` judges and words the answers; this only sends them).
enum SpecAgainst {
    /// Prints the report; whether the API keeps to the description.
    static func check(
        _ manifest: Manifest, api: UpstreamURL, headers: [SpecProbe.HeaderPair], seconds: Int
    ) async throws -> Bool {
        let described = manifest.endpoints.compactMap { $0.contract as? SpecContract }
        guard !described.isEmpty else {
            Console.out(
                "\(manifest.file) describes no OpenAPI operations: --against checks a description's GET operations")
            return false
        }
        let sender = SpecProbeSender(api: api, seconds: seconds)
        var report = SpecProbeReport()
        let gets = described.filter { $0.operation.method == "GET" }
        // Operations described for the same path (`#fragment`s aside) are
        // one request: sent once, its answer checked against any of them.
        var answers: [String: Result<SpecProbeSender.Answer, SpecProbeSender.Failure>] = [:]
        for (index, contract) in gets.enumerated() {
            let probe = SpecProbe(
                contract.operation, in: contract.document, basePath: api.basePath, headers: headers,
                seed: ManifestLoader.defaultSeed)
            let outcome: SpecProbeReport.Outcome
            var request = "GET"
            switch probe.plan {
            case .skip(let reason):
                outcome = .skipped(reason)
            case .send(let target, let sent):
                request = "GET \(target)"
                if answers[target] == nil {
                    do {
                        answers[target] = .success(try await sender.send(target: target, headers: sent))
                    } catch {
                        answers[target] = .failure(error)
                    }
                }
                switch answers[target] {
                case .success(let answer)?:
                    let path = contract.operation.requestPath
                    let alike = gets.indices.filter { $0 != index && gets[$0].operation.requestPath == path }
                    outcome = SpecProbeReport.outcome(
                        of: probe, alike: alike.map { gets[$0].operation }, status: answer.status,
                        header: { answer.headers.first(name: $0) },
                        body: answer.body.flatMap {
                            DriftBody.checked(
                                $0, contentEncoding: answer.headers.first(name: "Content-Encoding"))
                        },
                        in: contract.document.components)
                case .failure(let failure)?:
                    outcome = .failed(failure.description)
                case nil:
                    outcome = .failed("not sent")
                }
            }
            let before = report.lines.count
            report.add(probe, request: request, outcome)
            for line in report.lines[before...] { Console.out(line) }
        }
        await sender.shutdown()
        let others = described.count { $0.operation.method != "GET" }
        Console.out(report.summary(against: api.description, notRequested: others))
        return report.passed
    }
}
