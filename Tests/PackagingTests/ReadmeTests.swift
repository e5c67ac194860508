import Foundation
import TestSupport
import Testing

@Suite("generated docs")
struct ReadmeTests {
  /// README.md's tool table and examples (and PROTOCOL.md's record tables) must be what the built
  /// tools produce now: `bin/sync-docs --check` regenerates them into a temporary folder and compares.
  @Test func readmeAndProtocolAreUpToDate() throws {
    let result = try TestSupport.runProcess(
      TestSupport.packageRoot.appendingPathComponent("bin/sync-docs").path, ["--check"],
      environment: ["SAMPLEPIPES_TOOLS": TestSupport.productsDirectory.path],
      currentDirectory: TestSupport.packageRoot)
    #expect(
      result.status == 0,
      """
      The generated parts of README.md or PROTOCOL.md are stale. Refresh them with: bin/sync-docs
      \(result.err)
      """)
  }

  /// The block sits in README.md's "## The tools" section and lists every tool of Package.swift.
  @Test func toolBlockListsEveryTool() throws {
    let readme = try String(
      contentsOf: TestSupport.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
    let section = try #require(readme.range(of: "\n## The tools\n"))
    let begin = try #require(readme.range(of: "<!-- BEGIN TOOLS"))
    let end = try #require(readme.range(of: "<!-- END TOOLS -->"))
    #expect(section.upperBound <= begin.lowerBound && begin.upperBound < end.lowerBound)
    #expect(readme[section.upperBound..<begin.lowerBound].allSatisfy { $0.isWhitespace })
    let block = readme[begin.upperBound..<end.lowerBound]
    for tool in ["pipe-check", "orders", "sales-chart", "weather", "story-io", "trips", "achievements"] {
      #expect(block.contains("`\(tool)`"), "README's tool table has no row for \(tool)")
    }
  }

  /// A stale block is caught, and the message names the command that refreshes it.
  @Test func staleBlockIsReported() throws {
    let fm = FileManager.default
    let copy = try TestSupport.temporaryDirectory()
    defer { try? fm.removeItem(at: copy) }
    for item in ["README.md", "PROTOCOL.md", "Package.swift", "bin"] {
      try fm.copyItem(
        at: TestSupport.packageRoot.appendingPathComponent(item), to: copy.appendingPathComponent(item))
    }
    let readme = copy.appendingPathComponent("README.md")
    let text = try String(contentsOf: readme, encoding: .utf8)
    #expect(text.contains("| tool | what it does |"))
    try text.replacingOccurrences(of: "| tool | what it does |", with: "| tool | what it did |").write(
      to: readme, atomically: true, encoding: .utf8)
    let result = try TestSupport.runProcess(
      copy.appendingPathComponent("bin/sync-docs").path, ["--check"],
      environment: ["SAMPLEPIPES_TOOLS": TestSupport.productsDirectory.path], currentDirectory: copy)
    #expect(result.status == 1)
    #expect(result.err.contains("sync-docs: README.md is stale"))
    #expect(result.err.contains("run bin/sync-docs"))
    #expect(try String(contentsOf: readme, encoding: .utf8).contains("| tool | what it did |"))
  }
}
