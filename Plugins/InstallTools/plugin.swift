import Foundation
import PackagePlugin

/// `swift package --allow-writing-to-package-directory install-tools [--prefix DIR | --local]`:
/// builds the tools in release mode with the Swift standard library linked statically, strips them
/// into DIR/bin, and writes their manual pages and shell completions under DIR/share (without
/// --prefix, the bash and fish completions go where bash-completion and fish look: see
/// `ToolDocs.userCompletionFolders`).
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
          fish completions under DIR/share. DIR defaults to ~/.local, and then the bash and fish
          completions go where bash-completion and fish look ($XDG_DATA_HOME/bash-completion/completions
          and $XDG_DATA_HOME/fish/vendor_completions.d, else under ~/.local/share); --local means the
          package's bin/.installed folder (ignored by git).
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
        ?? ToolDocs.home().appending(path: ".local")
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
    // An install for the user puts the bash and fish completions where bash-completion and fish
    // look for the user's own (XDG_DATA_HOME included), whatever the prefix's share folder is.
    let folders = local || !prefixes.isEmpty ? [:] : ToolDocs.userCompletionFolders()
    try ToolDocs.write(tools: installed, prefix: prefix, folders: folders)

    print("install-tools: installed \(tools.joined(separator: ", ")) into \(bin.path)")
    print("install-tools: manual pages and completions in:")
    for folder in ToolDocs.folders(prefix: prefix, folders: folders) { print("  \(folder)") }
    let share = prefix.appending(path: "share").path
    let bash = ToolDocs.file(ToolDocs.bashPath, tool: "TOOL", prefix: prefix, folders: folders).path
    let fish = ToolDocs.file(ToolDocs.fishPath, tool: "", prefix: prefix, folders: folders)
      .deletingLastPathComponent().path
    print(
      """
      Add the tools to your PATH (man finds their pages through it), e.g. in ~/.bashrc or ~/.zshrc:
        export PATH="\(bin.path):$PATH"
      Completions (they ask the tools for words, so the tools must be on PATH):
        bash: bash-completion loads them on its own\(folders.isEmpty ? " once \(bin.path) is on PATH" : ""); otherwise
              source \(bash)
        zsh:  fpath=(\(share)/zsh/site-functions $fpath)   # before compinit
        fish: \(folders.isEmpty ? "set -p fish_complete_path \(fish)" : "fish loads them on its own")
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
