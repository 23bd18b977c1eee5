/// What signing in came to, in the terms the login screen needs: each case
/// is a different message, so the client decides it and the screen only
/// shows it.
public enum LoginResult: Equatable, Sendable {
    /// 200 with a session token: the user is in.
    case signedIn(token: String)
    /// 401: the server refused this username and password ("Wrong password").
    case wrongPassword
    /// The device has no network (`URLError.notConnectedToInternet`): "You're
    /// offline", not "something went wrong", and nothing the server did.
    case offline
    /// The server answered, but not with a sign-in: a 5xx, another status, or
    /// a 200 without a token ("Try again later").
    case serverError(status: Int)
    /// No answer for any other reason: the connection failed, was lost or
    /// timed out.
    case network
}
