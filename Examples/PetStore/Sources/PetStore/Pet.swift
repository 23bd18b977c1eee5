/// A pet as the app's screens show it: the generated `Components.Schemas.Pet`
/// (an `allOf` of the new pet and its id) flattened.
public struct Pet: Equatable, Sendable {
    public var id: Int64
    public var name: String
    public var tag: String?

    init(_ pet: Components.Schemas.Pet) {
        self.id = pet.value2.id
        self.name = pet.value1.name
        self.tag = pet.value1.tag
    }
}
