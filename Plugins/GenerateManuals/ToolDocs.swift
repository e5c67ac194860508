import Foundation
import PackagePlugin

/// Writes the manual pages and shell completions of built tools under a prefix, by asking each tool
/// (`TOOL --manual-pages` for the names of its pages, the tool's and one per subcommand such as
/// `orders-place`; `TOOL --generate-manual=PAGE`; `TOOL --generate-completion-script SHELL`): the
/// tools generate them from the same specification that produces their `--help`.
///
/// This file is shared by the GenerateManuals and InstallTools plugins (InstallTools links to it).
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

  /// Where bash-completion and fish look for a user's completions:
  /// `$BASH_COMPLETION_USER_DIR/completions`, else `$XDG_DATA_HOME/bash-completion/completions`,
  /// else `~/.local/share/bash-completion/completions`; and `$XDG_DATA_HOME/fish/vendor_completions.d`,
  /// else `~/.local/share/fish/vendor_completions.d`. An install for the user (no `--prefix`) puts
  /// the bash and fish completions there, so that they are found whatever XDG_DATA_HOME says.
  static func userCompletionFolders(
    environment: [String: String] = ProcessInfo.processInfo.environment, home: URL = home()
  ) -> [String: URL] {
    func absolute(_ name: String) -> URL? {
      guard let value = environment[name], value.hasPrefix("/") else { return nil }
      return URL(filePath: value)
    }
    let data = absolute("XDG_DATA_HOME") ?? home.appending(path: ".local/share")
    let bash = absolute("BASH_COMPLETION_USER_DIR") ?? data.appending(path: "bash-completion")
    return [
      bashPath: bash.appending(path: "completions"),
      fishPath: data.appending(path: "fish/vendor_completions.d"),
    ]
  }

  /// The user's home: `$HOME` (as the shell's `~` and bash-completion read it), else the
  /// account's.
  static func home(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
    guard let home = environment["HOME"], home.hasPrefix("/") else {
      return FileManager.default.homeDirectoryForCurrentUser
    }
    return URL(filePath: home)
  }

  /// The file of `tool` for the layout entry `path`: under `prefix`, or in `folders` when it
  /// names one for this entry.
  static func file(_ path: String, tool: String, prefix: URL, folders: [String: URL]) -> URL {
    let name = path.replacingOccurrences(of: "%", with: tool)
    if let folder = folders[path] { return folder.appending(path: URL(filePath: name).lastPathComponent) }
    return prefix.appending(path: name)
  }

  /// The package's tools: its executable products built on ToolSupport (so not build helpers such
  /// as embed-data), sorted by name.
  static func tools(in package: Package) -> [String] {
    package.products.compactMap { $0 as? ExecutableProduct }.filter { product in
      product.mainTarget.recursiveTargetDependencies.contains { $0.name == "ToolSupport" }
    }.map(\.name).sorted()
  }

  /// Writes every tool's files under `prefix`, or in `folders` for the entries it names.
  static func write(tools: [(name: String, executable: URL)], prefix: URL, folders: [String: URL] = [:])
    throws
  {
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
          let file = file(path, tool: name, prefix: prefix, folders: folders)
          try FileManager.default.createDirectory(
            at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
          try output.write(to: file, options: .atomic)
        }
      }
    }
  }

  /// The folders the files went to, for the closing message.
  static func folders(prefix: URL, folders: [String: URL] = [:]) -> [String] {
    layout.map { file($0.path, tool: "%", prefix: prefix, folders: folders).deletingLastPathComponent().path }
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
