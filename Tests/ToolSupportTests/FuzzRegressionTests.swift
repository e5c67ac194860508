import Foundation
import TestSupport
import Testing

/// Every input kept in Tests/Fuzz/regressions (crashes the fuzzers or the bad-input campaign
/// found, now fixed) goes through the tools that read that kind of input. None may crash: each
/// ends with a documented status, and anything on stderr is the tool's own message.
@Suite("fuzz regressions")
struct FuzzRegressionTests {
  static let folder = TestSupport.packageRoot.appendingPathComponent("Tests/Fuzz/regressions")

  static let inputs: [String] =
    ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter { !$0.hasPrefix(".") }
    .sorted()

  /// The command lines that read a regression input of this target (the file name's prefix);
  /// `INPUT` is the file, `STORE` a copy of it.
  static func commands(for name: String) -> [String] {
    let target = String(name.prefix { $0 != "-" })
    switch target {
    case "reader": return ["pipe-check INPUT", "pipe-check --pass --strict INPUT > /dev/null"]
    case "order":
      return [
        "orders list --store STORE", "orders list --format text --store STORE", "weather annotate INPUT",
        "pipe-check INPUT",
      ]
    case "trip":
      return ["trips import --store STORE.new INPUT", "trips list --store STORE", "achievements INPUT"]
    case "story": return ["story-io write --dir OUT INPUT"]
    case "weather":
      return [
        "weather import --open-meteo INPUT", "weather chart --width 60 INPUT",
        "weather chart --format svg INPUT",
        "weather annotate INPUT",
      ]
    case "achievements": return ["achievements --state STORE < /dev/null"]
    default: return []
    }
  }

  @Test("the regression inputs are there, each named after its fuzz target")
  func present() {
    #expect(Self.inputs.count >= 6)
    for name in Self.inputs { #expect(!Self.commands(for: name).isEmpty, "\(name): unknown target") }
  }

  @Test("no regression input crashes a tool", arguments: FuzzRegressionTests.inputs)
  func noCrash(_ name: String) throws {
    let work = try TestSupport.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: work) }
    let input = Self.folder.appendingPathComponent(name)
    let store = work.appendingPathComponent("store.jsonl")
    for command in Self.commands(for: name) {
      try? FileManager.default.removeItem(at: store)
      try FileManager.default.copyItem(at: input, to: store)
      let line = command.replacingOccurrences(of: "INPUT", with: "'\(input.path)'")
        .replacingOccurrences(of: "STORE", with: "'\(store.path)'")
        .replacingOccurrences(of: "OUT", with: "'\(work.appendingPathComponent("out").path)'")
      let result = try TestSupport.shell(line, currentDirectory: work)
      #expect([0, 1, 65, 66, 74].contains(result.status), "\(name): \(command) ended with \(result.status)")
      let tool = String(command.prefix { $0 != " " })
      for message in result.err.split(separator: "\n") {
        #expect(message.hasPrefix("\(tool): "), "\(name): \(command): \(message)")
      }
    }
  }
}
