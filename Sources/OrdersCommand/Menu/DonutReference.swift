import FoodTruckKit
import PipeProtocol
import ToolSupport

/// A donut as a person names it on the command line: by id (`3`) or by name in any case
/// (`cosmos`, `'maple dream'`), built-in or custom. Every option and argument that names a donut
/// (`place --donut`, `donut edit` and `remove`, `feed --donut`, `feed post --donut` and
/// `--tag donut:`, `widget donut --donut`) finds it here, so they all take the same words and
/// fail the same way.
enum DonutReference {
  /// How `argument` finds its donut, for the docs; `custom`: only a custom donut will do.
  static func rule(_ argument: String, custom: Bool = false) -> LookupRule {
    LookupRule(
      argument, finds: custom ? "a custom donut" : "a donut on the menu",
      by: "its id, or its name in any case with the spaces around it ignored"
        + (custom ? " (a built-in donut, or an id not in the menu store: exit 1)" : ", built-in or custom"),
      notFound: 64)
  }

  /// The donut `text` names on `menu`, or nil: a whole number is an id, anything else a name
  /// compared ignoring case and the spaces around it.
  static func lookup(_ text: String, in menu: Menu) -> Donut? {
    let word = trimmed(text)
    if let id = Int(word) { return menu.donut(id: id) }
    let folded = word.lowercased()
    return menu.donuts.first { $0.name.lowercased() == folded }
  }

  /// The donut `text` names on `menu`. An unknown id or name is a usage error (64) that quotes
  /// `given` (the words as typed, `--donut cosmo`; nil for an argument), suggests the closest
  /// name, and lists the menu.
  static func find(_ text: String, in menu: Menu, given: String? = nil) throws(ToolError) -> Donut {
    guard let donut = lookup(text, in: menu) else { throw unknown(text, in: menu, given: given) }
    return donut
  }

  /// The usage error for a donut `text` that `lookup` does not find on `menu`.
  static func unknown(_ text: String, in menu: Menu, given: String? = nil) -> ToolError {
    let word = trimmed(text)
    let place = given.map { " in '\(TerminalText.safe($0))'" } ?? ""
    guard !word.isEmpty else {
      return .usage("no donut named\(place)", notes: ["give a donut id or name, such as 3 or cosmos"])
    }
    if let id = Int(word) {
      return .usage("unknown donut id \(id)\(place)", notes: [listing(menu)])
    }
    var notes: [String] = []
    let names = menu.donuts.map { $0.name.lowercased() }
    if let close = Suggest.closest(to: word.lowercased(), in: names),
      let donut = menu.donuts.first(where: { $0.name.lowercased() == close })
    {
      notes.append("did you mean '\(TerminalText.safe(donut.name))'?")
    }
    notes.append(listing(menu))
    return .usage("unknown donut '\(TerminalText.safe(word))'\(place)", notes: notes)
  }

  /// `valid donuts (id or name): 0 The Classic, 1 Blueberry Frosted, …`, for messages.
  static func listing(_ menu: Menu) -> String {
    "valid donuts (id or name): "
      + menu.donuts.map { "\($0.id) \(TerminalText.safe($0.name))" }.joined(separator: ", ")
  }

  static func trimmed(_ text: String) -> String { String(Substring(text).trimmingSpaces) }
}
