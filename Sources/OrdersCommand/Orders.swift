import FoodTruckKit
import ToolSupport

/// `orders`: the Food Truck menu, order generation, sales history, the order store, the status flow
/// and the 60-second preparation timer.
public enum Orders: Tool {
  /// The tool: its subcommands and help sections.
  public static let command = Command(
    name: "orders",
    summary: "the Food Truck menu, orders, sales history, the order store and the preparation timer",
    subcommands: [
      MenuCommand.command, Generate.command, History.command, Stream.command, Place.command, List.command,
      Recent.command, Show.command, Next.command, Complete.command, Watch.command, Notices.command,
      Open.command, Feed.command, Widget.command, DonutCommand.command, NoticeTimer.command,
    ],
    input:
      """
      Nothing (the built-in menu and the generators are compiled in), the order store (see 'orders
      list --help'), or the menu store of custom donuts (see 'orders donut --help').
      """,
    output: """
      JSON lines: donut, donut-removed, order, order-summary, post, tag, widget and notice records
      (PROTOCOL.md), keys sorted. Messages go to stderr.
      """,
    exitStatus: ["1    an unknown order id, or a step an order cannot take"],
    examples: """
      orders menu --sort flavor:sweet | jq -r .name
      orders generate --now 2026-11-29T10:30:00Z | pipe-check
      orders history --city London --days 7 | jq .totalSales
      orders place --donut cosmos --donut 0x2 && orders recent --format text
      orders next 1224 && orders watch --until-done
      orders donut new --name 'Maple Dream' && orders place --donut 17x2 && { orders menu; orders list; } | sales-chart
      """,
    settings: { configured in
      // The stores a plugin finds, by the commands' own rule: the environment, else the config
      // file's `store`, `menu` and `feed`, else the default places.
      func file(_ key: String, _ variable: String) -> String? {
        Environment.get(variable).map { $0.isEmpty } ?? true ? configured(key) : nil
      }
      return [
        (
          OrderStore.environmentVariable,
          OrderStore.store(path: file("store", OrderStore.environmentVariable)).path
        ),
        (
          MenuStore.environmentVariable,
          MenuStore.store(option: file("menu", MenuStore.environmentVariable)).path
        ),
        (
          FeedStore.environmentVariable,
          FeedStore.store(option: file("feed", FeedStore.environmentVariable)).path
        ),
        ("TZ", LocalTime.forPeople(default: City.truck.city.timeZone).name),
      ]
    })
}
