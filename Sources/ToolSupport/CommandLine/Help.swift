/// Renders `--help` text in the one shape every tool shares: summary, USAGE, COMMANDS, OPTIONS,
/// INPUT, OUTPUT, EXIT STATUS, EXAMPLES.
public enum Help {
  /// The help text for a command; `parents` are the commands above it, whose INPUT, OUTPUT, EXIT
  /// STATUS and EXAMPLES stand in for sections the command leaves empty. Options are exactly those
  /// the command accepts. Everything is laid out to `width` columns (`TextLayout`): prose flowed
  /// again, options, commands and exit codes as tables with hanging indents.
  /// `plugins` are the names of the tool's plugins on PATH (`Plugins`), listed after its commands.
  public static func render(
    _ spec: CommandSpec, path: [String], parents: [CommandSpec] = [], plugins: [String] = [],
    width: Int = TextLayout.width()
  ) -> String {
    let width = TextLayout.bounded(width)
    let root = parents.first ?? spec
    let name = path.joined(separator: " ")
    var text =
      TextLayout.wrap("\(name) - \(spec.summary)", width: width, hanging: 4).joined(separator: "\n") + "\n"
    text += section("USAGE", usage(spec.usage, name: name, width: width))
    let visible = spec.subcommands.filter { !$0.hidden }
    if !visible.isEmpty {
      text += section("COMMANDS", TextLayout.table(visible.map { ($0.name, $0.summary) }, width: width))
    }
    if !plugins.isEmpty {
      let tool = path.first ?? spec.name
      text += section(
        "PLUGINS ON YOUR PATH",
        TextLayout.table(
          plugins.map { ($0, "runs \(tool)-\($0); '\(tool) help \($0)' shows its help") }, width: width))
    }
    let options =
      spec.options + CommandSpec.standardOptions.filter { o in parents.isEmpty || o.long != "version" }
    text += section("OPTIONS", TextLayout.table(options.map { (optionLabel($0), $0.help) }, width: width))
    if let times = times(options) { text += section("TIMES", prose(times, width: width)) }
    text += section("INPUT", prose(spec.input.isEmpty ? root.input : spec.input, width: width))
    text += section("OUTPUT", prose(spec.output.isEmpty ? root.output : spec.output, width: width))
    text += section(
      "EXIT STATUS",
      TextLayout.table(
        CommandSpec.exitCodes(spec.exitStatus.isEmpty ? root.exitStatus : spec.exitStatus), width: width))
    let examples = spec.examples.isEmpty ? root.examples : spec.examples
    text += section("EXAMPLES", examples.flatMap { TextLayout.verbatim("  " + $0, width: width) })
    return text
  }

  /// What the command's date options (`Option.date`, such as `--now T`) take, in one sentence for
  /// the TIMES section of help and manual pages; nil when it has none. The forms are written once,
  /// in `WrittenTime.forms`, which the option's bounds carry.
  public static func times(_ options: [OptionSpec]) -> String? {
    let dates = options.filter { $0.bounds == WrittenTime.forms }
    guard !dates.isEmpty else { return nil }
    let names = dates.map { "--\($0.long) \($0.valueName ?? "T")" }.joined(separator: ", ")
    return "\(names) \(dates.count == 1 ? "takes" : "take") \(WrittenTime.forms). A local date or "
      + "date-time is in the zone times are shown in (TZ when set, else the city's); the words count "
      + "from the real clock."
  }

  /// The usage lines, a line written on several (continued with leading spaces) taken as one,
  /// each wrapped with its words after the command's name.
  static func usage(_ lines: [String], name: String, width: Int) -> [String] {
    var joined: [String] = []
    for line in lines {
      if line.first == " ", !joined.isEmpty {
        joined[joined.count - 1] += " " + line.drop { $0 == " " }
      } else {
        joined.append(line)
      }
    }
    return joined.flatMap { line in
      let hanging = line.hasPrefix(name + " ") ? 2 + TextLayout.displayWidth(name) + 1 : 6
      return TextLayout.wrap(line, width: width, indent: 2, hanging: min(hanging, width / 2))
    }
  }

  /// Prose written hard-wrapped in the source, flowed again to the width, indented by 2.
  static func prose(_ text: String, width: Int) -> [String] {
    TextLayout.reflow(lines(text).map { $0.isEmpty ? "" : "  " + $0 }, width: width)
  }

  /// `-n, --count N` or `    --force`.
  public static func optionLabel(_ option: OptionSpec) -> String {
    let short = option.short.map { "-\($0), " } ?? "    "
    return short + "--" + option.long + (option.valueLabel ?? "")
  }

  static func lines(_ text: String) -> [String] {
    if text.isEmpty { return [] }
    return text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
  }

  /// A titled section of lines already laid out (indented); nothing when there are none.
  static func section(_ title: String, _ lines: [String]) -> String {
    guard !lines.isEmpty else { return "" }
    return "\n\(title)\n" + lines.map { $0 + "\n" }.joined()
  }
}
