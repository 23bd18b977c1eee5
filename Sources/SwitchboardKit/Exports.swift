public import SwitchboardControl
public import SwitchboardCore
public import SwitchboardJSON
public import SwitchboardModel
// `verify`, `waitForRequest` and the rest are defined on `SwitchboardControlling`
// there; exported so that a test importing this library alone sees them.
@_exported import SwitchboardTestFailure

// The few core and contract types a test names, under the names it uses,
// so that `import SwitchboardKit` is the only import a test needs. The rest
// of the core stays out of the user's namespace.

/// What an endpoint does with the next request: `.success`, `.error`,
/// `.serverError`, the network faults `.reset`, `.hang`, `.empty`,
/// `.garbage`, `.truncated`, the in-process `URLError`s `.offline` and
/// `.urlError(.cannotFindHost)`, and `.flaky(percent:)`, `.sequence`,
/// `.live`, and the count rules `.rule(.failFirst(2))`, `.rule(.every(3))`,
/// `.rule(.after(5, failure: .reset))`. A fault is `.fault(.reset)` too.
public typealias Mode = SwitchboardModel.Mode

/// A network fault a mode, a count rule or a latency profile sends:
/// `.reset`, `.hang`, `.empty`, `.garbage`, `.truncated`, `.offline`,
/// `.urlError(.cannotFindHost)`.
public typealias Fault = SwitchboardModel.Fault

/// A `URLError` code by number, as `Fault.urlError` holds it: written
/// `.urlError(.cannotFindHost)` with Foundation's codes in Swift, and
/// `url_error:cannotFindHost` in manifests, `Prefer` and the control API.
public typealias URLErrorCode = SwitchboardModel.URLErrorCode

/// `fail_first:N`, `every:N`, `after:N` and how their failures fail.
public typealias CountRule = SwitchboardModel.CountRule

/// An endpoint's added latency: `.profile("3g")` or `.noLatency`.
public typealias LatencyChoice = SwitchboardModel.LatencyChoice

/// A change of an endpoint's setting, every key optional:
/// `SettingChange(mode: .error, latency: .profile("3g"), toxics: .slicer)`.
public typealias SettingChange = SwitchboardModel.SettingChange

/// Requests per second or minute an endpoint takes before it answers 429:
/// `.perSecond(5)`, `.perMinute(60)`.
public typealias RateLimit = SwitchboardModel.RateLimit

/// An endpoint's rate limit to set: `.perSecond(5)`, `.perMinute(60)`, or
/// `.noLimit`.
public typealias RateLimitChoice = SwitchboardModel.RateLimitChoice

/// How an endpoint's answer leaves, on top of its mode: `.slicer`,
/// `.limitData(1024)`, `Toxics(slowClose: .seconds(1))`, or `.none`.
public typealias Toxics = SwitchboardModel.Toxics

/// Why a control call was refused: an endpoint, profile or scenario that
/// does not exist (with the valid names), or a sequence an endpoint lacks.
public typealias ControlError = SwitchboardCore.ControlError

/// A JSON value, as `request.json` reads a request's body in a predicate:
/// `$0.json["username"] == "alice"`.
public typealias JSONValue = SwitchboardJSON.JSONValue

/// A JSON object's members (`case .object(let fields)`), keyed by the
/// bytes of each key, as JSON compares keys.
public typealias JSONObject = SwitchboardJSON.JSONObject

/// Which descriptions of an API a fixtures folder's manifest may start
/// from: `.none` here (an `openapi:` key is refused, saying what to add);
/// `.openAPI` with the `SwitchboardOpenAPI` product.
public typealias DescriptionFormats = SwitchboardCore.DescriptionFormats

/// One header, name as sent.
public typealias HeaderField = SwitchboardCore.HeaderField

/// `header(_:)`, `bodyText` and `decodeBody(as:)` on a request.
public typealias RequestContent = SwitchboardControl.RequestContent

/// The control API's calls, the same for an in-process `Switchboard` and a
/// `SwitchboardClient`: code written against it drives either.
public typealias SwitchboardControlling = SwitchboardControl.SwitchboardControlling

/// Which requests `verify` counts: an endpoint's id (`"login"`) or a
/// method and path (`.post("/todos")`, `.get("/todos/{id}")`).
public typealias RequestSelector = SwitchboardControl.RequestSelector

/// Which requests `SwitchboardControlling.requests(_:)` lists.
public typealias RequestFilter = SwitchboardControl.RequestFilter

/// The error body of a refusal: a stable code, a sentence, the valid
/// names. `SwitchboardError` carries them when a call is refused.
public typealias ControlProblem = SwitchboardControl.ControlProblem

/// Why a control call failed, in process as across processes (the same
/// type `SwitchboardClient` throws): the server's code, sentence, valid
/// names and status.
public typealias SwitchboardError = SwitchboardControl.SwitchboardError

/// The stable codes of every error body.
public typealias ProblemCode = SwitchboardControl.ProblemCode

/// One request the fake API received and what it answered, as
/// `requests(_:)` and `SwitchboardClient` both return it.
public typealias RequestRecord = SwitchboardControl.RequestRecord

/// The name SwitchboardKit gave its requests before they were the same type
/// as `SwitchboardClient`'s; kept so that code naming it still compiles.
public typealias ReceivedRequest = SwitchboardControl.RequestRecord
