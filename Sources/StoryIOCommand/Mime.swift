import Glibc
import PipeProtocol
import ToolSupport

/// `story-io mime`: the shared-mime-info XML declaring the .story type, or its installation.
enum Mime {
  static let install = Flag(
    "install", help: "write it to $XDG_DATA_HOME/mime/packages and run update-mime-database")
  static let uninstall = Flag("uninstall", help: "remove it from there and run update-mime-database")

  static let command = Command(
    name: "mime", summary: "the shared-mime-info XML declaring the .story type",
    options: [install, uninstall],
    output: """
      The XML declaring \(MimeType.name) (*.story, a subclass of text/plain), the Linux
      counterpart of the type com.example.writingAppDocument. With --install, nothing on stdout.
      """,
    examples: ["story-io mime | xmllint --noout -"],
    run: run)

  static func run(_ invocation: Invocation) throws -> Int32 {
    let tool = invocation.tool
    let install = invocation[install]
    let uninstall = invocation[uninstall]
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
      // A default place: a link planted there is refused, not written through.
      try Files.writeAtomically(file, bytes: Array(MimeType.xml.utf8), named: false)
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
