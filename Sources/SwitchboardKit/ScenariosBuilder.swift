/// Collects the scenarios declared beside the endpoints of
/// ``Switchboard/start(port:endpoints:scenarios:)`` and of the
/// `.switchboard { … } scenarios: { … }` trait.
@resultBuilder
public enum ScenariosBuilder {
    /// Scenarios listed one after another.
    public static func buildBlock(_ parts: [Scenario]...) -> [Scenario] { parts.flatMap { $0 } }
    /// One scenario.
    public static func buildExpression(_ scenario: Scenario) -> [Scenario] { [scenario] }
    /// A list of scenarios, made elsewhere.
    public static func buildExpression(_ scenarios: [Scenario]) -> [Scenario] { scenarios }
    /// An `if` without `else`.
    public static func buildOptional(_ part: [Scenario]?) -> [Scenario] { part ?? [] }
    /// The `if` branch of an `if`/`else`.
    public static func buildEither(first part: [Scenario]) -> [Scenario] { part }
    /// The `else` branch of an `if`/`else`.
    public static func buildEither(second part: [Scenario]) -> [Scenario] { part }
    /// A `for` loop.
    public static func buildArray(_ parts: [[Scenario]]) -> [Scenario] { parts.flatMap { $0 } }
    /// An `if #available`.
    public static func buildLimitedAvailability(_ part: [Scenario]) -> [Scenario] { part }
}
