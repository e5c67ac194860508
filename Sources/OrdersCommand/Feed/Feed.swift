import FoodTruckKit
import PipeProtocol
import PipeReading
import ToolSupport

/// `orders feed`: the social feed, newest first, or the truck card's trending topics.
enum Feed {
  static let plus = Flag("plus", help: "also the three Highlighted Posts of Social Feed+ (no purchase here)")
  static let tag = Option.string(
    "tag", name: "TAG", help: "only posts with a tag reading TAG (ignoring case)")
  static let donut = Option.string(
    "donut", name: "D",
    help: "only posts about donut D (an id or a name, any case): their favourite donut, or a donut tag"
  ).completing(OrdersCompletion.donuts)
  static let city = Option.string("city", name: "CITY", help: "only posts tagged with the city CITY")
  static let trending = Flag("trending", help: "the truck card's 16 trending topics instead, as tag records")
  static let seed = Option.int(
    "seed", name: "N", help: "the seed of the posts' dates (the sample draws them from the system)",
    default: 1)

  static let command = Command(
    name: "feed", summary: "the social feed, newest first, or the trending topics",
    options: [
      plus, tag, donut, city, trending, OrdersOptions.listFormat, seed, OrdersOptions.now, FeedStore.option,
      MenuStore.option,
    ],
    subcommands: [FeedPostCommand.command],
    input: FeedStore.input,
    output: """
      post records, newest first: the sample's seven posts, dated back from --now by 5 to 30
      minutes each (seeded), the three Highlighted Posts with --plus, and the posts of the feed
      store. With --trending, the 16 tag records of the truck's Social Feed card, in the sample's
      order (with --format text, the card). With
      --format text, the feed as the app lists it: the Highlighted Posts, then the Posts, each with
      its tags and its date ('Today, 9:41 AM PST') in the truck city's time zone, or in TZ when set.
      """,
    examples: """
      orders feed --format text
      orders feed --donut cosmos -f text
      orders feed --plus --city 'San Francisco' | jq -r .message
      orders feed --trending | jq -r .title
      orders feed post --donut 3 --message 'Cosmos at lunch!' --tag Space && orders feed --tag space
      """,
    conflicts: [
      .excludes(
        "trending", ["plus", "tag", "donut", "city"],
        message: "--trending lists the trending topics; it does not go with --{option}",
        notes: ["filter the feed without --trending"])
    ],
    lookups: [DonutReference.rule("--donut"), CityReference.rule("--city")],
    run: run)

  static func run(_ invocation: Invocation) throws -> Int32 {
    let text = invocation[OrdersOptions.listFormat] == .text
    let csv = invocation[OrdersOptions.listFormat] == .csv
    if invocation[trending] {
      if text {
        StandardOutput.shared.write(
          FeedText.trending(
            SocialFeed.trending, width: TextLayout.width(),
            style: Terminal.Style(enabled: Terminal.colorEnabled(fd: 1))))
      } else if csv {
        StandardOutput.shared.write(
          CSVTable(FoodTruckSchemas.catalog.schema(for: "tag")!).text(
            SocialFeed.trending.map { tag in
              var object = tag.object
              object["type"] = .string("tag")
              return object
            }))
      } else {
        for tag in SocialFeed.trending {
          var object = tag.object
          object["type"] = .string("tag")
          object.sortKeys()
          StandardOutput.shared.writeRecord(object)
        }
      }
      return ExitStatus.ok
    }
    let menu = try FeedStore.menu(invocation)
    let donutID = try invocation[donut].map { text throws(ToolError) in
      try DonutReference.find(text, in: menu, given: "--donut \(text)").id
    }
    let cityName = try invocation[city].map { name throws(ToolError) in try CityReference.find(name).name }
    let now = invocation.now(OrdersOptions.now)
    let own = try FeedStore.posts(FeedStore.store(invocation), menu: menu)
    let all = SocialFeed.samplePosts(now: now, seed: invocation[seed], plus: invocation[plus]) + own
    let posts = SocialFeed.newestFirst(all).filter { post in
      (invocation[tag].map(post.hasTag) ?? true)
        && (donutID.map { post.mentions(donut: $0) } ?? true)
        && (cityName.map(post.mentions(city:)) ?? true)
    }
    if text {
      let filtered = invocation[tag] != nil || invocation[donut] != nil || cityName != nil
      StandardOutput.shared.write(
        FeedText.feed(
          posts, plus: invocation[plus], filtered: filtered, now: now,
          zone: LocalTime.forPeople(default: City.truck.city.timeZone), width: TextLayout.width(),
          style: Terminal.Style(enabled: Terminal.colorEnabled(fd: 1))))
    } else if csv {
      StandardOutput.shared.write(
        CSVTable(FoodTruckSchemas.catalog.schema(for: "post")!).text(posts.map(\.record)))
    } else {
      for post in posts { StandardOutput.shared.writeRecord(post.record) }
    }
    return ExitStatus.ok
  }
}
