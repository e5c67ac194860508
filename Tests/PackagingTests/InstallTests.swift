import Foundation
import TestSupport
import Testing

/// The seven tools, as Package.swift names their products.
let toolNames = ["achievements", "orders", "pipe-check", "sales-chart", "story-io", "trips", "weather"]

/// `swift package install-tools` end to end: a static release build (minutes on a small machine,
/// so it runs only with SAMPLEPIPES_INSTALL_TEST=1, which .ci/run sets), then the installed tools
/// must need no Swift runtime library, work with the build folder gone, and come with manual pages
/// and completions that load; the installed install.sh uninstalls them.
@Suite("install-tools plugin", .serialized)
struct InstallTests {
  static let enabled = ProcessInfo.processInfo.environment["SAMPLEPIPES_INSTALL_TEST"] == "1"
  /// bash-completion's loader.
  static let bashCompletion = "/usr/share/bash-completion/bash_completion"

  @Test(
    .enabled(
      if: InstallTests.enabled,
      "a static release build (minutes): SAMPLEPIPES_INSTALL_TEST=1 swift test --filter InstallTests"),
    .enabled(if: Requirements.has("man"), "man is not installed (.ci/run installs man-db)"),
    .enabled(if: Requirements.has("zsh"), "zsh is not installed (.ci/run installs it)"),
    .enabled(if: Requirements.has("fish"), "fish is not installed (.ci/run installs it)"),
    .enabled(
      if: FileManager.default.fileExists(atPath: InstallTests.bashCompletion),
      "bash-completion is not installed (.ci/run installs it)"))
  func installBuildsStaticToolsWithPagesAndCompletions() throws {
    let fm = FileManager.default
    let swift = try #require(findOnPath("swift"), "swift is not on PATH")
    let root = TestSupport.packageRoot
    // Its own scratch folder: `swift test` holds .build, and a second build there would wait for it.
    let scratch = root.appendingPathComponent(".build-install")
    // A space and a command substitution: the lines it prints must paste safely (issue 43).
    let parent = try TestSupport.temporaryDirectory()
    let prefix = parent.appendingPathComponent("prefix with space $(touch pwned)")
    defer { try? fm.removeItem(at: parent) }

    let install = try TestSupport.runProcess(
      swift,
      [
        "package", "--scratch-path", scratch.path, "--allow-writing-to-package-directory", "install-tools",
        "--prefix", prefix.path,
      ], currentDirectory: root)
    try #require(install.status == 0, "install-tools failed:\n\(install.out)\n\(install.err)")
    let bin = prefix.appendingPathComponent("bin")
    #expect(install.out.contains("install.sh: installed SamplePipes "), "\(install.out)")
    #expect(install.out.contains(" (\(toolNames.joined(separator: " "))) into "), "\(install.out)")
    // PATH and bash-completion (2.11 looks in XDG_DATA_DIRS, not beside PATH) as the lines say.
    try ShellLines.check(install.out, prefix: prefix, in: parent, completion: true)

    for tool in toolNames {
      let path = bin.appendingPathComponent(tool).path
      #expect(fm.isExecutableFile(atPath: path), "\(tool) is not installed")
      let ldd = try TestSupport.runProcess("/usr/bin/ldd", [path])
      #expect(ldd.status == 0)
      #expect(ldd.out.contains("libc.so"), "ldd \(tool): \(ldd.out)")
      #expect(!ldd.out.contains("libswift"), "\(tool) needs a Swift runtime library:\n\(ldd.out)")
      #expect(!ldd.out.contains("libFoundation"), "\(tool) links Foundation:\n\(ldd.out)")
      let file = try TestSupport.runProcess("/usr/bin/env", ["file", path])
      if file.status == 0 { #expect(file.out.contains("stripped") && !file.out.contains("not stripped")) }
      for relative in [
        "share/man/man1/\(tool).1", "share/bash-completion/completions/\(tool)",
        "share/zsh/site-functions/_\(tool)", "share/fish/vendor_completions.d/\(tool).fish",
      ] {
        #expect(fm.fileExists(atPath: prefix.appendingPathComponent(relative).path), "\(relative) is missing")
      }
    }

    // The build folder goes away: the tools carry their data and runtime.
    let moved = root.appendingPathComponent(".build-install.moved")
    try? fm.removeItem(at: moved)
    try fm.moveItem(at: scratch, to: moved)
    defer { try? fm.moveItem(at: moved, to: scratch) }
    try checkInstalledTools(prefix: prefix)

    // The installed install.sh removes it all, the prefix it made included.
    let uninstall = try TestSupport.runProcess(
      prefix.appendingPathComponent("share/samplepipes/install.sh").path,
      ["--uninstall", "--prefix", prefix.path])
    #expect(uninstall.status == 0, "\(uninstall.err)")
    #expect(!fm.fileExists(atPath: prefix.path), "\(InstallerTests.files(under: prefix))")
  }

  /// Runs the installed tools with only system folders besides DIR/bin on PATH.
  func checkInstalledTools(prefix: URL) throws {
    let fm = FileManager.default
    let bin = prefix.appendingPathComponent("bin").path
    let environment = [
      "PATH": "\(bin):/usr/bin:/bin", "MANPAGER": "cat", "MANWIDTH": "80", "LC_ALL": "C.UTF-8",
    ]
    func sh(_ command: String) throws -> TestSupport.Result {
      try TestSupport.runProcess("/bin/bash", ["-c", command], environment: environment)
    }

    let version = try sh("pipe-check --version")
    #expect(version.status == 0)
    #expect(version.out == "pipe-check (SamplePipes) 0.1.0, protocol version 4\n")
    let check = try sh(#"printf '%s\n' '{"type":"a"}' '{"type":"b","n":1}' | pipe-check --pass"#)
    #expect(check.status == 0)
    #expect(check.out == "{\"type\":\"a\"}\n{\"type\":\"b\",\"n\":1}\n")
    #expect(check.err == "pipe-check: 2 records, 2 types, 0 problems\n")

    let pipeline = try sh("set -o pipefail; orders generate | sales-chart")
    #expect(pipeline.status == 0, "orders generate | sales-chart: \(pipeline.err)")
    #expect(!pipeline.out.isEmpty)

    let share = prefix.appendingPathComponent("share").path
    for tool in ["pipe-check", "orders"] {
      let man = try sh("man -l '\(share)/man/man1/\(tool).1'")
      #expect(man.status == 0)
      // man justifies text, so a wrapped NAME line may hold double spaces: compare words.
      let words = man.out.split(whereSeparator: \.isWhitespace).joined(separator: " ")
      #expect(words.contains("NAME \(tool) - "), "man -l \(tool).1:\n\(man.out)\(man.err)")
    }

    // One page per subcommand, found through PATH as `man orders` is.
    #expect(fm.fileExists(atPath: "\(share)/man/man1/orders-place.1"))
    #expect(fm.fileExists(atPath: "\(share)/man/man1/trips-activity-add.1"))
    let place = try sh("man orders-place")
    #expect(place.status == 0, "man orders-place: \(place.err)")
    let placeWords = place.out.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    #expect(placeWords.contains("NAME orders-place - place a new order in the store"), "\(place.out)")
    #expect(placeWords.contains("SEE ALSO orders(1)"), "\(place.out)")

    for tool in toolNames {
      let bash = try sh("source '\(share)/bash-completion/completions/\(tool)' && complete -p \(tool)")
      #expect(
        bash.out == "complete -F _\(tool.replacingOccurrences(of: "-", with: "_")) \(tool)\n", "\(bash.err)")
    }
    let direct = try sh("source <(orders --generate-completion-script bash); complete -p orders")
    #expect(direct.out == "complete -F _orders orders\n")

    do {
      let script = toolNames.map { "source '\(share)/zsh/site-functions/_\($0)'; print -r -- $_comps[\($0)]" }
      let home = try TestSupport.temporaryDirectory()
      defer { try? FileManager.default.removeItem(at: home) }
      let zsh = try TestSupport.runProcess(
        try #require(Requirements.path(of: "zsh")),
        ["-f", "-c", "autoload -Uz compinit && compinit -u -D; " + script.joined(separator: "; ")],
        environment: environment.merging(["HOME": home.path]) { $1 })
      #expect(zsh.status == 0)
      #expect(zsh.err.isEmpty, "\(zsh.err)")
      #expect(zsh.out == toolNames.map { "_\($0)\n" }.joined())
    }

    do {
      let home = try TestSupport.temporaryDirectory()
      defer { try? FileManager.default.removeItem(at: home) }
      let fish = try TestSupport.runProcess(
        try #require(Requirements.path(of: "fish")),
        [
          "--no-config", "-c",
          "set -p fish_complete_path '\(share)/fish/vendor_completions.d'; complete -C 'pipe-check --pa'",
        ], environment: environment.merging(["HOME": home.path, "XDG_CONFIG_HOME": home.path]) { $1 })
      #expect(fish.status == 0)
      #expect(fish.err.isEmpty, "\(fish.err)")
      #expect(fish.out.hasPrefix("--pass\t"))
    }
  }

  /// Without --prefix (an install into ~/.local for the user), the bash and fish completions go
  /// where bash-completion and fish look for the user's own: under XDG_DATA_HOME when it is set,
  /// not ~/.local/share.
  @Test(
    .enabled(if: InstallTests.enabled, "set SAMPLEPIPES_INSTALL_TEST=1 (.ci/run does)"),
    .enabled(
      if: FileManager.default.fileExists(atPath: InstallTests.bashCompletion),
      "bash-completion is not installed (.ci/run installs it)"))
  func userInstallPutsCompletionsWhereBashCompletionLooks() throws {
    let fm = FileManager.default
    let swift = try #require(findOnPath("swift"), "swift is not on PATH")
    let root = TestSupport.packageRoot
    let home = try TestSupport.temporaryDirectory()
    defer { try? fm.removeItem(at: home) }
    // No space in it: bash-completion splits its user folder at spaces.
    let data = home.appendingPathComponent("data")
    let environment = ["HOME": home.path, "XDG_DATA_HOME": data.path, "BASH_COMPLETION_USER_DIR": ""]
    let install = try TestSupport.runProcess(
      swift,
      [
        "package", "--scratch-path", root.appendingPathComponent(".build-install").path,
        "--allow-writing-to-package-directory", "install-tools",
      ], environment: environment, currentDirectory: root)
    try #require(install.status == 0, "install-tools failed:\n\(install.out)\n\(install.err)")
    for relative in [
      ".local/bin/orders", ".local/share/man/man1/orders.1", ".local/share/zsh/site-functions/_orders",
      "data/bash-completion/completions/orders", "data/fish/vendor_completions.d/orders.fish",
    ] {
      #expect(fm.fileExists(atPath: home.appendingPathComponent(relative).path), "\(relative) is missing")
    }
    #expect(!fm.fileExists(atPath: home.appendingPathComponent(".local/share/bash-completion").path))
    #expect(install.out.contains("  bash: bash-completion loads them on its own\n"), "\(install.out)")

    // bash-completion finds it on demand, as it does when the user presses Tab.
    let bash = try TestSupport.runProcess(
      "/bin/bash",
      [
        "--norc", "-c",
        "source \(InstallTests.bashCompletion); __load_completion orders && complete -p orders",
      ],
      environment: environment.merging(["PATH": "/usr/bin:/bin"]) { $1 })
    #expect(bash.out == "complete -F _orders orders\n", "\(bash.err)")
  }

  @Test(.enabled(if: InstallTests.enabled, "set SAMPLEPIPES_INSTALL_TEST=1 (.ci/run does)"))
  func unknownArgumentIsRefused() throws {
    let swift = try #require(findOnPath("swift"))
    let root = TestSupport.packageRoot
    let result = try TestSupport.runProcess(
      swift,
      [
        "package", "--scratch-path", root.appendingPathComponent(".build-install").path,
        "--allow-writing-to-package-directory", "install-tools", "--prefix", "/tmp/x", "--local",
      ], currentDirectory: root)
    #expect(result.status != 0)
    #expect((result.out + result.err).contains("install-tools: give --prefix DIR or --local, not both"))
  }
}
