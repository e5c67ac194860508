import Glibc
import PipeProtocol
import PipeReading

/// A progress line on stderr for long reads: for a regular file the percentage read and the
/// rate, for a pipe the records (lines) read and the rate. It is drawn only when stderr is a
/// terminal, only once the work has taken a second (short runs stay quiet), at most five times a
/// second, and it is cleared at the end, so that nothing of it stays in a log or on the screen.
public final class ReadProgress {
  let tool: String
  let size: Int?
  let start = Subprocess.monotonicSeconds()
  var lastDrawn = 0.0
  var drawn = false
  /// The progress line on the screen now, if any: messages clear it before they are written.
  nonisolated(unsafe) static weak var onScreen: ReadProgress?

  /// Clears the progress line, if one is drawn, so that a message starts on a clean line.
  public static func clearForMessage() { onScreen?.finish() }

  init(tool: String, size: Int?) {
    self.tool = tool
    self.size = size
  }

  /// Shows progress for `reader` when stderr is a terminal and `quiet` is false: hooks its
  /// `beforeRead` (which still flushes stdout first, so a live stream is never held back).
  @discardableResult
  public static func attach(to reader: LineReader, tool: String, quiet: Bool = false) -> ReadProgress? {
    guard !quiet, Terminal.isTTY(2) else { return nil }
    let progress = ReadProgress(tool: tool, size: reader.knownSize)
    let previous = reader.beforeRead
    reader.beforeRead = { [unowned reader] in
      previous()
      progress.update(bytes: reader.bytesRead, lines: reader.lineNumber)
    }
    return progress
  }

  /// The text of the line: `sales-chart: 42% of 434 MB, 310 MB/s` or
  /// `sales-chart: 1,200,000 records, 250,000 records/s`.
  static func text(tool: String, size: Int?, bytes: Int, lines: Int, seconds: Double) -> String {
    let elapsed = max(seconds, 0.001)
    if let size, size > 0 {
      let percent = min(100, bytes * 100 / size)
      return "\(tool): \(percent)% of \(megabytes(size)), \(megabytes(Int(Double(bytes) / elapsed)))/s"
    }
    return
      "\(tool): \(Numbers.grouped(lines)) records, \(Numbers.grouped(Int(Double(lines) / elapsed))) records/s"
  }

  func update(bytes: Int, lines: Int) {
    let now = Subprocess.monotonicSeconds()
    guard now - start >= 1, now - lastDrawn >= 0.2 else { return }
    lastDrawn = now
    drawn = true
    Self.onScreen = self
    let line = Self.text(tool: tool, size: size, bytes: bytes, lines: lines, seconds: now - start)
    StandardOutput.error.write("\r\(line)\u{1B}[K")
    StandardOutput.error.flush()
  }

  /// Clears the line, if it was drawn.
  public func finish() {
    guard drawn else { return }
    StandardOutput.error.write("\r\u{1B}[K")
    StandardOutput.error.flush()
    drawn = false
  }

  static func megabytes(_ bytes: Int) -> String { "\(bytes / 1_000_000) MB" }
}
