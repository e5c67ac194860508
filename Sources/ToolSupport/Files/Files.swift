import Glibc
import PipeProtocol
import PipeReading
import SystemIO

/// Safe file operations: atomic replacement, durable appends, locks, whole-file reads (bounded,
/// for the files a tool finds by itself: `readBounded`).
public enum Files {
  /// The text of a system error number.
  public static func describe(_ code: Int32) -> String { String(cString: strerror(code)) }

  /// The folder part of a path (`.` when there is none). Slashes are found byte by byte: a
  /// combining mark after a `/` makes one `Character` of both, but the kernel still sees a `/`.
  public static func directory(of path: String) -> String {
    let bytes = Array(path.utf8)
    guard let slash = bytes.lastIndex(of: UInt8(ascii: "/")) else { return "." }
    return slash == 0 ? "/" : String(decoding: bytes[..<slash], as: UTF8.self)
  }

  /// The last component of a path (slashes found byte by byte, as `directory(of:)` does).
  public static func basename(_ path: String) -> String {
    let parts = Array(path.utf8).split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: true)
    return parts.last.map { String(decoding: $0, as: UTF8.self) } ?? path
  }

  /// Whether a path exists (any kind of file).
  public static func exists(_ path: String) -> Bool {
    var info = stat()
    return lstat(path, &info) == 0
  }

  /// Whether a path is a directory.
  public static func isDirectory(_ path: String) -> Bool {
    var info = stat()
    return stat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFDIR
  }

  /// Creates a directory and its parents (mode 0755).
  public static func makeDirectories(_ path: String) throws(ToolError) {
    guard !path.isEmpty, !isDirectory(path) else { return }
    let parent = directory(of: path)
    if parent != path, parent != ".", parent != "/" { try makeDirectories(parent) }
    if mkdir(path, 0o755) != 0, errno != EEXIST {
      throw ToolError.io("cannot create folder '\(path)': \(describe(errno))")
    }
  }

  /// Reads a whole file. Exit 66 when it cannot be opened (or is a folder), 74 on a read error,
  /// 65 when it holds more than `limit` bytes.
  public static func read(_ path: String, limit: Int = Int.max) throws(ToolError) -> [UInt8] {
    let (fd, code) = SystemCall.descriptor(opening: path, O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else {
      throw ToolError("cannot open '\(path)': \(describe(code))", code: ExitStatus.noInput)
    }
    defer { close(fd) }
    if let info = SystemCall.statusIfAny(fd), info.st_mode & S_IFMT == S_IFDIR {
      throw ToolError("cannot open '\(path)': \(describe(EISDIR))", code: ExitStatus.noInput)
    }
    return try read(fd: fd, name: "'\(path)'", limit: limit)
  }

  /// The one read of a file a tool finds by itself rather than gets on its command line: a rename
  /// journal, a store, a state file, a trip's photo, a time zone (PROTOCOL.md, "Bad input, faults
  /// and limits"). Only a regular file is read. It is opened without blocking (`O_NONBLOCK`, and
  /// `O_NOFOLLOW` unless `followLinks`: a link at a default place is never read through) and
  /// examined with `fstat` before any byte is read, so a FIFO, a device, a socket or a folder is
  /// refused at once: exit 66, as a file that cannot be opened. At most `limit + 1` bytes are
  /// read, so a file over `limit` (or one growing past it meanwhile) is refused, exit 65, without
  /// being read whole. `what` names the kind of file in that message ("a rename journal").
  /// Nothing at `path` is exit 66; `readBoundedIfPresent` returns nil instead.
  public static func readBounded(
    _ path: String, limit: Int, followLinks: Bool = true, what: String = "this file"
  )
    throws(ToolError) -> [UInt8]
  {
    guard let bytes = try readBoundedIfPresent(path, limit: limit, followLinks: followLinks, what: what)
    else {
      throw ToolError("cannot open '\(path)': \(describe(ENOENT))", code: ExitStatus.noInput)
    }
    return bytes
  }

  /// `readBounded`, but nil when nothing is at `path`.
  public static func readBoundedIfPresent(
    _ path: String, limit: Int, followLinks: Bool = true, what: String = "this file"
  ) throws(ToolError) -> [UInt8]? {
    guard let (fd, size) = try openBounded(path, limit: limit, followLinks: followLinks, what: what) else {
      return nil
    }
    defer { close(fd) }
    var bytes = [UInt8](repeating: 0, count: size + 1)
    var count = 0
    while count <= limit {
      if count == bytes.count {
        bytes.append(contentsOf: repeatElement(0, count: min(max(count, 1 << 16), limit + 1 - count)))
      }
      let n: Int
      do {
        n = try SystemCall.readWaiting(fd, into: &bytes, from: count)
      } catch {
        throw ToolError.io("cannot read '\(path)': \(error.message)")
      }
      if n == 0 { break }
      count += n
    }
    guard count <= limit else { throw tooLarge(path, limit: limit, what: what) }
    bytes.removeSubrange(count...)
    return bytes
  }

  /// Opens `path` for a bounded read as `readBounded` does (a regular file only, a link followed
  /// only when `followLinks`, a file over `limit` refused with exit 65) and answers the descriptor,
  /// blocking again, and the file's size; the caller reads it (a store read a line at a time) and
  /// closes it. Nil when nothing is at `path`.
  public static func openBounded(
    _ path: String, limit: Int, followLinks: Bool = true, what: String = "this file"
  ) throws(ToolError) -> (fd: Int32, size: Int)? {
    // O_NOCTTY: opening a terminal device must not make it the controlling one.
    let flags = O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC | (followLinks ? 0 : O_NOFOLLOW)
    let (fd, code) = SystemCall.descriptor(opening: path, flags)
    guard fd >= 0 else {
      if code == ENOENT { return nil }
      var info = stat()
      if code == ELOOP, !followLinks, lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFLNK {
        throw ToolError(
          "'\(path)' is a symbolic link at a default place; it was not followed, and nothing was read",
          notes: ["remove the link, then run the command again"])
      }
      if code == ENXIO, lstat(path, &info) == 0 { throw notRegular(path, info.st_mode & S_IFMT) }
      throw ToolError("cannot open '\(path)': \(describe(code))", code: ExitStatus.noInput)
    }
    let info: stat
    do throws(ToolError) {
      info = try examine(fd, path: path)
    } catch {
      close(fd)
      throw error
    }
    guard info.st_mode & S_IFMT == S_IFREG else {
      close(fd)
      throw notRegular(path, info.st_mode & S_IFMT)
    }
    guard Int(info.st_size) <= limit else {
      close(fd)
      throw tooLarge(path, limit: limit, what: what)
    }
    _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK)
    return (fd, Int(info.st_size))
  }

  /// `fstat` of an open descriptor; a failure is exit 74, "cannot VERB 'PATH': why".
  public static func examine(_ fd: Int32, path: String, verb: String = "examine") throws(ToolError) -> stat {
    do {
      return try SystemCall.status(fd)
    } catch {
      throw ToolError.io("cannot \(verb) '\(path)': \(error.message)")
    }
  }

  /// The refusal of a file over the limit of a bounded read (exit 65).
  static func tooLarge(_ path: String, limit: Int, what: String) -> ToolError {
    ToolError.data("'\(path)' is larger than \(LineReader.describeSize(limit)), the limit for \(what)")
  }

  /// The refusal of a file read by `readBounded` that is not a regular file (exit 66).
  static func notRegular(_ path: String, _ kind: mode_t) -> ToolError {
    // A folder is said as the system says it, as `read` does.
    if kind == S_IFDIR {
      return ToolError("cannot open '\(path)': \(describe(EISDIR))", code: ExitStatus.noInput)
    }
    return ToolError(
      "cannot open '\(path)': it is \(WriteTarget.describe(kind: kind)), not a regular file",
      code: ExitStatus.noInput)
  }

  /// Reads everything from an open file descriptor (stdin: `read(fd: 0, name: "stdin")`) to its
  /// end. Exit 74 on a read error, naming `name`; exit 65 as soon as more than `limit` bytes
  /// come (so that memory stays bounded). `sizeHint` reserves room up front.
  public static func read(fd: Int32, name: String, sizeHint: Int = 0, limit: Int = Int.max) throws(ToolError)
    -> [UInt8]
  {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(max(0, sizeHint))
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      let n: Int
      do {
        n = try SystemCall.readWaiting(fd, into: &chunk)
      } catch {
        throw ToolError.io("cannot read \(name): \(error.message)")
      }
      if n == 0 { break }
      guard bytes.count + n <= limit else {
        throw ToolError.data("\(name) is larger than the limit of \(LineReader.describeSize(limit))")
      }
      bytes.append(contentsOf: chunk[0..<n])
    }
    return bytes
  }

  /// The random part of a temporary file's name (replaceable by tests, to plant a collision).
  nonisolated(unsafe) static var temporarySuffix: () -> String = { String(Int.random(in: 0..<1_000_000_000)) }

  /// The mode of a new private file (a store, a menu, a feed, a story): owner only, 0600. A umask
  /// that leaves group write open (such as 002, set on purpose for a shared group folder) is
  /// honoured instead: 0666 less the umask. An existing file always keeps its mode.
  public static func privateMode() -> mode_t {
    let mask = umask(0o022)
    umask(mask)
    return mask & 0o020 == 0 ? 0o666 & ~mask : 0o600
  }

  /// Replaces `path` atomically: writes a temporary file in the same folder, syncs it, renames it
  /// over `path` and syncs the folder. An existing file's permissions are kept (else `mode`,
  /// by default `privateMode()`). The temporary file is made with `O_EXCL | O_NOFOLLOW` under a
  /// fresh random name (another is tried when one is taken, so a file planted under a guessed
  /// name is never written through). On any error the temporary file is removed and the old file
  /// is untouched; temporary files that killed writers left behind are removed first.
  /// The target goes through `WriteTarget.resolve` first: a device, FIFO, socket or folder is
  /// refused before anything is written, and a link is followed only when `named`.
  /// `beforeReplacing` runs once the new text is safely on disk, just before the rename (a
  /// backup of the old text is kept there: a save that cannot be written leaves the old backup);
  /// when it throws, nothing is replaced.
  public static func writeAtomically(
    _ path: String, mode: mode_t? = nil, named: Bool = true,
    beforeReplacing: () throws(ToolError) -> Void = {},
    _ body: (FileWriter) throws(ToolError) -> Void
  ) throws(ToolError) {
    let path = try WriteTarget.resolve(path, named: named)
    let folder = directory(of: path)
    removeStaleTemporaries(of: path)
    var existing = stat()
    let finalMode = stat(path, &existing) == 0 ? existing.st_mode & 0o7777 : (mode ?? privateMode())
    let (temp, fd) = try createTemporary(beside: path)
    var closed = false
    defer {
      if !closed { close(fd) }
      Cleanup.unregister(temp)
    }
    do throws(ToolError) {
      let writer = FileWriter(fd: fd, path: path)
      try body(writer)
      try writer.flush()
      guard fchmod(fd, finalMode) == 0 else {
        throw ToolError.io("cannot set permissions of '\(path)': \(describe(errno))")
      }
      guard fsync(fd) == 0 else { throw ToolError.io("cannot sync '\(path)': \(describe(errno))") }
      closed = true
      guard close(fd) == 0 else { throw ToolError.io("cannot write '\(path)': \(describe(errno))") }
      try beforeReplacing()
      guard rename(temp, path) == 0 else {
        throw ToolError.io("cannot replace '\(path)': \(describe(errno))")
      }
    } catch {
      unlink(temp)
      throw error
    }
    syncDirectory(folder)
  }

  /// Creates a new temporary file beside `path` (mode 0600, `O_EXCL | O_NOFOLLOW`), named
  /// `.NAME.tmp-PID-RANDOM` after `nameFor` (default `path`) so that one a killed writer leaves is
  /// removed later (`removeStaleTemporaries`); a name already taken is passed over for a fresh
  /// one, so a file planted under a guessed name is never written through. The file is registered
  /// with `Cleanup` before it exists; the caller unregisters it once it is renamed or removed.
  public static func createTemporary(beside path: String, nameFor: String? = nil) throws(ToolError)
    -> (path: String, fd: Int32)
  {
    let folder = directory(of: path)
    for _ in 0..<32 {
      let temp = "\(folder)/.\(basename(nameFor ?? path)).tmp-\(getpid())-\(temporarySuffix())"
      // Registered before it exists: a signal right after the file is made must still remove it.
      Cleanup.register(temp)
      let (fd, code) = SystemCall.descriptor(
        opening: temp, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, mode: 0o600)
      if fd >= 0 { return (temp, fd) }
      Cleanup.unregister(temp)
      guard code == EEXIST else { throw ToolError.io("cannot write in '\(folder)': \(describe(code))") }
    }
    throw ToolError.io("cannot write in '\(folder)': no free temporary name")
  }

  /// Removes the temporary files that `writeAtomically(path)` calls of processes that no longer
  /// run left behind (a writer killed with SIGKILL cannot clean up). Files of live processes are
  /// left alone. Returns how many were removed.
  @discardableResult
  public static func removeStaleTemporaries(of path: String) -> Int {
    let folder = directory(of: path)
    var removed = 0
    for name in staleTemporaries(in: folder, prefix: ".\(basename(path)).tmp-")
    where unlink("\(folder)/\(name)") == 0 {
      removed += 1
    }
    return removed
  }

  /// The name of an entry `readdir` answered, its bytes up to the NUL. `d_name` is declared 256
  /// bytes but the kernel's record ends after the name: copying the whole field (as
  /// `withUnsafeBytes(of: entry.pointee.d_name)` does) can read past the buffer `readdir` fills,
  /// and crashed a test once. The name is read in place.
  public static func entryName(_ entry: UnsafeMutablePointer<dirent>) -> [UInt8] {
    withUnsafePointer(to: &entry.pointee.d_name) { field in
      let name = UnsafeRawPointer(field)
      return Array(
        UnsafeRawBufferPointer(start: name, count: strlen(name.assumingMemoryBound(to: CChar.self))))
    }
  }

  /// The names in `folder` of the form `prefix`, a process id, `-` and anything, whose process no
  /// longer runs: what a writer killed with SIGKILL left behind. A name is listed only when
  /// `kill(pid, 0)` says no such process (ESRCH), so a live writer's, even another user's, never is.
  public static func staleTemporaries(in folder: String, prefix: String) -> [String] {
    let prefix = Array(prefix.utf8)
    guard let dir = opendir(folder) else { return [] }
    defer { closedir(dir) }
    var stale: [String] = []
    while let entry = readdir(dir) {
      let name = entryName(entry)
      guard name.count > prefix.count, name.starts(with: prefix) else { continue }
      let rest = name[prefix.count...]
      guard let dash = rest.firstIndex(of: UInt8(ascii: "-")),
        let pid = Int32(String(decoding: rest[..<dash], as: UTF8.self)), pid > 0
      else { continue }
      if kill(pid, 0) != 0, errno == ESRCH { stale.append(String(decoding: name, as: UTF8.self)) }
    }
    return stale
  }

  /// Replaces `path` atomically with `bytes`.
  public static func writeAtomically(
    _ path: String, bytes: [UInt8], mode: mode_t? = nil, named: Bool = true,
    beforeReplacing: () throws(ToolError) -> Void = {}
  ) throws(ToolError) {
    try writeAtomically(path, mode: mode, named: named, beforeReplacing: beforeReplacing) {
      (writer: FileWriter) throws(ToolError) in
      try writer.write(bytes)
    }
  }

  /// Creates a new file (it must not exist) holding `bytes`, synced before returning unless `sync`
  /// is false (for a writer that syncs many files at once afterwards).
  public static func create(_ path: String, bytes: [UInt8], mode: mode_t = 0o644, sync: Bool = true)
    throws(ToolError)
  {
    let (fd, code) = SystemCall.descriptor(opening: path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode: mode)
    guard fd >= 0 else { throw ToolError.io("cannot write '\(path)': \(describe(code))") }
    defer { close(fd) }
    let writer = FileWriter(fd: fd, path: path)
    try writer.write(bytes)
    try writer.flush()
    guard !sync || fsync(fd) == 0 else { throw ToolError.io("cannot sync '\(path)': \(describe(errno))") }
  }

  /// Appends `bytes` to `path` (created when missing) and syncs it before returning. When the
  /// write or the sync fails (a full disk, a file-size limit), the file is cut back to its old
  /// length, so that no partial line is left at its end.
  /// The file must be a regular one (or absent): it is opened without following a link and
  /// without blocking, and refused unless regular, so a FIFO or device is never written to.
  public static func appendDurably(_ path: String, bytes: [UInt8]) throws(ToolError) {
    try WriteTarget.requireReplaceable(path)
    let (fd, code) = SystemCall.descriptor(
      opening: path, O_WRONLY | O_APPEND | O_CREAT | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC, mode: privateMode())
    guard fd >= 0 else {
      if code == ELOOP { throw ToolError("'\(path)' is a symbolic link; it was not written through") }
      throw ToolError.io("cannot open '\(path)' for writing: \(describe(code))")
    }
    defer { close(fd) }
    try WriteTarget.requireRegular(fd: fd, path: path)
    _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK)
    let oldLength = lseek(fd, 0, SEEK_END)
    do throws(ToolError) {
      let writer = FileWriter(fd: fd, path: path)
      try writer.write(bytes)
      try writer.flush()
      guard fsync(fd) == 0 else { throw ToolError.io("cannot sync '\(path)': \(describe(errno))") }
    } catch {
      if oldLength >= 0 {
        _ = ftruncate(fd, oldLength)
        _ = fsync(fd)
      }
      throw error
    }
  }

  /// A lock file that is a symbolic link is never opened (it could point at another file).
  static func lockIsLink(_ lockPath: String) -> ToolError {
    ToolError(
      "the lock file '\(lockPath)' is a symbolic link; it is not used", code: ExitStatus.ioError,
      notes: ["remove '\(lockPath)' (a lock file holds nothing), then run the command again"])
  }

  /// Syncs a folder so that a rename in it is durable.
  public static func syncDirectory(_ path: String) {
    let (fd, _) = SystemCall.descriptor(opening: path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    guard fd >= 0 else { return }
    fsync(fd)
    close(fd)
  }

  /// The mode of a new lock file for `path`: the file's own read and write bits for its group
  /// and others (so that every member of a group-shared store can take its lock), else the mode
  /// of a new private file.
  static func lockMode(for path: String) -> mode_t {
    var info = stat()
    let base = stat(path, &info) == 0 ? info.st_mode & 0o666 : privateMode()
    return (base | 0o600) & 0o666
  }

  /// Opens the lock file of `path` (`path + ".lock"`), creating it when missing with
  /// `lockMode(for:)` unless `writable` is false (an existing one, read-only: a shared lock in a
  /// read-only place). A link or anything but a regular file is refused; a lock that cannot be
  /// opened gives the system's error number with the error.
  static func openLock(_ path: String, writable: Bool = true) -> Result<Int32, LockOpenError> {
    let lockPath = path + ".lock"
    let mode = lockMode(for: path)
    let flags = writable ? O_RDWR | O_CREAT : O_RDONLY
    let (fd, code) = SystemCall.descriptor(
      opening: lockPath, flags | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC, mode: mode)
    guard fd >= 0 else {
      if code == ELOOP { return .failure(LockOpenError(code: code, error: lockIsLink(lockPath))) }
      return .failure(
        LockOpenError(
          code: code,
          error: ToolError.io(
            "cannot change '\(path)': cannot open its lock file '\(lockPath)': \(describe(code))")))
    }
    do {
      try WriteTarget.requireRegular(fd: fd, path: lockPath)
    } catch {
      close(fd)
      return .failure(LockOpenError(code: 0, error: error))
    }
    // A lock this user owns follows its store's mode, whatever the umask: a store that is (or
    // becomes) group-shared shares its lock too. One another user made keeps its mode.
    if writable, let info = SystemCall.statusIfAny(fd), info.st_uid == geteuid(), info.st_mode & 0o777 != mode
    {
      _ = fchmod(fd, mode)
    }
    return .success(fd)
  }

  /// Why a lock file could not be opened: the system's error number (0 when it was refused) and
  /// the error to report.
  struct LockOpenError: Error {
    var code: Int32
    var error: ToolError
  }

  /// Runs `body` holding an exclusive lock on `path + ".lock"` (created when missing), so that
  /// concurrent writers of `path` take turns. `path` itself must be a regular file or absent
  /// (`WriteTarget`); nothing is locked otherwise.
  public static func withLock<T>(_ path: String, _ body: () throws(ToolError) -> T) throws(ToolError) -> T {
    try WriteTarget.requireReplaceable(path)
    switch openLock(path) {
    case .success(let fd): return try holding(fd, LOCK_EX, naming: "'\(path).lock'", body)
    case .failure(let failure): throw failure.error
    }
  }

  /// Runs `body` holding `flock(fd, operation)` (taken again when a signal interrupts the wait),
  /// then unlocks and closes `fd`; `name` names the lock in the error when it cannot be taken.
  static func holding<T>(
    _ fd: Int32, _ operation: Int32, naming name: String, _ body: () throws(ToolError) -> T
  ) throws(ToolError) -> T {
    defer { close(fd) }
    do {
      _ = try SystemCall.lock(fd, operation)
    } catch {
      throw ToolError.io("cannot lock \(name): \(error.message)")
    }
    defer { _ = try? SystemCall.lock(fd, LOCK_UN) }
    return try body()
  }
}

extension Files {
  /// Runs `body` holding an exclusive lock on the folder `folder` itself (`flock` on the folder),
  /// for writers of documents in a folder of the user's: no lock file is left beside them, and a
  /// document that does not exist yet is covered too. Every story-io command that reads, then
  /// replaces a document takes it, so that concurrent saves take turns. A folder that cannot be
  /// opened is not locked (the save that follows reports why it cannot write there).
  public static func withFolderLock<T>(_ folder: String, _ body: () throws(ToolError) -> T) throws(ToolError)
    -> T
  {
    let (fd, _) = SystemCall.descriptor(opening: folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    guard fd >= 0 else { return try body() }
    return try holding(fd, LOCK_EX, naming: "the folder '\(folder)'", body)
  }

  /// Runs `body` holding a shared lock on `path + ".lock"`: readers share it, and a writer (who
  /// takes `withLock`) waits for them and they for it. Where the lock file cannot be opened for
  /// writing (a read-only folder or file system), an existing one is locked read-only; where none
  /// exists and none can be made, no tool can write there either, and `body` runs without it.
  public static func withSharedLock<T>(_ path: String, _ body: () throws(ToolError) -> T) throws(ToolError)
    -> T
  {
    try WriteTarget.requireReplaceable(path)
    var opened = openLock(path)
    if case .failure(let failure) = opened, [EROFS, EACCES, EPERM].contains(failure.code) {
      opened = openLock(path, writable: false)
      if case .failure(let missing) = opened, missing.code == ENOENT { return try body() }
    }
    switch opened {
    case .success(let fd): return try holding(fd, LOCK_SH, naming: "'\(path).lock'", body)
    case .failure(let failure): throw failure.error
    }
  }
}
