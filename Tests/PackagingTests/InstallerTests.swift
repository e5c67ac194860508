import Foundation
import TestSupport
import Testing

/// bin/install.sh (a release archive's install.sh) on a small tree of its own, in seconds: the
/// sums checked before anything is written, the manifest, the lines for the shell quoted, and
/// --uninstall removing what was installed and nothing else.
@Suite("install.sh")
struct InstallerTests {
  static let installer = TestSupport.packageRoot.appendingPathComponent("bin/install.sh")

  /// A tree as bin/stage lays one out: a tool, a manual page, a bash completion, a changelog,
  /// install.sh and SHA256SUMS.
  static func tree() throws -> URL {
    let fm = FileManager.default
    let tree = try TestSupport.temporaryDirectory().appendingPathComponent("samplepipes-9.8.7-x86_64-linux")
    let files = [
      "bin/fake": "#!/bin/sh\necho fake \"$@\"\n",
      "share/man/man1/fake.1": ".TH FAKE 1\n.SH NAME\nfake \\- a tool\n",
      "share/bash-completion/completions/fake": "complete -W 'one two' fake\n",
      "share/zsh/site-functions/_fake": "#compdef fake\n",
      "share/fish/vendor_completions.d/fake.fish": "complete -c fake -a one\n",
      "share/doc/samplepipes/CHANGELOG.md": "# Changelog\n\n## 9.8.7 (2026-12-06), protocol version 4\n",
    ]
    for (path, text) in files {
      let url = tree.appendingPathComponent(path)
      try fm.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try Data(text.utf8).write(to: url)
    }
    try fm.setAttributes(
      [.posixPermissions: 0o755], ofItemAtPath: tree.appendingPathComponent("bin/fake").path)
    try fm.copyItem(at: installer, to: tree.appendingPathComponent("install.sh"))
    let sums = try TestSupport.shell(
      "find . -type f ! -name SHA256SUMS -printf '%P\\n' | LC_ALL=C sort | xargs -d '\\n' sha256sum -- > SHA256SUMS",
      currentDirectory: tree)
    try #require(sums.status == 0, "\(sums.err)")
    return tree
  }

  /// Every file under `folder`, relative to it, sorted ([] when it does not exist).
  static func files(under folder: URL) -> [String] {
    guard let walk = FileManager.default.enumerator(atPath: folder.path) else { return [] }
    return walk.compactMap { $0 as? String }.filter { relative in
      var isFolder: ObjCBool = false
      FileManager.default.fileExists(
        atPath: folder.appendingPathComponent(relative).path, isDirectory: &isFolder)
      return !isFolder.boolValue
    }.sorted()
  }

  @Test func installsChecksWritesAManifestAndUninstallsEverything() throws {
    let fm = FileManager.default
    let tree = try Self.tree()
    defer { try? fm.removeItem(at: tree.deletingLastPathComponent()) }
    // A space, a quote and a command substitution: the printed lines must paste safely.
    let parent = try TestSupport.temporaryDirectory()
    defer { try? fm.removeItem(at: parent) }
    let prefix = parent.appendingPathComponent("it's a $(touch pwned) prefix")
    let install = try TestSupport.runProcess(
      tree.appendingPathComponent("install.sh").path, ["--prefix", prefix.path], currentDirectory: parent)
    try #require(install.status == 0, "\(install.err)")
    #expect(install.err.isEmpty, "\(install.err)")
    #expect(
      Self.files(under: prefix) == [
        "bin/fake", "share/bash-completion/completions/fake", "share/doc/samplepipes/CHANGELOG.md",
        "share/fish/vendor_completions.d/fake.fish", "share/man/man1/fake.1", "share/samplepipes/install.sh",
        "share/samplepipes/manifest", "share/zsh/site-functions/_fake",
      ])
    #expect(install.out.contains("install.sh: installed SamplePipes 9.8.7 (fake) into "))
    #expect(fm.isExecutableFile(atPath: prefix.appendingPathComponent("bin/fake").path))
    let manifest = try String(
      contentsOf: prefix.appendingPathComponent("share/samplepipes/manifest"), encoding: .utf8)
    #expect(manifest.contains("dir \(prefix.path)\n"))
    #expect(manifest.contains(" \(prefix.path)/bin/fake\n"))

    try ShellLines.check(install.out, prefix: prefix, in: parent, completion: false)

    let uninstall = try TestSupport.runProcess(
      tree.appendingPathComponent("install.sh").path, ["--uninstall", "--prefix", prefix.path])
    #expect(uninstall.status == 0, "\(uninstall.err)")
    #expect(uninstall.out.hasPrefix("install.sh: removed 7 files installed into "), "\(uninstall.out)")
    #expect(!fm.fileExists(atPath: prefix.path), "\(Self.files(under: prefix))")
    #expect(!fm.fileExists(atPath: parent.appendingPathComponent("pwned").path))
    #expect(fm.fileExists(atPath: parent.path))

    let again = try TestSupport.runProcess(
      tree.appendingPathComponent("install.sh").path, ["--uninstall", "--prefix", prefix.path])
    #expect(again.status == 1)
    #expect(again.err.hasPrefix("install.sh: error: no manifest at "), "\(again.err)")
  }

  /// What was there before stays; a file changed since the install stays, with a warning; the
  /// folders that existed stay; the ones the install made go when empty.
  @Test func uninstallRemovesOnlyWhatItInstalled() throws {
    let fm = FileManager.default
    let tree = try Self.tree()
    defer { try? fm.removeItem(at: tree.deletingLastPathComponent()) }
    let prefix = try TestSupport.temporaryDirectory()
    defer { try? fm.removeItem(at: prefix) }
    try fm.createDirectory(at: prefix.appendingPathComponent("bin"), withIntermediateDirectories: true)
    try Data("mine\n".utf8).write(to: prefix.appendingPathComponent("bin/mine"))
    let installer = tree.appendingPathComponent("install.sh").path
    let install = try TestSupport.runProcess(installer, ["--prefix", prefix.path])
    try #require(install.status == 0, "\(install.err)")
    try Data("changed\n".utf8).write(to: prefix.appendingPathComponent("share/man/man1/fake.1"))

    let uninstall = try TestSupport.runProcess(installer, ["--uninstall", "--prefix", prefix.path])
    #expect(uninstall.status == 0)
    #expect(
      uninstall.err.contains("man1/fake.1 changed since it was installed; left as it is"), "\(uninstall.err)")
    #expect(Self.files(under: prefix) == ["bin/mine", "share/man/man1/fake.1"])
    #expect(fm.fileExists(atPath: prefix.appendingPathComponent("bin").path))
    #expect(!fm.fileExists(atPath: prefix.appendingPathComponent("share/zsh").path))
  }

  /// One changed byte in the tree, and nothing is installed.
  @Test func aFileThatDiffersFromItsSumInstallsNothing() throws {
    let fm = FileManager.default
    let tree = try Self.tree()
    defer { try? fm.removeItem(at: tree.deletingLastPathComponent()) }
    try Data("#!/bin/sh\necho evil\n".utf8).write(to: tree.appendingPathComponent("bin/fake"))
    let prefix = try TestSupport.temporaryDirectory().appendingPathComponent("p")
    defer { try? fm.removeItem(at: prefix.deletingLastPathComponent()) }
    let install = try TestSupport.runProcess(
      tree.appendingPathComponent("install.sh").path, ["--prefix", prefix.path])
    #expect(install.status == 1)
    #expect(install.err.contains("bin/fake: FAILED"), "\(install.err)")
    #expect(install.err.contains("nothing was installed"), "\(install.err)")
    #expect(!fm.fileExists(atPath: prefix.path))
  }

  /// An install over an earlier one: a file the new tree no longer has goes, the rest is
  /// replaced, and the uninstall still removes the folders the first install made.
  @Test func anInstallOverAnEarlierOneReplacesIt() throws {
    let fm = FileManager.default
    let tree = try Self.tree()
    defer { try? fm.removeItem(at: tree.deletingLastPathComponent()) }
    let prefix = try TestSupport.temporaryDirectory().appendingPathComponent("p")
    defer { try? fm.removeItem(at: prefix.deletingLastPathComponent()) }
    let installer = tree.appendingPathComponent("install.sh").path
    try #require(try TestSupport.runProcess(installer, ["--prefix", prefix.path]).status == 0)
    let drop = try TestSupport.shell(
      "rm share/man/man1/fake.1 && grep -v fake.1 SHA256SUMS > s && mv s SHA256SUMS", currentDirectory: tree)
    try #require(drop.status == 0)
    let second = try TestSupport.runProcess(installer, ["--prefix", prefix.path])
    #expect(second.status == 0, "\(second.err)")
    #expect(second.err.isEmpty, "\(second.err)")
    #expect(!fm.fileExists(atPath: prefix.appendingPathComponent("share/man/man1/fake.1").path))
    #expect(fm.fileExists(atPath: prefix.appendingPathComponent("bin/fake").path))
    let uninstall = try TestSupport.runProcess(installer, ["--uninstall", "--prefix", prefix.path])
    #expect(uninstall.status == 0)
    #expect(!fm.fileExists(atPath: prefix.path), "\(Self.files(under: prefix))")
  }

  /// Without --prefix, into ~/.local, the bash and fish completions where bash-completion and
  /// fish look for the user's own (XDG_DATA_HOME).
  @Test func anInstallForTheUserPutsCompletionsWhereTheShellsLook() throws {
    let fm = FileManager.default
    let tree = try Self.tree()
    defer { try? fm.removeItem(at: tree.deletingLastPathComponent()) }
    let home = try TestSupport.temporaryDirectory()
    defer { try? fm.removeItem(at: home) }
    let environment = [
      "HOME": home.path, "XDG_DATA_HOME": home.appendingPathComponent("data").path,
      "BASH_COMPLETION_USER_DIR": "",
    ]
    let installer = tree.appendingPathComponent("install.sh").path
    let install = try TestSupport.runProcess(installer, [], environment: environment)
    try #require(install.status == 0, "\(install.err)")
    #expect(
      Self.files(under: home) == [
        ".local/bin/fake", ".local/share/doc/samplepipes/CHANGELOG.md", ".local/share/man/man1/fake.1",
        ".local/share/samplepipes/install.sh", ".local/share/samplepipes/manifest",
        ".local/share/zsh/site-functions/_fake", "data/bash-completion/completions/fake",
        "data/fish/vendor_completions.d/fake.fish",
      ])
    #expect(install.out.contains("bash: bash-completion loads them on its own"))
    let uninstall = try TestSupport.runProcess(installer, ["--uninstall"], environment: environment)
    #expect(uninstall.status == 0)
    #expect(Self.files(under: home) == [])
    #expect(!fm.fileExists(atPath: home.appendingPathComponent("data").path))
  }

  /// bash-completion 2.11 (Debian 12's) does not look beside PATH's folders: the line printed for
  /// it makes it load the completions from the prefix.
  @Test(
    .enabled(
      if: FileManager.default.fileExists(atPath: ShellLines.bashCompletion),
      "bash-completion is not installed (.ci/run installs it)"))
  func bashCompletionLoadsTheCompletionsAsThePrintedLineSays() throws {
    let fm = FileManager.default
    let tree = try Self.tree()
    defer { try? fm.removeItem(at: tree.deletingLastPathComponent()) }
    let parent = try TestSupport.temporaryDirectory()
    defer { try? fm.removeItem(at: parent) }
    let prefix = parent.appendingPathComponent("a prefix")
    let install = try TestSupport.runProcess(
      tree.appendingPathComponent("install.sh").path, ["--prefix", prefix.path])
    try #require(install.status == 0, "\(install.err)")
    try ShellLines.check(install.out, prefix: prefix, in: parent, completion: true)
  }

  @Test func usageErrors() throws {
    for arguments in [["--prefix"], ["--frobnicate"], ["--prefix", ""]] {
      let result = try TestSupport.runProcess(Self.installer.path, arguments)
      #expect(result.status == 64, "\(arguments)")
      #expect(result.err.hasPrefix("install.sh: error: "), "\(result.err)")
    }
  }
}

/// The lines install.sh prints for the shell, run as a user pastes them.
enum ShellLines {
  /// bash-completion's loader.
  static let bashCompletion = "/usr/share/bash-completion/bash_completion"

  /// Runs the indented lines of `output` that set PATH and XDG_DATA_DIRS in bash, as pasted, in
  /// `folder`: PATH must then start with PREFIX/bin, nothing else may run, and (`completion`)
  /// bash-completion must load the completion of each tool in PREFIX/bin.
  static func check(_ output: String, prefix: URL, in folder: URL, completion: Bool) throws {
    let lines = output.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
    let path = try #require(lines.first { $0.hasPrefix("export PATH=") }, "\(output)")
    let data = try #require(lines.first { $0.hasPrefix("export XDG_DATA_DIRS=") }, "\(output)")
    let bin = prefix.appendingPathComponent("bin").path
    let tools = try FileManager.default.contentsOfDirectory(atPath: bin).sorted()
    var script = "\(path)\n\(data)\nprintf '%s\\n' \"${PATH%%:*}\"\n"
    if completion {
      script += "source \(bashCompletion)\n"
      for tool in tools {
        script += "__load_completion \(tool) && complete -p \(tool) | sed 's/ -F .* / /'\n"
      }
    }
    let result = try TestSupport.runProcess(
      "/bin/bash", ["--norc", "-c", script], environment: ["PATH": "/usr/bin:/bin", "HOME": folder.path],
      currentDirectory: folder)
    #expect(result.status == 0, "\(result.err)")
    var expected = "\(bin)\n"
    if completion {
      expected += tools.map { "complete \($0)\n" }.joined()
    }
    #expect(
      result.out.replacingOccurrences(of: "-W 'one two' ", with: "") == expected, "\(script)\n\(result.err)")
    #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("pwned").path))
  }
}
