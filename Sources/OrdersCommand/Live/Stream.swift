import FoodTruckKit
import PipeProtocol
import PipeReading
import ToolSupport

/// `orders stream`: live orders, one every 3 to 8 seconds.
enum Stream {
  static let seed = OrdersOptions.seed(sample: LiveOrders.sampleSeed)
  static let count = Option.int(
    "count", short: "n", help: "how many orders (0 means no end)", default: 20, in: 0...Int.max)
  static let speed = Option.double(
    "speed", name: "X", help: "wait X times less between orders", default: 1, in: 0.001...1_000_000)
  static let first = Option.int(
    "first", help: "the number of the first order: 25 is Order#1225", default: StartingOrders.sampleCount + 1,
    in: 0...Int.max)
  static let now = Option.date(
    "now", help: "date orders from T plus the drawn waits instead of the clock (output is repeatable)")
  /// `--store[=FILE]`: also place each order in the order store (alone: the default store).
  static let store: Option<String?> = {
    var spec = OptionSpec(
      long: "store", valueName: "FILE",
      help:
        "also place each order in the order store as 'orders place' does, its id the store's next "
        + "(alone: $\(OrderStore.environmentVariable), else $XDG_DATA_HOME/samplepipes/orders.jsonl)")
    spec.valueIsOptional = true
    // Not from the config file: its `store` names the order store, not a wish to fill it.
    spec.configurable = false
    return Option(spec: spec) { (words: [String]) throws(ToolError) -> String? in words.last }
  }()

  static let command = Command(
    name: "stream", summary: "live orders, one every 3 to 8 seconds, each written as it arrives",
    options: [seed, count, speed, first, OrdersOptions.listFormat, now, store],
    input: "Nothing, or with --store the order store (created with the sample's 24 orders on first use).",
    output: """
      Placed order records, each flushed when it arrives. For each order the wait (3 to 8 s) is
      drawn first, then the order. Dates are the arrival time, or with --now, T plus the drawn waits.
      With --format text, a New Orders row for each ('orders list --format text'), as it arrives.
      With --store, each order is appended to the store (locked and synced, as 'orders place' does)
      before it is written, with the id after the store's highest, so that 'orders recent', the
      widgets and 'bin/demo --follow' see it arrive. It ends when its reader goes away, even
      while it waits for the next order.
      """,
    examples: """
      orders stream --speed 10 | pipe-check --pass | jq -c '[.id, .totalSales]'
      orders stream --count 0 --speed 4 | head -n 3
      orders stream --store --count 0 & bin/demo --follow
      """,
    conflicts: [
      .excludes(
        "first", ["store"], message: "--first cannot be used with --store: the ids continue the store's",
        notes: ["leave out --first, or write to stdout only"])
    ],
    run: run)

  static func run(_ invocation: Invocation) throws -> Int32 {
    let count = invocation[count]
    let speed = invocation[speed]
    let simulated = invocation.time(now)
    var stream = LiveOrders(seed: invocation[seed], firstNumber: invocation[first])
    let orderStore = try storeToFill(invocation)
    if let orderStore {
      // The store is created (with the starting orders as of the first order's clock) before
      // the first wait, so that a dashboard following it has something to show at once.
      let start = simulated ?? Clock.nowSeconds()
      try orderStore.createIfMissing { OrderStore.seed(now: start) }
      // A store that cannot take orders is said now, not after the first wait: read in one
      // streaming pass, else whole (the records only, as before) to word what is wrong.
      try orderStore.read(streaming: { lines in try OrderScan.forEach(lines) { _ in } }, orLoaded: { _ in })
    }
    var clock = Double(simulated ?? 0)
    var made = 0
    let text = invocation[OrdersOptions.listFormat] == .text
    // The header is written before the first order: its columns are known up front (rule 10).
    let csv =
      invocation[OrdersOptions.listFormat] == .csv
      ? CSVTable(FoodTruckSchemas.catalog.schema(for: "order")!, slots: ["items": OrderGenerator.maxItems])
      : nil
    if let csv {
      StandardOutput.shared.write(csv.header)
      StandardOutput.shared.flush()
    }
    let zoneOf = OrderTable.zones()
    let width = TextLayout.width()
    while count == 0 || made < count {
      let delay = stream.nextDelay()
      // Its reader gone (`| head -n 1`), the stream ends now, not at its next order.
      guard Follower.wait(delay / speed) else { break }
      clock += delay
      let date = simulated == nil ? Clock.nowSeconds() : Int(clock.rounded(.down))
      var order = stream.nextOrder(date: date)
      if let orderStore { order = try place(order, in: orderStore, now: date) }
      if text {
        // Rows come one by one: the time column is as wide as any time of the day ('10:24 AM PST').
        let zone = zoneOf(order)
        let time = LocalTime.time(date, in: zone)
        let row = OrderTable.row(
          order, time: time, timeWidth: 9 + zone.abbreviation(at: date).count, width: width)
        StandardOutput.shared.write(row.map { $0 + "\n" }.joined())
      } else if let csv {
        StandardOutput.shared.write(csv.row(order.record))
      } else {
        StandardOutput.shared.writeRecord(order.record)
      }
      StandardOutput.shared.flush()
      made += 1
    }
    return ExitStatus.ok
  }

  /// The store `--store` names, or nil without it (the parser refuses `--first` with it: the ids
  /// are the store's).
  static func storeToFill(_ invocation: Invocation) throws(ToolError) -> RecordStore? {
    guard let given = invocation[store] else { return nil }
    return OrderStore.store(path: given.isEmpty ? nil : given)
  }

  /// Appends `order` to `store` under its lock with the id after the store's highest, and returns
  /// it as placed.
  static func place(_ order: Order, in store: RecordStore, now: Int) throws -> Order {
    try Place.append(to: store, now: now) { id in
      var placed = order
      placed.id = id
      return placed
    }
  }
}
