import Glibc
import ToolSupport

/// Desktop notifications through a program such as `notify-send`, when it is on PATH.
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

  /// Collects finished notifier processes (all of them, waiting, when `wait` is true).
  func reap(wait: Bool) {
    if wait {
      for pid in children { _ = Subprocess.wait(pid) }
      children = []
    } else {
      children = children.filter { !Subprocess.hasEnded($0) }
    }
  }
}
