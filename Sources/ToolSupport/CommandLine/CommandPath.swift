/// How far a command line has got: the command its words name so far, the commands above it and
/// the options it accepts there. The parser and `__complete` go down the subcommands through it,
/// so that both read a line the same way.
struct CommandPath {
  /// The commands from the tool down; the last is the one named so far.
  private(set) var chain: [Command]
  /// The words naming it: `["orders", "next"]`.
  private(set) var path: [String]
  /// The options the commands above pass down to it.
  private(set) var inherited: [any OptionKey] = []
  /// The options it accepts: its own, then those passed down.
  private(set) var accepted: [any OptionKey]

  /// At the tool itself.
  init(_ root: Command) {
    chain = [root]
    path = [root.name]
    accepted = root.accepted(inherited: [])
  }

  /// The command named so far.
  var command: Command { chain[chain.count - 1] }

  /// The subcommand of `command` that `word` names, if any.
  func subcommand(named word: String) -> Command? { command.subcommands.first { $0.name == word } }

  /// Goes down to `sub`, a subcommand of `command`.
  mutating func enter(_ sub: Command) {
    inherited = command.passedDown(inherited)
    chain.append(sub)
    path.append(sub.name)
    accepted = sub.accepted(inherited: inherited)
  }

  /// The accepted option named `--long`.
  func option(long: String) -> (any OptionKey)? { accepted.first { $0.spec.long == long } }

  /// The accepted option named `-short`.
  func option(short: Character) -> (any OptionKey)? { accepted.first { $0.spec.short == short } }
}
