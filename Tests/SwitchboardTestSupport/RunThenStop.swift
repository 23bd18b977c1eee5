/// Runs `body` with `resource` (a server, a process), then `stop`s it
/// whether `body` returned or threw: the async test's `defer`, which Swift
/// does not have (a `defer` cannot await). Every `serving { }` is this.
public func runThenStop<Resource, T>(
    _ resource: Resource, stop: (Resource) async -> Void, _ body: (Resource) async throws -> T
) async throws -> T {
    let result: T
    do {
        result = try await body(resource)
    } catch {
        await stop(resource)
        throw error
    }
    await stop(resource)
    return result
}
