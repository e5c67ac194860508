import Glibc
import ToolSupport

/// Desktop notifications through a program such as `notify-send`, when it is on PATH. It is never
/// waited for longer than a moment: a notifier that hangs (no desktop session) is left behind.
final class Notifier {
  let path: String
  var children: [pid_t] = []
  /// Whether the program takes `--action` (notify-send 0.7.10 and later): its `--help` says so.
  lazy var takesActions: Bool = {
    let quoted = path.split(separator: "'", omittingEmptySubsequences: false).joined(separator: #"'\''"#)
    let command = "'\(quoted)' --help 2>/dev/null"
    guard case .success(let result) = Subprocess.capture(command, input: [], timeout: 2) else { return false }
    return String(decoding: result.output, as: UTF8.self).contains("--action")
  }()

  /// A notifier for `program`, or nil when it is not on PATH.
  init?(program: String) {
    guard let found = Subprocess.find(program) else { return nil }
    path = found
  }

  /// Starts the program with a title and a body, its output going nowhere; does not wait for it.
  /// With `open` (an order id) and a program that takes `--action`, the notice carries an "Open"
  /// action that opens the order (`action(for:)`): the program then waits for a click, so it runs
  /// under a small shell in a session of its own, which outlives this command.
  func notify(_ title: String, _ body: String, open order: String? = nil) {
    do {
      let streams = Subprocess.Streams(redirect: [0: nil, 1: nil, 2: nil])
      if let order, takesActions {
        let script =
          #"choice=$("$0" --action=open=Open "$1" "$2") && [ "$choice" = open ] && shift 2 && exec "$@""#
        let arguments = ["/bin/sh", "-c", script, path, title, body] + Self.action(for: order)
        _ = try Subprocess.spawn("/bin/sh", arguments, streams: streams, newSession: true)
      } else {
        children.append(try Subprocess.spawn(path, [path, title, body], streams: streams))
      }
    } catch {
      Diagnostics.warn("cannot run '\(path)': \(error.description); no desktop notification", tool: "orders")
    }
  }

  /// What the "Open" action runs for an order: `orders open ID`, through the desktop where
  /// `orders open --install` made it the link's handler (`xdg-open foodtruck://order/1224` opens
  /// it in a terminal window), else this program's `open ID` directly.
  static func action(for order: String) -> [String] {
    if Open.entry.isInstalled, let xdgOpen = Subprocess.find("xdg-open") {
      return [xdgOpen, Notice.link(order)]
    }
    return [DesktopEntry.runningProgram(fallback: "orders"), "open", order]
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
