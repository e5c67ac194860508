import Glibc
import ToolSupport

/// Desktop notifications through a program such as `notify-send`, when it is on PATH. It is never
/// waited for longer than a moment: a notifier that hangs (no desktop session) is left behind.
final class Notifier {
  let path: String
  var children: [pid_t] = []

  /// A notifier for `program`, or nil when it is not on PATH.
  init?(program: String) {
    guard let found = Subprocess.find(program) else { return nil }
    path = found
  }

  /// Starts the program with a title and a body, its output going nowhere; does not wait for it.
  func notify(_ title: String, _ body: String) {
    do {
      let streams = Subprocess.Streams(redirect: [0: nil, 1: nil, 2: nil])
      children.append(try Subprocess.spawn(path, [path, title, body], streams: streams))
    } catch {
      Diagnostics.warn("cannot run '\(path)': \(error.description); no desktop notification", tool: "orders")
    }
  }

  /// Collects the notifier processes that have ended, waiting up to `seconds` for the others
  /// (0: not at all); those still running then are left to finish on their own.
  func reap(within seconds: Double = 0) {
    var waited = 0.0
    while true {
      children = children.filter { !Subprocess.hasEnded($0) }
      guard !children.isEmpty, waited < seconds else { return }
      Sleep.seconds(0.02)
      waited += 0.02
    }
  }
}
