import FoodTruckKit
import PipeProtocol
import PipeReading
import ToolSupport

/// `orders widget activity`: the Live Activity as one line for a status bar, or in one of the
/// Dynamic Island's forms (`--form`): minimal, compact (leading and trailing) or expanded.
enum ActivityWidget {
  /// The Live Activity's forms: today's line, and the sample's three Dynamic Island views.
  enum Form: String, CaseIterable, Sendable {
    /// `Order#1224 · 0:42 · 6 donuts`: the whole line, for a status bar.
    case line
    /// The island's compact leading (the donut) and trailing (the time left) views: `◎ 1224 0:42`.
    case compact
    /// The island's minimal view, the donut alone (`◎`; `◎✓` once out of the oven).
    case minimal
    /// The island's expanded view: the donut, the order and its count, the time left: two lines.
    case expanded
  }

  static let form = Option.choice(
    "form", name: "FORM",
    help:
      "line (the whole line), or one of the Dynamic Island's views: compact (the donut and the time "
      + "left), minimal (the donut alone) or expanded (two lines)",
    default: Form.line)

  static let follow = Flag(
    "follow",
    help:
      "print a line every second, flushed (waybar's continuous mode, i3blocks' persist), until Ctrl-C "
      + "or the reader goes away")

  static let command = Command(
    name: "activity",
    summary: "the Live Activity: the order in the oven, 'Order#1224 · 0:42'",
    options: [Widget.format, form, follow, OrdersOptions.store, OrdersOptions.now],
    input: OrdersOptions.storeInput + "\nWith --follow it is read again whenever it changes.",
    output: """
      One line for the order being prepared: 'Order#1224 · 0:42 · 6 donuts' while its 60 s run,
      then 'Order#1224 · ready · 6 donuts' (once the 60 s are up, or the order is ready), and from
      its stale date (start + 2 min) 'Order#1224 · stale · 6 donuts' (the tooltip says since when,
      the record has stale: true) until it completes; nothing at all (exit 0) when no order is
      preparing. A preparing order goes before a ready one, then the latest started. The tooltip
      has its times in the order's city's zone, or TZ when set, labelled; waybar's class is
      preparing, ready or stale and its percentage the part of the 60 s gone by. With --follow, a
      line every second (an empty one, or no record with --format json, while none is preparing),
      until its reader goes away; with --now the clock starts there and moves a second a line,
      without waiting.
      --form draws the Dynamic Island's views instead of the line: compact '◎ 1224 0:42' (the
      donut, the order's number and the time left; 'ready' or 'stale' once out of the oven),
      minimal '◎' (the donut alone; '◎✓' once out of the oven), expanded two lines of 32
      columns ('◎ Order#1224' and the time left, the donut count and 'Remaining'). The record's
      text is the form's (its lines joined by a line feed) and its form member names it.
      """,
    examples: """
      orders next 1224 && orders widget activity
      orders widget activity --follow --format waybar
      orders widget activity --format json | jq .remaining
      orders widget activity --form compact
      """,
    run: run)

  static func run(_ invocation: Invocation) throws -> Int32 {
    let format = invocation[Widget.format]
    let form = invocation[form]
    let store = OrderStore.store(invocation)
    let simulated = invocation.time(OrdersOptions.now)
    var clock = simulated ?? Clock.nowSeconds()
    let zoneOf = OrderTable.zones()
    guard invocation[follow] else {
      let orders = try OrderStore.orders(in: OrderStore.open(invocation), where: Watch.isActivity)
      if let order = shown(orders, now: clock) {
        Widget.write(entry(order, now: clock, zone: zoneOf(order), form: form), as: format)
      }
      return ExitStatus.ok
    }
    let start = clock
    try store.createIfMissing { OrderStore.seed(now: start) }
    var version: [Int]? = nil
    var orders: [Order] = []
    while true {
      // The version is taken before reading, so that a change made meanwhile is read next time.
      if Watch.fingerprint(store.path) != version {
        version = Watch.fingerprint(store.path)
        orders = try OrderStore.orders(in: store, where: Watch.isActivity)
      }
      if let order = shown(orders, now: clock) {
        Widget.write(entry(order, now: clock, zone: zoneOf(order), form: form), as: format)
      } else {
        switch format {
        case .text, .tmux: StandardOutput.shared.write("\n")
        // An empty text hides waybar's module.
        case .waybar: StandardOutput.shared.writeRecord(["class": .string("idle"), "text": .string("")])
        case .json: break
        }
      }
      // Each line as it is made; a reader gone away ends the command quietly (status 0).
      StandardOutput.shared.flush()
      if Follower.readerIsGone() { break }
      if simulated != nil {
        clock += 1
      } else {
        guard Follower.wait(1) else { break }
        clock = Clock.nowSeconds()
      }
    }
    return ExitStatus.ok
  }

  /// The order the activity shows at `now`: of those with a Live Activity, a preparing one before
  /// a ready one, then the latest started (ties: the later in the store); nil when there is none.
  static func shown(_ orders: [Order], now: Int) -> Order? {
    let active = orders.enumerated().filter { Watch.isActivity($0.element) && $0.element.preparation != nil }
    return active.max { a, b in
      let key = { (o: Order) in (o.status == .preparing ? 1 : 0, o.preparation?.start ?? 0) }
      let (x, y) = (key(a.element), key(b.element))
      return x == y ? a.offset < b.offset : x < y
    }?.element
  }

  /// Seconds left of the 60 s at `now` (0 once they are up or the order is ready).
  static func remaining(_ order: Order, now: Int) -> Int {
    guard order.status == .preparing, let preparation = order.preparation else { return 0 }
    return max(0, preparation.end - now)
  }

  /// The widget's entry for `order` at `now`, its text in `form`.
  static func entry(_ order: Order, now: Int, zone: LocalTime.Zone, form: Form = .line) -> Widget.Entry {
    let left = remaining(order, now: now)
    let ready = left == 0
    // From the stale date on, the widget says so, as 'orders watch' does ('stale since …').
    let stale = order.preparation.map { now >= $0.staleDate } ?? false
    let state = stale ? "stale" : ready ? "ready" : "\(left / 60):\(OrderText.two(left % 60))"
    let donuts = OrderText.donuts(order.totalSales)
    var tooltip = "\(order.id) · \(donuts)"
    var members: JSONObject = [
      "order": .string(order.id), "donuts": .int(order.totalSales), "remaining": .int(left),
      "state": .string(ready ? "ready" : "preparing"),
    ]
    var elapsed = 100
    if let preparation = order.preparation {
      let at = { (seconds: Int) in OrderText.when(seconds, now: now, in: zone) }
      tooltip +=
        ready
        ? " · out of the oven at \(at(preparation.end))"
        : " · in the oven \(at(preparation.start)) to \(at(preparation.end))"
      if stale { tooltip += " · stale since \(at(preparation.staleDate))" }
      let span = max(preparation.end - preparation.start, 1)
      elapsed = ready ? 100 : min(100, max(0, (now - preparation.start) * 100 / span))
      members["preparation"] = .object(preparation.object)
    }
    if stale { members["stale"] = .bool(true) }
    members["url"] = .string(Notice.link(order.id))
    if form != .line { members["form"] = .string(form.rawValue) }
    let text = Self.text(
      form, id: order.id, state: state, donuts: donuts,
      done: ready ? (stale ? "Stale" : "Out of the oven") : nil)
    return Widget.Entry(
      kind: "activity", date: now, text: text, tooltip: tooltip,
      members: members, waybarClass: stale ? "stale" : ready ? "ready" : "preparing", percentage: elapsed,
      lines: form == .expanded ? text.split(separator: "\n").map(String.init) : nil)
  }

  /// The donut standing for the sample's island icon: one column wide on every terminal.
  static let icon = "◎"
  /// The expanded view's width, in columns.
  static let expandedWidth = 32

  /// The activity's text in `form`: `state` is the time left (`0:42`) or `ready`/`stale`; `done`
  /// what the expanded view says under it once out of the oven (nil while preparing).
  static func text(_ form: Form, id: String, state: String, donuts: String, done: String?) -> String {
    // The island shows the order's number, as the sample's `orderID` (the id without `Order#`).
    let number = id.hasPrefix("Order#") ? String(id.dropFirst(6)) : id
    switch form {
    case .line:
      return "\(id) · \(state) · \(donuts)"
    case .minimal:
      return done == nil ? icon : icon + "✓"
    case .compact:
      // Leading: the donut and the number (cut to keep the view within 20 columns); trailing: the time.
      let shown = number.count > 10 ? number.prefix(9) + "…" : Substring(number)
      return "\(icon) \(shown) \(state)"
    case .expanded:
      func row(_ left: String, _ right: String) -> String {
        let room = expandedWidth - right.count - 1
        let cut = left.count > room ? String(left.prefix(room - 1)) + "…" : left
        return cut + String(repeating: " ", count: expandedWidth - cut.count - right.count) + right
      }
      return row("\(icon) \(id)", state) + "\n" + row("  \(donuts)", done ?? "Remaining")
    }
  }
}
