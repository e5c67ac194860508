/// Renders `--help` text in the one shape every tool shares: summary, USAGE, COMMANDS, OPTIONS,
/// INPUT, OUTPUT, EXIT STATUS, EXAMPLES.
public enum Help {
  /// The help text for a command; `parents` are the commands above it, whose INPUT, OUTPUT, EXIT
  /// STATUS and EXAMPLES stand in for sections the command leaves empty. Options are exactly those
  /// the command accepts.
  public static func render(_ spec: CommandSpec, path: [String], parents: [CommandSpec] = []) -> String {
    let root = parents.first ?? spec
    var text = "\(path.joined(separator: " ")) - \(spec.summary)\n"
    text += section("USAGE", spec.usage)
    let visible = spec.subcommands.filter { !$0.hidden }
    if !visible.isEmpty {
      let width = visible.map(\.name.count).max()! + 2
      text += section("COMMANDS", visible.map { $0.name.padding(width) + $0.summary })
    }
    let options =
      spec.options + CommandSpec.standardOptions.filter { o in parents.isEmpty || o.long == "help" }
    let labels = options.map(optionLabel)
    let width = (labels.map(\.count).max() ?? 0) + 2
    text += section("OPTIONS", zip(labels, options).map { $0.padding(width) + $1.help })
    text += section("INPUT", lines(spec.input.isEmpty ? root.input : spec.input))
    text += section("OUTPUT", lines(spec.output.isEmpty ? root.output : spec.output))
    text += section(
      "EXIT STATUS",
      CommandSpec.standardExitStatus + (spec.exitStatus.isEmpty ? root.exitStatus : spec.exitStatus))
    text += section("EXAMPLES", spec.examples.isEmpty ? root.examples : spec.examples)
    return text
  }

  /// `-n, --count N` or `    --force`.
  public static func optionLabel(_ option: OptionSpec) -> String {
    let short = option.short.map { "-\($0), " } ?? "    "
    let value = option.valueName.map { " \($0)" } ?? ""
    return short + "--" + option.long + value
  }

  static func lines(_ text: String) -> [String] {
    if text.isEmpty { return [] }
    return text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
  }

  static func section(_ title: String, _ lines: [String]) -> String {
    guard !lines.isEmpty else { return "" }
    return "\n\(title)\n" + lines.map { $0.isEmpty ? "\n" : "  \($0)\n" }.joined()
  }
}

extension String {
  func padding(_ width: Int) -> String {
    count >= width ? self + " " : self + String(repeating: " ", count: width - count)
  }
}
