import PipeProtocol
import PipeReading

/// The countdown lines of `orders watch` on stderr: redrawn in place on a terminal; otherwise
/// plain lines, written only when they change (a log or a pipe gets "no order is preparing" once,
/// not every second) or a notice arrives.
struct CountdownDisplay {
  let inPlace: Bool
  var drawn = 0
  /// The lines written last, off a terminal.
  var last: [String]?

  init(inPlace: Bool) { self.inPlace = inPlace }

  /// Shows this update's lines and the notices' text.
  mutating func show(_ lines: [String], notices: [String]) {
    var text = ""
    if inPlace {
      if drawn > 0 { text += "\u{1B}[\(drawn)F\u{1B}[J" }
      for notice in notices { text += notice + "\n" }
      for line in lines { text += "\u{1B}[2K" + line + "\n" }
      drawn = lines.count
    } else {
      if lines != last {
        for line in lines { text += line + "\n" }
        last = lines
      }
      for notice in notices { text += notice + "\n" }
      guard !text.isEmpty else { return }
    }
    StandardOutput.error.write(text)
    StandardOutput.error.flush()
  }
}
