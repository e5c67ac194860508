import PipeProtocol
import PipeReading

/// The command-line side of reading the files named on the command line, or stdin: `--quiet`, the
/// hint on a terminal, the progress line, and the parallel driver's threads from the environment.
extension Inputs {
  /// `--quiet`, for a tool that reads long streams: no progress line on a terminal.
  public static let quiet = Flag("quiet", short: "q", help: "no progress line on a terminal while reading")

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
  /// `LineReader` of lines up to `maxLineLength`, flushing standard output before each read, with
  /// the terminal hint and the progress line. An input that cannot be opened goes to `cannotOpen`
  /// (by default thrown: the tool stops); `body` returns false to read no further input.
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
        reader = try LineReader.open(
          path: path, maxLineLength: maxLineLength, flushing: StandardOutput.shared)
      } catch {
        try cannotOpen(error.toolError)
        continue
      }
      let progress = ReadProgress.attach(to: reader, tool: tool, quiet: quiet)
      defer { progress?.finish() }
      guard try body(reader) else { return }
    }
  }

  /// `read(_:threads:chunkSize:...)` on every core: the threads and the chunk size the
  /// environment chooses (`ReadingThreads`).
  public static func read<Value>(
    _ reader: LineReader, drainsBeforeBlocking: Bool = false,
    parallel makeWorker: (@Sendable () -> (LineChunk) -> ChunkOutcome<Value>)?,
    merge: (Value, LineChunk) throws -> Bool, sequential: (LineReader) throws -> Bool
  ) throws {
    try read(
      reader, threads: try ReadingThreads.count(), chunkSize: try ReadingThreads.chunkSize(),
      drainsBeforeBlocking: drainsBeforeBlocking, parallel: makeWorker, merge: merge, sequential: sequential)
  }

  /// `forEach` with the parallel driver: each input read as `read` reads it, records of at most
  /// `maxDepth` levels.
  public static func forEach<Value>(
    _ paths: [String], tool: String, quiet: Bool = false, maxDepth: Int = JSONParser.defaultMaxDepth,
    drainsBeforeBlocking: Bool = false,
    parallel makeWorker: (@Sendable () -> (LineChunk) -> ChunkOutcome<Value>)?,
    merge: (Value, LineChunk) throws -> Bool, sequential: (RecordReader) throws -> Void
  ) throws {
    try forEach(paths, tool: tool, quiet: quiet) { records in
      records.maxDepth = maxDepth
      try read(
        records.lines, drainsBeforeBlocking: drainsBeforeBlocking, parallel: makeWorker, merge: merge,
        sequential: { part in
          let partRecords = part === records.lines ? records : RecordReader(part)
          partRecords.maxDepth = maxDepth
          try sequential(partRecords)
          return true
        })
    }
  }
}
