import Foundation
import PackagePlugin

/// `swift package --allow-writing-to-package-directory install-tools [--prefix DIR | --local]`:
/// builds the tools in release mode with the Swift standard library linked statically, strips them
/// into DIR/bin, and writes their manual pages and shell completions under DIR/share.
@main
struct InstallTools: CommandPlugin {
  func performCommand(context: PluginContext, arguments: [String]) async throws {
    var extractor = ArgumentExtractor(arguments)
    if extractor.extractFlag(named: "help") > 0 {
      print(
        """
        usage: swift package --allow-writing-to-package-directory install-tools [--prefix DIR | --local]
          Builds the tools in release mode with the Swift standard library linked in statically,
          strips them into DIR/bin and writes manual pages to DIR/share/man/man1 and bash, zsh and
          fish completions under DIR/share. DIR defaults to ~/.local; --local means the package's
          bin/.installed folder (ignored by git).
        """)
      return
    }
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
      local
      ? package.appending(path: "bin/.installed")
      : prefixes.last.map { absolute($0, package: package) }
        ?? FileManager.default.homeDirectoryForCurrentUser.appending(path: ".local")
    let tools = ToolDocs.tools(in: context.package)

    print("install-tools: building \(tools.count) tools (release, static Swift standard library)...")
    fflush(nil)
    var parameters = PackageManager.BuildParameters(
      configuration: .release, logging: .concise, echoLogs: true)
    parameters.otherSwiftcFlags = ["-static-stdlib"]
    let result = try packageManager.build(.all(includingTests: false), parameters: parameters)
    guard result.succeeded else { throw PluginFailure("install-tools: the release build failed") }

    let bin = prefix.appending(path: "bin")
    try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
    let strip = findExecutable("strip")
    if strip == nil { print("install-tools: warning: 'strip' not found (binutils); installing unstripped") }
    var installed: [(name: String, executable: URL)] = []
    for name in tools {
      guard
        let artifact = result.builtArtifacts.first(where: {
          $0.kind == .executable && $0.url.lastPathComponent == name
        })
      else { throw PluginFailure("install-tools: the build did not produce \(name)") }
      let target = bin.appending(path: name)
      try install(artifact.url, to: target, strip: strip)
      installed.append((name, target))
    }
    try ToolDocs.write(tools: installed, prefix: prefix)

    print("install-tools: installed \(tools.joined(separator: ", ")) into \(bin.path)")
    print("install-tools: manual pages and completions in:")
    for folder in ToolDocs.folders(prefix: prefix) { print("  \(folder)") }
    let share = prefix.appending(path: "share").path
    print(
      """
      Add the tools to your PATH (man finds their pages through it), e.g. in ~/.bashrc or ~/.zshrc:
        export PATH="\(bin.path):$PATH"
      Completions: bash-completion loads them from ~/.local/share on its own; otherwise
        bash: source \(share)/bash-completion/completions/TOOL
        zsh:  fpath=(\(share)/zsh/site-functions $fpath)   # before compinit
        fish: set -p fish_complete_path \(share)/fish/vendor_completions.d
      """)
  }

  /// Copies (stripped when `strip` is given) `source` to a temporary file beside `target`, then
  /// renames it over `target`, so a running or half-written binary is never seen.
  func install(_ source: URL, to target: URL, strip: URL?) throws {
    let temporary = target.deletingLastPathComponent().appending(path: ".\(target.lastPathComponent).tmp")
    try? FileManager.default.removeItem(at: temporary)
    if let strip {
      _ = try ToolDocs.run(strip, ["--strip-all", "-o", temporary.path, source.path])
    } else {
      try FileManager.default.copyItem(at: source, to: temporary)
    }
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: temporary.path)
    guard rename(temporary.path, target.path) == 0 else {
      throw PluginFailure("install-tools: cannot install \(target.path): \(String(cString: strerror(errno)))")
    }
  }

  /// The first executable called `name` on PATH.
  func findExecutable(_ name: String) -> URL? {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    for folder in path.split(separator: ":") {
      let candidate = URL(filePath: String(folder)).appending(path: name)
      if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
    }
    return nil
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
