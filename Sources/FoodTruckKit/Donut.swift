import PipeProtocol

/// A dough, glaze or topping.
public struct Ingredient: Equatable, Sendable {
  /// Which part of a donut it is.
  public enum Kind: String, Sendable {
    /// A dough (every donut has one).
    case dough
    /// A glaze (optional).
    case glaze
    /// A topping (optional).
    case topping
  }
  /// Its kind.
  public var kind: Kind
  /// The sample's static name (`sugarLattice`).
  public var key: String
  /// The display name (`Sugar Lattice`).
  public var name: String
  /// The image asset name.
  public var image: String
  /// The topping group (`other`, `lattices`, `lines`, `drizzles`), nil for doughs and glazes.
  public var group: String?
  /// Its flavours.
  public var flavors: FlavorProfile

  /// The sample's identifier: `dough/Plain`.
  public var id: String { "\(kind.rawValue)/\(name)" }

  /// Every ingredient, in the sample's orders (`Dough.all`, `Glaze.all`, `Topping.all`).
  public static let all: [Ingredient] = FoodTruckKit.records(EmbeddedData.ingredients).map { r in
    Ingredient(
      kind: Kind(rawValue: r["kind"]?.stringValue ?? "") ?? .topping, key: r["key"]?.stringValue ?? "",
      name: r["name"]?.stringValue ?? "", image: r["image"]?.stringValue ?? "",
      group: r["group"]?.stringValue,
      flavors: FlavorProfile(r["flavors"]?.arrayValue?.compactMap(\.intValue) ?? []))
  }

  /// The ingredient of a kind with a static name.
  public static func find(_ kind: Kind, key: String) -> Ingredient? {
    all.first { $0.kind == kind && $0.key == key }
  }

  /// The ingredients of a kind, in the sample's order.
  public static func all(_ kind: Kind) -> [Ingredient] { all.filter { $0.kind == kind } }

  /// The ingredient of a kind with this display name, exactly as records write it (`Sugar Lattice`).
  public static func named(_ kind: Kind, _ name: String) -> Ingredient? {
    all.first { $0.kind == kind && $0.name == name }
  }

  /// The ingredient of a kind that a person typed: its static name or its display name, ignoring
  /// case, spaces, hyphens and underscores (`sugarLattice`, `sugar-lattice`, `Sugar Lattice`).
  public static func lookup(_ kind: Kind, _ text: String) -> Ingredient? {
    let wanted = folded(text)
    guard !wanted.isEmpty else { return nil }
    return all.first { $0.kind == kind && (folded($0.key) == wanted || folded($0.name) == wanted) }
  }

  /// Text folded for `lookup`: lower case, letters and digits only.
  public static func folded(_ text: String) -> String {
    String(text.lowercased().unicodeScalars.filter { $0.properties.isAlphabetic || ("0"..."9").contains($0) })
  }
}

/// A donut on the menu.
public struct Donut: Equatable, Sendable {
  /// Its id, equal to its index in the menu.
  public var id: Int
  /// The sample's static name (`classic`).
  public var key: String
  /// The display name (`The Classic`).
  public var name: String
  /// The dough.
  public var dough: Ingredient
  /// The glaze, if any.
  public var glaze: Ingredient?
  /// The topping, if any.
  public var topping: Ingredient?

  /// A donut.
  public init(
    id: Int, key: String = "", name: String, dough: Ingredient, glaze: Ingredient? = nil,
    topping: Ingredient? = nil
  ) {
    self.id = id
    self.key = key
    self.name = name
    self.dough = dough
    self.glaze = glaze
    self.topping = topping
  }

  /// Dough, then glaze, then topping, when present.
  public var ingredients: [Ingredient] { [dough] + [glaze, topping].compactMap { $0 } }

  /// The sum of the ingredients' flavours.
  public var flavors: FlavorProfile {
    ingredients.reduce(FlavorProfile()) { $0.union(with: $1.flavors) }
  }

  /// The sample's search: empty text matches; else the name or any ingredient name contains the
  /// text, ignoring case.
  public func matches(_ text: String) -> Bool {
    if text.isEmpty { return true }
    let needle = text.lowercased()
    return name.lowercased().contains(needle)
      || ingredients.contains { $0.name.lowercased().contains(needle) }
  }

  /// The `donut` record: `{"dough":…,"flavors":{…},"glaze":…,"id":0,"mostPotentFlavor":…,"name":…,
  /// "topping":…,"type":"donut"}` with keys sorted, `glaze` and `topping` absent when none.
  public var record: JSONObject {
    var flavorsObject = JSONObject()
    for flavor in Flavor.allCases {
      flavorsObject.members.append(JSONMember(flavor.rawValue, .int(flavors[flavor])))
    }
    var object: JSONObject = [
      "type": .string("donut"), "id": .int(id), "name": .string(name), "dough": .string(dough.name),
      "flavors": .object(flavorsObject), "mostPotentFlavor": .string(flavors.mostPotent.flavor.rawValue),
    ]
    if let glaze { object["glaze"] = .string(glaze.name) }
    if let topping { object["topping"] = .string(topping.name) }
    object.sortKeys()
    return object
  }
}

extension Donut {
  /// The longest name a donut may have, in characters (the sample's longest is 20).
  public static let maxNameCharacters = 40
  /// The longest name a donut may have, in bytes of UTF-8 (so that a few characters built of many
  /// combining marks cannot make a huge name).
  public static let maxNameBytes = 160

  /// What is wrong with a donut name, or nil when it is fine: a name is any text that is not empty
  /// or only white space, of at most `maxNameCharacters` characters and `maxNameBytes` bytes.
  public static func nameProblem(_ name: String) -> String? {
    if name.isEmpty { return "the name is empty" }
    if name.allSatisfy(\.isWhitespace) { return "the name is only white space" }
    if name.count > maxNameCharacters {
      return "the name is \(name.count) characters long; the limit is \(maxNameCharacters)"
    }
    if name.utf8.count > maxNameBytes {
      return "the name takes \(name.utf8.count) bytes of UTF-8; the limit is \(maxNameBytes)"
    }
    return nil
  }

  /// Whether two donuts are the same menu entry: the same id, name and ingredients (the sample's
  /// static name, which records do not carry, is not compared).
  public func sameEntry(as other: Donut) -> Bool {
    id == other.id && name == other.name && dough == other.dough && glaze == other.glaze
      && topping == other.topping
  }

  /// The recipe in words: `Plain, Chocolate Glaze, Sprinkles` (`no glaze`, `no topping`).
  public var recipe: String {
    [dough.name, glaze?.name ?? "no glaze", topping?.name ?? "no topping"].joined(separator: ", ")
  }

  /// Reads a `donut` record as a menu entry: `id` (a whole number from 0 to `Menu.maxID`), `name`
  /// (see `nameProblem`), `dough` and the optional `glaze` and `topping` by their display names, and
  /// `flavors` and `mostPotentFlavor`, which must be what the ingredients give. Unknown fields are
  /// ignored; anything else is an error naming the record's place.
  public init(definition record: some FieldAccess) throws(InputError) {
    let id = try record.int("id", in: 0...Menu.maxID)
    let name = try record.string("name")
    if let problem = Donut.nameProblem(name) { throw record.error("\"name\": \(problem)") }
    func ingredient(_ kind: Ingredient.Kind) throws(InputError) -> Ingredient? {
      let key = kind.rawValue
      if kind != .dough, record.value(key) == nil { return nil }
      let text = try record.string(key)
      guard let found = Ingredient.named(kind, text) else {
        throw record.error(
          "\"\(key)\" \(JSONValue.string(text).jsonText) is not a \(key) of the sample; "
            + "\(key)s: \(Ingredient.all(kind).map(\.name).joined(separator: ", "))")
      }
      return found
    }
    let donut = Donut(
      id: id, name: name, dough: try ingredient(.dough)!, glaze: try ingredient(.glaze),
      topping: try ingredient(.topping))
    let flavors = try record.object("flavors")
    var stated = FlavorProfile()
    for flavor in Flavor.allCases { stated[flavor] = try flavors.int(flavor.rawValue) }
    guard stated == donut.flavors else {
      throw record.error(
        "\"flavors\" are \(stated.text), but \(donut.recipe) add up to \(donut.flavors.text)")
    }
    let potent = try record.string("mostPotentFlavor")
    guard potent == donut.flavors.mostPotent.flavor.rawValue else {
      throw record.error(
        "\"mostPotentFlavor\" is \(JSONValue.string(potent).jsonText), but the flavours make it "
          + "\"\(donut.flavors.mostPotent.flavor.rawValue)\"")
    }
    self = donut
  }
}

extension FlavorProfile {
  /// `salty 2, sweet 5, bitter 2, sour 0, savory 6, spicy 0`, for messages.
  public var text: String {
    Flavor.allCases.map { "\($0.rawValue) \(self[$0])" }.joined(separator: ", ")
  }
}
