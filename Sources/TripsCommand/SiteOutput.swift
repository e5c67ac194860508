import Glibc
import PipeProtocol
import ToolSupport
import WishlistSite

/// Where `trips site` puts a site, and reads one back for `--check`: what it refuses, and the rule
/// that a run replaces the folder whole or leaves it as it was (the site is written into a
/// temporary folder beside it, removed on failure or when the tool is stopped).
enum SiteOutput {
  /// The problems that stop a site from being written, or fail the check, as one error (exit 65);
  /// nil when there are none.
  static func refusal(_ report: TransitionCheck.Report, site: String, written: Bool) -> ToolError? {
    guard !report.problems.isEmpty else { return nil }
    let count = report.problems.count
    let what = Numbers.count(count, "problem")
    let message =
      written
      ? "'\(site)' fails the view transition check (\(what)): a card would not zoom into the page it opens"
      : "view transition names do not pair up (\(what)); nothing was written to '\(site)'"
    return ToolError.data(message, notes: report.problems)
  }

  /// Checks the files and writes them as the folder `dir`: into a temporary folder beside it, then
  /// renamed into place. An existing `dir` must be empty or an earlier site (only files a site
  /// has); it is replaced whole, except that a site with trips is not replaced by one with none
  /// unless `allowEmpty` (exit 1). On any error nothing is left behind and `dir` is unchanged;
  /// after success, folders that killed runs left beside `dir` are removed.
  static func publish(_ files: [SiteFile], to dir: String, allowEmpty: Bool = false) throws(ToolError) {
    let report = TransitionCheck.check(files)
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
      let foreign = try SiteFolder.entries(trimmed).filter {
        $0.isDirectory || !SiteFolder.isSiteFileName($0.name)
      }.map(\.name)
      guard foreign.isEmpty else {
        let shown = foreign.prefix(5).joined(separator: ", ") + (foreign.count > 5 ? ", ..." : "")
        throw ToolError(
          "'\(dir)' holds files that trips site did not write (\(shown)); it was left as it is",
          notes: ["give a new or empty folder, or one that holds an earlier trips site"])
      }
      let published = try SiteFolder.entries(trimmed).filter { isTripPage($0.name) }.count
      if published > 0, !allowEmpty, !files.contains(where: { isTripPage($0.path) }) {
        throw ToolError(
          "the input has no trips, and '\(dir)' holds a site with \(Numbers.count(published, "trip")); "
            + "it was left as it is",
          notes: [
            "without FILEs, trips site reads stdin unless it is a terminal: pipe the trips in "
              + "(trips list | trips site --out DIR) or give --store FILE",
            "to publish a wishlist with no trips, give --allow-empty",
          ])
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
      try SiteFolder.write(files, into: temp) { path in
        Cleanup.register(path)
        registered.append(path)
      }
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
        SiteFolder.removeFlat(old)
      } else {
        guard rename(temp, trimmed) == 0 else {
          throw ToolError.io("cannot create '\(dir)': \(Files.describe(errno))")
        }
      }
      Files.syncDirectory(parent)
    } catch {
      SiteFolder.removeFlat(temp)
      throw error
    }
    removeStaleFolders(of: base, in: parent)
  }

  /// Removes the folders that runs killed with SIGKILL left beside the site `base` in `parent`
  /// (`.BASE.tmp-PID-N`, a new site being written, and `.BASE.old-PID-N`, the earlier one set
  /// aside). Only once a new site is in place: a run killed between its two renames left the
  /// earlier site in its `.old` folder alone. A folder of a process that runs, or that holds
  /// anything a site does not (a subfolder, a file of another name), stays.
  static func removeStaleFolders(of base: String, in parent: String) {
    for kind in ["tmp", "old"] {
      for name in Files.staleTemporaries(in: parent, prefix: ".\(base).\(kind)-") {
        let path = "\(parent)/\(name)"
        var info = stat()
        guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFDIR,
          let entries = try? SiteFolder.entries(path),
          entries.allSatisfy({ !$0.isDirectory && SiteFolder.isSiteFileName($0.name) })
        else { continue }
        SiteFolder.removeFlat(path)
      }
    }
  }

  /// Whether a site file is a trip's page (`trip-ID.html`).
  static func isTripPage(_ name: String) -> Bool { name.hasPrefix("trip-") && name.hasSuffix(".html") }

  /// The site in `dir`, for the check: every file's name, and the text of its pages and style sheet.
  static func read(_ dir: String) throws(ToolError) -> [(path: String, text: String?)] {
    guard Files.isDirectory(dir) else {
      throw ToolError(
        Files.exists(dir) ? "'\(dir)' is not a folder" : "cannot open '\(dir)': \(Files.describe(ENOENT))",
        code: ExitStatus.noInput)
    }
    return try SiteFolder.read(dir)
  }
}
