import Glibc
import PipeProtocol
import SystemIO
import ToolSupport

/// A site as a folder of files: the names its files have, writing them into a folder, and reading
/// a folder back for the transition check.
public enum SiteFolder {
  /// Whether a file name is one that a site has (so that a folder holding only such files holds an
  /// earlier site).
  public static func isSiteFileName(_ name: String) -> Bool {
    if ["index.html", "goals.html", "search.html", NewTripSheet.path, "style.css"].contains(name) {
      return true
    }
    if name.hasPrefix("badge-") { return name.hasSuffix(".html") }
    guard name.hasPrefix("trip-"), let dot = name.lastIndex(of: ".") else { return false }
    let ext = name[name.index(after: dot)...]
    return ext == "html" || ext == "svg" || Photo.types.contains { $0.fileExtension == ext }
  }

  /// The entries of a folder (without `.` and `..`), sorted, each with whether it is a folder.
  public static func entries(_ path: String) throws(ToolError) -> [(name: String, isDirectory: Bool)] {
    guard let dir = opendir(path) else {
      throw ToolError("cannot open folder '\(path)': \(Files.describe(errno))", code: ExitStatus.noInput)
    }
    defer { closedir(dir) }
    var entries: [(name: String, isDirectory: Bool)] = []
    while let entry = readdir(dir) {
      let name = String(decoding: Files.entryName(entry), as: UTF8.self)
      if name == "." || name == ".." { continue }
      var info = stat()
      let isDirectory = lstat("\(path)/\(name)", &info) == 0 && info.st_mode & S_IFMT == S_IFDIR
      entries.append((name, isDirectory))
    }
    return entries.sorted { $0.name < $1.name }
  }

  /// Creates each file in `folder` (which exists and holds none of them), then syncs them all and
  /// the folder. `willCreate` is given each file's path just before the file is created.
  ///
  /// One sync of the file system (`syncfs`) replaces a sync per file: a site of 50,000 trips has
  /// 100,000 files, and a sync each made writing it wait on the disk 100,000 times.
  public static func write(
    _ files: [SiteFile], into folder: String, willCreate: (String) -> Void = { _ in }
  ) throws(ToolError) {
    for file in files {
      let path = "\(folder)/\(file.path)"
      willCreate(path)
      try Files.create(path, bytes: file.bytes, sync: false)
    }
    try sync(files.map { "\(folder)/\($0.path)" }, in: folder)
    Files.syncDirectory(folder)
  }

  /// `syncfs(2)`, looked up at run time (the C library declares it only for GNU sources).
  static let syncFileSystem: (@convention(c) (Int32) -> Int32)? = dlsym(nil, "syncfs").map {
    unsafeBitCast($0, to: (@convention(c) (Int32) -> Int32).self)
  }

  /// Gets `paths` (files in `folder`) onto the disk: the file system of `folder` in one call, or
  /// each file when that call is missing or fails.
  static func sync(_ paths: [String], in folder: String) throws(ToolError) {
    let (fd, _) = SystemCall.descriptor(opening: folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    if fd >= 0 {
      defer { close(fd) }
      if let syncFileSystem, syncFileSystem(fd) == 0 { return }
    }
    for path in paths {
      let (file, code) = SystemCall.descriptor(opening: path, O_RDONLY | O_CLOEXEC)
      guard file >= 0 else { throw ToolError.io("cannot sync '\(path)': \(Files.describe(code))") }
      defer { close(file) }
      guard fsync(file) == 0 else { throw ToolError.io("cannot sync '\(path)': \(Files.describe(errno))") }
    }
  }

  /// Removes a folder that holds only files: its files, then the folder (best effort).
  public static func removeFlat(_ path: String) {
    if let entries = try? entries(path) {
      for entry in entries where !entry.isDirectory { unlink("\(path)/\(entry.name)") }
    }
    rmdir(path)
  }

  /// The files in `folder`, for the check: each one's name, and the text of its pages and style
  /// sheet, each read through `Files.readBounded` (a FIFO named like a page is refused, not
  /// waited on).
  public static func read(_ folder: String) throws(ToolError) -> [(path: String, text: String?)] {
    var files: [(path: String, text: String?)] = []
    for entry in try entries(folder) where !entry.isDirectory {
      let path = "\(folder)/\(entry.name)"
      let text =
        SiteFile.isText(entry.name)
        ? String(
          decoding: try Files.readBounded(path, limit: ReadLimit.store, what: "a site page"), as: UTF8.self)
        : nil
      files.append((entry.name, text))
    }
    return files
  }
}
