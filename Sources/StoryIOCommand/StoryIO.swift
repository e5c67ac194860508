import PipeProtocol
import ToolSupport

/// `story-io`: Writing App documents (`.story` files) as `story` records: create, list, read,
/// write, rename, edit and read in focus mode, byte for byte.
public enum StoryIO: LegacyCommand {
  static let tool = "story-io"

  /// The command-line specification.
  public static let spec = CommandSpec(
    name: "story-io",
    summary: "Writing App documents: create, read, write, rename and read in focus mode",
    usage: [
      "story-io [--now DATE]",
      "story-io list [DIR] [--text]",
      "story-io new TITLE [--dir D] [--force]",
      "story-io read FILE|DIR... [-r]",
      "story-io write [FILE...] [--dir D] [--force]",
      "story-io rename FILE NEW_TITLE",
      "story-io focus FILE [--width N] [--margin N]",
      "story-io edit FILE",
      "story-io mime [--install | --uninstall]",
    ],
    options: [
      .value(
        "now", name: "DATE",
        help: "the time the launch screen counts ages from (default: the clock)")
    ],
    subcommands: [listSpec, newSpec, readSpec, writeSpec, renameSpec, focusSpec, editSpec, mimeSpec],
    input: """
      A .story file holds the story as raw UTF-8 bytes and nothing else (no BOM added, no
      newline added or changed); its title is the file name without .story. 'write' reads
      story records (JSON lines) from the files named, or stdin.
      """,
    output: """
      Alone, the launch screen: how to start writing, then the documents in the current folder,
      most recently changed first, with title, words and age. The commands write story records:
        {"bytes":5,"lines":1,"path":"Ocean.story","sha256":"…","text":"Waves","title":"Ocean",
         "type":"story","words":1}
      "bytes", "sha256", "words" and "lines" describe the file as read. A word is a run of
      non-space characters holding a letter or digit (each CJK ideograph, hiragana or katakana
      counts as one); lines are counted by line feeds, plus an unterminated last line.
      """,
    exitStatus: [
      "1    a refused step: the file exists, or changed on disk since it was read",
      "65   a file is not a story (not UTF-8, or not a regular file); an unsafe title",
    ],
    examples: [
      "story-io                                    # the launch screen",
      "story-io new Ocean && story-io edit Ocean.story",
      "story-io read Ocean.story | story-io write --dir backup",
      "story-io read -r stories | jq -r 'select(.words > 1000) | .title'",
      "story-io focus Ocean.story --width 72",
    ])

  static let listSpec = CommandSpec(
    name: "list", summary: "the documents in a folder as story records, most recently changed first",
    usage: ["story-io list [DIR] [--text]"],
    options: [.flag("text", help: "include each story's text (full records)")],
    positionalName: "DIR", maxPositionals: 1,
    output: """
      One story record per document (*.story, hidden files left out) in DIR (default: the
      current folder), most recently changed first, with "modified" (ISO 8601) and without
      "text" unless --text is given.
      """,
    examples: ["story-io list stories | jq -r '\"\\(.words)\\t\\(.title)\"'"])

  static let newSpec = CommandSpec(
    name: "new", summary: "create an empty document D/TITLE.story",
    usage: ["story-io new TITLE [--dir D] [--force]"],
    options: [
      .value(
        "dir", name: "D", help: "the folder to create it in (default: the current folder; created if missing)"
      ),
      .flag("force", help: "replace an existing document with an empty one"),
    ],
    positionalName: "TITLE", minPositionals: 1, maxPositionals: 1,
    output: "The new document's story record (without text). A trailing .story on TITLE is dropped.",
    examples: ["story-io new Ocean --dir stories | jq -r .path"])

  static let readSpec = CommandSpec(
    name: "read", summary: "documents as story records with their text",
    usage: ["story-io read FILE|DIR... [-r]"],
    options: [
      .flag("recursive", short: "r", help: "read the documents in folders below the folders given too")
    ],
    positionalName: "FILE", minPositionals: 1,
    output: """
      One story record per document, in the order given; a folder gives the documents in it
      (*.story, hidden names left out, by name; with -r also in its subfolders). A file that is
      not UTF-8, or a *.story path that is not a regular file, is reported as
      "The file “X.story” couldn’t be opened because it isn’t in the correct format." (exit 65)
      and the other files are still read.
      """,
    examples: ["story-io read a.story | story-io write --dir copy"])

  static let writeSpec = CommandSpec(
    name: "write", summary: "save story records as D/TITLE.story, atomically",
    usage: ["story-io write [FILE...] [--dir D] [--force]"],
    options: [
      .value(
        "dir", name: "D", help: "the folder to save in (default: the current folder; created if missing)"),
      .flag("force", help: "replace files that changed on disk since they were read"),
    ],
    positionalName: "FILE",
    input: """
      story records (from files, or stdin): "title" (a file name, not a path) and "text" are
      needed; "sha256" and "bytes", when present, say which version of the file the record was
      read from. Other record types are passed through to stdout unchanged.
      """,
    output: """
      Each story is saved byte for byte as D/<title>.story: written to a temporary file, synced,
      renamed over the old file and the folder synced, keeping the old file's permissions. An
      existing file is replaced only when it still has the content the record was read from
      ("sha256", else "bytes"), or already holds the text, or with --force. Records with an
      unsafe title (empty, '.', '..', '/', control characters) are refused with exit 65.
      """,
    examples: ["story-io read Ocean.story | jq '.text += \"\\nThe end.\"' | story-io write"])

  static let renameSpec = CommandSpec(
    name: "rename", summary: "give a document a new title (its bytes are kept)",
    usage: ["story-io rename FILE NEW_TITLE"],
    positionalName: "FILE", minPositionals: 2, maxPositionals: 2,
    output: "The renamed document's story record (without text).",
    exitStatus: [
      "1    the target exists", "64   an unsafe title (empty, '.', '..', '/', control characters)",
    ],
    examples: ["story-io rename Untitled.story Ocean | jq -r .path"])

  static let focusSpec = CommandSpec(
    name: "focus", summary: "focus mode: only the story, wrapped for reading",
    usage: ["story-io focus FILE [--width N] [--margin N]"],
    options: [
      .value("width", name: "N", help: "the width to wrap to (default: the terminal's width)"),
      .value("margin", name: "N", help: "blank columns on each side (default: 4, or 2 below 40 columns)"),
    ],
    positionalName: "FILE", minPositionals: 1, maxPositionals: 1,
    output: """
      Only the story, verbatim: no title, no chrome. Lines are wrapped at spaces, tabs expanded
      and control characters shown as ^X. Through $PAGER (default less) when stdout is a
      terminal and the story is longer than the screen.
      """,
    examples: ["story-io focus Ocean.story --width 60 | head -20"])

  static let editSpec = CommandSpec(
    name: "edit", summary: "edit a document in $VISUAL or $EDITOR, keeping the previous version as FILE~",
    usage: ["story-io edit FILE"],
    positionalName: "FILE", minPositionals: 1, maxPositionals: 1,
    output: """
      Nothing. The editor works on a copy; the result is saved back atomically only if the
      editor succeeded, the result is valid UTF-8 and FILE did not change meanwhile. The
      previous version is kept as FILE~. Otherwise FILE is untouched and the copy is kept.
      """,
    examples: ["EDITOR=nano story-io edit Ocean.story && story-io read Ocean.story | jq .words"])

  static let mimeSpec = CommandSpec(
    name: "mime", summary: "the shared-mime-info XML declaring the .story type",
    usage: ["story-io mime [--install | --uninstall]"],
    options: [
      .flag("install", help: "write it to $XDG_DATA_HOME/mime/packages and run update-mime-database"),
      .flag("uninstall", help: "remove it from there and run update-mime-database"),
    ],
    output: """
      The XML declaring \(MimeType.name) (*.story, a subclass of text/plain), the Linux
      counterpart of the type com.example.writingAppDocument. With --install, nothing on stdout.
      """,
    examples: ["story-io mime | xmllint --noout -"])

  /// Runs the command.
  public static func run(_ invocation: LegacyInvocation) throws -> Int32 {
    switch invocation.subcommand {
    case nil: return try launch(invocation)
    case "list": return try list(invocation)
    case "new": return try create(invocation)
    case "read": return try read(invocation)
    case "write": return try write(invocation)
    case "rename": return try rename(invocation)
    case "focus": return try focus(invocation)
    case "edit": return try edit(invocation)
    case "mime": return try mime(invocation)
    default: throw ToolError.usage("unknown command '\(invocation.subcommand ?? "")'")
    }
  }
}

/// Errors reported as they happen; the first one's status is the exit status at the end.
final class Failures {
  var status: Int32 = ExitStatus.ok

  func report(_ error: any Error) {
    let code = Diagnostics.report(error, tool: StoryIO.tool)
    if status == ExitStatus.ok { status = code }
  }
}
