import PipeProtocol

/// The countdown lines of `orders watch` on stderr: redrawn in place on a terminal, plain lines
/// otherwise.
struct CountdownDisplay {
  let inPlace: Bool
  var drawn = 0

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
      for line in lines { text += line + "\n" }
      for notice in notices { text += notice + "\n" }
    }
    StandardOutput.error.write(text)
    StandardOutput.error.flush()
  }
}
