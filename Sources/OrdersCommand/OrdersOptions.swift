import FoodTruckKit
import ToolSupport

/// The options several subcommands take, declared once; each subcommand lists those it accepts.
enum OrdersOptions {
  /// How `argument` finds its orders in the store, for the docs.
  static func orderLookup(_ argument: String) -> LookupRule {
    LookupRule(
      argument, finds: "an order in the store",
      by:
        "its id, written `Order#1203`, `1203` or `foodtruck://order/1203` (malformed, or given twice: exit 64)",
      notFound: 1)
  }

  /// `--store FILE`: the order store.
  static let store = Option.string(
    "store", name: "FILE",
    help:
      "the order store (default $\(OrderStore.environmentVariable), else $XDG_DATA_HOME/samplepipes/orders.jsonl)"
  ).environment(OrderStore.environmentVariable)

  /// `--now T`: the current time.
  static let now = Option.date(
    "now", help: "the current time (default: the clock); makes output repeatable")

  /// `-f/--format text|json`: the records (json, the default, so that scripts keep working) or
  /// lines for people.
  static let format = Option.format([.text, .json], default: .json)

  /// `-f/--format text|json|csv` of the listings of orders and summaries: csv has a header row
  /// of the record's fields (`CSVTable`).
  static let listFormat = Option.format([.text, .json, .csv], default: .json)

  /// The columns of `--format csv` of order records: the order record's fields (items as its
  /// JSON text).
  static let orderCSV = CSVTable(FoodTruckSchemas.catalog.schema(for: "order")!)

  /// `--seed N`, defaulting to the sample's seed for this generator.
  static func seed(sample: Int) -> Option<Int> {
    Option.int("seed", name: "N", help: "the drand48 seed", default: sample)
  }

  /// What the subcommands that use the store read.
  static let storeInput = """
    The order store: a JSON-lines file of order records, created on first use with the sample's 24
    starting orders (seed 1, dated back from --now). Writers take a lock (FILE.lock); status changes
    replace the file atomically, new orders are appended and synced. A store with a bad or torn
    line is reported (exit 65) and never changed.
    """

  /// `ID...`: the orders a command names, normalized (`Order#1203`); a malformed or repeated one
  /// is a usage error.
  static let ids = orderIDs(min: 1)

  /// Order ids, at least `min` of them.
  static func orderIDs(min: Int) -> Argument<[String]> {
    Argument("ID", min: min, max: nil, convert: OrderStore.normalizedIDs)
  }

  /// What the subcommands that take order ids read.
  static let idsInput = storeInput + "\nIDs: Order#1203, 1203 or the deep link foodtruck://order/1203."
}
