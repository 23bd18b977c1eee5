#if canImport(Testing)
    public import SwitchboardKit
    public import Testing

    extension Trait where Self == SwitchboardTrait {
        /// A fresh `Switchboard` for each test, serving the
        /// OpenAPI description `openAPI` (relative to the test file's folder
        /// unless absolute), checking requests against it when `validate`:
        ///
        /// ```swift
        /// @Suite(.switchboard(openAPI: "openapi.yaml", validate: true))
        /// struct PetListTests { … }
        /// ```
        public static func switchboard(openAPI: String, validate: Bool = false, filePath: String = #filePath) -> Self {
            let description = ManifestSource.file(openAPI, besides: filePath)
            return SwitchboardTrait {
                .description(description, validate: validate, seed: nil, descriptions: .openAPI)
            }
        }

        /// A fresh in-process `Switchboard` for each test,
        /// serving the OpenAPI description `openAPI` (relative to the test
        /// file's folder unless absolute), checking requests against it
        /// when `validate`.
        public static func switchboardInProcess(
            openAPI: String, validate: Bool = false, filePath: String = #filePath
        ) -> Self {
            let description = ManifestSource.file(openAPI, besides: filePath)
            return SwitchboardTrait(
                source: { .description(description, validate: validate, seed: nil, descriptions: .openAPI) },
                inProcess: true)
        }
    }
#endif
