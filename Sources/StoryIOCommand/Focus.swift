import Glibc
import PipeProtocol
import PipeReading
import ToolSupport

/// `story-io focus FILE`: focus mode, only the story, wrapped for reading.
enum Focus {
  static let width = Option.int(
    "width", help: "the width to wrap to (default: the terminal's width)", in: TextLayout.widths)
  static let margin = Option.int(
    "margin", help: "blank columns on each side (default: 4, or 2 below 40 columns)", in: 0...1_000)

  static let command = Command(
    name: "focus", summary: "focus mode: only the story, wrapped for reading",
    options: [width, margin],
    arguments: Arguments(StoryIOOptions.document).completing(StoryIOCompletion.documents),
    output: """
      Only the story, verbatim: no title, no chrome. Lines are wrapped at spaces, tabs expanded
      and control characters shown as ^X. Through $PAGER (default less) when stdout is a
      terminal and the story is longer than the screen.
      """,
    examples: """
      story-io focus Ocean.story --width 60 | head -20
      """,
    conflicts: [.described("`--margin` leaves at least 10 columns of `--width`")],
    lookups: [StoryIOOptions.fileLookup],
    run: run)

  static func run(_ invocation: Invocation) throws -> Int32 {
    let story = try StoryFiles.load(try StoryIOOptions.documentPath(invocation))
    let width = invocation[width] ?? TextLayout.width(fd: 1)
    let margin = invocation[margin] ?? FocusLayout.defaultMargin(width: width)
    guard width - 2 * margin >= 10 else {
      throw ToolError.usage("a margin of \(margin) leaves fewer than 10 columns of a \(width)-column screen")
    }
    let lines = FocusLayout.lines(story.text, width: width, margin: margin)
    var bytes: [UInt8] = []
    for line in lines {
      bytes.append(contentsOf: line.utf8)
      bytes.append(0x0A)
    }
    if Terminal.isTTY(1), lines.count > Terminal.height(fd: 1), let pager = UserPrograms.pager() {
      try page(bytes, through: pager)
    } else {
      StandardOutput.shared.write(bytes)
    }
    return ExitStatus.ok
  }

  /// Shows `bytes` through a pager and waits for it to quit.
  static func page(_ bytes: [UInt8], through pager: String) throws(ToolError) {
    if Environment.get("LESS") == nil { setenv("LESS", "FRX", 0) }
    var fds: [Int32] = [-1, -1]
    guard pipe(&fds) == 0 else { throw ToolError.io("cannot start the pager: \(Files.describe(errno))") }
    var readEndClosed = false
    defer {
      if !readEndClosed { close(fds[0]) }
    }
    _ = try Subprocess.shell(pager, stdinFD: fds[0], closeInChild: [fds[1]]) {
      close(fds[0])
      readEndClosed = true
      _ = Subprocess.writeAll(fds[1], bytes)
      close(fds[1])
    }
  }
}
