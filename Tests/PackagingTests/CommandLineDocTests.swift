import Foundation
import TestSupport
import Testing

/// PROTOCOL.md's command lines: for each tool, its section names every subcommand and every
/// option that the tool's `--help` (and each subcommand's) lists. `bin/sync-docs --check` proves
/// the section current (ReadmeTests); this test proves it complete, against the help a user reads.
@Suite("command lines in PROTOCOL.md")
struct CommandLineDocTests {
  static let tools = ["pipe-check", "orders", "sales-chart", "weather", "story-io", "trips", "achievements"]

  /// The lines of a --help section, without their indent.
  static func section(_ help: String, _ title: String) -> [String] {
    var lines: [String] = []
    var on = false
    for line in help.split(separator: "\n", omittingEmptySubsequences: false) {
      if line == title {
        on = true
      } else if on, line.first?.isUppercase == true {
        break
      } else if on, line.hasPrefix("  ") {
        // A row starts at the indent of 2 (an option without a short name at 6, under `-n, `);
        // a wrapped description is further in and never starts with a dash.
        let row = line.drop { $0 == " " }
        if line.dropFirst(2).first != " " || row.hasPrefix("--") { lines.append(String(row)) }
      }
    }
    return lines
  }

  /// Every command path below the tool that --help lists, with the options each one's --help lists.
  static func helpTree(_ path: [String]) throws -> [(path: [String], options: [String])] {
    let help = try TestSupport.run(
      path[0], Array(path.dropFirst()) + ["--help"], environment: ["COLUMNS": "1000"])
    try #require(help.status == 0, "\(path.joined(separator: " ")) --help: \(help.err)")
    let options = section(help.out, "OPTIONS").compactMap { line in
      line.split(separator: " ").first { $0.hasPrefix("--") }.map {
        String($0.prefix { $0 != "=" && $0 != "[" })
      }
    }
    var tree = [(path, options)]
    for row in section(help.out, "COMMANDS") {
      let name = String(row.prefix { $0 != " " })
      tree += try helpTree(path + [name])
    }
    return tree
  }

  @Test(arguments: tools)
  func theSectionNamesEverySubcommandAndOption(tool: String) throws {
    let protocolText = try String(
      contentsOf: TestSupport.packageRoot.appendingPathComponent("PROTOCOL.md"), encoding: .utf8)
    let start = try #require(
      protocolText.range(of: "\n### `\(tool)` command line\n"), "no section for \(tool)")
    let rest = protocolText[start.upperBound...]
    let end =
      [rest.range(of: "\n### ")?.lowerBound, rest.range(of: "<!-- END COMMAND LINES")?.lowerBound]
      .compactMap { $0 }.min() ?? rest.endIndex
    let section = rest[..<end]
    let tree = try Self.helpTree([tool])
    #expect(tree.count > 0)
    for (path, options) in tree {
      let name = path.joined(separator: " ")
      #expect(section.contains("`\(name)"), "PROTOCOL.md's \(tool) section does not name '\(name)'")
      for option in options {
        #expect(
          section.contains("`\(option)`"),
          "PROTOCOL.md's \(tool) section does not name \(option) of '\(name)'")
      }
    }
    // The rows name each command's own options: a subcommand's row holds every one its help lists.
    for (path, options) in tree where path.count > 1 {
      let row = section.split(separator: "\n").first { $0.hasPrefix("| [`\(path.joined(separator: " "))`]") }
      guard let row else { continue }  // a command that only holds subcommands has no row
      for option in options where !["--help", "--color", "--no-pager", "--version"].contains(option) {
        #expect(row.contains("`\(option)`"), "the row of '\(path.joined(separator: " "))' lacks \(option)")
      }
    }
  }

  /// A rule or lookup names only options its command takes: a rule declared with a typo would
  /// never be enforced.
  @Test(arguments: tools)
  func rulesAndLookupsNameTheCommandsOwnOptions(tool: String) throws {
    let page = try String(
      contentsOf: TestSupport.packageRoot.appendingPathComponent("docs/cli/\(tool).md"), encoding: .utf8)
    for section in page.components(separatedBy: "\n## ").dropFirst() {
      let lines = section.split(separator: "\n")
      let options = Set(
        lines.filter { $0.hasPrefix("| `-") }.flatMap { row in
          row.split(separator: "|")[0].split(separator: "`").filter { $0.hasPrefix("--") }.map(String.init)
        })
      for bullet in lines where bullet.hasPrefix("- `") {
        for code in bullet.split(separator: "`").enumerated() where code.offset % 2 == 1 {
          guard let word = code.element.split(separator: " ").first, word.hasPrefix("--") else { continue }
          #expect(
            options.contains(String(word)), "\(tool) \(lines[0]): '\(bullet)' names \(word), not its option")
        }
      }
    }
  }
}
