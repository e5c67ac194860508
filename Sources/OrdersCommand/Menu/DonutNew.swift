import FoodTruckKit
import PipeProtocol
import ToolSupport

/// `orders donut new`: a custom donut, added to the menu store with the next id.
enum DonutNew {
  static let name = Option.required("name", name: "NAME", help: DonutCommand.nameHelp)

  static let command = Command(
    name: "new", summary: "create a custom donut",
    options: [name] + DonutCommand.recipe + [OrdersOptions.format, MenuStore.option],
    input: DonutCommand.storeInput,
    output: """
      The new donut record: the next id (17 for the first custom donut; ids of removed donuts are
      never given again), the ingredients' names, flavors (their sum) and mostPotentFlavor. With
      --format text, its row as 'orders menu --format text' shows it.
      """,
    exitStatus: [
      "1    a donut of that name is already on the menu, or every id up to \(Menu.maxID) was given",
      "64   an empty or too long name, or an unknown dough, glaze or topping (the known ones are listed)",
    ],
    examples: """
      orders donut new --name 'Maple Dream' --dough powdered --glaze none --topping sugar-lattice
      orders donut new --name Zesty --glaze lemon | jq .mostPotentFlavor
      """,
    conflicts: [.described(DonutCommand.nameRule)],
    run: run)

  static func run(_ invocation: Invocation) throws -> Int32 {
    let name = try DonutCommand.checkedName(invocation[name])
    let dough = invocation[DonutCommand.dough]?.ingredient ?? Ingredient.find(.dough, key: "plain")!
    let glaze = invocation[DonutCommand.glaze].map(\.ingredient) ?? Ingredient.find(.glaze, key: "chocolate")
    let topping =
      invocation[DonutCommand.topping].map(\.ingredient) ?? Ingredient.find(.topping, key: "sprinkles")
    let donut = try MenuStore.store(invocation).update {
      (records: inout [Record]) -> (result: Donut, changed: Bool) in
      let contents = try MenuStore.contents(records)
      guard contents.nextID <= Menu.maxID else {
        throw ToolError("every donut id up to \(Menu.maxID) was given; no new donut can be made")
      }
      try DonutCommand.checkUnique(name, id: nil, menu: contents.menu)
      let donut = Donut(id: contents.nextID, name: name, dough: dough, glaze: glaze, topping: topping)
      records.append(Record(object: donut.record))
      return (donut, true)
    }
    DonutCommand.write(donut.record, invocation)
    return ExitStatus.ok
  }
}
