import Foundation
import TestSupport
import Testing

/// Writes `files` (name → bytes) into a fresh folder and runs the built `embed-data` there with
/// `arguments`.
private func embed(_ files: [String: [UInt8]], _ arguments: [String]) throws -> (TestSupport.Result, URL) {
  let work = try TestSupport.temporaryDirectory()
  for (name, bytes) in files {
    try Data(bytes).write(to: work.appendingPathComponent(name))
  }
  return (try TestSupport.run("embed-data", arguments, currentDirectory: work), work)
}

@Suite("embed-data, the build helper behind the EmbedData plugin")
struct EmbedDataTests {
  @Test func malformedLineFailsWithFileLineAndColumn() throws {
    let bad = Array("{\"type\":\"a\",\"v\":1}\n\n{\"type\":\"b\",\"v\":[1,2}\n".utf8)
    let (result, work) = try embed(["cities.jsonl": bad], ["out.swift", "cities.jsonl"])
    defer { try? FileManager.default.removeItem(at: work) }
    #expect(result.status == 1)
    // Line 3 (the empty line 2 counts), column 21: the '}' where ',' or ']' was expected.
    #expect(result.err == "cities.jsonl:3:21: error: expected ',' or ']' in array, found '}'\n")
    #expect(!FileManager.default.fileExists(atPath: work.appendingPathComponent("out.swift").path))
  }

  @Test func recordWithoutATypeFails() throws {
    let (result, work) = try embed(
      ["menu.jsonl": Array("{\"type\":\"a\"}\n{\"id\":1}\n".utf8)], ["o.swift", "menu.jsonl"])
    defer { try? FileManager.default.removeItem(at: work) }
    #expect(result.status == 1)
    #expect(result.err == "menu.jsonl:2:1: error: record has no \"type\" field\n")
  }

  @Test func invalidUTF8NamesItsLine() throws {
    let bytes = Array("{\"type\":\"a\"}\n".utf8) + Array("{\"type\":\"".utf8) + [0xFF] + Array("\"}\n".utf8)
    let (result, work) = try embed(["goals.jsonl": bytes], ["o.swift", "goals.jsonl"])
    defer { try? FileManager.default.removeItem(at: work) }
    #expect(result.status == 1)
    #expect(result.err == "goals.jsonl:2:10: error: invalid UTF-8 (byte 0xFF)\n")
  }

  @Test func fileNamesMustMakeDistinctIdentifiers() throws {
    let record = Array("{\"type\":\"a\"}\n".utf8)
    let (clash, work) = try embed(
      ["sample-trips.jsonl": record, "sample_trips.jsonl": record],
      ["o.swift", "sample-trips.jsonl", "sample_trips.jsonl"])
    defer { try? FileManager.default.removeItem(at: work) }
    #expect(clash.status == 1)
    #expect(
      clash.err
        == "sample_trips.jsonl:1:1: error: this file and sample-trips.jsonl would both be EmbeddedData.sampleTrips; rename one\n"
    )
    let (digit, work2) = try embed(["2026.jsonl": record], ["o.swift", "2026.jsonl"])
    defer { try? FileManager.default.removeItem(at: work2) }
    #expect(
      digit.err
        == "2026.jsonl:1:1: error: the file name must start with a letter: it names EmbeddedData.2026\n")
  }

  @Test func usageIsChecked() throws {
    let result = try TestSupport.run("embed-data", ["--generate-manual"])
    #expect(result.status == 1)
    #expect(result.err == "usage: embed-data OUTPUT.swift INPUT.jsonl...\n")
  }

  /// Text that would break a naive raw string (`"#` ends `#"..."#`, `\#(` interpolates in it) must
  /// come back byte for byte from the compiled constant.
  @Test(.enabled(if: Requirements.has("swiftc"), "swiftc is not on PATH"))
  func compiledConstantRoundTrips() throws {
    let swiftc = try #require(findOnPath("swiftc"))
    let text = ###"{"type":"x","s":"a\\#(b) \"# \"## \\##n ✓"}"### + "\n" + #"{"type":"y","t":"\"\"\""}"#
    let (result, work) = try embed(
      ["sample-trips.jsonl": Array((text + "\n\n").utf8)], ["EmbeddedData.swift", "sample-trips.jsonl"])
    defer { try? FileManager.default.removeItem(at: work) }
    #expect(result.status == 0, "\(result.err)")
    try #"print(EmbeddedData.sampleTrips, terminator: "")"#.write(
      to: work.appendingPathComponent("main.swift"), atomically: true, encoding: .utf8)
    let compile = try TestSupport.runProcess(
      swiftc, ["-o", "check", "main.swift", "EmbeddedData.swift"], currentDirectory: work)
    #expect(compile.status == 0, "\(compile.err)")
    let run = try TestSupport.runProcess(work.appendingPathComponent("check").path, [])
    #expect(run.out == text)
  }

  /// The plugin declares every data file as an input and the generated source as the output, so
  /// the build re-runs embed-data exactly when a data file changes (checked in the build manifest
  /// that the current build wrote).
  @Test(
    .enabled(
      if: EmbedDataTests.manifestHasEmbedData,
      "the build manifest has no EmbedData command (there is none, or a partial build wrote it)"))
  func pluginDeclaresInputsAndOutputs() throws {
    let manifest = Self.manifest
    let yaml = try String(contentsOf: manifest, encoding: .utf8)
    let data = TestSupport.packageRoot.appendingPathComponent("Sources/FoodTruckKit/Data")
    let files = try FileManager.default.contentsOfDirectory(atPath: data.path).filter {
      $0.hasSuffix(".jsonl")
    }
    #expect(files.count >= 3)
    let lines = yaml.split(separator: "\n").map(String.init)
    let start = try #require(
      lines.firstIndex(where: Self.isEmbedCommand), "no EmbedData command in \(manifest.path)")
    let inputs = try #require(lines[start...].first { $0.hasPrefix("    inputs:") })
    let outputs = try #require(lines[start...].first { $0.hasPrefix("    outputs:") })
    for file in files {
      #expect(inputs.contains("\"\(data.appendingPathComponent(file).path)\""), "\(file) is not an input")
    }
    #expect(inputs.contains("embed-data"))
    #expect(outputs.hasSuffix("/EmbeddedData.swift\"]"))
  }

  /// The build manifest the current build wrote.
  static var manifest: URL {
    let products = TestSupport.productsDirectory
    return products.deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent(products.lastPathComponent + ".yaml")
  }

  /// Whether a manifest line is the EmbedData command for FoodTruckKit.
  static func isEmbedCommand(_ line: String) -> Bool {
    line.contains("\"Embedding ") && line.contains("into FoodTruckKit")
  }

  /// Whether the manifest holds the EmbedData command (a partial build, `swift build --product X`,
  /// writes one without it).
  static var manifestHasEmbedData: Bool {
    guard let yaml = try? String(contentsOf: manifest, encoding: .utf8) else { return false }
    return yaml.split(separator: "\n").contains { isEmbedCommand(String($0)) }
  }
}

/// The first executable called `name` on PATH.
func findOnPath(_ name: String) -> String? {
  let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
  for folder in path.split(separator: ":") {
    let candidate = "\(folder)/\(name)"
    if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
  }
  return nil
}
