// `DescriptionFormats.openAPI`, the reader a fixtures folder's `openapi:`
// key needs (`descriptions: .openAPI`): exported so that a test importing
// this library sees it. The rest of that module is the package's own.
@_exported public import SwitchboardSpecEndpoints
