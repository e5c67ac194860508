import FoodTruckKit
import PipeProtocol
import ToolSupport

/// `orders widget donut`: the Daily Donut widget.
enum DonutWidget {
  static let donut = Option.string(
    "donut", name: "D",
    help: "show donut D (an id or a name, any case; custom donuts too) instead of the sample's pick")

  static let command = Command(
    name: "donut", summary: "the Daily Donut widget: the donut the sample picks",
    options: [Widget.format, Widget.timeline, donut, MenuStore.option, OrdersOptions.now],
    output: """
      As the sample's widget picks it: the menu's donut number (the hour of its timeline) modulo 17,
      so The Classic at --now, then Blueberry Frosted, Strawberry Drizzle, Cosmos and Strawberry
      Sprinkles an hour apart; with --donut, that donut in every entry. The tooltip names its
      ingredients and the local time.
      """,
    examples: """
      orders widget donut
      orders widget donut --timeline --format json | jq -r .donut.name
      orders widget donut --donut cosmos --format waybar
      """,
    conflicts: [.described("`--timeline` does not go with `--format waybar`")],
    lookups: [DonutReference.rule("--donut")],
    run: run)

  static func run(_ invocation: Invocation) throws -> Int32 {
    let now = invocation.now(OrdersOptions.now)
    let zone = Widget.zone()
    let donuts = Menu.builtIn.donuts
    let chosen = try invocation[donut].map { text in
      try DonutReference.find(
        text, in: MenuStore.read(MenuStore.store(invocation)).menu, given: "--donut \(text)")
    }
    let entries = Widget.dates(now: now, timeline: invocation[Widget.timeline]).map { offset, date in
      entry(chosen ?? donuts[offset % donuts.count], date: date, zone: zone)
    }
    return try Widget.write(entries, invocation)
  }

  /// The widget showing `donut` at a moment.
  static func entry(_ donut: Donut, date: Int, zone: LocalTime.Zone) -> Widget.Entry {
    let ingredients = donut.ingredients.map(\.name).joined(separator: ", ")
    return Widget.Entry(
      kind: "donut", date: date, text: donut.name,
      tooltip: "Daily Donut: \(donut.name) (\(ingredients)) · \(LocalTime.time(date, in: zone))",
      members: ["donut": .object(["id": .int(donut.id), "name": .string(donut.name)])],
      waybarClass: "donut", percentage: nil)
  }
}
