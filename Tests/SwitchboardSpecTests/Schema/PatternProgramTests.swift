import Foundation
import Testing

@testable import SwitchboardSpec

/// Schema patterns matched in time linear in the text: the same verdicts as
/// a backtracking engine on the patterns descriptions write, and no
/// exponential blow-up on the ones that make such an engine hang.
@Suite struct PatternProgramTests {
    static let patterns = [
        "^[a-z]+$", "^[A-Z]{2,3}-\\d{4}$", "\\S+", "^[1-9]\\d*$", "^[a-zA-Z_][-a-zA-Z0-9_]*$", ".^", "^$", "abc",
        "^(\\+|-)?\\d+(\\.\\d+)?$", "^\\w+@\\w+\\.(com|org)$", "colou?r", "^(?:ab|cd)*$", "^a{3}$", "^a{2,}$",
        "^a{1,2}b$", "[^\\s]", "^[\\s\\S]*$", "\\bcat\\b", "\\Bcat", "^\\u00e9t\\x65$", "^[.]$", "^\\.$", "x*",
        "^(\\{user_question\\}[\\s\\S]*?\\{content\\}|\\{content\\}[\\s\\S]*?\\{user_question\\})",
        "^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$", "^[-a]$", "^[a-]$",
        "\\d\\D\\w\\W\\s",
    ]
    static let texts = [
        "", "a", "abc", "ABC", "AB-1234", "ABCD-123", "12", "012", "-3.25", "+4", "1.", "me@host.com", "me@host.net",
        "color", "colour", "abcd", "cdab", "abx", "aaa", "aaaa", "ab", "aab", "x y", "   ", "a cat here", "concat",
        "été", "ete", ".", "z", "{user_question} and {content}", "{content}", "a{,3}", "-", "1a_ !",
        "0123abcd-0000-1111-2222-333344445555", "0123abcd-0000-1111-2222-33334444555g", "line\nbreak",
    ]

    @Test func theVerdictsAreABacktrackingEnginesOnTheUsualPatterns() throws {
        for pattern in Self.patterns {
            let program = try #require(PatternProgram(pattern), "\(pattern) is not read")
            let expression = try NSRegularExpression(pattern: pattern)
            for text in Self.texts {
                let expected = expression.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
                #expect(program.matches(text) == expected, "\(pattern) on \(text.debugDescription)")
            }
        }
    }

    /// `^(a+)+$` on 24 `a`s and a `!` takes ICU 1.6 s, each more `a`
    /// doubling it; here the work grows with the length.
    @Test(.ownThreads) func nestedQuantifiersDoNotBlowUp() throws {
        let text = String(repeating: "a", count: 20_000) + "!"
        for pattern in ["^(a+)+$", "^(a*)*$", "^(a|aa)+$", "^(\\w+\\s?)*$", "(x+x+)+y"] {
            let program = try #require(PatternProgram(pattern))
            #expect(!program.matches(text), "\(pattern)")
            #expect(program.matches(String(repeating: "a", count: 20_000)) == !pattern.hasPrefix("(x"), "\(pattern)")
        }
    }

    /// The matcher's time is the text's length times the program's: each
    /// thread met is a step, and past the limit it stops and says it did
    /// not decide (`nil`), counted in steps, not time.
    @Test func aMatchStopsAtItsStepLimit() throws {
        let program = try #require(PatternProgram("^(?:a{0,100}){0,200}b$"))
        #expect(program.instructions.count > 40_000)
        var steps = 0
        #expect(program.matches(String(repeating: "a", count: 20_000), steps: &steps, limit: 1_000_000) == nil)
        #expect(steps == 1_000_001, "it stops at the first step past the limit")
        // A short text is decided within the limit, and says what it spent.
        var short = 0
        #expect(program.matches("aab", steps: &short, limit: 1_000_000) == true)
        #expect(short > program.instructions.count && short < 1_000_000)
        // The steps count on: what one text spent, the next cannot.
        var shared = 999_990
        #expect(PatternProgram("^a$")?.matches("a", steps: &shared, limit: 1_000_000) == true)
        #expect(PatternProgram("^a$")?.matches("a", steps: &shared, limit: 999_999) == nil)
    }

    /// What is not read is said so (`nil`): the value is then not held to
    /// the pattern rather than held to a misreading of it.
    @Test func lookaroundsBackreferencesAndHugeCountsAreNotRead() {
        for pattern in [
            "(?=a)a", "(?!a)b", "(?<=a)b", "(a)\\1", "\\p{L}", "(?<name>a)", "(a{1000}){1000}", "a{20000}", "a{2}{3}",
            "(", "[a",
            "a**",
        ] {
            #expect(PatternProgram(pattern)?.instructions.count == nil, "\(pattern)")
        }
    }
}

/// Patterns the linear matcher does not read: a backtracking engine, but
/// never on the shape that takes it exponential time, nor on long values.
@Suite struct PatternMatcherTests {
    @Test func lookaroundsAreCheckedByTheBacktrackingEngineOnValuesUpToTheLimit() {
        let matcher = PatternMatcher("^(?=.*[0-9])[a-z0-9]+$")
        #expect(matcher.matches("abc1") == true)
        #expect(matcher.matches("abc") == false)
        let long = String(repeating: "a", count: PatternMatcher.backtrackingLimit)
        #expect(matcher.matches(long) == false)
        #expect(matcher.matches(long + "1") == nil)
    }

    /// `(a|a)+` backtracks 2^n ways on `a…ab`, a shape the guard on nesting
    /// does not see: 40 characters took hours, and on the event loop.
    @Test func aPatternThatBacktracksTooLongIsLeftUncheckedAfterItsProgressReports() {
        let matcher = PatternMatcher("^(?=a)(a|a)+$")
        guard case .backtracking = matcher else {
            Issue.record("a lookahead is run by the backtracking engine")
            return
        }
        #expect(matcher.matches(String(repeating: "a", count: 10) + "b") == false)
        #expect(matcher.matches(String(repeating: "a", count: 10)) == true)
        var progress = 0
        var steps = 0
        #expect(
            matcher.matches(String(repeating: "a", count: 40) + "b", progress: &progress, steps: &steps, limit: .max)
                == nil)
        #expect(progress > PatternMatcher.progressLimit)
        // The check's reports are spent: its later values are not checked.
        #expect(matcher.matches("b", progress: &progress, steps: &steps, limit: .max) == nil)
    }

    @Test func aRepeatedGroupHoldingAnUnboundedQuantifierIsFound() {
        for nested in ["(a+)+", "(a*)*", "(\\w+\\s?)*", "((ab)+c)*", "(?:a+){2,}", "(?=x)(a+)+"] {
            #expect(PatternMatcher.nestsUnboundedQuantifiers(nested), "\(nested)")
        }
        for flat in ["(a+)", "(a+)?", "(ab)+", "[(a+)]+", "\\(a+\\)+", "(a{2})+", "(a+){3}", "^(?=.*[0-9])[a-z]+$"] {
            #expect(!PatternMatcher.nestsUnboundedQuantifiers(flat), "\(flat)")
        }
        if case .unchecked = PatternMatcher("(?=x)(a+)+$") {
        } else {
            Issue.record("a nested backtracking pattern is run")
        }
    }
}
