import FoodTruckKit
import PipeProtocol
import PipeReading
import ToolSupport

/// `orders donut remove DONUT`: a custom donut off the menu; its id is never given again. On a
/// terminal it asks first; `--yes` skips the question, and off a terminal it is required (the one
/// confirmation rule, `Confirmation`).
enum DonutRemove {
  static let command = Command(
    name: "remove", summary: "take a custom donut off the menu",
    options: [
      Confirmation.yes, OrdersOptions.format, MenuStore.option, OrdersOptions.store, FeedStore.option,
    ],
    arguments: Arguments(DonutCommand.donut).completing(OrdersCompletion.customDonuts),
    input: DonutCommand.storeInput + "\n" + DonutCommand.argumentInput + """

      On a terminal, the question 'Remove the donut ... from the menu? [y/N]', answered on the
      terminal; only y or yes removes. When stdin is not a terminal nothing can be asked: give --yes.
      """,
    output: """
      The donut-removed record (with --format text, a line saying so). The id is never given again.
      """,
    exitStatus: [
      "1    not confirmed (any answer but y or yes); no custom donut has that id, it is built in, or "
        + "orders or posts in the stores name it",
      "64   no donut has that name (the menu is listed); stdin is not a terminal and --yes is missing",
    ],
    examples: """
      orders donut remove --yes 17
      orders donut remove --yes 'maple dream' | jq -r .name
      """,
    lookups: [DonutReference.rule("DONUT", custom: true)],
    run: run)

  static func run(_ invocation: Invocation) throws -> Int32 {
    let store = MenuStore.store(invocation)
    let id = try DonutCommand.id(named: invocation[DonutCommand.donut], in: store)
    try DonutCommand.checkCustom(id, store: store)
    // Found, checked and asked about without the lock (a person may take a while to answer), then
    // found and checked again under it, and removed.
    let (donut, _) = try DonutCommand.find(id, in: try MenuStore.read(store), store: store)
    try refuseIfNamed(donut, invocation)
    try Confirmation.require(
      invocation,
      question: "Remove the donut \(Confirmation.names([donut.name])) (\(id)) from the menu? "
        + "Its id is never given again.")
    let removed = try store.update { (records: inout [Record]) -> (result: JSONObject, changed: Bool) in
      let contents = try MenuStore.contents(records)
      let (donut, index) = try DonutCommand.find(id, in: contents, store: store)
      try refuseIfNamed(donut, invocation)
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

  /// Fails when orders or posts in the stores name the donut: it stays on the menu.
  static func refuseIfNamed(_ donut: Donut, _ invocation: Invocation) throws {
    if let users = try DonutCommand.users(of: donut.id, invocation) {
      throw ToolError(
        "donut \(donut.id) \(DonutCommand.quoted(donut.name)) is named in \(users); it stays on the menu",
        notes: ["donuts that orders or posts name cannot be removed (charts and feeds of them need them)"])
    }
  }
}
