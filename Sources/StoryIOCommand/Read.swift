import PipeProtocol
import PipeReading
import ToolSupport

/// `story-io read FILE|DIR...`: documents as story records with their text.
enum Read {
  static let recursive = Flag(
    "recursive", short: "r", help: "read the documents in folders below the folders given too")
  static let paths = Argument.some("FILE")

  static let command = Command(
    name: "read", summary: "documents as story records with their text",
    options: [recursive],
    arguments: Arguments(paths).completing(StoryIOCompletion.documents),
    output: """
      One story record per document, in the order given; a folder gives the documents in it
      (*.story, hidden names left out, by name; with -r also in its subfolders). A file that is
      not UTF-8, or a *.story path that is not a regular file, is reported as
      "The file “X.story” couldn’t be opened because it isn’t in the correct format." (exit 65)
      and the other files are still read.
      """,
    examples: """
      story-io read a.story | story-io write --dir copy
      """,
    lookups: [StoryIOOptions.fileLookup],
    run: run)

  static func run(_ invocation: Invocation) throws -> Int32 {
    let failures = Failures(tool: invocation.tool)
    let recursive = invocation[recursive]
    for path in invocation[paths] {
      let name = StoryDocument.fileName(ofPath: path)
      if StoryFiles.isFolder(path), StoryDocument.dropExtension(name) == name {
        walk(path, recursive: recursive, failures: failures) { story in
          StandardOutput.shared.writeRecord(story.record(includeText: true))
        }
        continue
      }
      do {
        try RenameJournal.finish(inFolderOf: path)
        StandardOutput.shared.writeRecord(try StoryFiles.load(path).record(includeText: true))
      } catch {
        failures.report(error)
      }
    }
    return failures.status
  }

  /// Calls `visit` with each document in `folder` (by name; below it too when `recursive`).
  /// Hidden names are left out and links to folders are not followed.
  static func walk(_ folder: String, recursive: Bool, failures: Failures, visit: (LoadedStory) -> Void) {
    let listing: (names: [String], invalid: [String])
    do {
      try RenameJournal.finish(in: folder)
      listing = try StoryFiles.names(in: folder)
    } catch {
      failures.report(error)
      return
    }
    for bad in listing.invalid where StoryFiles.isDocumentName(bad) {
      failures.report(
        ToolError.data(
          "a document name in '\(folder)' is not UTF-8 ('\(bad)'), so it has no title",
          notes: ["rename the file to read it"]))
    }
    for name in listing.names where !name.hasPrefix(".") {
      let path = StoryDocument.join(folder, name)
      let isDocument = StoryFiles.isDocumentName(name)
      let kind = StoryFiles.kind(path)
      if kind == .folder || (kind == .link && StoryFiles.isFolder(path)) {
        if isDocument {
          failures.report(StoryFiles.corrupt(path, "'\(path)' is a folder, not a document file"))
        } else if recursive, kind == .folder {
          walk(path, recursive: true, failures: failures, visit: visit)
        }
        continue
      }
      guard isDocument else { continue }
      do {
        visit(try StoryFiles.load(path))
      } catch {
        failures.report(error)
      }
    }
  }
}
