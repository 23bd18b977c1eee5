import SwitchboardCore
import SwitchboardTestSupport
import Testing

/// Body requirements as values: each kind against bodies, no server.
@Suite struct BodyRequirementTests {
    func accepts(_ requirement: BodyRequirement, _ body: String) -> Bool {
        var content = RequestBody(bytes: Array(body.utf8))
        return requirement.accepts(&content)
    }

    func path(_ text: String) -> JSONPath {
        JSONPath(parsing: text)!
    }

    @Test func jsonContainsNeedsOnlyTheGivenValue() {
        let username = BodyRequirement.json(path: self.path("$.username"), value: .string("alice"), exact: false)
        #expect(self.accepts(username, #"{"username":"alice","password":"x"}"#))
        #expect(!self.accepts(username, #"{"username":"bob"}"#))
        #expect(!self.accepts(username, #"{"user":"alice"}"#))
        #expect(!self.accepts(username, "username=alice"))
        #expect(!self.accepts(username, ""))
    }

    @Test func jsonEqualsNeedsTheWholeDocument() {
        let whole = BodyRequirement.json(
            path: JSONPath([]), value: .object(["a": .number(1), "b": .array([.bool(true)])]), exact: true)
        #expect(self.accepts(whole, #"{"b":[true],"a":1.0}"#))
        #expect(!self.accepts(whole, #"{"a":1,"b":[true],"c":null}"#))
        #expect(!self.accepts(whole, #"{"a":1,"b":[true,false]}"#))
    }

    @Test func containedArraysNeedEachItemSomewhere() {
        let tags = BodyRequirement.json(path: self.path("$.tags"), value: .array([.string("urgent")]), exact: false)
        #expect(self.accepts(tags, #"{"tags":["home","urgent"]}"#))
        #expect(!self.accepts(tags, #"{"tags":["home"]}"#))
    }

    @Test func aPathReachesIntoArraysAndAStarTakesAnyValue() {
        let sku = BodyRequirement.json(path: self.path("$.items[0].sku"), value: nil, exact: false)
        #expect(self.accepts(sku, #"{"items":[{"sku":"A-1"}]}"#))
        #expect(self.accepts(sku, #"{"items":[{"sku":null}]}"#))
        #expect(!self.accepts(sku, #"{"items":[]}"#))
        #expect(!self.accepts(sku, #"{"items":{"0":{"sku":1}}}"#))
        let quoted = BodyRequirement.json(
            path: self.path(#"$["first name"]"#), value: .string("Ada"), exact: false)
        #expect(self.accepts(quoted, #"{"first name":"Ada"}"#))
    }

    @Test func formFieldsAreDecodedAsAQueryIs() {
        let user = BodyRequirement.form(name: "user name", value: "alice & bob")
        #expect(self.accepts(user, "x=1&user+name=alice+%26+bob"))
        #expect(!self.accepts(user, "user+name=alice"))
        #expect(self.accepts(.form(name: "password", value: nil), "password="))
        #expect(!self.accepts(.form(name: "password", value: nil), #"{"password":"x"}"#))
    }

    @Test func aTextPatternMatchesTheWholeBodyWithStars() {
        #expect(self.accepts(.text(TextPattern("*hello*")), "say hello world"))
        #expect(!self.accepts(.text(TextPattern("hello*")), "say hello"))
        #expect(self.accepts(.text(TextPattern("a*b*c")), "aXbYbZc"))
        #expect(!self.accepts(.text(TextPattern("a*b*c")), "aXbYbZ"))
        // Backtracks to the last star only: long bodies stay quick.
        let long = String(repeating: "a", count: 20_000)
        #expect(!self.accepts(.text(TextPattern("*a*a*a*a*b")), long))
    }

    @Test func theBodyIsParsedOnceForEveryRequirement() {
        var content = RequestBody(bytes: Array(#"{"a":1}"#.utf8))
        #expect(content.json() == .object(["a": .number(1)]))
        #expect(!content.isPending)
        #expect(RequestBody.pending.isPending)
    }

    @Test func hintsNameTheValueNeeded() {
        #expect(
            BodyRequirement.json(path: self.path("$.username"), value: .string("alice"), exact: false).description
                == "body.username = alice")
        #expect(
            BodyRequirement.json(path: self.path("$.items[0].sku"), value: nil, exact: false).description
                == "body.items[0].sku")
        #expect(
            BodyRequirement.json(path: JSONPath([]), value: .object(["a": .number(1)]), exact: true).description
                == #"body == {"a":1}"#)
        #expect(BodyRequirement.form(name: "user", value: "alice").description == "form user=alice")
        #expect(BodyRequirement.text(TextPattern("*hi*")).short == "body '*hi*'")
    }
}
