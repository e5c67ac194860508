import Foundation
import TestSupport
import Testing

/// The version is kept in one place (`samplePipesVersion`): every tool's `--version`, CHANGELOG.md's
/// newest entry and the name bin/release gives the archive say the same.
@Suite("version")
struct VersionTests {
  /// CHANGELOG.md's newest entry: `## 0.1.0 (2026-12-06), protocol version 4`.
  static func newestEntry() throws -> (version: String, protocolVersion: String) {
    let changelog = try String(
      contentsOf: TestSupport.packageRoot.appendingPathComponent("CHANGELOG.md"), encoding: .utf8)
    let heading = try #require(changelog.split(separator: "\n").first { $0.hasPrefix("## ") })
    let words = heading.split(separator: " ")
    try #require(words.count == 6 && words[3] == "protocol" && words[4] == "version", "\(heading)")
    return (String(words[1]), String(words[5]))
  }

  @Test func toolsChangelogAndArchiveNameAgree() throws {
    let (version, protocolVersion) = try Self.newestEntry()
    for tool in toolNames {
      let result = try TestSupport.run(tool, ["--version"])
      #expect(result.status == 0)
      #expect(result.out == "\(tool) (SamplePipes) \(version), protocol version \(protocolVersion)\n")
    }
    let arch = try TestSupport.runProcess("/usr/bin/env", ["uname", "-m"]).out
      .trimmingCharacters(in: .whitespacesAndNewlines)
    let name = try TestSupport.runProcess(
      TestSupport.packageRoot.appendingPathComponent("bin/release").path,
      ["--name", "--tools", TestSupport.productsDirectory.path])
    #expect(name.status == 0, "\(name.err)")
    #expect(name.out == "samplepipes-\(version)-\(arch)-linux.tar.gz\n")
  }

  /// bin/build holds the flags of the one build; the install-tools plugin must pass SwiftPM the
  /// same ones, or a tree built by bin/demo is built again.
  @Test func installToolsBuildsWithBinBuildsFlags() throws {
    let build = try String(
      contentsOf: TestSupport.packageRoot.appendingPathComponent("bin/build"), encoding: .utf8)
    let plugin = try String(
      contentsOf: TestSupport.packageRoot.appendingPathComponent("Plugins/InstallTools/plugin.swift"),
      encoding: .utf8)
    let command = try #require(build.split(separator: "\n").first { $0.hasPrefix("swift build ") })
    #expect(command == "swift build -c release -Xswiftc -static-stdlib \"$@\"")
    #expect(plugin.contains("static let swiftcFlags = [\"-static-stdlib\"]"))
    #expect(plugin.contains("configuration: .release"))
    let demo = try String(
      contentsOf: TestSupport.packageRoot.appendingPathComponent("bin/demo"), encoding: .utf8)
    #expect(demo.contains("\"$root/bin/build\""))
    #expect(!demo.contains("swift build -c release >"))
  }
}

/// bin/release end to end: a static release build (minutes; SAMPLEPIPES_INSTALL_TEST=1, as
/// InstallTests, sharing its scratch folder), then the archive checked with `sha256sum -c`,
/// unpacked, installed with its install.sh into a prefix whose name needs quoting, its tools and
/// man pages run with no Swift toolchain on PATH, and uninstalled to nothing. With
/// SAMPLEPIPES_RELEASE_TOOLS=DIR, the tools bin/build built in DIR are released, without a build.
/// Nested in InstallTests, whose `.serialized` then holds it too: run beside them, its build in the
/// shared scratch folder lost that folder when InstallTests moved it aside (CI: "unable to load
/// output file map", then swift-build aborted).
extension InstallTests {
  @Suite("bin/release")
  struct ReleaseTests {
    @Test(
      .enabled(
        if: InstallTests.enabled,
        "a static release build (minutes): SAMPLEPIPES_INSTALL_TEST=1 swift test --filter ReleaseTests"),
      .enabled(if: Requirements.has("man"), "man is not installed (.ci/run installs man-db)"),
      .enabled(
        if: FileManager.default.fileExists(atPath: ShellLines.bashCompletion),
        "bash-completion is not installed (.ci/run installs it)"))
    func releaseInstallsAndUninstalls() throws {
      let fm = FileManager.default
      let root = TestSupport.packageRoot
      let work = try TestSupport.temporaryDirectory()
      defer { try? fm.removeItem(at: work) }
      let dist = work.appendingPathComponent("dist")
      // SAMPLEPIPES_RELEASE_TOOLS=DIR takes the tools bin/build built there (bin/release --tools).
      let build =
        ProcessInfo.processInfo.environment["SAMPLEPIPES_RELEASE_TOOLS"].map { ["--tools", $0] }
        ?? ["--scratch-path", root.appendingPathComponent(".build-install").path]
      let release = try TestSupport.runProcess(
        root.appendingPathComponent("bin/release").path, build + ["--out", dist.path], currentDirectory: root)
      try #require(release.status == 0, "bin/release failed:\n\(release.err)")
      let (version, _) = try VersionTests.newestEntry()
      let arch = try TestSupport.runProcess("/usr/bin/env", ["uname", "-m"]).out
        .trimmingCharacters(in: .whitespacesAndNewlines)
      let name = "samplepipes-\(version)-\(arch)-linux"
      let archive = dist.appendingPathComponent("\(name).tar.gz")
      #expect(release.out.split(separator: "\n").last.map(String.init) == archive.path, "\(release.out)")

      let sums = try TestSupport.runProcess(
        "/usr/bin/env", ["sha256sum", "-c", "SHA256SUMS"], currentDirectory: dist)
      #expect(sums.status == 0 && sums.out == "\(name).tar.gz: OK\n", "\(sums.out)\(sums.err)")

      let unpack = try TestSupport.runProcess(
        "/usr/bin/env", ["tar", "xzf", archive.path, "-C", work.path], currentDirectory: work)
      try #require(unpack.status == 0, "\(unpack.err)")
      let tree = work.appendingPathComponent(name)
      let listed = try TestSupport.shell("tar tzf '\(archive.path)' | grep -v '/$' | sort").out
      for relative in [
        "install.sh", "SHA256SUMS", "share/doc/samplepipes/README.md", "share/doc/samplepipes/PROTOCOL.md",
        "share/doc/samplepipes/CHANGELOG.md", "share/man/man1/orders-place.1",
      ]
        + toolNames.flatMap({
          [
            "bin/\($0)", "share/man/man1/\($0).1", "share/bash-completion/completions/\($0)",
            "share/zsh/site-functions/_\($0)", "share/fish/vendor_completions.d/\($0).fish",
          ]
        })
      {
        #expect(listed.contains("\(name)/\(relative)\n"), "\(relative) is not in the archive")
      }
      #expect(
        try TestSupport.runProcess("/bin/ls", [tree.appendingPathComponent("bin").path]).out.split(
          separator: "\n"
        ).sorted() == toolNames.map { Substring($0) })

      // The tools: stripped, no Swift runtime library, none more than twice the smallest.
      var sizes: [String: Int] = [:]
      for tool in toolNames {
        let path = tree.appendingPathComponent("bin/\(tool)").path
        let ldd = try TestSupport.runProcess("/usr/bin/ldd", [path])
        #expect(!ldd.out.contains("libswift") && !ldd.out.contains("libFoundation"), "\(tool):\n\(ldd.out)")
        let file = try TestSupport.runProcess("/usr/bin/env", ["file", path])
        if file.status == 0 { #expect(file.out.contains("stripped") && !file.out.contains("not stripped")) }
        sizes[tool] = try fm.attributesOfItem(atPath: path)[.size] as? Int
      }
      let smallest = try #require(sizes.values.min())
      #expect(sizes.values.allSatisfy { $0 <= 2 * smallest }, "\(sizes)")

      // No quote in it: checkInstalledTools quotes paths with single quotes (InstallerTests has one).
      let prefix = work.appendingPathComponent("Q dir $(touch pwned)")
      let install = try TestSupport.runProcess(
        tree.appendingPathComponent("install.sh").path, ["--prefix", prefix.path], currentDirectory: work)
      try #require(install.status == 0, "\(install.err)")
      try ShellLines.check(install.out, prefix: prefix, in: work, completion: true)

      // The installed tools and pages with no Swift toolchain on PATH, the unpacked tree gone.
      try fm.removeItem(at: tree)
      try InstallTests().checkInstalledTools(prefix: prefix)

      let uninstall = try TestSupport.runProcess(
        prefix.appendingPathComponent("share/samplepipes/install.sh").path,
        ["--uninstall", "--prefix", prefix.path])
      #expect(uninstall.status == 0, "\(uninstall.err)")
      #expect(!fm.fileExists(atPath: prefix.path), "\(InstallerTests.files(under: prefix))")
      #expect(!fm.fileExists(atPath: work.appendingPathComponent("pwned").path))
    }
  }
}
