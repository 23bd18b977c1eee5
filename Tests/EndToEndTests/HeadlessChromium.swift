import Foundation
import SwitchboardTestSupport
import Testing

/// Debian's `chromium`, run headless to open a page, let its script run and
/// hand back what the script wrote into `<pre id="out">` (a JSON object).
///
/// Virtual time makes it quick: the page's timers run as soon as nothing is
/// loading, so a page that is done is done in a second or two.
enum HeadlessChromium {
    static let path: String? = try? Subprocess.resolve("chromium")

    /// Locally a missing browser skips the browser tests; CI must run them.
    static let shouldRun = path != nil || ProcessInfo.processInfo.environment["CI"] != nil
    static let skipReason: Comment = "needs chromium (apt-get install chromium); under CI it is required"

    struct PageFailure: Error, CustomStringConvertible {
        let description: String
    }

    /// Opens `url` and returns the JSON the page's script wrote. `resolving`
    /// sends host names to 127.0.0.1 (a DNS-rebinding name, without DNS).
    static func results(of url: String, resolving names: [String] = []) throws -> [String: String] {
        let dom = try self.dom(of: url, resolving: names)
        guard let start = dom.range(of: #"<pre id="out">"#),
            let end = dom.range(of: "</pre>", range: start.upperBound..<dom.endIndex)
        else {
            throw PageFailure(description: "no page output: \(dom.prefix(500))")
        }
        let text = String(dom[start.upperBound..<end.lowerBound])
        guard let object = try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any] else {
            throw PageFailure(description: "the page's script did not finish: \(text)")
        }
        return object.mapValues { "\($0)" }
    }

    /// Opens `url` and returns the document the browser ended up showing,
    /// after the page's script (and any navigation it started) ran.
    static func dom(of url: String, resolving names: [String] = []) throws -> String {
        // A browser that hangs at start (seen once in CI under load: no
        // output, killed by `timeout` after 60 s) says nothing about the
        // page; a second one with a new profile does. Anything else it did
        // is the page's doing and fails at once.
        do {
            return try Self.run(url, resolving: names)
        } catch let hang as Hang {
            do {
                return try Self.run(url, resolving: names)
            } catch let again as Hang {
                throw PageFailure(description: "chromium hung twice: \(hang.stderr)\n---\n\(again.stderr)")
            }
        }
    }

    /// `timeout`'s status when it had to stop the browser.
    private struct Hang: Error {
        let stderr: Substring
    }

    private static func run(_ url: String, resolving names: [String]) throws -> String {
        guard let path else { throw PageFailure(description: "chromium is not installed (apt-get install chromium)") }
        let profile = FileManager.default.temporaryDirectory.appendingPathComponent("chromium-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: profile) }
        var arguments = [
            "60", path, "--headless=new", "--no-sandbox", "--disable-gpu", "--no-first-run",
            "--user-data-dir=\(profile.path)", "--virtual-time-budget=8000",
        ]
        if !names.isEmpty {
            arguments.append("--host-resolver-rules=" + names.map { "MAP \($0) 127.0.0.1" }.joined(separator: ", "))
        }
        arguments += ["--dump-dom", url]
        // `timeout`: a browser that hangs fails the test instead of stalling the run.
        let run = try Subprocess.run("timeout", arguments)
        if run.status == 124 { throw Hang(stderr: run.stderr.suffix(500)) }
        guard run.status == 0 else {
            throw PageFailure(description: "chromium exited \(run.status): \(run.stderr.suffix(500))")
        }
        return Self.unescapeHTML(run.stdout)
    }

    /// `--dump-dom` escapes `<`, `>` and `&` in text; `&` goes last.
    private static func unescapeHTML(_ text: String) -> String {
        text.replacingOccurrences(of: "&lt;", with: "<")
            .replacingOccurrences(of: "&gt;", with: ">").replacingOccurrences(of: "&amp;", with: "&")
    }
}
