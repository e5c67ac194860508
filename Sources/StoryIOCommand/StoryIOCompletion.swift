import ToolSupport

/// What `story-io` completes from the folder: the documents (`*.story`) in the folder of the word
/// being completed, with their titles beside them, and its subfolders to go on into.
enum StoryIOCompletion {
  /// Documents and subfolders: a FILE argument.
  static let documents = Completer { context in
    // `rename FILE NEW_TITLE`: a new title is not in the folder yet.
    guard context.argumentName == nil || context.argumentName == "FILE" else { return [] }
    return entries(context.current, documents: true)
  }

  /// Subfolders only: `--dir`.
  static let folders = Completer { context in entries(context.current, documents: false) }

  /// The entries of the folder `typed` is in (`stories/` for `stories/Oc`) as they go on the line
  /// (`stories/Ocean.story`, `stories/drafts/`). Hidden ones only when `typed` names them.
  static func entries(_ typed: String, documents: Bool) -> [Candidate] {
    let slash = typed.lastIndex(of: "/")
    let folderPart = slash.map { String(typed[...$0]) } ?? ""
    let namePart = slash.map { String(typed[typed.index(after: $0)...]) } ?? typed
    let folder = folderPart.isEmpty ? "." : CompletionContext.expandingTilde(folderPart)
    guard let listing = try? StoryFiles.names(in: folder) else { return [] }
    var candidates: [Candidate] = []
    for name in listing.names where !name.hasPrefix(".") || namePart.hasPrefix(".") {
      if StoryFiles.isFolder(StoryDocument.join(folder, name)) {
        candidates.append(Candidate(folderPart + name + "/", description: "folder"))
      } else if documents, StoryFiles.isDocumentName(name) {
        candidates.append(
          Candidate(folderPart + name, description: StoryDocument.title(ofPath: name)))
      }
    }
    return candidates
  }
}
