import ToolSupport

/// The programs the user chose in the environment: a pager for `focus`, an editor for `edit`.
enum UserPrograms {
  /// The pager the user chose (`Pager.choice()`: `$SAMPLEPIPES_PAGER`, the config file's `pager`,
  /// `$PAGER`; none with `--no-pager`), else `less` or `more` when installed; nil to write directly.
  static func pager() -> String? {
    if let pager = Pager.choice() { return pager.isEmpty ? nil : pager }
    if Subprocess.find("less") != nil { return "less" }
    if Subprocess.find("more") != nil { return "more" }
    return nil
  }

  /// `$VISUAL`, else `$EDITOR` (the first one not blank), else `vi` when it is installed and
  /// stdin and stdout are a terminal it can work on. Without any, the refusal (exit 1) says why,
  /// before anything is copied.
  static func editor(for file: String) throws(ToolError) -> String {
    if let chosen = [Environment.get("VISUAL"), Environment.get("EDITOR")].compactMap({ $0 }).first(where: {
      !trimmingSpaces($0).isEmpty
    }) {
      return chosen
    }
    let why: String
    if !Terminal.isTTY(0) || !Terminal.isTTY(1) {
      why = "there is no terminal for vi"
    } else if Environment.get("TERM") == "dumb" {
      why = "the terminal is dumb (TERM=dumb), too dumb for vi"
    } else if Subprocess.find("vi") == nil {
      why = "vi is not installed"
    } else {
      return "vi"
    }
    throw ToolError(
      "no editor to edit '\(file)' with: VISUAL and EDITOR are not set and \(why)",
      notes: ["set one, as in: EDITOR=nano story-io edit '\(file)'; '\(file)' was not changed"])
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
