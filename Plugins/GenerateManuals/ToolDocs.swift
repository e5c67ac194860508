import Foundation
import PackagePlugin

/// Writes the manual pages and shell completions of built tools under a prefix, by asking each tool
/// (`TOOL --manual-pages` for the names of its pages, the tool's and one per subcommand such as
/// `orders-place`; `TOOL --generate-manual=PAGE`; `TOOL --generate-completion-script SHELL`): the
/// tools generate them from the same specification that produces their `--help`.
///
/// This file is shared by the GenerateManuals and InstallTools plugins (InstallTools links to it,
/// for `tools(in:)` and `run`; bin/stage writes the same layout for an install or a release).
enum ToolDocs {
  /// Where each kind of file goes, relative to the prefix; `%` is the tool's name.
  static let layout: [(arguments: [String], path: String)] = [
    (["--generate-manual"], manualPath),
    (["--generate-completion-script", "bash"], bashPath),
    (["--generate-completion-script", "zsh"], "share/zsh/site-functions/_%"),
    (["--generate-completion-script", "fish"], fishPath),
  ]
  static let manualPath = "share/man/man1/%.1"
  static let bashPath = "share/bash-completion/completions/%"
  static let fishPath = "share/fish/vendor_completions.d/%.fish"

  /// The file of `tool` for the layout entry `path`, under `prefix`.
  static func file(_ path: String, tool: String, prefix: URL) -> URL {
    prefix.appending(path: path.replacingOccurrences(of: "%", with: tool))
  }

  /// The package's tools: its executable products built on ToolSupport (so not build helpers such
  /// as embed-data), sorted by name.
  static func tools(in package: Package) -> [String] {
    package.products.compactMap { $0 as? ExecutableProduct }.filter { product in
      product.mainTarget.recursiveTargetDependencies.contains { $0.name == "ToolSupport" }
    }.map(\.name).sorted()
  }

  /// Writes every tool's files under `prefix`.
  static func write(tools: [(name: String, executable: URL)], prefix: URL) throws {
    for tool in tools {
      for (arguments, path) in layout {
        // A manual page per page name (the tool's, then one per subcommand); else one file.
        let names =
          path == manualPath
          ? String(decoding: try run(tool.executable, ["--manual-pages"]), as: UTF8.self)
            .split(separator: "\n").map(String.init) : [tool.name]
        for name in names {
          let output = try run(
            tool.executable, path == manualPath ? ["--generate-manual=\(name)"] : arguments)
          let file = file(path, tool: name, prefix: prefix)
          try FileManager.default.createDirectory(
            at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
          try output.write(to: file, options: .atomic)
        }
      }
    }
  }

  /// The folders the files went to, for the closing message.
  static func folders(prefix: URL) -> [String] {
    layout.map { file($0.path, tool: "%", prefix: prefix).deletingLastPathComponent().path }
  }

  /// Runs a tool and returns its standard output; fails with its standard error.
  static func run(_ executable: URL, _ arguments: [String]) throws -> Data {
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    let output = Pipe()
    let errors = Pipe()
    process.standardOutput = output
    process.standardError = errors
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    let message = errors.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
      throw PluginFailure(
        "\(executable.path) \(arguments.joined(separator: " ")) failed (exit \(process.terminationStatus)): "
          + String(decoding: message, as: UTF8.self))
    }
    return data
  }
}

/// A plugin error with a plain message.
struct PluginFailure: Error, CustomStringConvertible {
  var description: String

  init(_ description: String) { self.description = description }
}
