import Glibc
import PipeProtocol
import PipeReading

/// The pager for help and long text views, as git has it: on a terminal only (stdout a TTY),
/// `$SAMPLEPIPES_PAGER`, else the config file's `pager`, else `$PAGER`, else `less -FRX` when
/// `less` is installed (else none); a pager of `cat` or blank is none, and `--no-pager` refuses it.
/// Output that goes into a pipe or a file never pages.
///
/// The pager is started with stdout going into its stdin, and waited for at exit (`finish`), so
/// that the shell's prompt comes back after it; a pager that quits early (`q`) ends the tool
/// quietly with status 0, as a closed pipe does (`| head`).
public enum Pager {
  /// Whether `--no-pager` was given (set while the command line is parsed).
  nonisolated(unsafe) public static var refused = false
  /// The config file's `pager`, when it has one.
  nonisolated(unsafe) public static var configured: String?
  /// The running pager, or 0.
  nonisolated(unsafe) static var pid: pid_t = 0

  /// The pager's command line for a terminal, or nil for none (see the type's rules). `less`
  /// alone is run with `LESS=FRX` unless `LESS` is set, as git does.
  static func command() -> String? {
    if let chosen = choice() { return chosen.isEmpty ? nil : chosen }
    return Subprocess.find("less") != nil ? "less -FRX" : nil
  }

  /// The pager the user chose: `$SAMPLEPIPES_PAGER`, else the config file's `pager`, else `$PAGER`;
  /// empty when a pager is refused (`--no-pager`, or a choice of `cat` or blank); nil when none is
  /// chosen (the default applies). Every pager of the tools starts from it.
  public static func choice() -> String? {
    if refused { return "" }
    let chosen =
      nonBlank(Environment.get("SAMPLEPIPES_PAGER")) ?? nonBlank(configured) ?? Environment.get("PAGER")
    guard let chosen else { return nil }
    let trimmed = chosen.drop { $0 == " " || $0 == "\t" }
    return trimmed.isEmpty || trimmed == "cat" ? "" : chosen
  }

  static func nonBlank(_ text: String?) -> String? {
    guard let text, text.contains(where: { $0 != " " && $0 != "\t" }) else { return nil }
    return text
  }

  /// Starts the pager when stdout is a terminal and one is chosen; from then on stdout goes into
  /// it. Does nothing when it runs already, when it was refused, or when it cannot be started
  /// (the text then goes to the terminal as it is).
  public static func start() {
    guard pid == 0, !refused, Terminal.isTTY(1), let command = command() else { return }
    StandardOutput.shared.flush()
    let width = Terminal.width(fd: 1)
    let colour = Terminal.color == .auto && Terminal.colorEnabled(fd: 1)
    var ends: [Int32] = [0, 0]
    guard pipe(&ends) == 0 else { return }
    for fd in ends { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
    // The pager shares the tool's process group: it is the foreground job's, so it reads keys
    // from the terminal, and Ctrl-C reaches both.
    let started = try? Subprocess.spawn(
      "/bin/sh", ["sh", "-c", command], streams: Subprocess.Streams(redirect: [0: ends[0]]),
      environment: Environment.get("LESS") == nil ? ["LESS": "FRX"] : [:])
    close(ends[0])
    guard let started else {
      close(ends[1])
      return
    }
    pid = started
    dup2(ends[1], 1)
    close(ends[1])
    // What is laid out from now on is for the terminal the pager shows it on: its width (set after
    // the pager started, which reads the terminal's own), and its colour (`less -R` shows it),
    // though stdout is a pipe now.
    if Environment.get("COLUMNS").map({ $0.isEmpty }) ?? true { setenv("COLUMNS", String(width), 1) }
    if colour { Terminal.color = .always }
  }

  /// Writes a long text view, laid out already, to stdout through the pager (`start`).
  public static func show(_ text: String) {
    start()
    StandardOutput.shared.write(text)
  }

  /// Ends the output into the pager and waits for the pager to end (the user reads, then quits),
  /// at the tool's exit. Nothing when no pager runs.
  public static func finish() {
    guard pid != 0 else { return }
    StandardOutput.shared.flush()
    close(1)
    // The output is whole: Ctrl-C and Ctrl-\ are the pager's now (less keeps reading keys after
    // them), and the tool leaves the terminal only when the pager does.
    signal(SIGINT, SIG_IGN)
    signal(SIGQUIT, SIG_IGN)
    _ = Subprocess.wait(pid)
    pid = 0
  }
}
