import FoodTruckKit
import PipeProtocol
import ToolSupport

/// `orders widget orders`: the Orders widget's gauge, `7 of 25 Orders`.
enum OrdersWidget {
  static let quota = Option.int("quota", help: "the day's quota of orders", default: 25, in: 1...1_000_000)
  static let live = Flag(
    "live",
    help:
      "count the order store's orders placed on the local day of --now, instead of the sample's 7 (+1 an hour)"
  )

  static let command = Command(
    name: "orders", summary: "the Orders widget: orders against the day's quota, '7 of 25 Orders'",
    options: [Widget.format, quota, live, Widget.timeline, OrdersOptions.store, OrdersOptions.now],
    input: "Nothing; with --live, the order store (see 'orders list --help').",
    output: """
      As the sample's widget computes it: 7 orders at --now (7 + the hour of its timeline) of a
      quota of 25: '7 of 25 Orders', the tooltip '7 out of 25 · 10:30 AM PST'. waybar's percentage
      is the gauge's: the orders, at most the quota, over the quota; its class is orders, or
      quota-met once the quota is reached. With --live, the orders placed on the local day of
      --now, from the order store.
      """,
    examples: """
      orders widget orders
      orders widget orders --live --format waybar
      """,
    conflicts: [.described("`--timeline` does not go with `--format waybar`")],
    run: run)

  static func run(_ invocation: Invocation) throws -> Int32 {
    let now = invocation.now(OrdersOptions.now)
    let zone = Widget.zone()
    let total = invocation[quota]
    var liveCount: Int?
    if invocation[live] {
      let today = zone.localDay(now)
      liveCount = try OrderStore.orders(in: OrderStore.open(invocation)) {
        zone.localDay($0.creationDate) == today
      }
      .count
    }
    let entries = Widget.dates(now: now, timeline: invocation[Widget.timeline]).map { offset, date in
      entry(orders: liveCount ?? 7 + offset, quota: total, date: date, zone: zone)
    }
    return try Widget.write(entries, invocation)
  }

  /// The gauge at a moment: `SegmentedGauge` shows `min(orders, quota)` of `max(quota, 1)` segments.
  static func entry(orders: Int, quota: Int, date: Int, zone: LocalTime.Zone) -> Widget.Entry {
    let shown = min(orders, quota)
    return Widget.Entry(
      kind: "orders", date: date, text: "\(Numbers.grouped(orders)) of \(Numbers.grouped(quota)) Orders",
      tooltip:
        "\(Numbers.grouped(orders)) out of \(Numbers.grouped(quota)) · \(LocalTime.time(date, in: zone))",
      members: ["orders": .int(orders), "quota": .int(quota)],
      waybarClass: orders >= quota ? "quota-met" : "orders", percentage: shown * 100 / max(quota, 1))
  }
}
