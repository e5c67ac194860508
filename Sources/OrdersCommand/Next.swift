import ToolSupport

/// `orders next`: orders move to their next status.
enum Next {
  static let command = Command(
    name: "next", summary: "move orders to their next status: \(StatusChange.flow)",
    options: [OrdersOptions.store, OrdersOptions.now],
    arguments: .some("ID"),
    input: OrdersOptions.idsInput,
    output: """
      The changed order records. preparing adds preparation {start, end = start + 60 s,
      staleDate = start + 2 min} (the oven timer 'orders watch' shows); ready removes it;
      completed sets completionDate. All the orders change together or none does.
      """,
    exitStatus: ["1    no order has that id, or it is already completed"],
    examples: [
      "orders next 1224 && orders watch --until-done",
      "orders list -s placed | jq -r .id | xargs orders next",
    ],
    run: { try StatusChange.run($0, complete: false) })
}
