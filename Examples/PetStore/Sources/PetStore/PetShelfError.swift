/// What the pet list tells its user when it cannot show pets: the cases a
/// screen branches on.
public enum PetShelfError: Error, Equatable, Sendable {
    /// The device has no network: "You're offline".
    case offline
    /// The API answered with its documented error (`default` in the
    /// description): its code and message.
    case server(code: Int32, message: String)
    /// An answer the description does not document, or a body the client
    /// could not read: a bug on one side, worth reporting.
    case unexpected(String)
    /// Any other network failure (a timeout, a reset).
    case network
}
