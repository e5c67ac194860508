/// A rule between a command's options, declared beside them: which may not be given together,
/// which go together, which need another. The parser enforces it (exit 64, usage error) and
/// PROTOCOL.md's command lines state it, both from this one value.
public struct Conflict: Sendable {
  /// What the rule asks.
  public enum Kind: Sendable, Equatable {
    /// `option` does not go with any of `others`.
    case excludes(option: String, others: [String])
    /// `option` needs `needed`.
    case requires(option: String, needed: String)
    /// All of them or none.
    case together([String])
    /// A rule on values that the command checks itself; `text` states it (not enforced here).
    case described(String)
  }

  /// The rule.
  public var kind: Kind
  /// The parser's message when the rule is broken; `{option}` stands for the other option given.
  /// Nil: a message made from the rule.
  public var message: String?
  /// Notes after the message.
  public var notes: [String]

  /// `option` does not go with any of `others` (`--install` and `--uninstall`).
  public static func excludes(
    _ option: String, _ others: [String], message: String? = nil, notes: [String] = []
  ) -> Conflict {
    Conflict(kind: .excludes(option: option, others: others), message: message, notes: notes)
  }

  /// `option` cannot be given without `needed` (`--events` needs `--state`).
  public static func requires(
    _ option: String, _ needed: String, message: String? = nil, notes: [String] = []
  )
    -> Conflict
  {
    Conflict(kind: .requires(option: option, needed: needed), message: message, notes: notes)
  }

  /// All of `options` or none (`--lat` and `--lon`).
  public static func together(_ options: [String], message: String? = nil, notes: [String] = []) -> Conflict {
    Conflict(kind: .together(options), message: message, notes: notes)
  }

  /// A usage rule on values that the command checks itself (exit 64), stated for the docs.
  public static func described(_ text: String) -> Conflict {
    Conflict(kind: .described(text), message: nil, notes: [])
  }

  /// The error when the options given (`given`, long names in command-line order) break the rule;
  /// nil when they keep it.
  func violation(given: [String]) -> ToolError? {
    func fail(_ generated: String, other: String) -> ToolError {
      let text = message.map { $0.replacing("{option}", with: other) } ?? generated
      return .usage(text, notes: notes)
    }
    switch kind {
    case .excludes(let option, let others):
      guard given.contains(option), let other = others.first(where: given.contains) else { return nil }
      return fail("--\(option) does not go with --\(other); give one", other: other)
    case .requires(let option, let needed):
      guard given.contains(option), !given.contains(needed) else { return nil }
      return fail("--\(option) needs --\(needed)", other: needed)
    case .together(let options):
      let present = options.filter(given.contains)
      guard !present.isEmpty, present.count < options.count else { return nil }
      let names = options.map { "--" + $0 }.joined(separator: " and ")
      return fail("\(names) go together", other: present[0])
    case .described:
      return nil
    }
  }

  /// The rule in words, for PROTOCOL.md (Markdown).
  public var text: String {
    let code = { (name: String) in "`--\(name)`" }
    switch kind {
    case .excludes(let option, let others):
      return "\(code(option)) does not go with \(others.map(code).joined(separator: ", "))"
    case .requires(let option, let needed):
      return "\(code(option)) needs \(code(needed))"
    case .together(let options):
      return "\(options.map(code).joined(separator: " and ")) go together (all or none)"
    case .described(let text):
      return text
    }
  }

  /// The long names of the options the rule names.
  public var options: [String] {
    switch kind {
    case .excludes(let option, let others): [option] + others
    case .requires(let option, let needed): [option, needed]
    case .together(let options): options
    case .described: []
    }
  }
}

/// How a command finds what an argument or option names (a trip, an order, a donut): by what, in
/// which case, and the exit status when the name fits several or none. Declared beside the
/// command, stated in PROTOCOL.md's command lines.
public struct LookupRule: Sendable, Equatable {
  /// The argument or option that names it (`TRIP`, `--donut`).
  public var argument: String
  /// What it names (`a trip`).
  public var finds: String
  /// How it is matched, in words (`its id, or its name in any case`).
  public var by: String
  /// The exit status when the name fits several; nil when it cannot.
  public var ambiguous: Int32?
  /// The exit status when nothing fits.
  public var notFound: Int32

  /// A lookup rule.
  public init(_ argument: String, finds: String, by: String, ambiguous: Int32? = nil, notFound: Int32) {
    self.argument = argument
    self.finds = finds
    self.by = by
    self.ambiguous = ambiguous
    self.notFound = notFound
  }

  /// The rule in words, for PROTOCOL.md (Markdown).
  public var text: String {
    var text = "`\(argument)` names \(finds), by \(by); none fits: exit \(notFound)"
    if let ambiguous { text += "; several fit: exit \(ambiguous)" }
    return text
  }
}
