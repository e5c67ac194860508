import FoodTruckKit
import PipeProtocol
import ToolSupport

/// `orders donut remove DONUT`: a custom donut off the menu; its id is never given again.
enum DonutRemove {
  static let command = Command(
    name: "remove", summary: "take a custom donut off the menu",
    options: [OrdersOptions.format, MenuStore.option, OrdersOptions.store, FeedStore.option],
    arguments: Arguments(DonutCommand.donut).completing(OrdersCompletion.customDonuts),
    input: DonutCommand.storeInput + "\n" + DonutCommand.argumentInput,
    output: """
      The donut-removed record (with --format text, a line saying so). The id is never given again.
      """,
    exitStatus: [
      "1    no custom donut has that id, it is built in, or orders or posts in the stores name it",
      "64   no donut has that name (the menu is listed)",
    ],
    examples: """
      orders donut remove 17
      orders donut remove 'maple dream' | jq -r .name
      """,
    lookups: [DonutReference.rule("DONUT", custom: true)],
    run: run)

  static func run(_ invocation: Invocation) throws -> Int32 {
    let store = MenuStore.store(invocation)
    let id = try DonutCommand.id(named: invocation[DonutCommand.donut], in: store)
    try DonutCommand.checkCustom(id, store: store)
    let removed = try store.update { (records: inout [Record]) -> (result: JSONObject, changed: Bool) in
      let contents = try MenuStore.contents(records)
      let (donut, index) = try DonutCommand.find(id, in: contents, store: store)
      if let users = try DonutCommand.users(of: id, invocation) {
        throw ToolError(
          "donut \(id) \(DonutCommand.quoted(donut.name)) is named in \(users); it stays on the menu",
          notes: ["donuts that orders or posts name cannot be removed (charts and feeds of them need them)"])
      }
      let removed = MenuStore.removedRecord(donut)
      records[index] = Record(object: removed)
      return (removed, true)
    }
    if invocation[OrdersOptions.format] == .text {
      let name = removed["name"]?.stringValue ?? ""
      StandardOutput.shared.write(
        "removed donut \(id) \(TerminalText.safe(name)) from the menu; its id is never given again\n")
    } else {
      StandardOutput.shared.writeRecord(removed)
    }
    return ExitStatus.ok
  }
}
