/// The first stage: a `CONNECT` or an asterisk-form request names no
/// resource of the API and is answered at once (`TargetFormAnswer`).
enum TargetFormStage {
    @inline(__always)
    static func run(_ exchange: inout DecisionExchange) -> StageStep {
        if let answer = TargetFormAnswer.answer(exchange.head) { return .answer(answer) }
        return .next
    }
}
