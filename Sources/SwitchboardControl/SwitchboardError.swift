public import Foundation

/// Why a control call failed, whichever way it went: the refusal the
/// server answered (its code, sentence and the valid names, as
/// `ControlProblem` carries them, with the HTTP status), no answer at all,
/// or an answer that is not the control API's. The one error
/// `SwitchboardControlling`'s calls throw, for an in-process `Switchboard`
/// as for a `SwitchboardClient`.
public struct SwitchboardError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The server's sentence (`no endpoint 'logn' — did you mean 'login'?`).
    public var message: String
    /// The HTTP status, when the server answered.
    public var status: Int?
    /// The names that would have worked, when a name was wrong.
    public var valid: [String]?
    /// The server's code for the refusal (`unknown_endpoint`; see
    /// `ProblemCode`), when it gave one.
    public var code: String?
    /// Why no answer came, when none did.
    public var urlError: URLError.Code?

    /// An error saying `message`, with what the server answered, if it did.
    public init(
        message: String, status: Int? = nil, valid: [String]? = nil, code: String? = nil,
        urlError: URLError.Code? = nil
    ) {
        self.message = message
        self.status = status
        self.valid = valid
        self.code = code
        self.urlError = urlError
    }

    /// The refusal `problem`, answered with `status`.
    public init(_ problem: ControlProblem, status: Int) {
        self.init(message: problem.message, status: status, valid: problem.valid, code: problem.error)
    }

    /// `code` as a known code; `nil` for none or one this side does not know.
    public var problem: ProblemCode? { self.code.flatMap(ProblemCode.init(rawValue:)) }

    /// The server's sentence, as it is.
    public var description: String { self.message }
}
