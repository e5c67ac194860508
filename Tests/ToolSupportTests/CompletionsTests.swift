import Foundation
import TestSupport
import Testing
import ToolSupport

/// Runs `script` with `shell` in a folder holding `a.jsonl`, `b.txt` and a `sub` folder; the script
/// and `files` are saved in another folder, which is also HOME. A test using it declares that it
/// needs the shell: `.enabled(if: Requirements.has(shell), ...)`.
private func runShell(
  _ shell: String, _ arguments: [String], script: String, files: [String: String] = [:]
) throws -> TestSupport.Result {
  let path = try #require(Requirements.path(of: shell), "\(shell) is not installed")
  let fm = FileManager.default
  let home = try TestSupport.temporaryDirectory()
  defer { try? fm.removeItem(at: home) }
  let work = home.appendingPathComponent("work")
  try fm.createDirectory(at: work.appendingPathComponent("sub"), withIntermediateDirectories: true)
  for name in ["a.jsonl", "b.txt"] {
    _ = fm.createFile(atPath: work.appendingPathComponent(name).path, contents: Data())
  }
  for (name, text) in files {
    try text.write(to: home.appendingPathComponent(name), atomically: true, encoding: .utf8)
  }
  let file = home.appendingPathComponent("script")
  try script.write(to: file, atomically: true, encoding: .utf8)
  return try TestSupport.runProcess(
    path, arguments + [file.path],
    environment: [
      "HOME": home.path, "XDG_CONFIG_HOME": home.path, "XDG_DATA_HOME": home.path, "SCRIPTS": home.path,
    ],
    currentDirectory: work)
}

@Suite("bash completion")
struct BashCompletionTests {
  /// Each case: the words typed (the last one is being completed) and the sorted candidates.
  static let cases: [([String], [String])] = [
    (["demo-tool", ""], ["admin", "list", "next"]),
    (["demo-tool", "li"], ["list"]),
    (["demo-tool", "--st"], ["--store"]),
    (["demo-tool", "-"], ["--dry-run", "--help", "--store", "--verbose", "--version", "-h", "-s", "-v"]),
    (["demo-tool", "--store", ""], ["a.jsonl", "b.txt", "sub"]),
    (["demo-tool", "-s", "a.jsonl", "l"], ["list"]),
    (["demo-tool", "list", "--f"], ["--format"]),
    (["demo-tool", "list", "--format", ""], ["json", "text"]),
    (["demo-tool", "list", "-f", "t"], ["text"]),
    (["demo-tool", "list", "--format", "=", ""], ["json", "text"]),
    (["demo-tool", "list", "--format", "=", "j"], ["json"]),
    (["demo-tool", "list", "--format=j"], ["--format=json"]),
    (["demo-tool", "list", "--tag", ""], []),
    (["demo-tool", "list", "--st"], ["--store"]),
    (["demo-tool", "list", "a."], ["a.jsonl"]),
    (["demo-tool", "list", "--", "-"], []),
    (["demo-tool", "list", "--format", "json", ""], ["a.jsonl", "b.txt", "sub"]),
    (["demo-tool", "next", ""], []),
    (["demo-tool", "next", "--"], ["--help", "--store", "--verbose"]),
    (["demo-tool", "admin", ""], ["reset"]),
    (["demo-tool", "admin", "reset", "--f"], ["--force"]),
    (["demo-tool", "secret", ""], []),
  ]

  @Test(.enabled(if: Requirements.has("bash"), "bash is not installed"))
  func candidates() throws {
    let script = try #require(Completions.script(for: Fixtures.tool, shell: "bash"))
    var driver = script + "\nshopt -s nullglob\n"
    driver += """
      complete_words() {
        COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1)); COMPREPLY=()
        _demo_tool 2>/dev/null
        printf '%s\\n' "${COMPREPLY[@]}" | LC_ALL=C sort | tr '\\n' ' '; echo
      }

      """
    for (words, _) in Self.cases {
      driver += "complete_words " + words.map { "'\($0)'" }.joined(separator: " ") + "\n"
    }
    driver += "complete -p demo-tool\n"
    let result = try runShell("bash", ["--norc", "--noprofile"], script: driver)
    #expect(result.status == 0, "\(result.err)")
    #expect(result.err.isEmpty)
    let lines = result.out.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    for (index, (words, expected)) in Self.cases.enumerated() {
      let got = lines[index].split(separator: " ").map(String.init)
      #expect(got == expected, "completing \(words)")
    }
    #expect(lines[Self.cases.count] == "complete -F _demo_tool demo-tool")
  }

  @Test func realToolRegistersItsCompletion() throws {
    let result = try TestSupport.shell(
      "source <(pipe-check --generate-completion-script bash) && complete -p pipe-check")
    #expect(result.status == 0, "\(result.err)")
    #expect(result.out == "complete -F _pipe_check pipe-check\n")
    #expect(result.err.isEmpty)
  }
}

@Suite("zsh completion")
struct ZshCompletionTests {
  @Test(.enabled(if: Requirements.has("zsh"), "zsh is not installed (.ci/run installs it)"))
  func scriptLoadsAndRegisters() throws {
    let script = try #require(Completions.script(for: Fixtures.tool, shell: "zsh"))
    let driver = """
      autoload -Uz compinit && compinit -u -D
      source $SCRIPTS/script.zsh
      print -r -- "$_comps[demo-tool]"
      whence -w _demo-tool _demo-tool_list _demo-tool_admin _demo-tool_admin_reset

      """
    let result = try runShell("zsh", ["-f"], script: driver, files: ["script.zsh": script])
    #expect(result.status == 0, "\(result.err)")
    #expect(result.err.isEmpty, "\(result.err)")
    #expect(
      result.out == """
        _demo-tool
        _demo-tool: function
        _demo-tool_list: function
        _demo-tool_admin: function
        _demo-tool_admin_reset: function

        """)
  }

  /// Each case: the line typed before Tab and the sorted candidates zsh offers.
  static let cases: [(String, [String])] = [
    ("demo-tool ", ["admin", "list", "next"]),
    ("demo-tool --st", ["--store"]),
    ("demo-tool --store ", ["a.jsonl", "b.txt", "sub"]),
    ("demo-tool list --form", ["--format"]),
    ("demo-tool list --format ", ["json", "text"]),
    ("demo-tool list --format=", ["json", "text"]),
    ("demo-tool list -f j", ["json"]),
    ("demo-tool list a.", ["a.jsonl"]),
    ("demo-tool list --ver", ["--verbose"]),
    ("demo-tool admin ", ["reset"]),
    ("demo-tool admin reset --f", ["--force"]),
    ("demo-tool --ver", ["--verbose", "--version"]),
  ]

  /// Types each case into an interactive zsh on a pseudo-terminal (zsh/zpty), presses Tab, and
  /// records what the completion system adds.
  @Test(.enabled(if: Requirements.has("zsh"), "zsh is not installed (.ci/run installs it)"))
  func candidates() throws {
    let script = try #require(Completions.script(for: Fixtures.tool, shell: "zsh"))
    let setup = #"""
      PS1='' PROMPT='' RPROMPT=''
      fpath=($SCRIPTS $fpath)
      autoload -Uz compinit && compinit -u -D
      compadd() {
        if [[ ${@[1,(i)(-|--)]} == *-(O|A|D)\ * ]]; then builtin compadd "$@"; return $?; fi
        local -a hits
        builtin compadd -A hits "$@"
        local hit
        for hit in $hits; do print -r -- "<HIT:$hit>"; done
        builtin compadd "$@"
      }
      show-done() { print -r -- '<DONE>' }
      zle -N show-done
      bindkey '^I' complete-word
      bindkey '^X' show-done
      zstyle ':completion:*' menu no

      """#
    var driver = #"""
      zmodload zsh/zpty
      zpty z zsh -f -i
      zpty -w z "source $SCRIPTS/setup.zsh"
      complete_line() {
        zpty -w -n z "$1"$'\t\C-x'
        local out='' chunk deadline=$((SECONDS + 20))
        while (( SECONDS < deadline )) && [[ $out != *'<DONE>'* ]]; do
          if zpty -r -t z chunk; then out+=$chunk; else sleep 0.05; fi
        done
        zpty -w -n z $'\C-e\C-u'
        print -r -- "$out" | grep -a -o '<HIT:[^>]*>' | LC_ALL=C sort -u | tr '\n' ' '
        echo
      }

      """#
    for (line, _) in Self.cases { driver += "complete_line '\(line)'\n" }
    driver += "zpty -d z\n"
    let files = ["_demo-tool": script, "setup.zsh": setup]
    let result = try runShell("zsh", ["-f"], script: driver, files: files)
    #expect(result.status == 0, "\(result.err)")
    let lines = result.out.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    try #require(lines.count > Self.cases.count, "\(result.out)")
    for (index, (line, expected)) in Self.cases.enumerated() {
      let got = lines[index].split(separator: " ").map { String($0.dropFirst(5).dropLast()) }
      #expect(got == expected, "completing '\(line)'")
    }
  }

  @Test func argumentSpecs() throws {
    let script = try #require(Completions.script(for: Fixtures.tool, shell: "zsh"))
    #expect(script.hasPrefix("#compdef demo-tool\n"))
    #expect(script.contains("'(-f --format)'{-f+,--format=}'[how to write them]:F:(text json)'"))
    #expect(script.contains("'*'{-t+,--tag=}'[only records with TAG]:TAG: '"))
    #expect(
      script.contains(
        "'(-s --store)'{-s+,--store=}'[the store file \\[JSON lines\\] (default ~/demo.jsonl)]:FILE:_files'"))
    #expect(script.contains("'*:FILE:_files'"))
    #expect(script.contains("'next:advance one record'"))
    #expect(!script.contains("secret"))
  }

  @Test(.enabled(if: Requirements.has("zsh"), "zsh is not installed (.ci/run installs it)"))
  func realToolScriptLoads() throws {
    let script = try TestSupport.run("pipe-check", ["--generate-completion-script", "zsh"]).out
    let driver =
      "autoload -Uz compinit && compinit -u -D\nsource $SCRIPTS/script.zsh\nprint -r -- $_comps[pipe-check]\n"
    let result = try runShell("zsh", ["-f"], script: driver, files: ["script.zsh": script])
    #expect(result.status == 0)
    #expect(result.err.isEmpty, "\(result.err)")
    #expect(result.out == "_pipe-check\n")
  }
}

@Suite("fish completion")
struct FishCompletionTests {
  static let cases: [(String, [String])] = [
    ("demo-tool ", ["admin", "list", "next"]),
    ("demo-tool --st", ["--store"]),
    ("demo-tool --store ", ["a.jsonl", "b.txt", "sub/"]),
    ("demo-tool -s a.jsonl l", ["list"]),
    ("demo-tool list --form", ["--format"]),
    ("demo-tool list --format ", ["json", "text"]),
    ("demo-tool list --format=", ["--format=json", "--format=text"]),
    ("demo-tool list -f ", ["json", "text"]),
    ("demo-tool list a.", ["a.jsonl"]),
    ("demo-tool list --ver", ["--verbose"]),
    ("demo-tool next ", []),
    ("demo-tool admin ", ["reset"]),
    ("demo-tool admin reset --", ["--force", "--help", "--store", "--verbose"]),
    ("demo-tool --ver", ["--verbose", "--version"]),
  ]

  @Test(.enabled(if: Requirements.has("fish"), "fish is not installed (.ci/run installs it)"))
  func candidates() throws {
    let script = try #require(Completions.script(for: Fixtures.tool, shell: "fish"))
    var driver = "source $SCRIPTS/script.fish\n"
    for (line, _) in Self.cases {
      driver += "set -l found (complete -C '\(line)' | string split -f1 \\t | sort); echo \"$found\"\n"
    }
    let result = try runShell("fish", ["--no-config"], script: driver, files: ["script.fish": script])
    #expect(result.status == 0, "\(result.err)")
    #expect(result.err.isEmpty, "\(result.err)")
    let lines = result.out.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    for (index, (line, expected)) in Self.cases.enumerated() {
      #expect(lines[index].split(separator: " ").map(String.init) == expected, "completing '\(line)'")
    }
  }

  @Test(.enabled(if: Requirements.has("fish"), "fish is not installed (.ci/run installs it)"))
  func realToolScriptLoads() throws {
    let result = try TestSupport.shell(
      "pipe-check --generate-completion-script fish | fish --no-config -c 'source; complete -C \"pipe-check --pa\"'"
    )
    #expect(result.status == 0)
    #expect(result.err.isEmpty, "\(result.err)")
    #expect(result.out.hasPrefix("--pass\t"))
  }
}

@Suite("completion scripts")
struct CompletionScriptTests {
  @Test func unknownShellHasNoScript() {
    #expect(Completions.script(for: Fixtures.tool, shell: "tcsh") == nil)
  }

  @Test func unknownShellIsAUsageError() throws {
    let result = try TestSupport.run("pipe-check", ["--generate-completion-script", "tcsh"])
    #expect(result.status == 64)
    #expect(result.err == "pipe-check: error: no completion script for 'tcsh'; use bash, zsh or fish\n")
  }
}
