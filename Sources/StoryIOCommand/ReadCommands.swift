import Glibc
import PipeProtocol
import ToolSupport

extension StoryIO {
  /// `story-io read FILE|DIR... [-r]`.
  static func read(_ invocation: LegacyInvocation) throws -> Int32 {
    let failures = Failures()
    let recursive = invocation.flag("recursive")
    for path in invocation.positionals {
      let name = StoryDocument.fileName(ofPath: path)
      if StoryFiles.isFolder(path), StoryDocument.dropExtension(name) == name {
        walk(path, recursive: recursive, failures: failures) { story in
          StandardOutput.shared.writeRecord(story.record(includeText: true))
        }
        continue
      }
      do {
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

  /// The documents directly in `folder` with their change times, most recent first (then by name).
  static func documents(in folder: String) throws(ToolError) -> [(
    path: String, modified: Int, nanoseconds: Int
  )] {
    let listing = try StoryFiles.names(in: folder)
    var found: [(path: String, modified: Int, nanoseconds: Int)] = []
    for name in listing.names where StoryFiles.isDocumentName(name) {
      let path = StoryDocument.join(folder, name)
      var info = stat()
      if stat(path, &info) == 0 {
        found.append((path, Int(info.st_mtim.tv_sec), Int(info.st_mtim.tv_nsec)))
      } else if lstat(path, &info) == 0 {
        found.append((path, Int(info.st_mtim.tv_sec), Int(info.st_mtim.tv_nsec)))
      }
    }
    return found.sorted { a, b in
      if a.modified != b.modified { return a.modified > b.modified }
      if a.nanoseconds != b.nanoseconds { return a.nanoseconds > b.nanoseconds }
      return a.path.utf8.lexicographicallyPrecedes(b.path.utf8)
    }
  }

  /// `story-io list [DIR] [--text]`.
  static func list(_ invocation: LegacyInvocation) throws -> Int32 {
    let folder = invocation.positionals.first ?? "."
    guard StoryFiles.isFolder(folder) else {
      throw ToolError(
        "cannot list '\(folder)': \(Files.exists(folder) ? "not a folder" : "no such folder")",
        code: ExitStatus.noInput, notes: ["to read one document, use 'story-io read \(folder)'"])
    }
    let failures = Failures()
    let includeText = invocation.flag("text")
    for document in try documents(in: folder) {
      do {
        let story = try StoryFiles.load(document.path)
        StandardOutput.shared.writeRecord(story.record(includeText: includeText, includeModified: true))
      } catch {
        failures.report(error)
      }
    }
    return failures.status
  }

  /// `story-io` alone: the launch screen.
  static func launch(_ invocation: LegacyInvocation) throws -> Int32 {
    let now = try invocation.now()
    var entries: [LaunchScreen.Entry] = []
    for document in try documents(in: ".") {
      let title = StoryDocument.title(ofPath: document.path)
      let words = (try? StoryFiles.load(document.path)).map { StoryDocument.wordCount($0.text) }
      entries.append(LaunchScreen.Entry(title: title, words: words, modified: document.modified))
    }
    let style = Terminal.Style(enabled: Terminal.colorEnabled(fd: 1))
    StandardOutput.shared.write(
      LaunchScreen.render(entries, now: now, width: Terminal.width(fd: 1), style: style))
    return ExitStatus.ok
  }

  /// `story-io focus FILE`.
  static func focus(_ invocation: LegacyInvocation) throws -> Int32 {
    let story = try StoryFiles.load(invocation.positionals[0])
    let width = try invocation.int("width", in: 20...10_000) ?? max(20, Terminal.width(fd: 1))
    let margin = try invocation.int("margin", in: 0...1_000) ?? FocusLayout.defaultMargin(width: width)
    guard width - 2 * margin >= 10 else {
      throw ToolError.usage("a margin of \(margin) leaves fewer than 10 columns of a \(width)-column screen")
    }
    let lines = FocusLayout.lines(story.text, width: width, margin: margin)
    var bytes: [UInt8] = []
    for line in lines {
      bytes.append(contentsOf: line.utf8)
      bytes.append(0x0A)
    }
    if Terminal.isTTY(1), lines.count > Terminal.height(fd: 1), let pager = pagerCommand() {
      try page(bytes, through: pager)
    } else {
      StandardOutput.shared.write(bytes)
    }
    return ExitStatus.ok
  }

  /// `$PAGER`, else `less` or `more` when installed; nil to write directly.
  static func pagerCommand() -> String? {
    if let pager = Environment.get("PAGER") {
      let trimmed = pager.trimmingSpaces
      return trimmed.isEmpty || trimmed == "cat" ? nil : pager
    }
    if Subprocess.find("less") != nil { return "less" }
    if Subprocess.find("more") != nil { return "more" }
    return nil
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

extension String {
  /// The text without leading and trailing spaces and tabs.
  var trimmingSpaces: String {
    let scalars = unicodeScalars
    guard let first = scalars.firstIndex(where: { $0 != " " && $0 != "\t" }),
      let last = scalars.lastIndex(where: { $0 != " " && $0 != "\t" })
    else { return "" }
    return String(scalars[first...last])
  }
}
