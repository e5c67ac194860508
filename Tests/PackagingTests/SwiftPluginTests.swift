import Foundation
import TestSupport
import Testing

/// Examples/swift-plugin: a package of its own that builds a plugin, `orders-tally`, against the
/// library products PipeProtocol and ToolSupport, with the tools' reader, help, manual page,
/// completions and golden cases. Building the two modules again takes minutes on a small machine,
/// so it runs with SAMPLEPIPES_INSTALL_TEST=1, as the install test does (.ci/run sets it).
@Suite("a plugin in Swift, from a package of its own")
struct SwiftPluginTests {
  static let example = TestSupport.packageRoot.appendingPathComponent("Examples/swift-plugin")

  @Test(
    "Examples/swift-plugin builds against the library products, and its plugin passes its golden cases",
    .enabled(
      if: InstallTests.enabled,
      "a build of its own (minutes): SAMPLEPIPES_INSTALL_TEST=1 swift test --filter SwiftPluginTests"),
    .timeLimit(.minutes(30)))
  func examplePackageBuildsAndRuns() throws {
    let fm = FileManager.default
    let swift = try #require(findOnPath("swift"), "swift is not on PATH")
    let folder = try TestSupport.temporaryDirectory()
    defer { try? fm.removeItem(at: folder) }
    // A scratch folder of its own: the package's .build is held by `swift test`, and the example's
    // own folder stays as cloned.
    let scratch = folder.appendingPathComponent("build").path
    let arguments = ["build", "--package-path", Self.example.path, "--scratch-path", scratch]
    let build = try TestSupport.runProcess(swift, arguments)
    try #require(build.status == 0, "the example did not build:\n\(build.out)\n\(build.err)")
    let binPath = try TestSupport.runProcess(swift, arguments + ["--show-bin-path"])
    let bin = binPath.out.trimmingCharacters(in: .whitespacesAndNewlines)
    let plugin = bin + "/orders-tally"
    #expect(fm.isExecutableFile(atPath: plugin))

    // The runtime's shared parts, from the declaration: --version, a usage error with did-you-mean,
    // the manual page and the completions.
    let version = try TestSupport.runProcess(plugin, ["--version"])
    #expect(version.status == 0)
    #expect(version.out.hasPrefix("orders-tally "), "\(version.out)")
    let typo = try TestSupport.runProcess(plugin, ["--by", "citty"])
    #expect(typo.status == 64)
    #expect(typo.err.contains("orders-tally: error: --by takes"), "\(typo.err)")
    #expect(typo.err.contains("did you mean 'city'?"), "\(typo.err)")
    let manual = try TestSupport.runProcess(plugin, ["--generate-manual"])
    #expect(manual.status == 0)
    #expect(
      manual.out.contains(".SH NAME") && manual.out.contains("orders\\-tally"), "\(manual.out.prefix(300))")
    let completion = try TestSupport.runProcess(plugin, ["--generate-completion-script", "bash"])
    #expect(completion.status == 0)
    #expect(completion.out.contains("orders-tally"))

    // Its golden cases, with the plugin and the built tools on PATH (they run `orders generate`).
    let path =
      "\(bin):\(TestSupport.productsDirectory.path):\(ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")"
    let golden = Self.example.appendingPathComponent("golden").path
    let regtest = TestSupport.packageRoot.appendingPathComponent("bin/regtest").path
    let cases = try TestSupport.runProcess("/usr/bin/env", ["PATH=\(path)", "/bin/bash", regtest, golden])
    #expect(cases.status == 0, "\(cases.out)\n\(cases.err)")
    #expect(cases.out.contains(" 0 failed, 0 skipped"), "\(cases.out)")
  }
}
