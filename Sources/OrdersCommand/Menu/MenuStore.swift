import FoodTruckKit
import PipeProtocol
import ToolSupport

/// The menu store: the custom donuts, beside the order store. A JSON-lines file of `donut` records
/// (the custom donuts, ids from 17 up) and `donut-removed` records (ids that were given and must
/// never be given again); records of other types are kept as they are. Changes replace the file
/// atomically under its lock; a bad line is reported (exit 65) and the store is never changed.
enum MenuStore {
  /// The environment variable naming the menu store.
  static let environmentVariable = "SAMPLEPIPES_MENU"

  /// `--menu FILE`.
  static let option = Option.string(
    "menu", name: "FILE",
    help:
      "the menu store of custom donuts (default $\(environmentVariable), else $XDG_DATA_HOME/samplepipes/menu.jsonl)"
  ).environment(environmentVariable)

  /// The menu store named by `--menu`, the environment, or the default path.
  static func store(_ invocation: Invocation) -> RecordStore {
    store(option: invocation[option])
  }

  /// The menu store named by `option`, else the environment, else the default path.
  static func store(option: String?) -> RecordStore {
    RecordStore.locate(
      option, option: "--menu", file: "menu.jsonl", environmentVariable: environmentVariable,
      limit: ReadLimit.smallStore)
  }

  /// What the menu store holds: the whole menu (built-in and custom donuts), the highest id ever
  /// given, and where each custom donut's record is.
  struct Contents {
    /// The built-in donuts and the custom ones.
    var menu = Menu.builtIn
    /// The highest id given so far (16 before any custom donut).
    var highestID = Menu.builtIn.count - 1
    /// The index in the records of each custom donut's record.
    var positions: [Int: Int] = [:]

    /// The id the next new donut gets.
    var nextID: Int { highestID + 1 }
  }

  /// Reads the store's records into a menu. A record that is not a valid custom `donut` (a
  /// built-in id, a bad ingredient, flavours that do not add up) or `donut-removed`, or an id given
  /// twice, is an error naming its line; the store is left unchanged.
  static func contents(_ records: [Record]) throws(ToolError) -> Contents {
    var contents = Contents()
    var removed: [Int: Int] = [:]
    do throws(InputError) {
      for (index, record) in records.enumerated() {
        switch record.type {
        case "donut":
          let donut = try Donut(definition: record)
          guard !Menu.isBuiltIn(donut.id) else {
            throw record.error(
              "donut \(donut.id) is a built-in id (\(Menu.builtIn.validIDs)); the menu store holds custom donuts only"
            )
          }
          if let first = contents.positions[donut.id] ?? removed[donut.id] {
            throw record.error(
              "donut \(donut.id) is given twice, lines \(records[first].line) and \(record.line)")
          }
          contents.menu.insert(donut)
          contents.positions[donut.id] = index
          contents.highestID = max(contents.highestID, donut.id)
        case "donut-removed":
          let id = try record.int("id", in: Menu.builtIn.count...Menu.maxID)
          _ = try record.nonEmptyString("name")
          if let first = contents.positions[id] ?? removed[id] {
            throw record.error("donut \(id) is given twice, lines \(records[first].line) and \(record.line)")
          }
          removed[id] = index
          contents.highestID = max(contents.highestID, id)
        default:
          continue
        }
      }
    } catch {
      throw OrderStore.storeError(error)
    }
    return contents
  }

  /// Reads the menu store (the built-in menu alone when it does not exist). The store is only
  /// ever replaced whole, so a read needs no lock.
  static func read(_ store: RecordStore) throws(ToolError) -> Contents {
    guard store.exists else { return Contents() }
    return try contents(try store.load())
  }

  /// Runs `body` with the menu, holding the menu store's lock (shared with other readers) when
  /// `pinned` and the store exists, so that no donut is edited or removed until `body` is done
  /// (`orders place` appends its order meanwhile). Locks are always taken menu store first, then
  /// order store.
  static func withContents<T>(_ store: RecordStore, pinned: Bool, _ body: (Contents) throws -> T) throws -> T
  {
    guard pinned, store.exists else { return try body(try read(store)) }
    var result: Result<T, any Error>?
    try Files.withSharedLock(try store.target()) { () throws(ToolError) in
      do {
        result = .success(try body(try read(store)))
      } catch {
        result = .failure(error)
      }
    }
    return try result!.get()
  }

  /// The menu the orders of `records` are read with: the built-in one, unless an order names
  /// another id; then the menu store of `$SAMPLEPIPES_MENU` or the default place (the commands
  /// that only read orders take no `--menu`).
  static func menu(for records: [Record]) throws(ToolError) -> Menu {
    let custom = records.contains { record in
      guard record.type == "order", let items = record["items"]?.arrayValue else { return false }
      return items.contains { item in
        guard let id = item.objectValue?["donut"]?.intValue else { return false }
        return !Menu.isBuiltIn(id)
      }
    }
    guard custom else { return .builtIn }
    return try read(store(option: nil)).menu
  }

  /// The first item of an `order` record naming a custom id (17 and up) that `menu` does not have.
  static func missingCustomDonut(in record: Record, menu: Menu) -> (id: Int, place: String)? {
    guard record.type == "order", let items = record["items"]?.arrayValue else { return nil }
    for (index, item) in items.enumerated() {
      if let id = item.objectValue?["donut"]?.intValue, id >= Menu.builtIn.count, id <= Menu.maxID,
        !menu.contains(id: id)
      {
        return (id, "items[\(index)]")
      }
    }
    return nil
  }

  /// The `donut-removed` record of a donut.
  static func removedRecord(_ donut: Donut) -> JSONObject {
    ["id": .int(donut.id), "name": .string(donut.name), "type": .string("donut-removed")]
  }
}
