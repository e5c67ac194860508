import FoodTruckKit
import PipeProtocol
import PipeReading
import ToolSupport

/// `orders donut`: the sample's Donut Editor, `show`, `new`, `edit` and `remove` (one file each). Custom
/// donuts live in the menu store (`MenuStore`); built-in donuts never change. The options and
/// checks the subcommands share are here.
enum DonutCommand {
  static let command = Command(
    name: "donut", summary: "the Donut Editor: show any donut; create, change and remove custom donuts",
    subcommands: [DonutShow.command, DonutNew.command, DonutEdit.command, DonutRemove.command],
    input: storeInput,
    output: "show, new and edit: the donut record; remove: the donut-removed record.",
    exitStatus: [
      "1    a name taken, a built-in donut, a donut that orders or posts name (kept), no such custom donut",
      "64   an empty or too long name, an unknown ingredient (the known ones are listed), an unknown donut",
    ],
    examples: """
      orders donut new --name 'Maple Dream' --dough powdered --topping sugar-lattice
      orders place --donut 17x2 && { orders menu; orders list; } | sales-chart
      """)

  /// What the subcommands read.
  static let storeInput = """
    The menu store (--menu, else $\(MenuStore.environmentVariable), else
    $XDG_DATA_HOME/samplepipes/menu.jsonl): the custom donuts as donut records, and a
    donut-removed record for each removed one, so that ids are never given twice. It is created by
    the first 'orders donut new'; changes replace it atomically under its lock (FILE.lock); a store
    with a bad line is reported (exit 65) and never changed. edit and remove also read the order
    store (--store) and the feed store (--feed), to keep the donuts their records name.
    """

  /// `DONUT`, the donut edit and remove change: its id or its name.
  static let donut = Argument.one("DONUT")

  /// What the DONUT argument of edit and remove is.
  static let argumentInput = "DONUT: the custom donut's id (17) or its name, in any case ('maple dream')."

  // MARK: - Options

  /// An ingredient option's value: an ingredient, or none (a glaze or topping may be left off).
  enum Pick: Sendable, Equatable {
    /// No glaze, or no topping.
    case none
    /// This ingredient.
    case some(Ingredient)

    var ingredient: Ingredient? {
      if case .some(let ingredient) = self { return ingredient }
      return nil
    }
  }

  /// `--dough D`, `--glaze G|none`, `--topping T|none`: an ingredient by its static name or its
  /// display name, any case; nil when the option is absent.
  static func ingredientOption(_ kind: Ingredient.Kind, noneAllowed: Bool, help: String) -> Option<Pick?> {
    // No `choices`: the parser would take only those words, and display names are welcome too.
    Option(kind.rawValue, name: String(kind.rawValue.prefix(1)).uppercased(), help: help, default: nil) {
      (text: String) throws(ToolError) -> Pick? in try pick(kind, text, noneAllowed: noneAllowed)
    }
  }

  /// The ingredient a person typed, or a usage error listing the known ones (and the closest).
  static func pick(_ kind: Ingredient.Kind, _ text: String, noneAllowed: Bool) throws(ToolError) -> Pick {
    if noneAllowed, Ingredient.folded(text) == "none" { return .none }
    if let found = Ingredient.lookup(kind, text) { return .some(found) }
    let known = Ingredient.all(kind)
    let candidates = known.flatMap { [Ingredient.folded($0.key), Ingredient.folded($0.name)] }
    var message = "unknown \(kind.rawValue) '\(text)'"
    if let close = Suggest.closest(to: Ingredient.folded(text), in: candidates),
      let ingredient = known.first(where: {
        Ingredient.folded($0.key) == close || Ingredient.folded($0.name) == close
      })
    {
      message += "; did you mean '\(ingredient.name)'?"
    }
    let list = known.map(\.name).joined(separator: ", ") + (noneAllowed ? ", or none" : "")
    throw .usage(
      message,
      notes: [
        "\(kind.rawValue)s: \(list)",
        "give the name or the sample's static name (\(known[0].key)), in any case",
      ])
  }

  /// What a donut's name must be, for the docs (`Donut.nameProblem` checks it; 64, or 1 for a name
  /// already on the menu).
  static let nameRule =
    "`--name` is not empty or only white space, at most \(Donut.maxNameCharacters) characters "
    + "(\(Donut.maxNameBytes) bytes); a name already on the menu, in any case, is exit 1"
  static let nameHelp =
    "the donut's name: any text, at most \(Donut.maxNameCharacters) characters, unique on the menu"
  static let dough = ingredientOption(
    .dough, noneAllowed: false,
    help: "the dough, by name or static name (new: plain, as the sample's New Donut)")
  static let glaze = ingredientOption(
    .glaze, noneAllowed: true,
    help: "the glaze by name or static name, or none (new: chocolate, as the sample's New Donut)")
  static let topping = ingredientOption(
    .topping, noneAllowed: true,
    help: "the topping by name or static name, or none (new: sprinkles, as the sample's New Donut)")
  /// The recipe: `--dough`, `--glaze` and `--topping`, which new and edit both take.
  static let recipe: [any OptionKey] = [dough, glaze, topping]

  // MARK: - Checks

  /// The name given, or a usage error saying what is wrong with it.
  static func checkedName(_ name: String) throws(ToolError) -> String {
    if let problem = Donut.nameProblem(name) { throw .usage("--name: \(problem)") }
    return name
  }

  /// Fails when another donut on the menu has this name (ignoring case): the sample's charts find
  /// donuts by name.
  static func checkUnique(_ name: String, id: Int?, menu: Menu) throws(ToolError) {
    let folded = name.lowercased()
    if let other = menu.donuts.first(where: { $0.id != id && $0.name.lowercased() == folded }) {
      throw ToolError(
        "donut \(other.id) is already named \(quoted(other.name)); names are unique on the menu",
        notes: ["see 'orders menu'"])
    }
  }

  /// The id of the donut `text` (the DONUT argument) names: an id, or a name in any case found on
  /// the menu of `store` (a built-in donut's name gives its id, which `checkCustom` then refuses).
  static func id(named text: String, in store: RecordStore) throws -> Int {
    if let id = Int(DonutReference.trimmed(text)) {
      guard id >= 0 else {
        throw ToolError.usage("'\(text)' is not a donut id", notes: ["see 'orders menu' for the ids"])
      }
      return id
    }
    return try DonutReference.find(text, in: MenuStore.read(store).menu).id
  }

  /// Fails, before the store is touched, for a built-in id or when there is no menu store.
  static func checkCustom(_ id: Int, store: RecordStore) throws(ToolError) {
    if let builtIn = Menu.builtIn.donut(id: id) {
      throw ToolError(
        "donut \(id) \(quoted(builtIn.name)) is built in; built-in donuts cannot be changed or removed",
        notes: ["make a custom donut with 'orders donut new'"])
    }
    if !store.exists {
      throw ToolError(
        "no custom donut \(id): there is no menu store '\(store.path)' yet",
        notes: ["make one with 'orders donut new'"])
    }
  }

  /// The custom donut with this id and the index of its record, or a failure (exit 1).
  static func find(_ id: Int, in contents: MenuStore.Contents, store: RecordStore) throws(ToolError)
    -> (Donut, Int)
  {
    guard let donut = contents.menu.donut(id: id), let index = contents.positions[id] else {
      let removed = id <= contents.highestID && !Menu.isBuiltIn(id)
      throw ToolError(
        removed
          ? "donut \(id) was removed from the menu store '\(store.path)'"
          : "no custom donut \(id) in the menu store '\(store.path)'",
        notes: ["see 'orders menu' for the donuts there"])
    }
    return (donut, index)
  }

  /// Where records name donut `id`: the orders of the order store and the posts of the feed store
  /// (neither is created here). Both are read under their shared locks, taken after the menu
  /// store's. nil when none does; else `2 orders of the store '…' (Order#1225, Order#1226)`.
  static func users(of id: Int, _ invocation: Invocation) throws -> String? {
    var found: [String] = []
    let orders = OrderStore.store(invocation)
    if orders.exists {
      var ids: [String] = []
      for record in try OrderStore.read(orders) where record.type == "order" {
        let items = record["items"]?.arrayValue ?? []
        if items.contains(where: { $0.objectValue?["donut"]?.intValue == id }) {
          ids.append(record["id"]?.stringValue ?? "line \(record.line)")
        }
      }
      if !ids.isEmpty { found.append(describe(ids, "order", store: orders)) }
    }
    let feed = FeedStore.store(invocation)
    if feed.exists {
      var ids: [String] = []
      let records = try feed.loadShared()
      for record in records where record.type == "post" {
        let favorite = record["favoriteDonut"]?.objectValue?["id"]?.intValue == id
        let tagged = (record["tags"]?.arrayValue ?? []).contains { $0.objectValue?["donut"]?.intValue == id }
        if favorite || tagged { ids.append(record["id"]?.stringValue ?? "line \(record.line)") }
      }
      if !ids.isEmpty { found.append(describe(ids, "post", store: feed)) }
    }
    return found.isEmpty ? nil : found.joined(separator: " and ")
  }

  /// `2 orders of the store '…' (Order#1225, Order#1226)`, at most three ids shown.
  static func describe(_ ids: [String], _ noun: String, store: RecordStore) -> String {
    let shown = ids.prefix(3).joined(separator: ", ") + (ids.count > 3 ? ", …" : "")
    return "\(Numbers.count(ids.count, noun)) of the store '\(store.path)' (\(shown))"
  }

  /// Writes a donut record, or with `--format text` its row as `orders menu --format text` shows
  /// it (a record that is not a valid donut is written as it is).
  static func write(_ record: JSONObject, _ invocation: Invocation) {
    if invocation[OrdersOptions.format] == .text,
      let donut = try? Donut(definition: Record(object: record))
    {
      StandardOutput.shared.write(MenuText.text([donut], idWidth: MenuText.idWidth(Menu.builtIn)))
    } else {
      StandardOutput.shared.writeRecord(record)
    }
  }

  /// A name in quotes, as JSON writes it.
  static func quoted(_ name: String) -> String { JSONValue.string(name).jsonText }
}
