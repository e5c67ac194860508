import Glibc
import PipeProtocol
import PipeReading
import ToolSupport

/// `story-io mime`: the shared-mime-info XML declaring the .story type, or its installation.
enum Mime {
  static let install = Flag(
    "install",
    help:
      "write it to $XDG_DATA_HOME/mime/packages and run update-mime-database; write the desktop entry "
      + "opening .story files with story-io, and make it their default")
  static let uninstall = Flag(
    "uninstall", help: "remove both from there (and the entry as the default), and run update-mime-database")

  static let command = Command(
    name: "mime", summary: "the shared-mime-info XML declaring the .story type",
    options: [install, uninstall],
    output: """
      The XML declaring \(MimeType.name) (*.story, a subclass of text/plain), the Linux
      counterpart of the type com.example.writingAppDocument. With --install, nothing on stdout;
      besides the XML it writes the desktop entry \(entry.fileName) to $XDG_DATA_HOME/applications
      (default ~/.local/share/applications), atomically: a terminal application running this
      program's 'edit %f', for \(MimeType.name), made the default with 'xdg-mime default', so that
      xdg-open X.story edits it. --uninstall removes both. A folder that cannot be written is one
      error line (exit 74), and nothing is changed.
      """,
    examples: """
      story-io mime | xmllint --noout -
      """,
    conflicts: [.excludes("install", ["uninstall"], message: "give --install or --uninstall, not both")],
    run: run)

  static func run(_ invocation: Invocation) throws -> Int32 {
    let tool = invocation.tool
    let install = invocation[install]
    let uninstall = invocation[uninstall]
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
      // The entry first: an applications folder that cannot be written stops it before anything
      // else is touched.
      let hadEntry = entry.isInstalled
      let installed = try entry.install()
      do throws(ToolError) {
        try Files.makeDirectories(packages)
        // A default place: a link planted there is refused, not written through.
        try Files.writeAtomically(file, bytes: Array(MimeType.xml.utf8), named: false)
      } catch {
        // Nothing changed: an entry this run added goes again.
        if !hadEntry { _ = try? entry.uninstall() }
        throw DesktopEntry.unchanged(error, installing: file)
      }
      Diagnostics.note(installed, tool: tool)
    } else {
      Diagnostics.note(try entry.uninstall(), tool: tool)
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

  /// The desktop entry opening a story: this program's `edit %f` in a terminal.
  static var entry: DesktopEntry {
    DesktopEntry(
      fileName: "samplepipes-story-io.desktop", name: "story-io",
      comment: "Edit a Writing App story in $VISUAL or $EDITOR, keeping the previous version (story-io edit)",
      exec: [DesktopEntry.runningProgram(fallback: "story-io"), "edit", "%f"], mimeTypes: [MimeType.name],
      terminal: true, categories: ["Utility", "TextEditor"])
  }
}
