/// Shell completion scripts generated from a `CommandSpec`.
public enum Completions {
  /// The completion script for `shell` (`bash`, `zsh` or `fish`), or nil for another shell.
  public static func script(for spec: CommandSpec, shell: String) -> String? {
    switch shell {
    case "bash": return bash(spec)
    default: return nil
    }
  }

  static func words(_ spec: CommandSpec) -> [String] {
    spec.subcommands.filter { !$0.hidden }.map(\.name)
      + (spec.options + CommandSpec.standardOptions).map { "--" + $0.long }
  }

  static func bash(_ spec: CommandSpec) -> String {
    let function = "_" + spec.name.replacingDashes()
    var cases = ""
    for sub in spec.subcommands where !sub.hidden {
      let subWords = words(sub) + spec.options.map { "--" + $0.long }
      cases += "    \(sub.name)) words=\"\(subWords.joined(separator: " "))\" ;;\n"
    }
    return """
      # bash completion for \(spec.name) (SamplePipes)
      \(function)() {
        local cur="${COMP_WORDS[COMP_CWORD]}" words="\(words(spec).joined(separator: " "))"
        case "${COMP_WORDS[1]}" in
      \(cases)  esac
        COMPREPLY=($(compgen -W "$words" -- "$cur"))
        [ ${#COMPREPLY[@]} -eq 0 ] && COMPREPLY=($(compgen -f -- "$cur"))
      }
      complete -F \(function) \(spec.name)

      """
  }
}

extension String {
  func replacingDashes() -> String { String(map { $0 == "-" ? "_" : $0 }) }
}
