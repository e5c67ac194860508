import Foundation
import PackagePlugin

/// `swift package generate-manuals [--output DIR]`: builds the tools and writes their manual
/// pages (one per tool and one per subcommand) and bash, zsh and fish completions under DIR/share (default: the plugin's work folder in
/// .build). The tools generate them themselves from their command specification.
@main
struct GenerateManuals: CommandPlugin {
  func performCommand(context: PluginContext, arguments: [String]) async throws {
    var extractor = ArgumentExtractor(arguments)
    if extractor.extractFlag(named: "help") > 0 {
      print(
        """
        usage: swift package generate-manuals [--output DIR]
          Builds the tools (debug) and writes DIR/share/man/man1/TOOL.1 (and TOOL-SUBCOMMAND.1
          for each subcommand) and the bash, zsh and fish
          completions under DIR/share. DIR defaults to the plugin's work folder inside .build.
        """)
      return
    }
    let outputs = extractor.extractOption(named: "output")
    guard extractor.remainingArguments.isEmpty else {
      throw PluginFailure(
        "generate-manuals: unknown argument '\(extractor.remainingArguments[0])'; see --help")
    }
    let output =
      outputs.last.map { absolute($0, package: context.package.directoryURL) }
      ?? context.pluginWorkDirectoryURL
    let tools = ToolDocs.tools(in: context.package)
    let result = try packageManager.build(
      .all(includingTests: false), parameters: .init(configuration: .debug, logging: .concise))
    guard result.succeeded else {
      throw PluginFailure("generate-manuals: the build failed:\n\(result.logText)")
    }
    let built = try tools.map { name in
      guard
        let artifact = result.builtArtifacts.first(where: {
          $0.kind == .executable && $0.url.lastPathComponent == name
        })
      else { throw PluginFailure("generate-manuals: the build did not produce \(name)") }
      return (name: name, executable: artifact.url)
    }
    try ToolDocs.write(tools: built, prefix: output)
    print("generate-manuals: wrote the manual pages and completions of \(tools.joined(separator: ", ")) to")
    for folder in ToolDocs.folders(prefix: output) { print("  \(folder)") }
    print("Read one with: man -l \(output.appending(path: "share/man/man1/\(tools[0]).1").path)")
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
