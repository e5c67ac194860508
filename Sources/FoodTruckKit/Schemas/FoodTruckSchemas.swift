import PipeProtocol

/// The record types of the Food Truck domain: the ones `orders` writes, the weather records and
/// the sales charts'. Their enumerations come from this kit's types (statuses, flavours, periods,
/// temperature units); donut ids are checked here for their shape only, and against a `Menu` value
/// by the rule it gives (`Menu.idRules(for:)`), since the menu can grow at run time.
public enum FoodTruckSchemas {
  /// Every Food Truck schema, in PROTOCOL.md's order, by type.
  public static let catalog = SchemaCatalog(orders + weather + charts + feed)

  /// A donut id: a whole number from 0 to `Menu.maxID` (whether it is on the menu is checked apart).
  static let donutID = FieldType.int(0...Menu.maxID)

  /// The flavours, in their declaration order.
  static let flavors = Flavor.allCases.map(\.rawValue)

  /// The record types written by `orders`.
  public static let orders: [RecordSchema] = [
    RecordSchema(
      type: "donut", summary: "A donut of the Food Truck menu; a new id defines a custom donut.",
      fields: [
        FieldSpec(
          "id", donutID,
          note:
            "\(Menu.builtIn.validIDs): the built-in donuts, exactly; \(Menu.builtIn.count)...\(Menu.maxID): custom ones"
        ),
        FieldSpec(
          "name", .nonEmptyString,
          note:
            "`The Classic`; any text of at most \(Donut.maxNameCharacters) characters (\(Donut.maxNameBytes) bytes)"
        ),
        FieldSpec("dough", .nonEmptyString, note: "dough name: `Plain`"),
        .optional("glaze", .nonEmptyString, note: "glaze name; absent when the donut has none"),
        .optional("topping", .nonEmptyString, note: "topping name; absent when the donut has none"),
        FieldSpec(
          "flavors", .object(flavors.map { FieldSpec($0, .integer) }),
          note: "sum of the ingredients' flavours; may be negative"),
        FieldSpec(
          "mostPotentFlavor", .oneOf(flavors),
          note: "the highest value, ties to the earlier flavour; `sweet` when none is positive"),
      ], writers: ["orders menu", "orders donut new", "orders donut edit", "orders donut show"]),
    RecordSchema(
      type: "donut-removed",
      summary:
        "A custom donut taken off the menu, kept in the menu store so that its id is never given again.",
      fields: [
        FieldSpec("id", .int(Menu.builtIn.count...Menu.maxID), note: "the removed donut's id"),
        FieldSpec("name", .nonEmptyString, note: "its name when it was removed"),
      ], writers: ["orders donut remove"]),
    RecordSchema(
      type: "order", summary: "A customer's order and where it is in the flow.",
      fields: [
        FieldSpec(
          "id", .nonEmptyString, note: "`Order#1203`: `Order#12` and a number of at least two digits"),
        FieldSpec(
          "status", .oneOf(OrderStatus.allCases.map(\.rawValue)),
          note: OrderStatus.allCases.map(\.rawValue).joined(separator: " → ")),
        FieldSpec(
          "items",
          .array(
            .object([
              FieldSpec("donut", donutID, note: "menu id, on the menu"),
              .optional("name", .nonEmptyString, note: "the menu name of that id"),
              FieldSpec("quantity", .int(1...Int.max)),
            ])), note: "donuts in the order's own order"),
        FieldSpec("totalSales", .int(1...Int.max), note: "number of donuts: the sum of the quantities"),
        FieldSpec(
          "grandTotal", .number(0...Double.greatestFiniteMagnitude),
          note: "price: 5.78 per donut, at most two decimals"),
        FieldSpec("city", .nonEmptyString, note: "`Cupertino`"),
        FieldSpec("parkingSpot", .nonEmptyString, note: "`Apple Park`"),
        FieldSpec("creationDate", .dateTime, note: "when it was placed"),
        .optional(
          "completionDate", .dateTime, note: "when it was completed (also on generated ready orders)"),
        .optional(
          "temperature",
          .object([FieldSpec("value", .anyNumber), FieldSpec("unit", .oneOf(Temperature.units))]),
          note: "when known; generated orders: 72 fahrenheit"),
        .optional("wasRaining", .bool, note: "when known"),
        .optional(
          "preparation",
          .object([
            FieldSpec("start", .dateTime), FieldSpec("end", .dateTime, note: "start + 60 s"),
            FieldSpec("staleDate", .dateTime, note: "start + 2 min"),
          ]), note: "the Live Activity, from preparing until completed"),
      ], writers: ["orders generate", "orders stream", "orders place", "orders list", "orders next"]),
    RecordSchema(
      type: "order-summary", summary: "A city's donut sales over one day or one month.",
      fields: [
        FieldSpec("city", .nonEmptyString, note: "`San Francisco`"),
        FieldSpec("period", .oneOf(SalesPeriod.allCases.map(\.rawValue))),
        FieldSpec("date", .day, note: "the day, or the month's first day (`2026-11-01`)"),
        FieldSpec(
          "sales",
          .array(
            .object([
              FieldSpec("donut", donutID, note: "menu id, on the menu"),
              FieldSpec("quantity", .int(0...Int.max)),
            ])),
          note: "per donut id, ascending; every menu donut, zeros kept"),
        FieldSpec("totalSales", .int(0...Int.max), note: "the sum of the quantities"),
      ], writers: ["orders history"]),
    RecordSchema(
      type: "notice",
      summary:
        "A notification for people, such as the end of an order's preparation (raised by the timer that `orders next` starts, kept in the notice store).",
      fields: [
        FieldSpec("title", .nonEmptyString, note: "`Donuts are done!`"),
        FieldSpec("body", .string, note: "`Time to take them out of the oven.`"),
        FieldSpec("date", .dateTime, note: "its moment: for a preparation, the preparation's end"),
        .optional("order", .nonEmptyString, note: "the order it is about: `Order#1203`"),
        .optional(
          "preparationStart", .dateTime,
          note: "with `order`: the preparation it ends (one notice per order and preparation)"),
        .optional(
          "url", .nonEmptyString, note: "the deep link that opens the order: `foodtruck://order/1203`"),
      ], writers: ["orders watch", "orders notices"]),
  ]
}
