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

/// A menu: the donuts that can be ordered, by id. `Menu.builtIn` is the sample's 17 donuts (ids
/// 0...16); donuts added at run time take the next ids, so the ids are always `0..<count`.
/// Whether an id is on the menu is checked against a menu value, never against fixed numbers.
public struct Menu: Sendable {
  /// The donuts in id order: `donuts[i].id == i`.
  public private(set) var donuts: [Donut]

  /// The sample's menu (`Donut.all`).
  public static let builtIn = Menu(
    donuts: FoodTruckKit.records(EmbeddedData.menu).map { r in
      Donut(
        id: r["id"]?.intValue ?? -1, key: r["key"]?.stringValue ?? "", name: r["name"]?.stringValue ?? "",
        dough: Ingredient.find(.dough, key: r["dough"]?.stringValue ?? "")!,
        glaze: r["glaze"]?.stringValue.flatMap { Ingredient.find(.glaze, key: $0) },
        topping: r["topping"]?.stringValue.flatMap { Ingredient.find(.topping, key: $0) })
    })

  init(donuts: [Donut]) { self.donuts = donuts }

  /// Adds a donut with the next free id and returns it.
  @discardableResult
  public mutating func add(
    key: String, name: String, dough: Ingredient, glaze: Ingredient? = nil, topping: Ingredient? = nil
  ) -> Donut {
    let donut = Donut(id: donuts.count, key: key, name: name, dough: dough, glaze: glaze, topping: topping)
    donuts.append(donut)
    return donut
  }

  /// The number of donuts.
  public var count: Int { donuts.count }

  /// Whether a donut has this id.
  public func contains(id: Int) -> Bool { donuts.indices.contains(id) }

  /// The donut with this id, or nil (a mismatched id is the caller's error to report).
  public func donut(id: Int) -> Donut? { contains(id: id) ? donuts[id] : nil }

  /// The valid ids, for error messages: `0...16`.
  public var validIDs: String { "0...\(donuts.count - 1)" }

  /// The donut `id` names, as a record field named `place` gives it (`items[0]`); an id not on
  /// the menu is an error naming the record's line. A mismatched id is never passed over.
  public func donut(id: Int, place: String, in record: some FieldAccess) throws(InputError) -> Donut {
    guard let donut = donut(id: id) else {
      throw record.error("\(place) names unknown donut id \(id) (valid ids \(validIDs))")
    }
    return donut
  }

  /// Checks that `name`, given by a record field named `place` for `donut`, is the donut's name on
  /// the menu; a mismatch is an error naming the record's line.
  public func check(name: String, place: String, of donut: Donut, in record: some FieldAccess)
    throws(InputError)
  {
    guard name == donut.name else {
      throw record.error(
        "\(place) is \(JSONValue.string(name).jsonText), but donut \(donut.id) is "
          + JSONValue.string(donut.name).jsonText)
    }
  }
}
