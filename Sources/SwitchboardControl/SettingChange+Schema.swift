public import SwitchboardJSON
public import SwitchboardModel

extension SettingChange: WireSchema {
    /// The name the control API's description has always given it.
    public static var schemaName: String? { "SettingsChange" }

    /// Unknown keys are refused (`unknown_field`); which words each takes
    /// is the server's to say (`valid` in its refusal).
    public static func schema(_ schemas: inout WireSchemas) -> JSONValue {
        let removable = WireSchemas.nullable(WireSchemas.string)
        var properties = JSONObject()
        for key in SettingKey.allCases {
            properties[key.rawValue] =
                switch key {
                case .mode: WireSchemas.string
                case .toxics: ["anyOf": [removable, WireSchemas.strings]]
                // Every other key can be taken away with `null`.
                default: removable
                }
        }
        return WireSchemas.object(properties, required: [])
    }
}
