import Glibc
import PipeProtocol
import ToolSupport

extension StoryIO {
  /// `story-io new TITLE [--dir D] [--force]`.
  static func create(_ invocation: LegacyInvocation) throws -> Int32 {
    let title = StoryDocument.titleArgument(invocation.positionals[0])
    if let problem = StoryDocument.titleProblem(title) {
      throw ToolError.usage("cannot create a document: \(problem)")
    }
    let folder = invocation.string("dir") ?? "."
    try requireFolder(folder)
    try Files.makeDirectories(folder)
    let path = StoryDocument.join(folder, StoryDocument.fileName(forTitle: title))
    let kind = StoryFiles.kind(path)
    if kind != .missing {
      guard invocation.flag("force") else {
        throw ToolError("'\(path)' already exists", notes: ["add --force to replace it with an empty story"])
      }
      guard kind == .file else { throw ToolError("'\(path)' is not a regular file; it was left alone") }
      try Files.writeAtomically(path, bytes: [])
    } else {
      let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
      guard fd >= 0 else {
        if errno == EEXIST {
          throw ToolError(
            "'\(path)' already exists", notes: ["add --force to replace it with an empty story"])
        }
        throw ToolError.io("cannot create '\(path)': \(Files.describe(errno))")
      }
      let synced = fsync(fd) == 0
      close(fd)
      guard synced else { throw ToolError.io("cannot sync '\(path)': \(Files.describe(errno))") }
      Files.syncDirectory(folder)
    }
    StandardOutput.shared.writeRecord(try StoryFiles.load(path).record(includeText: false))
    return ExitStatus.ok
  }

  /// Refuses a `--dir` that exists and is not a folder.
  static func requireFolder(_ folder: String) throws(ToolError) {
    if Files.exists(folder), !Files.isDirectory(folder) {
      throw ToolError("'\(folder)' is not a folder", code: ExitStatus.usage)
    }
  }

  /// `story-io write [FILE...] [--dir D] [--force]`.
  static func write(_ invocation: LegacyInvocation) throws -> Int32 {
    let folder = invocation.string("dir") ?? "."
    let force = invocation.flag("force")
    try requireFolder(folder)
    let failures = Failures()
    var folderReady = false
    try Inputs.forEach(invocation.positionals, tool: tool) { reader in
      try reader.forEach { view in
        guard view.type == "story" else {
          StandardOutput.shared.writeLine(view.bytes)
          return
        }
        do {
          let story = try SaveRequest(view)
          if !folderReady {
            try Files.makeDirectories(folder)
            folderReady = true
          }
          try save(story, in: folder, force: force)
        } catch {
          failures.report(error)
        }
      }
    }
    return failures.status
  }

  /// What a `story` record asks `write` to save.
  struct SaveRequest {
    var title: String
    var bytes: [UInt8]
    var baseHash: String?
    var baseSize: Int?
    var place: String

    /// Checks a record: a safe title, a text, and well-formed `sha256` and `bytes` when present.
    init(_ view: RecordView) throws(InputError) {
      place = "\(view.source) line \(view.line)"
      guard let titleValue = view["title"] else {
        throw view.error("story record has no \"title\" field; nothing was written")
      }
      guard let title = titleValue.stringValue else {
        throw view.error("\"title\" must be a string, not \(titleValue.typeName); nothing was written")
      }
      if let problem = StoryDocument.titleProblem(title) {
        throw view.error("refusing to save: \(problem); nothing was written")
      }
      self.title = title
      guard let raw = view.raw("text") else {
        throw view.error(
          "story record has no \"text\" field, so there is nothing to save (records from 'story-io list' "
            + "leave it out: use 'list --text' or 'read'); nothing was written")
      }
      guard let text = view["text"]?.stringValue else {
        throw view.error("\"text\" must be a string; nothing was written")
      }
      if JSONEscapes.hasLoneSurrogate(raw) {
        throw view.error(
          "\"text\" holds a lone UTF-16 surrogate escape (\\uD800-\\uDFFF), which is no character; "
            + "nothing was written")
      }
      bytes = Array(text.utf8)
      if let value = view["sha256"] {
        guard let hash = value.stringValue, hash.utf8.count == 64,
          hash.utf8.allSatisfy({ ($0 >= 0x30 && $0 <= 0x39) || ($0 >= 0x61 && $0 <= 0x66) })
        else {
          throw view.error("\"sha256\" must be 64 lower-case hexadecimal digits; nothing was written")
        }
        baseHash = hash
      }
      if let value = view["bytes"] {
        guard let size = value.intValue, size >= 0 else {
          throw view.error("\"bytes\" must be a whole number of at least 0; nothing was written")
        }
        baseSize = size
      }
    }
  }

  /// Saves one story as `folder/<title>.story`, refusing to replace a file that changed since the
  /// record was read (unless `force`).
  static func save(_ story: SaveRequest, in folder: String, force: Bool) throws(ToolError) {
    let path = StoryDocument.join(folder, StoryDocument.fileName(forTitle: story.title))
    func changed() -> ToolError {
      ToolError(
        "'\(path)' changed on disk since it was read (\(story.place)); nothing was written",
        notes: ["read it again and redo the change, or add --force to replace it"])
    }
    switch StoryFiles.kind(path) {
    case .link:
      throw ToolError(
        "'\(path)' is a symbolic link (\(story.place)); story-io replaces only regular files; nothing was written"
      )
    case .folder, .other:
      throw ToolError("'\(path)' is not a regular file (\(story.place)); nothing was written")
    case .missing:
      try Files.writeAtomically(path, mode: StoryFiles.newFileMode()) {
        (writer: FileWriter) throws(ToolError) in
        try writer.write(story.bytes)
        try writer.flush()
        if !force, Files.exists(path) { throw changed() }
      }
    case .file:
      let current = try StoryFiles.readIfPresent(path) ?? []
      if current == story.bytes { return }
      if !force {
        if story.baseHash == nil && story.baseSize == nil {
          throw ToolError(
            "'\(path)' already exists and the record (\(story.place)) does not say which version it "
              + "replaces (no \"sha256\" or \"bytes\"); nothing was written",
            notes: ["add --force to replace it"])
        }
        if let hash = story.baseHash, SHA256.hex(current) != hash { throw changed() }
        if let size = story.baseSize, current.count != size { throw changed() }
      }
      try Files.writeAtomically(path) { (writer: FileWriter) throws(ToolError) in
        try writer.write(story.bytes)
        try writer.flush()
        if !force, try StoryFiles.readIfPresent(path) != current { throw changed() }
      }
    }
  }

  /// `story-io rename FILE NEW_TITLE`.
  static func rename(_ invocation: LegacyInvocation) throws -> Int32 {
    let path = invocation.positionals[0]
    let title = StoryDocument.titleArgument(invocation.positionals[1])
    if let problem = StoryDocument.titleProblem(title) {
      throw ToolError.usage("cannot rename '\(path)': \(problem)")
    }
    _ = try StoryFiles.load(path)
    let target = StoryDocument.join(Files.directory(of: path), StoryDocument.fileName(forTitle: title))
    if target != path && StoryDocument.fileName(ofPath: path) != StoryDocument.fileName(forTitle: title) {
      try moveWithoutReplacing(path, to: target)
    }
    StandardOutput.shared.writeRecord(try StoryFiles.load(target).record(includeText: false))
    return ExitStatus.ok
  }

  /// Renames `path` to `target` in the same folder, never replacing an existing `target`.
  static func moveWithoutReplacing(_ path: String, to target: String) throws(ToolError) {
    func exists() -> ToolError {
      ToolError("'\(target)' already exists; '\(path)' was not renamed", notes: ["choose another title"])
    }
    if link(path, target) == 0 {
      guard unlink(path) == 0 else {
        throw ToolError.io("cannot remove the old name '\(path)': \(Files.describe(errno))")
      }
    } else {
      let code = errno
      if code == EEXIST { throw exists() }
      // Hard links are not supported here: check, then rename.
      guard code == EPERM || code == EOPNOTSUPP || code == EMLINK || code == ENOSYS else {
        throw ToolError.io("cannot rename '\(path)': \(Files.describe(code))")
      }
      if Files.exists(target) { throw exists() }
      guard Glibc.rename(path, target) == 0 else {
        throw ToolError.io("cannot rename '\(path)': \(Files.describe(errno))")
      }
    }
    Files.syncDirectory(Files.directory(of: path))
  }

  /// `story-io edit FILE`.
  static func edit(_ invocation: LegacyInvocation) throws -> Int32 {
    let given = invocation.positionals[0]
    let original = try StoryFiles.load(given)
    var path = given
    if StoryFiles.kind(given) == .link, let resolved = realpath(given, nil) {
      path = String(cString: resolved)
      free(resolved)
    }
    let tmp = Environment.get("TMPDIR").flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
    var template = Array("\(tmp)/story-io-edit-XXXXXX".utf8CString)
    guard let made = mkdtemp(&template) else {
      throw ToolError.io("cannot make a folder for the copy in '\(tmp)': \(Files.describe(errno))")
    }
    let folder = String(cString: made)
    let copy = folder + "/" + StoryDocument.fileName(ofPath: path)
    try Files.writeAtomically(copy, bytes: original.bytes, mode: 0o600)
    let kept = ["your edited copy is kept at '\(copy)'"]
    func discardCopy() {
      unlink(copy)
      rmdir(folder)
    }

    let editor =
      [Environment.get("VISUAL"), Environment.get("EDITOR")].compactMap { $0 }.first {
        !$0.trimmingSpaces.isEmpty
      }
      ?? "vi"
    let status = try Subprocess.shell(editor, arguments: [copy])
    guard status == 0 else {
      throw ToolError(
        "the editor '\(editor)' exited with status \(status); '\(given)' was not changed", notes: kept)
    }
    let edited: [UInt8]
    do {
      edited = try Files.read(copy)
    } catch {
      throw ToolError(
        "cannot read the edited copy: \(error.message); '\(given)' was not changed", code: error.code)
    }
    if let offset = UTF8Check.firstInvalidOffset(edited) {
      let byte = String(edited[offset], radix: 16, uppercase: true)
      throw ToolError.data(
        "the edited text is not UTF-8 (byte 0x\(byte.count == 1 ? "0" + byte : byte) at offset \(offset)); "
          + "'\(given)' was not changed",
        notes: kept + ["fix it and run 'story-io edit' again, or copy it back yourself"])
    }
    if edited == original.bytes {
      discardCopy()
      return ExitStatus.ok
    }
    guard try StoryFiles.readIfPresent(path) == original.bytes else {
      throw ToolError(
        "'\(given)' changed on disk while it was being edited; it was not replaced", notes: kept)
    }
    let backup = path + "~"
    try Files.writeAtomically(backup, bytes: original.bytes, mode: original.mode)
    chmod(backup, original.mode)
    try Files.writeAtomically(path, bytes: edited)
    discardCopy()
    return ExitStatus.ok
  }

  /// `story-io mime [--install | --uninstall]`.
  static func mime(_ invocation: LegacyInvocation) throws -> Int32 {
    let install = invocation.flag("install")
    let uninstall = invocation.flag("uninstall")
    if install && uninstall { throw ToolError.usage("give --install or --uninstall, not both") }
    guard install || uninstall else {
      StandardOutput.shared.write(MimeType.xml)
      return ExitStatus.ok
    }
    let dataHome =
      Environment.get("XDG_DATA_HOME").flatMap { $0.isEmpty ? nil : $0 }
      ?? "\(Environment.get("HOME") ?? ".")/.local/share"
    let database = dataHome + "/mime"
    let packages = database + "/packages"
    let file = packages + "/" + MimeType.packageFileName
    if install {
      try Files.makeDirectories(packages)
      try Files.writeAtomically(file, bytes: Array(MimeType.xml.utf8))
    } else {
      guard Files.exists(file) else {
        Diagnostics.note("'\(file)' is not installed; nothing to remove", tool: tool)
        return ExitStatus.ok
      }
      guard unlink(file) == 0 else { throw ToolError.io("cannot remove '\(file)': \(Files.describe(errno))") }
    }
    let done = install ? "installed \(MimeType.name) as '\(file)'" : "removed '\(file)'"
    guard let updater = Subprocess.find("update-mime-database") else {
      Diagnostics.note(
        "\(done); update-mime-database was not found: install shared-mime-info and run "
          + "'update-mime-database \(database)' for the desktop to see the change", tool: tool)
      return ExitStatus.ok
    }
    let status = try Subprocess.shell(updater, arguments: [database])
    guard status == 0 else {
      throw ToolError("\(done), but 'update-mime-database \(database)' failed with status \(status)")
    }
    Diagnostics.note("\(done) and updated the MIME database", tool: tool)
    return ExitStatus.ok
  }
}

/// Checks on the escapes of a JSON string as written.
enum JSONEscapes {
  /// Whether the raw JSON string (quotes included) holds a `\uD800`-`\uDFFF` escape that is not
  /// part of a high-low surrogate pair (the parser would turn it into U+FFFD).
  static func hasLoneSurrogate(_ raw: UnsafeBufferPointer<UInt8>) -> Bool {
    func hexValue(_ at: Int) -> UInt32? {
      guard at + 4 <= raw.count else { return nil }
      var v: UInt32 = 0
      for k in 0..<4 {
        let b = raw[at + k]
        let d: UInt32
        switch b {
        case 0x30...0x39: d = UInt32(b - 0x30)
        case 0x41...0x46: d = UInt32(b - 0x41 + 10)
        case 0x61...0x66: d = UInt32(b - 0x61 + 10)
        default: return nil
        }
        v = v << 4 | d
      }
      return v
    }
    var i = 0
    while i < raw.count {
      guard raw[i] == UInt8(ascii: "\\"), i + 1 < raw.count else {
        i += 1
        continue
      }
      guard raw[i + 1] == UInt8(ascii: "u"), let v = hexValue(i + 2) else {
        i += 2
        continue
      }
      i += 6
      if v >= 0xDC00 && v <= 0xDFFF { return true }
      if v >= 0xD800 && v <= 0xDBFF {
        guard i + 1 < raw.count, raw[i] == UInt8(ascii: "\\"), raw[i + 1] == UInt8(ascii: "u"),
          let low = hexValue(i + 2), low >= 0xDC00 && low <= 0xDFFF
        else { return true }
        i += 6
      }
    }
    return false
  }
}
