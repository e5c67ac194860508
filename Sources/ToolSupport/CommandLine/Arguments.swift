/// The positional arguments a command takes.
public struct Arguments: Sendable {
  /// Their name in usage lines and messages (`FILE`), or nil when none are taken. A name of
  /// several words (`FILE NEW_TITLE`) names the first arguments one by one.
  public var name: String?
  /// The fewest.
  public var min: Int
  /// The most (nil: no limit).
  public var max: Int?
  /// What completes them from the user's data in `TOOL __complete` (see `completing(_:)`); nil:
  /// file names where the name says FILE, else nothing.
  public var completer: Completer?

  /// Arguments named `name`, from `min` to `max`.
  public init(_ name: String?, min: Int = 0, max: Int? = nil) {
    self.name = name
    self.min = min
    self.max = name == nil ? 0 : max
  }

  /// No positional arguments.
  public static let none = Arguments(nil)
  /// Any number of input files (none, or `-`: stdin).
  public static let files = Arguments("FILE")
  /// Exactly one argument.
  public static func one(_ name: String) -> Arguments { Arguments(name, min: 1, max: 1) }
  /// At most one argument.
  public static func optional(_ name: String) -> Arguments { Arguments(name, min: 0, max: 1) }
  /// At least one argument.
  public static func some(_ name: String) -> Arguments { Arguments(name, min: 1) }
}
