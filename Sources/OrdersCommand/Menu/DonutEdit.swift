import FoodTruckKit
import PipeProtocol
import ToolSupport

/// `orders donut edit DONUT`: a custom donut's new name or ingredients, in the menu store.
enum DonutEdit {
  static let name = Option.string("name", name: "NAME", help: DonutCommand.nameHelp)

  static let command = Command(
    name: "edit", summary: "change a custom donut's name or ingredients",
    options: [name] + DonutCommand.recipe + [
      OrdersOptions.format, MenuStore.option, OrdersOptions.store, FeedStore.option,
    ],
    arguments: Arguments(DonutCommand.donut).completing(OrdersCompletion.customDonuts),
    input: DonutCommand.storeInput + "\n" + DonutCommand.argumentInput,
    output: """
      The donut record as changed (fields the tool does not know are kept). With --format text,
      its row as 'orders menu --format text' shows it.
      """,
    exitStatus: [
      "1    no custom donut has that id, it is built in, its new name is taken, or orders or posts name it (its name stays)",
      "64   nothing to change, an empty or too long name, an unknown ingredient, or no donut of that name",
    ],
    examples: """
      orders donut edit 17 --topping none
      orders donut edit 'maple dream' --name 'Maple Night' | jq .name
      """,
    conflicts: [
      .described("at least one of `--name`, `--dough`, `--glaze`, `--topping` is given"),
      .described(DonutCommand.nameRule),
    ],
    lookups: [DonutReference.rule("DONUT", custom: true)],
    run: run)

  static func run(_ invocation: Invocation) throws -> Int32 {
    let store = MenuStore.store(invocation)
    let id = try DonutCommand.id(named: invocation[DonutCommand.donut], in: store)
    let renamed = try invocation[name].map(DonutCommand.checkedName)
    let newDough = invocation[DonutCommand.dough]?.ingredient
    let newGlaze = invocation[DonutCommand.glaze]
    let newTopping = invocation[DonutCommand.topping]
    guard renamed != nil || newDough != nil || newGlaze != nil || newTopping != nil else {
      throw ToolError.usage("give what to change: --name, --dough, --glaze or --topping")
    }
    try DonutCommand.checkCustom(id, store: store)
    let record = try store.update { (records: inout [Record]) -> (result: JSONObject, changed: Bool) in
      let contents = try MenuStore.contents(records)
      let (old, index) = try DonutCommand.find(id, in: contents, store: store)
      var donut = old
      if let renamed { donut.name = renamed }
      if let newDough { donut.dough = newDough }
      if let newGlaze { donut.glaze = newGlaze.ingredient }
      if let newTopping { donut.topping = newTopping.ingredient }
      if donut.name != old.name {
        try DonutCommand.checkUnique(donut.name, id: id, menu: contents.menu)
        if let users = try DonutCommand.users(of: id, invocation) {
          throw ToolError(
            "donut \(id) \(DonutCommand.quoted(old.name)) is named in \(users); they keep the name they "
              + "were written with, so it cannot be renamed",
            notes: ["its ingredients can change; or make a new donut with 'orders donut new'"])
        }
      }
      // The record keeps the fields this tool does not know, in their places.
      var object = records[index].object
      let fresh = donut.record
      for key in ["name", "dough", "glaze", "topping", "flavors", "mostPotentFlavor"] {
        object[key] = fresh[key]
      }
      object.sortKeys()
      guard donut != old else { return (object, false) }
      // Only the fields that changed are rewritten; the others keep their bytes (rule 2).
      records[index] = records[index].updated(to: object)
      return (object, true)
    }
    DonutCommand.write(record, invocation)
    return ExitStatus.ok
  }
}
