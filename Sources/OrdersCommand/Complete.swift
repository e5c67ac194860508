import ToolSupport

/// `orders complete`: orders are marked completed, whatever their status.
enum Complete {
  static let command = Command(
    name: "complete", summary: "mark orders completed, whatever their status",
    options: [OrdersOptions.store, OrdersOptions.now],
    arguments: .some("ID"),
    input: OrdersOptions.idsInput,
    output: "The completed order records, with completionDate set and no preparation.",
    exitStatus: ["1    no order has that id, or it is already completed"],
    examples: [
      "orders complete 1203", "orders list -s ready | jq -r .id | xargs orders complete | jq -r .id",
    ],
    run: { try StatusChange.run($0, complete: true) })
}
