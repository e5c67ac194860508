// libFuzzer target for story records: built by `Tests/tools/fuzz story` into the StoryIOCommand module
// (not a SwiftPM target). Each line that is a record is checked as `story-io write` checks a story
// record, and its text is counted, hashed and laid out for focus mode as `story-io` does.

import Glibc
import PipeProtocol

/// The libFuzzer entry point: checks one input.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzStory(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = UnsafeBufferPointer(start: data, count: size)
  let whole = Array(bytes)
  // The whole input as a document file: valid UTF-8 or not, it must be described without trapping.
  if UTF8Check.firstInvalidOffset(whole) == nil {
    let text = String(decoding: whole, as: UTF8.self)
    _ = StoryDocument.record(path: "fuzz.story", bytes: whole, text: text, includeText: true)
    _ = FocusLayout.lines(text, width: 1 + size % 97, margin: size % 5)
  }
  forEachRecordView(bytes) { view in
    guard view.type == "story", let request = try? Write.SaveRequest(view) else { return }
    // A title that passes the check is a plain file name.
    let name = StoryDocument.fileName(forTitle: request.title)
    precondition(!name.contains("/") && name != "." && name != "..", "an unsafe title passed: \(name)")
    precondition(StoryDocument.title(ofPath: "dir/" + name) == request.title, "the title does not round-trip")
    let text = String(decoding: request.bytes, as: UTF8.self)
    precondition(Array(text.utf8) == request.bytes, "the text is not valid UTF-8")
    _ = StoryDocument.wordCount(text)
    _ = SHA256.hex(request.bytes)
  }
  return 0
}
