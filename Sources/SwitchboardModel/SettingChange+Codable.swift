/// The control API's `PUT …/endpoints/{id}` body: `{"mode": "server_error",
/// "latency": "slow", "rate_limit": "5/s", "rate_limit_key": "X-Client",
/// "toxics": "slicer,limit_data:1024"}`, each key as `SettingKey` names it
/// and read by `read(_:for:)`. Any may be left out; `null` (or `none`, or
/// `off`) takes latency, the limit, its key (one bucket) or the toxics away;
/// `toxics` may also be a list. Written back the same way, a removal as
/// `null`.
extension SettingChange: Codable {
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: SettingCodingKey.self)
        let unknown = container.allKeys.map(\.stringValue).filter { SettingKey(rawValue: $0) == nil }.sorted()
        if !unknown.isEmpty { throw SettingProblem.unknownKeys(unknown) }
        // First whether each value is text, then what the texts mean: a
        // body with both kinds of mistake is answered for the first kind.
        var texts: [(SettingKey, String?)] = []
        for key in SettingKey.allCases {
            let name = SettingCodingKey(key.rawValue)
            guard container.contains(name) else { continue }
            if try container.decodeNil(forKey: name), key != .mode {
                texts.append((key, nil))
            } else if let text = try? container.decode(String.self, forKey: name) {
                texts.append((key, text))
            } else if key == .toxics, let list = try? container.decode([String].self, forKey: name) {
                texts.append((key, list.isEmpty ? nil : list.joined(separator: ",")))
            } else {
                throw SettingProblem.notText(key, shown: Self.show(container, name))
            }
        }
        self.init()
        for (key, text) in texts {
            if let text { try self.read(text, for: key) } else { _ = self.remove(key) }
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: SettingCodingKey.self)
        for key in SettingKey.allCases {
            guard let word = self.word(for: key) else { continue }
            let name = SettingCodingKey(key.rawValue)
            if self.removes(key) {
                try container.encodeNil(forKey: name)
            } else {
                try container.encode(word, forKey: name)
            }
        }
    }

    private static func show(_ container: KeyedDecodingContainer<SettingCodingKey>, _ key: SettingCodingKey)
        -> String
    {
        if (try? container.decodeNil(forKey: key)) == true { return "null" }
        if let number = try? container.decode(Int.self, forKey: key) { return String(number) }
        if let number = try? container.decode(Double.self, forKey: key) { return String(number) }
        if let flag = try? container.decode(Bool.self, forKey: key) { return String(flag) }
        if (try? container.nestedUnkeyedContainer(forKey: key)) != nil { return "a list" }
        return "an object"
    }
}

/// A key for objects whose keys are not known in advance.
struct SettingCodingKey: CodingKey {
    let stringValue: String
    var intValue: Int? { nil }

    init(_ name: String) { self.stringValue = name }
    init?(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}
