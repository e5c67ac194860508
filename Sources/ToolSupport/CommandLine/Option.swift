import PipeProtocol

/// An option a command declares: its description for help, manual pages and completions, and how
/// its words become a value.
public protocol OptionKey: Sendable {
  /// The description shared by the parser, `--help`, the manual page and the completions.
  var spec: OptionSpec { get }
  /// Turns the words given for the option (none when it is absent) into its value.
  func decode(_ words: [String]) throws(ToolError) -> any Sendable
  /// What completes its value from the user's data in `TOOL __complete` (nil: its choices only).
  var completer: Completer? { get }
}

extension OptionKey {
  /// No completer.
  public var completer: Completer? { nil }
}

/// A flag: an option that takes no value. Read it with `invocation[flag]`.
public struct Flag: OptionKey {
  /// The flag's description.
  public internal(set) var spec: OptionSpec

  /// A flag named `--long` (and `-short`).
  public init(_ long: String, short: Character? = nil, help: String) {
    spec = OptionSpec(long: long, short: short, help: help)
  }

  /// Whether the flag was given.
  public func decode(_ words: [String]) throws(ToolError) -> any Sendable { !words.isEmpty }

  /// This flag, which the config file may not give (see `OptionSpec.configurable`).
  public func commandLineOnly() -> Flag {
    var flag = self
    flag.spec.configurable = false
    return flag
  }
}

/// An option that takes a value, declared once with its name, value type, default and range.
/// Read it with `invocation[option]`, which gives a `Value`.
public struct Option<Value: Sendable>: OptionKey {
  /// The option's description.
  public internal(set) var spec: OptionSpec
  /// What completes its value from the user's data (see `completing(_:)`).
  public internal(set) var completer: Completer?
  let convert: @Sendable ([String]) throws(ToolError) -> Value

  /// An option whose words are turned into a value by `convert` (which also gets an empty list
  /// when the option is absent, and must then give the default).
  public init(spec: OptionSpec, convert: @escaping @Sendable ([String]) throws(ToolError) -> Value) {
    self.spec = spec
    self.convert = convert
  }

  /// An option taking one value, parsed by `parse`, or `defaultValue` when absent.
  public init(
    _ long: String, short: Character? = nil, name: String, help: String, default defaultValue: Value,
    defaultText: String? = nil, choices: [String] = [], required: Bool = false,
    parse: @escaping @Sendable (String) throws(ToolError) -> Value
  ) {
    var help = help
    if let defaultText { help += " (default \(defaultText))" }
    spec = OptionSpec(
      long: long, short: short, valueName: name, help: help, choices: choices, required: required)
    spec.defaultValue = defaultText
    convert = { (words: [String]) throws(ToolError) -> Value in
      guard let word = words.last else { return defaultValue }
      return try parse(word)
    }
  }

  /// The value from the words given.
  public func decode(_ words: [String]) throws(ToolError) -> any Sendable { try convert(words) }
}

extension Option {
  /// This option, standing for the environment variable `name` when not given (see
  /// `OptionSpec.environment`).
  public func environment(_ name: String) -> Option {
    var option = self
    option.spec.environment = name
    return option
  }

  /// This option, which the config file may not give (see `OptionSpec.configurable`).
  public func commandLineOnly() -> Option {
    var option = self
    option.spec.configurable = false
    return option
  }
}

extension Option where Value == String {
  /// A text option with a default.
  public static func string(
    _ long: String, short: Character? = nil, name: String, help: String, default defaultValue: String
  ) -> Option<String> {
    Option(long, short: short, name: name, help: help, default: defaultValue, defaultText: defaultValue) {
      $0
    }
  }

  /// A text option the command cannot run without (`missing --name` otherwise).
  public static func required(_ long: String, short: Character? = nil, name: String, help: String)
    -> Option<String>
  {
    Option(long, short: short, name: name, help: help, default: "", required: true) { $0 }
  }
}

extension Option where Value == String? {
  /// A text option; nil when absent.
  public static func string(_ long: String, short: Character? = nil, name: String, help: String)
    -> Option<String?>
  {
    Option(long, short: short, name: name, help: help, default: nil) { $0 }
  }
}

extension Option where Value == [String] {
  /// A text option that may be given several times; every value in order.
  public static func strings(_ long: String, short: Character? = nil, name: String, help: String)
    -> Option<[String]>
  {
    Option(
      spec: OptionSpec(long: long, short: short, valueName: name, help: help, repeatable: true),
      convert: { $0 })
  }
}

extension Option where Value == Int {
  /// A whole-number option within `range`, or `defaultValue` when absent.
  public static func int(
    _ long: String, short: Character? = nil, name: String = "N", help: String, default defaultValue: Int,
    in range: ClosedRange<Int> = Int.min...Int.max
  ) -> Option<Int> {
    var option = Option(
      long, short: short, name: name, help: help + OptionText.range(range), default: defaultValue,
      defaultText: "\(defaultValue)"
    ) { (text: String) throws(ToolError) -> Int in try OptionText.int(text, long: long, in: range) }
    option.spec.bounds = OptionText.bounds(range)
    return option
  }
}

extension Option where Value == Int? {
  /// A whole-number option within `range`; nil when absent.
  public static func int(
    _ long: String, short: Character? = nil, name: String = "N", help: String,
    in range: ClosedRange<Int> = Int.min...Int.max
  ) -> Option<Int?> {
    var option = Option(long, short: short, name: name, help: help + OptionText.range(range), default: nil) {
      (text: String) throws(ToolError) -> Int? in try OptionText.int(text, long: long, in: range)
    }
    option.spec.bounds = OptionText.bounds(range)
    return option
  }

}

extension Option where Value == WrittenTime? {
  /// A date option (`--now`), as a person writes it: a record date-time, `@SECONDS`, a local date
  /// or date-time, `now`, `today`, `yesterday` or `N minutes|hours|days ago` (`WrittenTime`, the
  /// one parser); nil when absent. Read it with `invocation.now(option)` or
  /// `invocation.time(option)`, which make it a moment in the zone times are shown in.
  public static func date(_ long: String, name: String = "T", help: String) -> Option<WrittenTime?> {
    var option = Option(long, name: name, help: help, default: nil) {
      (text: String) throws(ToolError) -> WrittenTime? in
      guard let time = WrittenTime.parse(text) else {
        throw .usage(
          "--\(long) takes a time such as 2026-11-29T10:00:00Z, 2026-11-29 10:00 (local), yesterday or "
            + "'2 hours ago', not '\(TerminalText.safe(text))'")
      }
      return time
    }
    option.spec.bounds = WrittenTime.forms
    // The words complete; a date is typed (no list of days is worth offering).
    option.completer = .fixed(["now", "today", "yesterday"])
    return option
  }
}

extension Option where Value == Double {
  /// A number option within `range`, or `defaultValue` when absent.
  public static func double(
    _ long: String, short: Character? = nil, name: String = "N", help: String, default defaultValue: Double,
    in range: ClosedRange<Double>
  ) -> Option<Double> {
    var option = Option(
      long, short: short, name: name, help: help, default: defaultValue,
      defaultText: OptionText.number(defaultValue)
    ) { (text: String) throws(ToolError) -> Double in try OptionText.double(text, long: long, in: range) }
    option.spec.bounds = "\(OptionText.number(range.lowerBound)) to \(OptionText.number(range.upperBound))"
    return option
  }
}

extension Option where Value == Double? {
  /// A number option within `range`; nil when absent.
  public static func double(
    _ long: String, short: Character? = nil, name: String = "N", help: String, in range: ClosedRange<Double>
  ) -> Option<Double?> {
    var option = Option(long, short: short, name: name, help: help, default: nil) {
      (text: String) throws(ToolError) -> Double? in try OptionText.double(text, long: long, in: range)
    }
    option.spec.bounds = "\(OptionText.number(range.lowerBound)) to \(OptionText.number(range.upperBound))"
    return option
  }
}

extension Option where Value: RawRepresentable & CaseIterable & Sendable, Value.RawValue == String {
  /// An option taking one of the cases of `Value` by raw value, or `defaultValue` when absent.
  public static func choice(
    _ long: String, short: Character? = nil, name: String, help: String, default defaultValue: Value
  ) -> Option<Value> {
    Option(
      long, short: short, name: name, help: help, default: defaultValue,
      defaultText: defaultValue.rawValue, choices: Value.allCases.map(\.rawValue)
    ) { (text: String) throws(ToolError) -> Value in try OptionText.choice(text, long: long) }
  }
}

extension Option {
  /// An option taking one of the cases of `C` by raw value; nil when absent.
  public static func choice<C>(_ long: String, short: Character? = nil, name: String, help: String)
    -> Option<C?>
  where Value == C?, C: RawRepresentable & CaseIterable & Sendable, C.RawValue == String {
    Option(long, short: short, name: name, help: help, default: nil, choices: C.allCases.map(\.rawValue)) {
      (text: String) throws(ToolError) -> C? in try OptionText.choice(text, long: long) as C
    }
  }
}

/// The wording shared by option parsing and help.
enum OptionText {
  static func int(_ text: String, long: String, in range: ClosedRange<Int>) throws(ToolError) -> Int {
    guard let value = Int(text), range.contains(value) else {
      throw .usage("--\(long) takes a whole number\(describe(range)), not '\(text)'")
    }
    return value
  }

  static func double(_ text: String, long: String, in range: ClosedRange<Double>) throws(ToolError) -> Double
  {
    guard let value = Double(text), value.isFinite, range.contains(value) else {
      throw .usage(
        "--\(long) takes a number from \(number(range.lowerBound)) to \(number(range.upperBound)), not '\(text)'"
      )
    }
    return value
  }

  static func choice<C: RawRepresentable & CaseIterable>(_ text: String, long: String) throws(ToolError) -> C
  where C.RawValue == String {
    guard let value = C(rawValue: text) else {
      let names = C.allCases.map(\.rawValue)
      throw .usage(
        "--\(long) takes \(list(names)), not '\(text)'", notes: Suggest.notes(for: text, in: names))
    }
    return value
  }

  /// `text or json`, `one of today, week, month, year`.
  static func list(_ names: [String]) -> String {
    names.count == 2 ? "\(names[0]) or \(names[1])" : "one of " + names.joined(separator: ", ")
  }

  static func describe(_ range: ClosedRange<Int>) -> String {
    if range.lowerBound == Int.min && range.upperBound == Int.max { return "" }
    if range.upperBound == Int.max { return " of at least \(range.lowerBound)" }
    return " from \(range.lowerBound) to \(range.upperBound)"
  }

  /// `; 1 to 240` for help, nothing for an unbounded range.
  static func range(_ range: ClosedRange<Int>) -> String {
    if range.lowerBound == Int.min && range.upperBound == Int.max { return "" }
    if range.upperBound == Int.max { return ", at least \(range.lowerBound)" }
    return ", \(range.lowerBound) to \(range.upperBound)"
  }

  /// `1 to 240`, `at least 1`, or nil for an unbounded range: the bounds as docs state them.
  static func bounds(_ range: ClosedRange<Int>) -> String? {
    if range.lowerBound == Int.min && range.upperBound == Int.max { return nil }
    if range.upperBound == Int.max { return "at least \(range.lowerBound)" }
    if range.lowerBound == Int.min { return "at most \(range.upperBound)" }
    return "\(range.lowerBound) to \(range.upperBound)"
  }

  /// `10` for 10.0, `0.5` for 0.5.
  static func number(_ value: Double) -> String {
    value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
  }
}
