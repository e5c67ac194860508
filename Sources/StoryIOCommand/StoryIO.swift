import PipeProtocol
import PipeReading
import ToolSupport

/// `story-io`: Writing App documents (`.story` files) as `story` records: create, list, read,
/// write, rename, edit and read in focus mode, byte for byte.
public enum StoryIO: Tool {
  static let now = Option.date(
    "now", name: "DATE", help: "the time the launch screen counts ages from (default: the clock)")
  /// `-f/--format text|svg` of the launch screen: the screen, or the scene's art as a picture.
  static let format = Option.format([.text, .svg], default: .text)

  /// The command: alone, the launch screen; its subcommands do the work.
  public static let command = Command(
    name: "story-io",
    summary: "Writing App documents: create, read, write, rename and read in focus mode",
    options: [now, format],
    subcommands: [
      List.command, New.command, Read.command, Write.command, Rename.command, Focus.command,
      Edit.command, Undo.command, Versions.command, Mime.command,
    ],
    input: """
      A .story file holds the story as raw UTF-8 bytes and nothing else (no BOM added, no
      newline added or changed); its title is the file name without .story. 'write' reads
      story records (JSON lines) from the files named, or stdin.
      """,
    output: """
      Alone, the launch screen: how to start writing, then the documents in the current folder,
      most recently changed first, with title, words and age, under the sample's launch scene (the
      pink jungle, the Start Writing button, and a robot and a plant beside it, hidden below 64
      columns as the sample hides them at compact width); --format svg draws the scene alone as a
      picture (the accessories hidden when it is shown narrower than 512 px). The commands write
      story records:
        {"bytes":5,"lines":1,"path":"Ocean.story","sha256":"…","text":"Waves","title":"Ocean",\
      "type":"story","words":1}
      "bytes", "sha256", "words" and "lines" describe the file as read. A word is a run of
      non-space characters holding a letter or digit (each CJK ideograph, hiragana or katakana
      counts as one); lines are counted by line feeds, plus an unterminated last line.
      """,
    exitStatus: [
      "1    a refused step: the file exists, or changed on disk since it was read; no backup to undo to",
      "65   a file is not a story (not UTF-8, or not a regular file); an unsafe title",
    ],
    examples: """
      story-io                                    # the launch screen
      story-io -f svg > launch.svg                # its art, as a picture
      story-io new Ocean && story-io edit Ocean.story
      story-io read Ocean.story | story-io write --dir backup
      story-io read -r stories | jq -r 'select(.words > 1000) | .title'
      story-io focus Ocean.story --width 72
      """,
    run: launch)

  /// `story-io` alone: the launch screen.
  static func launch(_ invocation: Invocation) throws -> Int32 {
    if invocation[format] == .svg {
      StandardOutput.shared.write(LaunchScene.svg())
      return ExitStatus.ok
    }
    try RenameJournal.finish(in: ".")
    var entries: [LaunchScreen.Entry] = []
    for document in try StoryFiles.documents(in: ".") {
      let title = StoryDocument.title(ofPath: document.path)
      let words = (try? StoryFiles.load(document.path)).map { StoryDocument.wordCount($0.text) }
      entries.append(LaunchScreen.Entry(title: title, words: words, modified: document.modified))
    }
    let style = Terminal.Style(enabled: Terminal.colorEnabled(fd: 1))
    StandardOutput.shared.write(
      LaunchScreen.render(entries, now: invocation.now(now), width: TextLayout.width(fd: 1), style: style))
    return ExitStatus.ok
  }
}

/// Errors reported as they happen; the first one's status is the exit status at the end.
final class Failures {
  let tool: String
  var status: Int32 = ExitStatus.ok

  /// Failures of the tool named `tool`.
  init(tool: String) { self.tool = tool }

  func report(_ error: any Error) {
    let code = Diagnostics.report(error, tool: tool)
    if status == ExitStatus.ok { status = code }
  }
}
