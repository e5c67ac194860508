import Foundation
import TestSupport
import Testing
import ToolSupport

/// `TOOL help [COMMAND...]`, as git has it: the same bytes as `TOOL COMMAND... --help`, in every
/// tool with subcommands, for every command.
@Suite("TOOL help COMMAND")
struct HelpCommandTests {
  static let tools = ["orders", "sales-chart", "weather", "story-io", "trips"]

  /// Every command path of `tool` below the tool (`["donut", "new"]`), and the commands that only
  /// hold others (`["donut"]`), from the words its contract lists.
  static func paths(_ tool: String) throws -> [[String]] {
    let words = try TestSupport.run(tool, ["--generate-contract=words"])
    var paths: [[String]] = []
    for line in words.out.split(separator: "\n") {
      let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
      let command = try #require(object?["command"] as? String).split(separator: " ").map(String.init)
      for depth in 1..<max(command.count, 1) where !paths.contains(Array(command[1...depth])) {
        paths.append(Array(command[1...depth]))
      }
    }
    return paths
  }

  @Test("'TOOL help COMMAND' is 'TOOL COMMAND --help', byte for byte", arguments: tools)
  func sameBytes(tool: String) throws {
    let paths = try Self.paths(tool)
    #expect(paths.count >= 1)
    for path in [[]] + paths {
      let asked = try TestSupport.run(tool, ["help"] + path)
      let flagged = try TestSupport.run(tool, path + ["--help"])
      let line = ([tool, "help"] + path).joined(separator: " ")
      #expect(asked.status == 0, "\(line): \(asked.err)")
      #expect(flagged.status == 0)
      #expect(asked.err.isEmpty)
      #expect(!asked.out.isEmpty)
      #expect(
        asked.stdout == flagged.stdout, "\(line) differs from \(tool) \(path.joined(separator: " ")) --help")
    }
  }

  @Test func orderHelpPlace() throws {
    let result = try TestSupport.run("orders", ["help", "place"])
    #expect(result.status == 0)
    #expect(result.out.hasPrefix("orders place - "))
  }

  @Test("an unknown command after 'help' is a usage error with did-you-mean")
  func unknownCommand() throws {
    let result = try TestSupport.run("orders", ["help", "plac"])
    #expect(result.status == 64)
    #expect(result.out.isEmpty)
    #expect(result.err.hasPrefix("orders: error: unknown command 'plac'\norders: did you mean 'place'?\n"))
    let deeper = try TestSupport.run("orders", ["help", "place", "now"])
    #expect(deeper.status == 64)
    #expect(deeper.err.hasPrefix("orders: error: 'orders place' has no command 'now'\n"))
  }

  @Test("a mistyped 'help' is suggested")
  func helpSuggested() throws {
    let result = try TestSupport.run("orders", ["hlep"])
    #expect(result.status == 64)
    #expect(result.err.contains("orders: did you mean 'help'?\n"))
  }
}
