import FoodTruckKit
import PipeProtocol
import ToolSupport

/// `orders menu`: the donuts of the menu as donut records.
enum MenuCommand {
  /// The order donuts are listed in.
  enum Sort: Equatable, Sendable {
    /// Menu order.
    case id
    /// By name, ignoring case.
    case name
    /// Strongest in this flavour first.
    case flavor(Flavor)

    /// Every way to sort, as `--sort` takes it.
    static let choices = ["id", "name"] + Flavor.allCases.map { "flavor:\($0.rawValue)" }

    init?(_ text: String) {
      switch text {
      case "id": self = .id
      case "name": self = .name
      default:
        guard text.hasPrefix("flavor:"), let flavor = Flavor(rawValue: String(text.dropFirst(7))) else {
          return nil
        }
        self = .flavor(flavor)
      }
    }
  }

  static let sort = Option(
    "sort", name: "ORDER",
    help: "id (menu order), name, or flavor:F (strongest F first; F is salty, sweet, ...)", default: Sort.id,
    defaultText: "id", choices: Sort.choices
  ) { (text: String) throws(ToolError) -> Sort in
    guard let sort = Sort(text) else {
      throw .usage("--sort takes one of \(Sort.choices.joined(separator: ", "))")
    }
    return sort
  }
  static let search = Option.string(
    "search", name: "TEXT", help: "only donuts whose name or an ingredient contains TEXT (any case)")

  static let command = Command(
    name: "menu", summary: "the \(Menu.builtIn.count) donuts of the menu as donut records",
    options: [sort, search, OrdersOptions.format],
    input: "Nothing: the menu is compiled in.",
    output: """
      One donut record per donut: id, name, dough, glaze and topping (absent when none), flavors
      (the sum of the ingredients') and mostPotentFlavor. With --format text: 'ID  NAME  (FLAVOR)'.
      """,
    examples: ["orders menu --search lemon", "orders menu --sort flavor:spicy | jq -r '.name' | head -3"],
    run: run)

  static func run(_ invocation: Invocation) throws -> Int32 {
    let menu = Menu.builtIn
    var donuts = menu.donuts.filter { $0.matches(invocation[search] ?? "") }
    switch invocation[sort] {
    case .id: break
    case .name: donuts = sorted(donuts) { $0.name.lowercased() < $1.name.lowercased() }
    case .flavor(let flavor): donuts = sorted(donuts) { $0.flavors[flavor] > $1.flavors[flavor] }
    }
    let text = invocation[OrdersOptions.format] == .text
    let out = StandardOutput.shared
    for donut in donuts {
      if text {
        let id = String(donut.id)
        out.write(
          String(repeating: " ", count: max(0, 2 - id.count)) + id + "  " + donut.name + "  ("
            + donut.flavors.mostPotent.flavor.rawValue + ")\n")
      } else {
        out.writeRecord(donut.record)
      }
    }
    return ExitStatus.ok
  }

  /// A stable sort: equal elements keep their menu order.
  static func sorted(_ donuts: [Donut], by before: (Donut, Donut) -> Bool) -> [Donut] {
    donuts.enumerated().sorted { a, b in
      before(a.element, b.element) || (!before(b.element, a.element) && a.offset < b.offset)
    }.map(\.element)
  }
}
