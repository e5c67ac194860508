import PipeProtocol
import PipeReading

/// A progress bar on stderr, drawn only when stderr is a terminal.
public final class ProgressBar {
  let total: Int
  let label: String
  let enabled: Bool
  var lastDrawn = -1

  /// A bar for `total` steps.
  public init(total: Int, label: String) {
    self.total = max(total, 1)
    self.label = label
    self.enabled = Terminal.isTTY(2)
  }

  /// Updates the bar to `done` steps (cheap to call often: it redraws on whole percent changes).
  public func update(_ done: Int) {
    guard enabled else { return }
    let percent = min(100, done * 100 / total)
    guard percent != lastDrawn else { return }
    lastDrawn = percent
    let width = max(10, min(40, Terminal.width(fd: 2) - label.count - 12))
    let filled = width * percent / 100
    let bar = String(repeating: "█", count: filled) + String(repeating: "░", count: width - filled)
    StandardOutput.error.write("\r\(label) \(bar) \(percent)%")
    StandardOutput.error.flush()
  }

  /// Clears the bar.
  public func finish() {
    guard enabled, lastDrawn >= 0 else { return }
    StandardOutput.error.write("\r\u{1B}[K")
    StandardOutput.error.flush()
  }
}
