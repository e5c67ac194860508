import ToolSupport

/// The programs the user chose in the environment: a pager for `focus`, an editor for `edit`.
enum UserPrograms {
  /// `$PAGER`, else `less` or `more` when installed; nil to write directly.
  static func pager() -> String? {
    if let pager = Environment.get("PAGER") {
      let trimmed = trimmingSpaces(pager)
      return trimmed.isEmpty || trimmed == "cat" ? nil : pager
    }
    if Subprocess.find("less") != nil { return "less" }
    if Subprocess.find("more") != nil { return "more" }
    return nil
  }

  /// `$VISUAL`, else `$EDITOR` (the first one not blank), else `vi`.
  static func editor() -> String {
    [Environment.get("VISUAL"), Environment.get("EDITOR")].compactMap { $0 }.first {
      !trimmingSpaces($0).isEmpty
    } ?? "vi"
  }

  /// `text` without leading and trailing spaces and tabs.
  static func trimmingSpaces(_ text: String) -> String {
    let scalars = text.unicodeScalars
    guard let first = scalars.firstIndex(where: { $0 != " " && $0 != "\t" }),
      let last = scalars.lastIndex(where: { $0 != " " && $0 != "\t" })
    else { return "" }
    return String(scalars[first...last])
  }
}
