import SwitchboardCore
import Testing

/// How a request target splits into path and query, and when its path is
/// plain: read from the target's bytes in one pass on every request, so
/// the edges (fragments, a second `?`, a combining mark after the `?`)
/// are pinned to what the UTF-8 view's searches answered.
@Suite struct RequestTargetSplitTests {
    @Test(arguments: [
        ("/data/all/coinlist", "/data/all/coinlist", ""),
        ("/a?b=1&c=2", "/a", "b=1&c=2"),
        ("/a?b?c", "/a", "b?c"),
        ("/a?b#frag", "/a", "b"),
        ("/a#frag", "/a", ""),
        ("/a#x?b", "/a", "b"),
        ("/a#x?b#y", "/a", "b"),
        ("/?", "/", ""),
        ("?q", "", "q"),
        ("/caf\u{e9}?\u{301}x=1", "/caf\u{e9}", "x=1"),
        ("http://host:8080/p?q#f", "/p", "q"),
    ])
    func aTargetSplitsIntoPathAndQuery(uri: String, path: String, query: String) {
        let target = RequestTarget(uri: uri)
        #expect(String(target.rawPath) == path)
        #expect(String(target.rawQuery) == query)
    }

    @Test(arguments: [
        ("/", true), ("/a/b", true), ("/a/", false), ("/a//b", false), ("/a%2Fb", false), ("a", false),
        ("/caf\u{e9}", true),
    ])
    func aPlainPathIsOneManifestPathsAreWrittenIn(uri: String, plain: Bool) {
        #expect(RequestTarget(uri: uri).isPlainPath == plain)
    }
}
