import SwitchboardCore

/// Body requirements: what a request's body must hold for this endpoint to
/// answer it, the same requirements a manifest's `body:` declares (see
/// `docs/fixtures.md`). Several endpoints may share a method and path and
/// differ by body; the one with the most requirements met answers.
extension Endpoint {
    /// The body is JSON holding at least these keys and values (more may
    /// come); a value `"*"` means any value. The manifest's `body: { json: … }`.
    ///
    /// ```swift
    /// Endpoint.post("/login", id: "login")
    ///     .body(json: ["username": "alice", "password": "s3cret"])
    ///     .json(#"{"token":"abc"}"#)
    /// ```
    public func body(json: JSONValue) -> Endpoint {
        self.requiring(BodyRequirement.containing(json))
    }

    /// The body is exactly this JSON document, nothing more. The manifest's
    /// `body: { json_equals: … }`.
    ///
    /// ```swift
    /// Endpoint.put("/settings").body(jsonEquals: ["theme": "dark"])
    /// ```
    public func body(jsonEquals json: JSONValue) -> Endpoint {
        self.requiring([.json(path: JSONPath([]), value: json, exact: true)])
    }

    /// The JSON value at `path` (`$.items[0].sku`) holds `value` (`"*"`:
    /// any value). The manifest's `body: { paths: { "$.items[0].sku": A1 } }`.
    ///
    /// ```swift
    /// Endpoint.post("/orders").body(path: "$.items[0].sku", equals: "A1")
    /// ```
    public func body(path: String, equals value: JSONValue) -> Endpoint {
        guard let parsed = JSONPath(parsing: path) else {
            var copy = self
            copy.problems.append(
                "\(self.id): '\(path)' is not a JSON path — start at the body's root, e.g. '$.items[0].sku'")
            return copy
        }
        return self.requiring([.value(value, at: parsed)])
    }

    /// The body has a JSON value at `path`, whatever it is.
    ///
    /// ```swift
    /// Endpoint.post("/orders").body(path: "$.coupon")
    /// ```
    public func body(path: String) -> Endpoint {
        self.body(path: path, equals: "*")
    }

    /// The body is a form (`application/x-www-form-urlencoded`) with these
    /// fields (`"*"`: any value). The manifest's `body: { form: … }`.
    ///
    /// ```swift
    /// Endpoint.post("/login").body(form: ["username": "alice", "password": "*"])
    /// ```
    public func body(form fields: KeyValuePairs<String, String>) -> Endpoint {
        self.requiring(fields.map { BodyRequirement.field($0.key, $0.value) })
    }

    /// The body's whole text matches `pattern`, where `*` stands for any run
    /// of characters (no regular expressions). The manifest's
    /// `body: { text: … }`.
    ///
    /// ```swift
    /// Endpoint.post("/graphql").body(matching: "*query Profile*")
    /// ```
    public func body(matching pattern: String) -> Endpoint {
        self.requiring([.text(TextPattern(pattern))])
    }

    private func requiring(_ requirements: [BodyRequirement]) -> Endpoint {
        var copy = self
        copy.bodyRequirements += requirements
        return copy
    }
}
