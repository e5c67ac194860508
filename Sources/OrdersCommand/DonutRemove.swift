import FoodTruckKit
import PipeProtocol
import ToolSupport

/// `orders donut remove ID`: a custom donut off the menu; its id is never given again.
enum DonutRemove {
  static let command = Command(
    name: "remove", summary: "take a custom donut off the menu",
    options: [MenuStore.option, OrdersOptions.store, FeedStore.option],
    arguments: .one("ID").completing(OrdersCompletion.customDonuts),
    input: DonutCommand.storeInput,
    output: "The donut-removed record. The id is never given again.",
    exitStatus: [
      "1    no custom donut has that id, it is built in, or orders or posts in the stores name it"
    ],
    examples: ["orders donut remove 17", "orders donut remove 17 | jq -r .name"],
    run: run)

  static func run(_ invocation: Invocation) throws -> Int32 {
    let id = try DonutCommand.requestedID(invocation)
    let store = MenuStore.store(invocation)
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
    StandardOutput.shared.writeRecord(removed)
    return ExitStatus.ok
  }
}
