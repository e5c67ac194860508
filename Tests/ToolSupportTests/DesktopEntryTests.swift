import Testing

@testable import ToolSupport

@Suite("desktop entries")
struct DesktopEntryTests {
  @Test("Exec words are quoted as the specification says; field codes are left alone")
  func quoting() {
    #expect(DesktopEntry.quote("/usr/bin/orders") == "/usr/bin/orders")
    #expect(DesktopEntry.quote("%u") == "%u")
    #expect(DesktopEntry.quote("/opt/My Tools/orders") == #""/opt/My Tools/orders""#)
    #expect(DesktopEntry.quote(#"/a$b"c"#) == #""/a\$b\"c""#)
    #expect(DesktopEntry.quote("100%") == #""100%%""#)
    // The value's own escapes come after: a backslash is written twice.
    let entry = DesktopEntry(
      fileName: "x.desktop", name: "X", comment: "c", exec: [#"/a\b"#, "%f"], mimeTypes: ["text/x-a"],
      terminal: true)
    #expect(entry.text.contains("\nExec=\"/a\\\\\\\\b\" %f\n"))
    #expect(entry.text.contains("\nMimeType=text/x-a;\nCategories=Utility;\n"))
  }

  @Test("a value's line ending is escaped scalar by scalar: a CRLF pair is \\r\\n, never a raw break")
  func lineEndings() {
    // Swift reads "\r\n" as one Character that is neither "\r" nor "\n"; a Character switch wrote it raw.
    #expect(DesktopEntry.escape("a\r\nb\tc\\") == #"a\r\nb\tc\\"#)
    #expect(!DesktopEntry.escape("one\r\ntwo").contains("\n"))
  }

  @Test("uninstalling takes the entry out of mimeapps.list's lists, and nothing else")
  func forgetting() {
    let text = """
      [Default Applications]
      x-scheme-handler/foodtruck=samplepipes-orders.desktop
      text/plain=gedit.desktop;samplepipes-orders.desktop;
      [Added Associations]
      x-scheme-handler/foodtruck=samplepipes-orders.desktop;other.desktop;
      [Other]
      k=samplepipes-orders.desktop

      """
    #expect(
      DesktopEntry.forgetting("samplepipes-orders.desktop", in: text) == """
        [Default Applications]
        text/plain=gedit.desktop;
        [Added Associations]
        x-scheme-handler/foodtruck=other.desktop;
        [Other]
        k=samplepipes-orders.desktop

        """)
  }
}
