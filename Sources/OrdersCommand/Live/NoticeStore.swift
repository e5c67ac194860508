import FoodTruckKit
import PipeProtocol
import PipeReading
import ToolSupport

/// The sample's notification when an order's preparation ends: "Donuts are done!", as a `notice`
/// record of the notice store. One notice at most per order and preparation (`key`).
struct Notice {
  /// The notification's title, as in the sample.
  static let title = "Donuts are done!"
  /// The notification's body, as in the sample.
  static let body = "Time to take them out of the oven."

  /// The order it is about: `Order#1224`.
  var order: String
  /// The start of the preparation it ends (seconds since 1970).
  var preparationStart: Int
  /// When it was raised.
  var date: Int
  var title = Notice.title
  var body = Notice.body
  /// The deep link that opens the order: `foodtruck://order/1224`.
  var url: String
  /// The store line it was read from, written back unchanged.
  var stored: Record?

  /// What identifies it: an order and one of its preparations.
  struct Key: Hashable {
    var order: String
    var preparationStart: Int
  }

  var key: Key { Key(order: order, preparationStart: preparationStart) }

  /// A new notice for an order's preparation, raised at `date`.
  init(order: String, preparationStart: Int, date: Int) {
    self.order = order
    self.preparationStart = preparationStart
    self.date = date
    url = Notice.link(order)
  }

  /// The sample's deep link for an order (the Live Activity's `widgetURL`): the id without
  /// `Order#`, `foodtruck://order/1224`.
  static func link(_ id: String) -> String {
    let prefix = Order.idPrefix
    return "foodtruck://order/" + (id.hasPrefix(prefix) ? String(id.dropFirst(prefix.count)) : id)
  }

  /// `{"body":…,"date":…,"order":…,"preparationStart":…,"title":…,"type":"notice","url":…}`.
  var record: JSONObject {
    var object: JSONObject = [
      "type": .string("notice"), "order": .string(order), "title": .string(title), "body": .string(body),
      "date": .string(ISODate.format(date)), "preparationStart": .string(ISODate.format(preparationStart)),
      "url": .string(url),
    ]
    object.sortKeys()
    return object
  }

  /// Reads a notice of the store: a `notice` record with its order and the preparation it ends.
  init(record: Record) throws(InputError) {
    guard record.type == "notice" else {
      throw record.error("expected a notice record, not \(record.type) (the notice store holds notices only)")
    }
    order = try record.nonEmptyString("order")
    preparationStart = try record.date("preparationStart")
    date = try record.date("date")
    title = try record.nonEmptyString("title")
    body = try record.string("body")
    url = try record.optionalString("url") ?? Notice.link(order)
    stored = record
  }

  /// Writes the notice's record on stdout: the store's line as it is.
  func write() {
    if let stored {
      OrderStore.write(stored)
    } else {
      StandardOutput.shared.writeRecord(record)
    }
  }

  /// `Order#1224: Donuts are done! Time to take them out of the oven.`, safe for a terminal.
  var text: String { TerminalText.safe("\(order): \(title) \(body)") }
}

/// The notice store: the notices raised when preparations end, a JSON-lines file next to the order
/// store (`orders.jsonl` → `orders.notices.jsonl`). Notices are appended under its lock, and only
/// when none exists for that order and preparation, so that a timer and a watcher never raise one
/// twice.
enum NoticeStore {
  /// What the notice commands read.
  static let input = """
    The notice store, next to the order store (orders.jsonl → orders.notices.jsonl): the notice
    records raised when preparations end. A missing store holds no notices; one with a bad or torn
    line is reported (exit 65) and never changed.
    """

  /// The notice store of an order store.
  static func store(for orders: RecordStore) -> RecordStore {
    var path = orders.path
    if path.hasSuffix(".jsonl") { path.removeLast(".jsonl".count) }
    return RecordStore(path: path + ".notices.jsonl", named: orders.named, how: orders.how)
  }

  /// The notices in the store, in store order (none when it does not exist yet).
  static func read(_ store: RecordStore) throws(ToolError) -> [Notice] {
    guard store.exists else { return [] }
    return try notices(try store.loadShared())
  }

  /// The records as notices; anything else is an error naming its line, the store unchanged.
  static func notices(_ records: [Record]) throws(ToolError) -> [Notice] {
    var notices: [Notice] = []
    for record in records {
      do throws(InputError) {
        notices.append(try Notice(record: record))
      } catch {
        throw ToolError.data(
          "\(error.description); the notice store was left unchanged",
          notes: ["repair that line (the store is plain JSON lines), then run the command again"])
      }
    }
    return notices
  }

  /// Raises the notice for order `id`'s preparation that started at `start`, dated at the end of the
  /// preparation: only when the order is still preparing with that same start and `now` has reached
  /// its end (an order completed or moved on first cancels it), and only once. The order store is held (shared lock) while the
  /// notice store is checked and appended to (its own lock), so no status change slips in between.
  /// Returns the notice and whether it is new; nil when there is none to raise (nor any raised).
  static func deliver(id: String, start: Int, orders: RecordStore, now: Int) throws(ToolError) -> (
    notice: Notice, new: Bool
  )? {
    guard orders.exists else { return nil }
    let notices = store(for: orders)
    return try Files.withSharedLock(try orders.target()) {
      () throws(ToolError) -> (notice: Notice, new: Bool)? in
      let records = try orders.load()
      guard let record = records.last(where: { $0.type == "order" && $0["id"]?.stringValue == id }) else {
        return nil
      }
      let order = try OrderStore.order(record)
      guard order.status == .preparing, let preparation = order.preparation, preparation.start == start,
        now >= preparation.end
      else { return nil }
      // Dated when the donuts are done, the end of the preparation, however late it is raised
      // (a watch on a simulated clock steps past it; a timer wakes a little after it).
      let fresh = Notice(order: id, preparationStart: start, date: preparation.end)
      do {
        return try notices.append {
          (existing: [Record]) -> (records: [Record], result: (notice: Notice, new: Bool))
          in
          if let old = try self.notices(existing).first(where: { $0.key == fresh.key }) {
            return ([], (old, false))
          }
          return ([Record(object: fresh.record)], (fresh, true))
        }
      } catch let error as ToolError {
        throw error
      } catch {
        throw ToolError("\(error)")
      }
    }
  }
}
