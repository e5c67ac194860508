import Glibc
import PipeProtocol
import PipeReading
import SystemIO

/// The one confirmation rule for what destroys (`trips remove`, `trips activity remove`, `orders
/// donut remove`): the question asked before the store changes, as the sample's "Delete Activity"
/// dialog asks. `--yes` answers it; off a terminal (stdin not a TTY: a script, a pipe, cron) it
/// cannot be asked, so the command needs `--yes` or fails, and nothing is removed.
public enum Confirmation {
  /// `-y/--yes`: remove without asking. Every command that destroys takes it.
  public static let yes = Flag(
    "yes", short: "y", help: "remove without asking (needed when stdin is not a terminal)"
  ).commandLineOnly()

  /// Returns when the removal may go ahead: `--yes` was given, or the person at the terminal
  /// answered y or yes. Otherwise throws, and nothing has been changed: exit 64 when stdin is not
  /// a terminal and `--yes` is missing, exit 1 when the answer is anything else (or end of input).
  public static func require(_ invocation: Invocation, question: String) throws(ToolError) {
    if invocation[yes] { return }
    let command = invocation.path.joined(separator: " ")
    guard Inputs.standardInput == nil, Terminal.isTTY(0) else {
      throw ToolError.usage(
        "\(command) asks before it removes anything, and stdin is not a terminal to ask on; nothing was removed",
        notes: ["give --yes to remove without asking"])
    }
    guard confirmed(question) else {
      throw ToolError("not confirmed; nothing was removed")
    }
  }

  /// Asks `question` on the terminal (`/dev/tty`, else stderr) and reads one line of answer (from
  /// `/dev/tty`, else stdin): whether it is y or yes, ignoring case and spaces.
  public static func confirmed(_ question: String) -> Bool {
    let tty = (try? SystemCall.open("/dev/tty", O_RDWR | O_NOCTTY | O_CLOEXEC)) ?? -1
    defer { if tty >= 0 { SystemCall.close(tty) } }
    let input = tty >= 0 ? tty : 0
    let output = tty >= 0 ? tty : 2
    StandardOutput.error.flush()
    write(output, question + " [y/N] ")
    var answer: [UInt8] = []
    var byte: UInt8 = 0
    var ended = false
    while true {
      let count = (try? SystemCall.readWaiting(input, into: &byte, count: 1)) ?? 0
      if count <= 0 {
        ended = true
        break
      }
      if byte == 0x0A { break }
      if answer.count < 64 { answer.append(byte) }
    }
    if ended { write(output, "\n") }
    let text = String(decoding: answer, as: UTF8.self).lowercased().filter { $0 != " " && $0 != "\r" }
    return text == "y" || text == "yes"
  }

  /// Writes all of `text` to `fd` (best effort: a question that cannot be shown is still answered
  /// by what is read).
  static func write(_ fd: Int32, _ text: String) {
    try? SystemCall.writeAll(fd, Array(text.utf8))
  }

  /// Names for the question: `'A'`, `'A' and 'B'`, `'A', 'B' and 'C'`, each shown safely.
  public static func names(_ names: [String]) -> String {
    let quoted = names.map { "'\(TerminalText.safe($0))'" }
    guard quoted.count > 1 else { return quoted.first ?? "" }
    return quoted.dropLast().joined(separator: ", ") + " and " + quoted.last!
  }
}
