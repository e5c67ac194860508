import Foundation
import PackagePlugin

/// `swift package --allow-writing-to-package-directory install-tools [--prefix DIR | --local]`:
/// builds the tools as bin/build does (release mode, the Swift standard library linked statically:
/// the same flags, so that a build by bin/build or bin/demo is reused), lays out the release tree
/// with bin/stage (stripped tools, manual pages, completions, docs, install.sh, SHA256SUMS) and
/// installs it with that tree's install.sh, the installer of a release archive: a manifest, and
/// `install.sh --uninstall` to remove it.
@main
struct InstallTools: CommandPlugin {
  /// The flags bin/build gives `swift build -c release` (`-Xswiftc -static-stdlib`): the same, or
  /// SwiftPM builds everything again.
  static let swiftcFlags = ["-static-stdlib"]

  func performCommand(context: PluginContext, arguments: [String]) async throws {
    var extractor = ArgumentExtractor(arguments)
    if extractor.extractFlag(named: "help") > 0 {
      print(
        """
        usage: swift package --allow-writing-to-package-directory install-tools [--prefix DIR | --local | --build-only]
          Builds the tools as bin/build does (release mode, the Swift standard library linked in
          statically), lays them out with bin/stage as a release archive holds them, and installs
          them with its install.sh: the tools stripped into DIR/bin, manual pages into
          DIR/share/man/man1, bash, zsh and fish completions under DIR/share, and a manifest,
          DIR/share/samplepipes/manifest (DIR/share/samplepipes/install.sh --uninstall --prefix DIR
          removes what it lists). DIR defaults to ~/.local, and then the bash and fish completions
          go where bash-completion and fish look ($XDG_DATA_HOME/bash-completion/completions and
          $XDG_DATA_HOME/fish/vendor_completions.d, else under ~/.local/share); --local means the
          package's bin/.installed folder (ignored by git). --build-only builds and installs
          nothing (bin/build's last step).
        """)
      return
    }
    // bin/build's last step: SwiftPM builds the tools of the build plugins (embed-data) for a
    // command plugin's build in a database of its own, so the first install-tools after a
    // `swift build` compiled them again.
    let buildOnly = extractor.extractFlag(named: "build-only") > 0
    let prefixes = extractor.extractOption(named: "prefix")
    let local = extractor.extractFlag(named: "local") > 0
    guard extractor.remainingArguments.isEmpty else {
      throw PluginFailure("install-tools: unknown argument '\(extractor.remainingArguments[0])'; see --help")
    }
    guard !(local && !prefixes.isEmpty) else {
      throw PluginFailure("install-tools: give --prefix DIR or --local, not both")
    }
    let package = context.package.directoryURL
    let prefix =
      local ? package.appending(path: "bin/.installed") : prefixes.last.map { absolute($0, package: package) }
    let tools = ToolDocs.tools(in: context.package)

    print(
      "install-tools: building \(tools.count) tools (release, static Swift standard library, as bin/build)..."
    )
    fflush(nil)
    var parameters = PackageManager.BuildParameters(
      configuration: .release, logging: .concise, echoLogs: true)
    parameters.otherSwiftcFlags = Self.swiftcFlags
    let result = try packageManager.build(.all(includingTests: false), parameters: parameters)
    guard result.succeeded else { throw PluginFailure("install-tools: the release build failed") }
    if buildOnly { return }
    let built = try tools.map { name in
      guard
        let artifact = result.builtArtifacts.first(where: {
          $0.kind == .executable && $0.url.lastPathComponent == name
        })
      else { throw PluginFailure("install-tools: the build did not produce \(name)") }
      return artifact.url
    }

    let stage = context.pluginWorkDirectoryURL.appending(path: "stage")
    try? FileManager.default.removeItem(at: stage)
    _ = try ToolDocs.run(
      package.appending(path: "bin/stage"),
      ["--from", built[0].deletingLastPathComponent().path, "--out", stage.path] + tools)
    let installer = try Process.run(
      stage.appending(path: "install.sh"), arguments: prefix.map { ["--prefix", $0.path] } ?? [])
    installer.waitUntilExit()
    guard installer.terminationReason == .exit, installer.terminationStatus == 0 else {
      throw PluginFailure("install-tools: install.sh failed (exit \(installer.terminationStatus))")
    }
  }
}

/// `path` made absolute against the directory the command was run from (else the package).
func absolute(_ path: String, package: URL) -> URL {
  if path.hasPrefix("/") { return URL(filePath: path).standardizedFileURL }
  if path == "~" || path.hasPrefix("~/") {
    return FileManager.default.homeDirectoryForCurrentUser.appending(path: String(path.dropFirst(2)))
  }
  let base = ProcessInfo.processInfo.environment["PWD"].map { URL(filePath: $0) } ?? package
  return base.appending(path: path).standardizedFileURL
}
