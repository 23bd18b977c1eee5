/// The drill the tests run, written once: a bad day over two endpoints —
/// everything on 3G at once, login failing at 20 s, all reset at 40 s — so
/// a test can check a step, the countdown and the markers left between.
public enum DrillManifests {
    public static let badDay = """
        endpoints:
          - { id: login, method: POST, path: /login }
          - { id: feed, method: GET, path: /feed }
        scenarios:
          bad-day:
            steps:
              - { at: 0s, "*": { latency: 3g } }
              - { at: 20s, login: { mode: server_error } }
              - { at: 40s, reset: all }
        """

    /// `badDay` beside a second, one-second drill and a scenario that is
    /// not a drill, for what one drill does to another and to a plain
    /// scenario.
    public static let badDayAndOthers =
        badDay + """

              short:
                steps:
                  - { at: 0s, feed: { mode: "flaky:50" } }
                  - { at: 1s, feed: { mode: error } }
              outage: { "*": { mode: server_error } }
            """
}
