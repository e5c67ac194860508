import PipeProtocol

/// Why a donut cannot go on a menu (the caller adds the record's or the command's place).
public struct MenuError: Error, Sendable, Equatable {
  /// What is wrong.
  public let message: String
  /// An error with a message.
  public init(_ message: String) { self.message = message }
}

/// A menu: the donuts that can be ordered, by id. `Menu.builtIn` is the sample's 17 donuts (ids
/// 0...16); custom donuts take ids from 17 up to `maxID`. Ids of removed custom donuts are never
/// given again, so a menu's ids may have gaps. Whether an id is on the menu is checked against a
/// menu value, never against fixed numbers.
public struct Menu: Sendable {
  /// The donuts in id order (the built-in ones first: `Menu.builtIn.donuts[i].id == i`).
  public private(set) var donuts: [Donut]
  /// The index in `donuts` of each id.
  var positions: [Int: Int]

  /// The sample's menu (`Donut.all`).
  public static let builtIn = Menu(
    donuts: FoodTruckKit.records(EmbeddedData.menu).map { r in
      Donut(
        id: r["id"]?.intValue ?? -1, key: r["key"]?.stringValue ?? "", name: r["name"]?.stringValue ?? "",
        dough: Ingredient.find(.dough, key: r["dough"]?.stringValue ?? "")!,
        glaze: r["glaze"]?.stringValue.flatMap { Ingredient.find(.glaze, key: $0) },
        topping: r["topping"]?.stringValue.flatMap { Ingredient.find(.topping, key: $0) })
    })

  /// The highest id a donut may have. Ids are never given twice, so this bounds how many custom
  /// donuts a menu store can ever make (9983), and the counts a chart keeps per day.
  public static let maxID = 9999

  /// Whether an id is one of the built-in donuts' (0...16).
  public static func isBuiltIn(_ id: Int) -> Bool { id >= 0 && id < builtIn.count }

  init(donuts: [Donut]) {
    self.donuts = donuts.sorted { $0.id < $1.id }
    positions = [:]
    reindex()
  }

  mutating func reindex() {
    positions = Dictionary(uniqueKeysWithValues: donuts.enumerated().map { ($0.element.id, $0.offset) })
  }

  /// Adds a donut with the id after the highest one and returns it.
  @discardableResult
  public mutating func add(
    key: String, name: String, dough: Ingredient, glaze: Ingredient? = nil, topping: Ingredient? = nil
  ) -> Donut {
    let donut = Donut(
      id: (donuts.last?.id ?? -1) + 1, key: key, name: name, dough: dough, glaze: glaze, topping: topping)
    insert(donut)
    return donut
  }

  /// Puts a donut on the menu, replacing the one with its id if there is one.
  public mutating func insert(_ donut: Donut) {
    if let position = positions[donut.id] {
      donuts[position] = donut
      return
    }
    donuts.append(donut)
    if donuts.count > 1, donuts[donuts.count - 2].id > donut.id {
      donuts.sort { $0.id < $1.id }
      reindex()
    } else {
      positions[donut.id] = donuts.count - 1
    }
  }

  /// Takes a donut off the menu.
  public mutating func remove(id: Int) {
    guard let position = positions[id] else { return }
    donuts.remove(at: position)
    reindex()
  }

  /// Learns a donut from a `donut` record of a stream (see `Donut(definition:)`): a built-in id must
  /// be exactly the built-in donut; a new id puts the donut on the menu (true); an id already
  /// defined must be defined the same way again (false).
  @discardableResult
  public mutating func define(_ donut: Donut) throws(MenuError) -> Bool {
    if let known = self.donut(id: donut.id) {
      if known.sameEntry(as: donut) { return false }
      let builtIn = Menu.isBuiltIn(donut.id)
      let what = "\(builtIn ? "built-in donut" : "donut") \(donut.id)"
      let why =
        builtIn
        ? "ids \(Menu.builtIn.validIDs) are the sample's donuts; a custom donut takes a new id"
        : "a stream defines each id one way"
      if known.name != donut.name {
        throw MenuError(
          "\(what) is \(JSONValue.string(known.name).jsonText), not \(JSONValue.string(donut.name).jsonText) (\(why))"
        )
      }
      throw MenuError(
        "\(what) \(JSONValue.string(known.name).jsonText) is \(known.recipe), not \(donut.recipe) (\(why))")
    }
    if Menu.isBuiltIn(donut.id) {
      throw MenuError("donut \(donut.id) is a built-in id, but the menu does not have it")
    }
    insert(donut)
    return true
  }

  /// The number of donuts.
  public var count: Int { donuts.count }

  /// The custom donuts (not built in), in id order.
  public var custom: [Donut] { donuts.filter { !Menu.isBuiltIn($0.id) } }

  /// The index in `donuts` of a donut id: its own index while the ids before it have no gap (the
  /// built-in donuts, always), else looked up.
  @inline(__always)
  func position(_ id: Int) -> Int? {
    if id >= 0, id < donuts.count, donuts[id].id == id { return id }
    return positions[id]
  }

  /// Whether a donut has this id.
  public func contains(id: Int) -> Bool { position(id) != nil }

  /// The donut with this id, or nil (a mismatched id is the caller's error to report).
  public func donut(id: Int) -> Donut? { position(id).map { donuts[$0] } }

  /// The ids as runs of consecutive numbers: `[0...16, 18...18]`.
  public var idRanges: [ClosedRange<Int>] {
    var ranges: [ClosedRange<Int>] = []
    for donut in donuts {
      if let last = ranges.last, last.upperBound + 1 == donut.id {
        ranges[ranges.count - 1] = last.lowerBound...donut.id
      } else {
        ranges.append(donut.id...donut.id)
      }
    }
    return ranges
  }

  /// The valid ids, for error messages: `0...16`, or `0...17, 19` with custom donuts.
  public var validIDs: String {
    idRanges.map { $0.count == 1 ? "\($0.lowerBound)" : "\($0.lowerBound)...\($0.upperBound)" }
      .joined(separator: ", ")
  }

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
