import Glibc
import PipeProtocol
import SystemIO

/// The one decision every file a tool writes goes through, made before anything is written or
/// locked: the target must be a regular file, or absent. A symbolic link the user named (an
/// option, an environment variable, a path argument) is followed to a regular file, so that it
/// stays a link; one at a default place is refused, since anyone who could plant it there could
/// point it anywhere. A device, FIFO, socket or folder is refused and left as it is: replacing
/// `/dev/null` with a regular file, or blocking on a FIFO, is never what a save means.
public enum WriteTarget {
  /// The file to write for `path`: the path itself, or where a named link points. `how` says how
  /// the user names this file (`--store`, say), for the note when a default-place link is refused.
  /// A path that cannot be examined (a missing folder, no permission) is returned as it is, and
  /// the write that follows reports why it fails.
  public static func resolve(_ path: String, named: Bool = true, how: String? = nil) throws(ToolError)
    -> String
  {
    var info = stat()
    guard lstat(path, &info) == 0 else { return path }
    let kind = info.st_mode & S_IFMT
    if kind == S_IFREG { return path }
    guard kind == S_IFLNK else { throw refusal(path, kind) }
    guard named else {
      throw ToolError(
        "'\(path)' is a symbolic link at a default place; it was not followed, and nothing was changed",
        notes: [
          how.map { "to use the file it points to, name it with \($0)" }
            ?? "remove the link, then run the command again"
        ])
    }
    guard let resolved = realpath(path, nil) else {
      throw ToolError.io("cannot follow the link '\(path)': \(Files.describe(errno)); nothing was changed")
    }
    defer { free(resolved) }
    let file = String(cString: resolved)
    guard stat(file, &info) == 0 else { return file }
    let target = info.st_mode & S_IFMT
    guard target == S_IFREG else { throw refusal(path, target, through: file) }
    return file
  }

  /// Refuses a target that is present and is not a regular file (links are not followed): for a
  /// file made beside another (a backup, a lock), where a link would be replaced, not written
  /// through, and so is allowed.
  public static func requireReplaceable(_ path: String) throws(ToolError) {
    var info = stat()
    guard lstat(path, &info) == 0 else { return }
    let kind = info.st_mode & S_IFMT
    guard kind == S_IFREG || kind == S_IFLNK else { throw refusal(path, kind) }
  }

  /// Checks an open descriptor (opened with `O_NOFOLLOW | O_NONBLOCK`, so that neither a planted
  /// link nor a FIFO could hold it) for a regular file, after the fact: the path may have been
  /// swapped between the check and the open.
  public static func requireRegular(fd: Int32, path: String) throws(ToolError) {
    let info = try Files.examine(fd, path: path)
    let kind = info.st_mode & S_IFMT
    guard kind == S_IFREG else { throw refusal(path, kind) }
  }

  /// The words for a kind of file (`st_mode & S_IFMT`).
  public static func describe(kind: mode_t) -> String {
    switch kind {
    case S_IFREG: return "a regular file"
    case S_IFDIR: return "a folder"
    case S_IFLNK: return "a symbolic link"
    case S_IFCHR: return "a character device"
    case S_IFBLK: return "a block device"
    case S_IFIFO: return "a FIFO (named pipe)"
    case S_IFSOCK: return "a socket"
    default: return "not a regular file"
    }
  }

  /// The error for a target that is not a regular file (exit 1: refused, nothing touched).
  static func refusal(_ path: String, _ kind: mode_t, through file: String? = nil) -> ToolError {
    let what = describe(kind: kind)
    let place = file.map { "'\(path)' points to '\($0)', which is \(what)" } ?? "'\(path)' is \(what)"
    return ToolError(
      "\(place), not a regular file; it was left as it is",
      notes: ["name a regular file, or a path where none exists yet"])
  }
}
