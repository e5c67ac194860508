import Glibc
import PipeProtocol
import ToolSupport

/// Writing a site folder all at once (temporary folder, then rename), reading one back, and loading
/// trip photos from local files.
enum SiteWriter {
  /// Extensions of the pictures `trips site` copies in.
  static let imageTypes: [(magic: [UInt8?], fileExtension: String)] = [
    ([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A], "png"),
    ([0xFF, 0xD8, 0xFF], "jpg"),
    ([0x47, 0x49, 0x46, 0x38], "gif"),
    ([0x52, 0x49, 0x46, 0x46, nil, nil, nil, nil, 0x57, 0x45, 0x42, 0x50], "webp"),
    ([nil, nil, nil, nil, 0x66, 0x74, 0x79, 0x70, 0x61, 0x76, 0x69, 0x66], "avif"),
  ]

  /// Whether a file name is one that `trips site` writes (so an earlier site may be replaced).
  static func isSiteFileName(_ name: String) -> Bool {
    if ["index.html", "goals.html", "style.css"].contains(name) { return true }
    guard name.hasPrefix("trip-"), let dot = name.lastIndex(of: ".") else { return false }
    let ext = name[name.index(after: dot)...]
    return ext == "html" || ext == "svg" || imageTypes.contains { $0.fileExtension == ext }
  }

  /// The entries of a folder (without `.` and `..`), sorted, each with whether it is a folder.
  static func list(_ path: String) throws(ToolError) -> [(name: String, isDirectory: Bool)] {
    guard let dir = opendir(path) else {
      throw ToolError("cannot open folder '\(path)': \(Files.describe(errno))", code: ExitStatus.noInput)
    }
    defer { closedir(dir) }
    var entries: [(name: String, isDirectory: Bool)] = []
    while let entry = readdir(dir) {
      let name = withUnsafePointer(to: &entry.pointee.d_name) {
        String(cString: UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self))
      }
      if name == "." || name == ".." { continue }
      var info = stat()
      let isDirectory = lstat("\(path)/\(name)", &info) == 0 && info.st_mode & S_IFMT == S_IFDIR
      entries.append((name, isDirectory))
    }
    return entries.sorted { $0.name < $1.name }
  }

  /// Removes a flat folder written by this tool: its files, then the folder (best effort).
  static func removeFlatFolder(_ path: String) {
    if let entries = try? list(path) {
      for entry in entries where !entry.isDirectory { unlink("\(path)/\(entry.name)") }
    }
    rmdir(path)
  }

  /// The problems that stop a site from being written, as one error (exit 65), or nil.
  static func refusal(_ report: TransitionCheck.Report, site: String, written: Bool) -> ToolError? {
    guard !report.problems.isEmpty else { return nil }
    let count = report.problems.count
    let what = count == 1 ? "1 problem" : "\(count) problems"
    let message =
      written
      ? "'\(site)' fails the view transition check (\(what)): a card would not zoom into its trip page"
      : "view transition names do not pair up (\(what)); nothing was written to '\(site)'"
    return ToolError.data(message, notes: report.problems)
  }

  /// Checks the files and writes them as the folder `dir`: into a temporary folder beside it, then
  /// renamed into place. An existing `dir` must be empty or an earlier site (only files this tool
  /// writes); it is replaced whole. On any error nothing is left behind and `dir` is unchanged.
  static func write(_ files: [SiteFile], to dir: String) throws(ToolError) {
    let report = TransitionCheck.check(files.map { ($0.path, isText($0.path) ? $0.text : nil) })
    if let refusal = refusal(report, site: dir, written: false) { throw refusal }

    var trimmed = dir
    while trimmed.count > 1, trimmed.hasSuffix("/") { trimmed.removeLast() }
    let parent = Files.directory(of: trimmed)
    let base = Files.basename(trimmed)
    guard !base.isEmpty, base != ".", base != "..", trimmed != "/" else {
      throw ToolError.usage("--out needs a folder name such as 'site', not '\(dir)'")
    }
    var info = stat()
    let exists = lstat(trimmed, &info) == 0
    if exists {
      guard info.st_mode & S_IFMT == S_IFDIR else {
        throw ToolError(
          "'\(dir)' exists and is not a folder",
          notes: ["give a new folder, or an earlier trips site to replace"])
      }
      let foreign = try list(trimmed).filter { $0.isDirectory || !isSiteFileName($0.name) }.map(\.name)
      guard foreign.isEmpty else {
        let shown = foreign.prefix(5).joined(separator: ", ") + (foreign.count > 5 ? ", ..." : "")
        throw ToolError(
          "'\(dir)' holds files that trips site did not write (\(shown)); it was left as it is",
          notes: ["give a new or empty folder, or one that holds an earlier trips site"])
      }
    } else {
      try Files.makeDirectories(parent)
    }

    let tag = "\(getpid())-\(Int.random(in: 0..<1_000_000))"
    let temp = "\(parent)/.\(base).tmp-\(tag)"
    guard mkdir(temp, 0o755) == 0 else {
      throw ToolError.io("cannot create a folder in '\(parent)': \(Files.describe(errno))")
    }
    Cleanup.register(temp)
    var registered = [temp]
    defer { for path in registered { Cleanup.unregister(path) } }
    do throws(ToolError) {
      for file in files {
        let path = "\(temp)/\(file.path)"
        Cleanup.register(path)
        registered.append(path)
        try Files.create(path, bytes: file.bytes)
      }
      Files.syncDirectory(temp)
      if exists {
        let old = "\(parent)/.\(base).old-\(tag)"
        guard rename(trimmed, old) == 0 else {
          throw ToolError.io("cannot move the earlier site '\(dir)' aside: \(Files.describe(errno))")
        }
        guard rename(temp, trimmed) == 0 else {
          let code = errno
          rename(old, trimmed)
          throw ToolError.io("cannot put the new site in place of '\(dir)': \(Files.describe(code))")
        }
        removeFlatFolder(old)
      } else {
        guard rename(temp, trimmed) == 0 else {
          throw ToolError.io("cannot create '\(dir)': \(Files.describe(errno))")
        }
      }
      Files.syncDirectory(parent)
    } catch {
      removeFlatFolder(temp)
      throw error
    }
  }

  static func isText(_ path: String) -> Bool { path.hasSuffix(".html") || path.hasSuffix(".css") }

  /// Reads the site in `dir` for the check: every file's name, and the text of its HTML and CSS.
  static func read(_ dir: String) throws(ToolError) -> [(path: String, text: String?)] {
    guard Files.isDirectory(dir) else {
      throw ToolError(
        Files.exists(dir) ? "'\(dir)' is not a folder" : "cannot open '\(dir)': \(Files.describe(ENOENT))",
        code: ExitStatus.noInput)
    }
    var files: [(path: String, text: String?)] = []
    for entry in try list(dir) where !entry.isDirectory {
      let text =
        isText(entry.name) ? String(decoding: try Files.read("\(dir)/\(entry.name)"), as: UTF8.self) : nil
      files.append((entry.name, text))
    }
    return files
  }

  /// The photo for a trip whose `photo` names a readable local image file; nil for a picture name
  /// (such as the sample's `CoastalTrail`). A path that cannot be used gives a warning.
  static func photo(_ photo: String, warn: (String) -> Void) -> Photo? {
    let lower = photo.lowercased()
    let extensions = [".jpg", ".jpeg", ".png", ".gif", ".webp", ".avif"]
    guard photo.contains("/") || extensions.contains(where: { lower.hasSuffix($0) }) else { return nil }
    let bytes: [UInt8]
    do {
      bytes = try Files.read(photo)
    } catch {
      warn("\(error.message); drawing a picture instead")
      return nil
    }
    for type in imageTypes where bytes.count >= type.magic.count {
      if zip(type.magic, bytes).allSatisfy({ $0 == nil || $0 == $1 }) {
        return Photo(fileExtension: type.fileExtension, bytes: bytes)
      }
    }
    warn("'\(photo)' is not a PNG, JPEG, GIF, WebP or AVIF image; drawing a picture instead")
    return nil
  }
}
