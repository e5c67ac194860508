import PipeProtocol

/// Reading records from the files named on the command line, or stdin.
public enum Inputs {
  /// `--quiet`, for a tool that reads long streams: no progress line on a terminal.
  public static let quiet = Flag("quiet", short: "q", help: "no progress line on a terminal while reading")

  /// The bytes `-` reads instead of file descriptor 0, when set: a test runs a tool in its own
  /// process with this input (the same setting as `LineReader.injectedStandardInput`).
  public static var standardInput: [UInt8]? {
    get { LineReader.injectedStandardInput }
    set { LineReader.injectedStandardInput = newValue }
  }

  /// Opens each path in turn (`-` or none: stdin, or `standardInput` when set) and calls `body`
  /// with a record reader. When stdin is a terminal, prints a short hint so the tool does not wait
  /// silently; when stderr is a terminal and the reading is long, a progress line (`ReadProgress`).
  /// `quiet` turns both off.
  public static func forEach(
    _ paths: [String], tool: String, quiet: Bool = false, _ body: (RecordReader) throws -> Void
  ) throws {
    try forEachReader(paths, tool: tool, quiet: quiet) { reader in
      try body(RecordReader(reader))
      return true
    }
  }

  /// The loop under `forEach`, for a tool that reads lines itself (pipe-check): each input as a
  /// `LineReader` of lines up to `maxLineLength`, with the terminal hint and the progress line.
  /// An input that cannot be opened goes to `cannotOpen` (by default thrown: the tool stops);
  /// `body` returns false to read no further input.
  public static func forEachReader(
    _ paths: [String], tool: String, quiet: Bool = false,
    maxLineLength: Int = LineReader.defaultMaxLineLength,
    cannotOpen: (ToolError) throws -> Void = { throw $0 },
    _ body: (LineReader) throws -> Bool
  ) throws {
    let sources = paths.isEmpty ? ["-"] : paths
    for path in sources {
      if path == "-", standardInput == nil, !quiet, Terminal.isTTY(0) {
        Diagnostics.note(
          "reading JSON lines from the terminal; end with Ctrl-D (see '\(tool) --help')", tool: tool)
      }
      let reader: LineReader
      do {
        reader = try LineReader.open(path: path, maxLineLength: maxLineLength)
      } catch {
        try cannotOpen(error.toolError)
        continue
      }
      let progress = ReadProgress.attach(to: reader, tool: tool, quiet: quiet)
      defer { progress?.finish() }
      guard try body(reader) else { return }
    }
  }
}
