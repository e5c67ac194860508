/// A positional argument a command declares: its name for usage lines, messages and completions,
/// how many words it takes, and how they become its value.
public protocol ArgumentKey: Sendable {
  /// Its name (`FILE`).
  var name: String { get }
  /// The fewest words it takes.
  var min: Int { get }
  /// The most words it takes (nil: no limit).
  var max: Int? { get }
  /// Turns its words (as many as it takes) into its value.
  func decode(_ words: [String]) throws(ToolError) -> any Sendable
}

/// A positional argument, declared once with its name and value type as an option is, and read
/// with `invocation[argument]`:
///
///     static let file = Argument.one("FILE")
///     static let titles = Argument.some("TITLE")
///     arguments: Arguments(file, titles)         // usage: FILE TITLE...
///     let path: String = invocation[file]
public struct Argument<Value: Sendable>: ArgumentKey {
  /// Its name in usage lines and messages.
  public let name: String
  /// The fewest words it takes.
  public let min: Int
  /// The most words it takes (nil: no limit).
  public let max: Int?
  let convert: @Sendable ([String]) throws(ToolError) -> Value

  /// An argument taking from `min` to `max` words, which `convert` turns into its value.
  public init(
    _ name: String, min: Int, max: Int?, convert: @escaping @Sendable ([String]) throws(ToolError) -> Value
  ) {
    self.name = name
    self.min = min
    self.max = max
    self.convert = convert
  }

  /// The value of the words given.
  public func decode(_ words: [String]) throws(ToolError) -> any Sendable { try convert(words) }
}

extension Argument where Value == String {
  /// An argument that must be given, once.
  public static func one(_ name: String) -> Argument<String> { Argument(name, min: 1, max: 1) { $0[0] } }
}

extension Argument where Value == String? {
  /// An argument that may be left out; nil then.
  public static func optional(_ name: String) -> Argument<String?> {
    Argument(name, min: 0, max: 1) { $0.first }
  }
}

extension Argument where Value == [String] {
  /// One word or more, in order; only the last argument of a command may take several.
  public static func some(_ name: String) -> Argument<[String]> { Argument(name, min: 1, max: nil) { $0 } }

  /// Any number of words, none too, in order; only the last argument of a command may take several.
  public static func many(_ name: String) -> Argument<[String]> { Argument(name, min: 0, max: nil) { $0 } }

  /// Input files: any number, none (or `-`) meaning stdin. `Inputs.forEach` reads them.
  public static let files = many("FILE")
}

/// The positional arguments a command takes, in their order on the command line.
public struct Arguments: Sendable {
  /// The arguments, in order.
  public var keys: [any ArgumentKey]
  /// What completes them from the user's data in `TOOL __complete` (see `completing(_:)`); nil:
  /// file names where the name says FILE, else nothing.
  public var completer: Completer?

  /// These arguments, in this order. Each takes its fewest words, and the words beyond them go to
  /// the first that takes more.
  public init(_ keys: any ArgumentKey...) {
    precondition(Set(keys.map(\.name)).count == keys.count, "two arguments named alike")
    self.keys = keys
  }

  /// Their names in usage lines and messages (`FILE NEW_TITLE`), or nil when none are taken.
  public var name: String? { keys.isEmpty ? nil : keys.map(\.name).joined(separator: " ") }
  /// The fewest words in all.
  public var min: Int { keys.reduce(0) { $0 + $1.min } }
  /// The most words in all (nil: no limit).
  public var max: Int? {
    keys.reduce(0) { total, key in total.flatMap { total in key.max.map { total + $0 } } }
  }

  /// No positional arguments.
  public static let none = Arguments()
  /// Any number of input files (none, or `-`: stdin), read as `invocation.positionals`.
  public static let files = Arguments(Argument.files)

  /// The value of each argument from `words` (as many as `min...max`), by name.
  func values(_ words: [String]) throws(ToolError) -> [String: any Sendable] {
    var values: [String: any Sendable] = [:]
    var rest = words[...]
    var extra = words.count - min
    for key in keys {
      let take = key.min + Swift.min(extra, (key.max ?? Int.max) - key.min)
      extra -= take - key.min
      values[key.name] = try key.decode(Array(rest.prefix(take)))
      rest = rest.dropFirst(take)
    }
    return values
  }
}
