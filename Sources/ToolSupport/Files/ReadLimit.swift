/// The size limits of `Files.readBounded`, the one read of a file a tool finds by itself rather
/// than gets on its command line (PROTOCOL.md, "Bad input, faults and limits"). A file over its
/// limit is refused (exit 65, or a warning where the file is optional) without being read whole.
public enum ReadLimit {
  /// A rename journal (`.story-io-rename.json`): one line naming two files, 64 KiB.
  public static let journal = 64 << 10
  /// The order store, its notice store and the wishlist store, and a page `trips site --check`
  /// reads: 1 GiB (millions of records; each is read whole into memory, so the bound is also
  /// what a command may hold).
  public static let store = 1 << 30
  /// The stores that stay small by nature: the menu and feed stores and `achievements --state`,
  /// 64 MiB (the protocol's line limit).
  public static let smallStore = 64 << 20
  /// A trip's `photo`, copied into the site by `trips site`: 64 MiB.
  public static let photo = 64 << 20
  /// A settings file the system or desktop keeps (a time zone, `mimeapps.list`): 1 MiB.
  public static let settings = 1 << 20
}
