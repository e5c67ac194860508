import PipeProtocol
import PipeReading
import ToolSupport

/// `orders-tally`: orders and donuts counted by status or by city, from any stream of orders. A
/// tool like the seven: its help, man page, completions, `--version`, `--color` and error
/// messages come from the declaration below, through ToolSupport.
public enum OrdersTally: Tool {
  /// What the orders are counted by.
  enum Key: String, CaseIterable, Sendable {
    case status, city
  }

  static let by = Option<Key>.choice("by", name: "KEY", help: "count by status or by city", default: .status)
  static let format = Option.format([.json, .csv, .text], default: .json, help: "order-tally records")
  /// The columns of `--format csv`.
  static let csv = CSVTable(columns: ["by", "donuts", "key", "orders", "type"])

  /// The command: its options, help sections and run.
  public static let command = Command(
    name: "orders-tally",
    summary: "orders and donuts counted by status or city (an example plugin: 'orders tally')",
    options: [by, format],
    arguments: .files,
    input: """
      JSON lines from each FILE, or stdin ('-' or none), such as 'orders list'. Only order
      records are counted; records of other types are ignored.
      """,
    output: """
      json: one order-tally record per status (or city), in the order of their names: "key", the
      number of "orders" and of "donuts" (their "totalSales").
      csv: a header row and a row per record. text: a line per record, for people.
      """,
    exitStatus: ["65   a line is not a valid record, or an order has no status, city or totalSales"],
    examples: """
      orders list | orders-tally
      orders generate --count 100 | orders-tally --by city --format text
      """,
    run: run)

  static func run(_ invocation: Invocation) throws -> Int32 {
    let key = invocation[by]
    var tallies: [String: (orders: Int, donuts: Int)] = [:]
    try Inputs.forEach(invocation.positionals, tool: command.name) { reader in
      try reader.forEach { view in
        guard view.type == "order" else { return }
        let order = view.copy()
        let name = try order.string(key.rawValue)
        let donuts = try order.int("totalSales", in: 0...1_000_000_000)
        tallies[name, default: (0, 0)].orders += 1
        tallies[name, default: (0, 0)].donuts += donuts
      }
    }
    let records: [JSONObject] = tallies.keys.sorted().map { name in
      [
        "by": .string(key.rawValue), "donuts": .int(tallies[name]!.donuts), "key": .string(name),
        "orders": .int(tallies[name]!.orders), "type": .string("order-tally"),
      ]
    }
    let out = StandardOutput.shared
    switch invocation[format] {
    case .csv: out.write(csv.text(records))
    case .text:
      for name in tallies.keys.sorted() {
        let (orders, donuts) = tallies[name]!
        out.write(
          "\(TerminalText.safe(name)): \(orders) \(orders == 1 ? "order" : "orders"), \(donuts) donuts\n")
      }
    default: for record in records { out.writeRecord(record) }
    }
    return ExitStatus.ok
  }
}
