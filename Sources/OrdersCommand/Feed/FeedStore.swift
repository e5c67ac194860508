import FoodTruckKit
import PipeProtocol
import ToolSupport

/// The feed store: the posts written with `orders feed post`, a JSON-lines file of `post` records
/// next to the order store. It is read whole; posts are appended under its lock.
enum FeedStore {
  /// The environment variable naming the feed store.
  static let environmentVariable = "SAMPLEPIPES_FEED"

  /// `--feed FILE`.
  static let option = Option.string(
    "feed", name: "FILE",
    help: "the feed store (default $\(environmentVariable), else $XDG_DATA_HOME/samplepipes/feed.jsonl)"
  ).environment(environmentVariable)

  /// What the feed commands read.
  static let input = """
    The feed store: a JSON-lines file of the post records written with 'orders feed post' (see
    --feed). A missing store holds no posts; one with a bad or torn line is reported (exit 65) and
    never changed. Donut ids are those of the menu: the built-in donuts and the custom donuts of
    the menu store (--menu; see 'orders donut --help').
    """

  /// The store named by `--feed`, the environment, or the default path.
  static func store(_ invocation: Invocation) -> RecordStore { store(option: invocation[option]) }

  /// The store named by `option`, else the environment, else the default path.
  static func store(option: String?) -> RecordStore {
    RecordStore.locate(
      option, option: "--feed", file: "feed.jsonl", environmentVariable: environmentVariable,
      limit: ReadLimit.smallStore)
  }

  /// The menu posts' donuts are checked against: the built-in donuts and the custom ones of the
  /// menu store (`--menu`).
  static func menu(_ invocation: Invocation) throws -> Menu {
    try MenuStore.read(MenuStore.store(invocation)).menu
  }

  /// The own posts in the store, in store order (none when it does not exist yet).
  static func posts(_ store: RecordStore, menu: Menu) throws -> [FeedPost] {
    guard store.exists else { return [] }
    let records = try store.loadShared()
    return try posts(records, menu: menu)
  }

  /// The records as own posts; anything else is an error naming its line, the store unchanged.
  static func posts(_ records: [Record], menu: Menu) throws(ToolError) -> [FeedPost] {
    var posts: [FeedPost] = []
    for record in records {
      do throws(InputError) {
        let post = try FeedPost(record: record, menu: menu)
        guard post.kind == .own else {
          throw record.error("\"kind\" is \(post.kind.rawValue), but the feed store holds own posts only")
        }
        posts.append(post)
      } catch {
        throw ToolError.data(
          "\(error.description); the feed store was left unchanged",
          notes: ["repair that line (the store is plain JSON lines), then run the command again"])
      }
    }
    return posts
  }
}
