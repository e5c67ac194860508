import PipeProtocol
import ToolSupport
import WishlistKit

/// One file of the site: a path relative to the site folder (flat) and its bytes.
public struct SiteFile: Sendable, Equatable {
  /// Its name in the site folder.
  public var path: String
  /// Its content.
  public var bytes: [UInt8]

  /// A file with these bytes.
  public init(path: String, bytes: [UInt8]) {
    self.path = path
    self.bytes = bytes
  }

  /// A text file.
  public init(path: String, text: String) {
    self.init(path: path, bytes: Array(text.utf8))
  }

  /// Its content as text.
  public var text: String { String(decoding: bytes, as: UTF8.self) }

  /// Whether it is a page or the style sheet (text the transition check reads).
  public var isText: Bool { Self.isText(path) }

  /// Whether a site file name is a page or the style sheet.
  public static func isText(_ path: String) -> Bool { path.hasSuffix(".html") || path.hasSuffix(".css") }
}

/// A trip's own picture: the bytes of a PNG, JPEG, GIF, WebP or AVIF image.
public struct Photo: Sendable, Equatable {
  /// The file name extension (`jpg`, `png`, ...).
  public var fileExtension: String
  /// The image file's bytes.
  public var bytes: [UInt8]

  /// The image types a site takes in, by their first bytes (nil: any byte).
  static let types: [(magic: [UInt8?], fileExtension: String)] = [
    ([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A], "png"),
    ([0xFF, 0xD8, 0xFF], "jpg"),
    ([0x47, 0x49, 0x46, 0x38], "gif"),
    ([0x52, 0x49, 0x46, 0x46, nil, nil, nil, nil, 0x57, 0x45, 0x42, 0x50], "webp"),
    ([nil, nil, nil, nil, 0x66, 0x74, 0x79, 0x70, 0x61, 0x76, 0x69, 0x66], "avif"),
  ]

  /// A photo with a known extension.
  public init(fileExtension: String, bytes: [UInt8]) {
    self.fileExtension = fileExtension
    self.bytes = bytes
  }

  /// The photo in an image file's bytes; nil when they are not a PNG, JPEG, GIF, WebP or AVIF image.
  public init?(bytes: [UInt8]) {
    for type in Self.types where bytes.count >= type.magic.count {
      if zip(type.magic, bytes).allSatisfy({ $0 == nil || $0 == $1 }) {
        self.init(fileExtension: type.fileExtension, bytes: bytes)
        return
      }
    }
    return nil
  }
}

/// Builds the site's files from its model, in memory (nothing is written here).
public enum SiteBuilder {
  /// How many trips the "Recently Added" row shows (the sample's `recentlyAddedTrips`).
  static let recentCount = 5

  /// A page name that is also a view-transition name: `prefix` then the id with every byte other
  /// than ASCII letters, digits and `-` written as `_hh`. Distinct ids give distinct names, and
  /// every name is a valid CSS identifier and file name.
  static func slug(_ prefix: String, _ id: String) -> String {
    var out = prefix
    let hex = Array("0123456789abcdef")
    for byte in id.utf8 {
      switch byte {
      case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
        UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"):
        out.unicodeScalars.append(Unicode.Scalar(byte))
      default:
        out += "_"
        out.append(hex[Int(byte >> 4)])
        out.append(hex[Int(byte & 15)])
      }
    }
    return out
  }

  /// The name shared by a trip's card image and its page's hero, also the base of its file names
  /// (`trip-` and the escaped id).
  static func slug(forTripID id: String) -> String { slug("trip-", id) }

  /// The name shared by a goal's badge on the goals page and on its own page, also that page's
  /// base name (`badge-` and the escaped goal id).
  static func slug(forGoal goal: String) -> String { slug("badge-", goal) }

  /// The trips of the "Recently Added" row: newest `creationDate` first (ties: later in the input
  /// first), at most `limit`.
  static func recent(_ trips: [SiteTrip], limit: Int = recentCount) -> [SiteTrip] {
    let ordered = trips.enumerated().sorted { a, b in
      a.element.creationDate != b.element.creationDate
        ? a.element.creationDate > b.element.creationDate : a.offset > b.offset
    }
    return ordered.prefix(limit).map(\.element)
  }

  /// The trips of one collection, by name in code-point order (the sample's `trips(in:)`).
  static func trips(in collection: String, _ trips: [SiteTrip]) -> [SiteTrip] {
    trips.filter { $0.collection == collection }.sorted {
      $0.name != $1.name ? $0.name < $1.name : $0.id < $1.id
    }
  }

  /// Achieved goals newest first (ties keep input order), then the rest in input order.
  static func goalsInDisplayOrder(_ achievements: [SiteAchievement]) -> (
    achieved: [SiteAchievement], next: [SiteAchievement]
  ) {
    let achieved = achievements.enumerated().filter(\.element.achieved).sorted { a, b in
      let (x, y) = (a.element.dateAchieved ?? 0, b.element.dateAchieved ?? 0)
      return x != y ? x > y : a.offset < b.offset
    }.map(\.element)
    return (achieved, achievements.filter { !$0.achieved })
  }

  /// The season of a trip's collection ("" for an unknown collection).
  static func season(of trip: SiteTrip, _ input: SiteModel) -> String {
    input.collections.first { $0.id == trip.collection }?.season ?? ""
  }

  /// Every file of the site, sorted by path: the pages (trip pages list their activities in `sort`
  /// order; one page per goal), the search page, the style sheet, and each trip's picture (its
  /// photo from `photos`, by trip id, or one drawn from its photo name, or from its id and name
  /// when it has no photo, and its season).
  public static func build(_ input: SiteModel, sort: ActivitySort, photos: [String: Photo] = [:])
    -> [SiteFile]
  {
    var files: [SiteFile] = [SiteFile(path: "style.css", text: stylesheet)]
    files.reserveCapacity(2 * input.trips.count + input.achievements.count + 4)
    var pictures: [String: String] = [:]
    for trip in input.trips {
      let slug = slug(forTripID: trip.id)
      let picture: String
      let alt: String
      if let photo = photos[trip.id] {
        picture = "\(slug).\(photo.fileExtension)"
        alt = "Photo of \(trip.name)"
        files.append(SiteFile(path: picture, bytes: photo.bytes))
      } else {
        picture = "\(slug).svg"
        alt = "A drawn landscape for \(trip.name)"
        files.append(
          SiteFile(
            path: picture,
            text: Illustration.landscape(seed: trip.pictureSeed, season: season(of: trip, input))))
      }
      pictures[trip.id] = picture
      files.append(
        SiteFile(
          path: "\(slug).html", text: tripPage(trip, picture: picture, alt: alt, input: input, sort: sort)))
    }
    files.append(SiteFile(path: "index.html", text: homePage(input, pictures: pictures)))
    files.append(SiteFile(path: "goals.html", text: goalsPage(input)))
    for goal in input.achievements {
      files.append(SiteFile(path: "\(slug(forGoal: goal.goal)).html", text: badgePage(goal, input)))
    }
    files.append(SiteFile(path: "search.html", text: SearchPage.page(input, pictures: pictures)))
    files.append(SiteFile(path: NewTripSheet.path, text: NewTripSheet.page(input)))
    return files.sorted { $0.path < $1.path }
  }

  // MARK: Pages

  /// The tabs of every page, as the sample's: Wishlist, Goals, Search.
  static let tabs = [("index.html", "Wishlist"), ("goals.html", "Goals"), ("search.html", "Search")]

  /// A page. The head holds back the first frame until `main` is parsed (`rel=expect`), so that a
  /// page entered with a view transition has its named card or hero in that frame. `current` is
  /// the tab the page is (`aria-current="page"`) or belongs to (`aria-current="true"`). `head` is
  /// script that must listen before the first frame (`pagereveal`), which scripts at the end of the
  /// body may miss.
  static func page(
    title: String, current: String, isTab: Bool = true, bodyClass: String, main: String, script: String = "",
    head: String = ""
  ) -> String {
    var nav = ""
    for (href, label) in tabs {
      nav +=
        href == current
        ? "<a href=\"\(href)\" aria-current=\"\(isTab ? "page" : "true")\">\(label)</a>"
        : "<a href=\"\(href)\">\(label)</a>"
    }
    return """
      <!DOCTYPE html>
      <html lang="en">
      <head>
      <meta charset="utf-8">
      <meta name="viewport" content="width=device-width, initial-scale=1">
      <meta name="generator" content="trips site (SamplePipes \(samplePipesVersion))">
      <meta name="color-scheme" content="light dark">
      <title>\(Markup.escape(title))</title>
      <link rel="stylesheet" href="style.css">
      <link rel="expect" href="#content" blocking="render">
      \(head)</head>
      <body class="\(bodyClass)">
      <a class="skip" href="#content">Skip to content</a>
      <header class="bar"><nav aria-label="Sections">\(nav)</nav></header>
      <main id="content">
      \(main)</main>
      \(script)</body>
      </html>

      """
  }

  /// A trip's card, as the sample's `TripCard`: the picture (its corners rounded, the activity
  /// count on it when there are activities), then the name and, when the trip has one, the subtitle
  /// under it (the sample shows nothing in its place).
  static func card(_ trip: SiteTrip, picture: String, width: Int, className: String, named: Bool) -> String {
    let slug = slug(forTripID: trip.id)
    let link = named ? "" : " data-vt=\"\(slug)\""
    let style = named ? " style=\"view-transition-name: \(slug)\"" : ""
    let count =
      trip.activities.isEmpty
      ? "" : "<span class=\"count\">\(Text.activityCount(trip.activities.count))</span>"
    var label = "<span class=\"name\">\(Markup.escape(trip.name))</span>"
    if let subtitle = trip.subtitle, !subtitle.isEmpty {
      label += "<span class=\"subtitle\">\(Markup.escape(subtitle))</span>"
    }
    return """
      <li><a class="\(className)" href="\(slug).html"\(link)><span class="photo">\
      <img src="\(picture)" alt="" width="\(width)" height="260"\(style)>\(count)</span>\
      <span class="label">\(label)</span></a></li>

      """
  }

  /// Moves a trip's transition name onto a clicked "Recently Added" card, so that this card (and not
  /// the same trip's card further down) zooms; each trip keeps one name on the page at any time.
  static let recentCardScript = """
    <script>
    document.addEventListener("click", (event) => {
      const card = event.target.closest("a[data-vt]");
      if (!card) return;
      for (const img of document.querySelectorAll("img[style]"))
        if (img.style.viewTransitionName === card.dataset.vt) img.style.viewTransitionName = "none";
      card.querySelector("img").style.viewTransitionName = card.dataset.vt;
    });
    </script>

    """

  static func homePage(_ input: SiteModel, pictures: [String: String]) -> String {
    var main = "<h1>Wishlist</h1>\n" + NewTripSheet.button
    let recent = recent(input.trips)
    if !recent.isEmpty {
      main += """
        <section class="recent" aria-labelledby="recent">
        <h2 id="recent">Recently Added</h2>
        <ul class="row">

        """
      for trip in recent {
        main += card(trip, picture: pictures[trip.id]!, width: 325, className: "card wide", named: false)
      }
      main += "</ul>\n</section>\n"
    }
    for collection in input.collections {
      let expanded = collection.isExpanded
      main += """
        <section class="collection\(expanded ? " expanded" : "")" aria-labelledby="\(collection.id)">
        <h2 id="\(collection.id)">\(Markup.escape(collection.name))</h2>

        """
      if let summary = collection.summary, !summary.isEmpty {
        main += "<p class=\"summary\">\(Markup.escape(summary))</p>\n"
      }
      let members = trips(in: collection.id, input.trips)
      if members.isEmpty {
        main += "<p class=\"empty\">No trips yet.</p>\n"
      } else {
        main += "<ul class=\"row\">\n"
        for trip in members {
          main += card(
            trip, picture: pictures[trip.id]!, width: expanded ? 325 : 180,
            className: expanded ? "card expanded" : "card compact", named: true)
        }
        main += "</ul>\n"
      }
      main += "</section>\n"
    }
    if input.trips.isEmpty {
      main +=
        "<p class=\"empty\">No trips in the input: try <code>trips list | trips site --out site</code>.</p>\n"
    }
    main += NewTripSheet.presented(input)
    return page(
      title: "Wishlist", current: "index.html", bodyClass: "home", main: main,
      script: (recent.isEmpty ? "" : recentCardScript) + NewTripSheet.script
        + NewTripSheet.presentationScript,
      head: BackSwipe.revealScript
    )
  }

  static func tripPage(_ trip: SiteTrip, picture: String, alt: String, input: SiteModel, sort: ActivitySort)
    -> String
  {
    let slug = slug(forTripID: trip.id)
    let collection = input.collections.first { $0.id == trip.collection }?.name ?? trip.collection
    var main = """
      <article>
      <img class="hero" src="\(picture)" alt="\(Markup.escape(alt))" width="650" height="520" \
      style="view-transition-name: \(slug)">
      <div class="intro">
      <p class="collection-name">\(Markup.escape(collection))</p>
      <h1>\(Markup.escape(trip.name))</h1>

      """
    if let subtitle = trip.subtitle, !subtitle.isEmpty {
      main += "<p class=\"subtitle\">\(Markup.escape(subtitle))</p>\n"
    }
    main += """
      <p class="added">Added <time datetime="\(ISODate.format(trip.creationDate))">\
      \(day(trip.creationDate))</time></p>
      </div>
      <section class="activities" aria-labelledby="activities">
      <div class="progress-head"><h2 id="activities">Trip Activities</h2>
      """
    // The sample hides the percentage while it is 0.
    main += trip.percent > 0 ? "<span class=\"percent\">\(trip.percent)%</span></div>\n" : "</div>\n"
    let total = trip.activities.count
    let tripRef = ActivityChanges.reference(
      trip.name, id: trip.id, among: input.trips.map { (id: $0.id, name: $0.name) })
    if total == 0 {
      main += "<p class=\"empty\">No activities yet.</p>\n"
    } else {
      let done = trip.completedCount
      main += """
        <progress max="\(total)" value="\(done)" aria-label="Activities complete">\(trip.percent)%</progress>
        <p class="sort">\(done) of \(total) complete · sorted by \(sort.title)</p>

        """
    }
    // The list is there when empty too: the script's "Add activity" adds rows to it.
    main += "<ul class=\"activity-list\" data-trip=\"\(Markup.escape(tripRef))\">\n"
    let others = trip.activities.map { (id: $0.id, name: $0.name) }
    for activity in sort.sorted(trip.activities) {
      let ref = ActivityChanges.reference(activity.name, id: activity.id, among: others)
      main +=
        "<li\(activity.isComplete ? " class=\"done\"" : "") data-ref=\"\(Markup.escape(ref))\">"
        + "<span class=\"tick\" aria-hidden=\"true\"><span class=\"mark\">✓</span></span>"
        + "<span class=\"name\">\(Markup.escape(activity.name))</span>"
        + (activity.isComplete ? "<span class=\"hidden\"> (done)</span></li>\n" : "</li>\n")
    }
    main += "</ul>\n"
    main += "</section>\n" + ActivityChanges.panel + "</article>\n"
    return page(
      title: "\(trip.name) · Wishlist", current: "", bodyClass: "trip", main: main,
      script: BackSwipe.script + ActivityChanges.script)
  }

  static func season(of achievement: SiteAchievement, _ input: SiteModel) -> String? {
    if let id = achievement.collection, let collection = input.collections.first(where: { $0.id == id }) {
      return collection.season
    }
    return ["spring", "summer", "fall", "winter"].first { achievement.badge.hasPrefix($0) }
  }

  static func goalsPage(_ input: SiteModel) -> String {
    var main = "<h1>Goals</h1>\n"
    let (achieved, next) = goalsInDisplayOrder(input.achievements)
    if input.achievements.isEmpty {
      main += """
        <p class="empty">No goals in the input: pipe the trips through <code>achievements</code> too, as in \
        <code>{ trips list; trips list | achievements; } | trips site --out site</code>.</p>

        """
    }
    /// A goal's card: a link to its page, its badge carrying the name that zooms into that page.
    func card(_ goal: SiteAchievement, _ body: String) -> String {
      let slug = slug(forGoal: goal.goal)
      let badge = Illustration.badge(goal, season: season(of: goal, input), size: 72, transitionName: slug)
      return "<li><a class=\"goal\(goal.achieved ? " achieved" : "")\" href=\"\(slug).html\">\(badge)<div>"
        + "<h3>\(Markup.escape(goal.name))</h3>\(body)</div></a></li>\n"
    }
    if !achieved.isEmpty {
      main += """
        <section aria-labelledby="achieved">
        <h2 id="achieved">Achieved</h2>
        <ul class="goals">

        """
      for goal in achieved {
        var body = ""
        if let subtitle = goal.subtitle, !subtitle.isEmpty { body += "<p>\(Markup.escape(subtitle))</p>" }
        body += "<p class=\"date\">\(achievedLine(goal))</p>"
        main += card(goal, body)
      }
      main += "</ul>\n</section>\n"
    }
    if !next.isEmpty {
      main += """
        <section aria-labelledby="next">
        <h2 id="next">Next Milestones</h2>
        <p class="note">Earn these awards by completing trips and activities</p>
        <ul class="goals">

        """
      for goal in next {
        let label = "\(goal.shownCount) of \(goal.target)"
        main += card(
          goal,
          "<p class=\"of\">\(label)</p><progress max=\"\(goal.target)\" value=\"\(goal.shownCount)\" "
            + "aria-label=\"\(Markup.escape(goal.name)): \(label)\">\(label)</progress>")
      }
      main += "</ul>\n</section>\n"
    }
    return page(title: "Goals · Wishlist", current: "goals.html", bodyClass: "goals-page", main: main)
  }

  /// `Achieved <time>Mar 12, 2026</time>`.
  static func achievedLine(_ goal: SiteAchievement) -> String {
    let date = goal.dateAchieved ?? 0
    return "Achieved <time datetime=\"\(ISODate.format(date))\">\(day(date))</time>"
  }

  /// The day `seconds` falls on for people, by the clock rule (`$TZ`, else the home zone), as
  /// `2026-03-12`; the `datetime` beside it keeps the UTC instant.
  static func day(_ seconds: Int) -> String {
    ISODate.formatDay(seconds + peopleZone.offset(at: seconds))
  }

  /// The clock rule's zone, read once per run.
  static let peopleZone = LocalTime.forPeople()

  /// What a goal counts, in words.
  static func counts(_ goal: SiteAchievement, _ input: SiteModel) -> String? {
    switch goal.kind {
    case "tripsCompleted": return "Counts completed trips."
    case "activitiesCompleted": return "Counts completed activities."
    case "collectionTripsCompleted":
      let name = goal.collection.flatMap { id in input.collections.first { $0.id == id }?.name }
      return name.map { "Counts completed trips in \($0)." } ?? "Counts completed trips in one collection."
    default: return nil
    }
  }

  /// A goal's own page: its badge large (the goals page's badge zooms into it), name, subtitle and
  /// state.
  static func badgePage(_ goal: SiteAchievement, _ input: SiteModel) -> String {
    let slug = slug(forGoal: goal.goal)
    let state = goal.achieved ? "achieved" : "\(goal.shownCount) of \(goal.target)"
    let badge = Illustration.badge(
      goal, season: season(of: goal, input), size: 240, transitionName: slug,
      label: "Badge: \(goal.name), \(state)")
    var main = """
      <article class="badge-page">
      \(badge)
      <h1>\(Markup.escape(goal.name))</h1>

      """
    if let subtitle = goal.subtitle, !subtitle.isEmpty {
      main += "<p class=\"subtitle\">\(Markup.escape(subtitle))</p>\n"
    }
    if goal.achieved {
      main += "<p class=\"date\">\(achievedLine(goal))</p>\n"
    } else {
      let label = "\(goal.shownCount) of \(goal.target)"
      main += """
        <p class="of">\(label)</p>
        <progress max="\(goal.target)" value="\(goal.shownCount)" aria-label="Progress: \(label)">\(label)</progress>

        """
    }
    if let counts = counts(goal, input) { main += "<p class=\"note\">\(Markup.escape(counts))</p>\n" }
    main += "<p><a class=\"back\" href=\"goals.html\">All goals</a></p>\n</article>\n"
    return page(
      title: "\(goal.name) · Goals · Wishlist", current: "goals.html", isTab: false, bodyClass: "badge-view",
      main: main)
  }

  // MARK: Style

  /// The sample's `.spring(duration: 0.5)` (bounce 0) as a CSS easing: `var(--spring)`.
  static let springEasing = Spring.smooth.cssEasing()

  static let stylesheet = """
    /* Written by trips site. The zoom: a card's image and its trip page's hero carry the same
       transition name (in their style attributes), and cross-document view transitions morph one
       into the other. Every motion runs on the springs below (sampled from the spring's equation);
       reduced motion makes them take no time. */
    :root {
      --spring: \(springEasing);
      --snappy: \(Spring.snappy.cssEasing());
      --interactive: \(Spring.interactive.cssEasing());
      --interactive-duration: \(Spring.interactive.cssDuration);
      --spring-duration: \(Spring.smooth.cssDuration);
    }
    @view-transition { navigation: auto; }
    @media (prefers-reduced-motion: reduce) {
      @view-transition { navigation: none; }
      :root { --spring-duration: 0s; }
    }
    ::view-transition-group(*), ::view-transition-old(*), ::view-transition-new(*) {
      animation-duration: var(--spring-duration);
      animation-timing-function: var(--spring);
    }
    ::view-transition-old(*), ::view-transition-new(*) { height: 100%; object-fit: cover; }

    /* Light and dark, as the reader's system is set. */
    :root {
      color-scheme: light dark;
      --bg: #f2f2f7; --panel: #fff; --text: #1c1c1e; --muted: #5d5d63; --accent: #0062cc; --link: #0062cc;
      --line: #d8d8dc; --field: #f2f2f7; --field-line: #c7c7cc; --well: #e9e9ee; --ring: #8a8a8e;
      --bar: rgb(242 242 247 / 0.85);
      font-family: system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif;
    }
    @media (prefers-color-scheme: dark) {
      :root {
        --bg: #000; --panel: #1c1c1e; --text: #f2f2f7; --muted: #a1a1a8; --accent: #0a84ff; --link: #4da3ff;
        --line: #2c2c2e; --field: #2c2c2e; --field-line: #3a3a3c; --well: #000; --ring: #636366;
        --bar: rgb(0 0 0 / 0.82);
      }
    }
    * { box-sizing: border-box; }
    body { margin: 0; background: var(--bg); color: var(--text); line-height: 1.35; }
    a { color: inherit; }
    .bar { position: sticky; top: 0; z-index: 2; background: var(--bar); backdrop-filter: blur(12px);
      border-bottom: 1px solid var(--line); }
    .bar nav { display: flex; gap: 4px; max-width: 1100px; margin: 0 auto; padding: 8px 16px; }
    .bar a { text-decoration: none; padding: 6px 14px; border-radius: 999px; color: var(--muted); font-weight: 600; }
    .bar a[aria-current="page"] { background: var(--panel); color: var(--text); }
    main { max-width: 1100px; margin: 0 auto; padding: 8px 16px 48px; }
    h1 { font-size: 34px; font-weight: 500; font-stretch: expanded; letter-spacing: 0.01em; margin: 16px 0 8px; }
    h2 { font-size: 22px; margin: 28px 0 4px; }
    .recent h2 { font-size: 13px; letter-spacing: 0.08em; text-transform: uppercase; color: var(--muted); }
    .summary, .note, .empty, .sort, .added, .date, .of { color: var(--muted); margin: 0 0 8px; }
    .row { list-style: none; margin: 8px -16px 0; padding: 4px 16px 12px; display: flex; gap: 12px;
      overflow-x: auto; scroll-snap-type: x mandatory; scroll-padding: 16px; }
    .row li { flex: none; scroll-snap-align: start; }
    /* The sample's TripCard: the picture (corner radius 16, the count on a material in its corner),
       then the name and the subtitle under it, two lines at most each. */
    .card { display: block; text-decoration: none; color: var(--text); }
    .card.compact { width: 180px; }
    .card.expanded { width: 325px; }
    .card.wide { width: min(325px, calc(100vw - 48px)); }
    .card .photo { position: relative; display: block; height: 260px; }
    .card img { display: block; width: 100%; height: 100%; object-fit: cover; border-radius: 16px; }
    .card .photo .count { position: absolute; left: 8px; bottom: 8px; padding: 2px 5px; border-radius: 8px;
      font-size: 12px; font-stretch: condensed; letter-spacing: 0.02em; color: #3c3c43;
      background: rgb(246 246 248 / 0.88); backdrop-filter: blur(12px); }
    .card .label { display: flex; flex-direction: column; padding-top: 5px; }
    .card .name, .card .subtitle { display: -webkit-box; -webkit-box-orient: vertical; -webkit-line-clamp: 2;
      overflow: hidden; }
    .card .name { font-size: 17px; }
    .card .subtitle, .card .label .count { font-size: 15px; color: var(--muted); }
    @media (prefers-color-scheme: dark) {
      .card .photo .count { color: #d1d1d6; background: rgb(44 44 46 / 0.88); }
    }
    a:focus-visible, button:focus-visible, input:focus-visible { outline: 3px solid var(--accent);
      outline-offset: 2px; }
    .card:focus-visible { outline-offset: 3px; border-radius: 18px; }
    .skip { position: absolute; left: 8px; top: -60px; z-index: 3; padding: 8px 14px; border-radius: 8px;
      background: var(--panel); color: var(--text); }
    .skip:focus { top: 8px; }
    \(NewTripSheet.stylesheet)
    \(ActivityChanges.stylesheet)
    \(BackSwipe.stylesheet)
    .trip article { max-width: 760px; margin: 0 auto; }
    .hero { display: block; width: 100%; height: min(56vw, 440px); object-fit: cover; border-radius: 24px;
      margin-top: 12px; }
    .collection-name { margin: 16px 0 0; color: var(--muted); text-transform: uppercase; font-size: 13px;
      letter-spacing: 0.08em; }
    .subtitle { font-size: 18px; margin: 0 0 4px; }
    .progress-head { display: flex; align-items: baseline; justify-content: space-between; }
    .percent { font-size: 22px; font-weight: 700; color: var(--accent); }
    progress { width: 100%; height: 8px; accent-color: var(--accent); margin: 4px 0 8px; }
    .activity-list { list-style: none; padding: 0; margin: 0; background: var(--panel); border-radius: 14px; }
    .activity-list li { display: flex; gap: 12px; align-items: center; padding: 12px 14px;
      border-bottom: 1px solid var(--line); }
    .activity-list li:last-child { border-bottom: 0; }
    .tick { flex: none; width: 24px; height: 24px; border-radius: 50%; border: 2px solid var(--ring);
      display: inline-flex; align-items: center; justify-content: center; font-size: 14px; font-weight: 700; }
    .done .tick { background: var(--accent); border-color: var(--accent); color: #fff; }
    .hidden { position: absolute; width: 1px; height: 1px; overflow: hidden; clip-path: inset(50%); }
    .goals { list-style: none; padding: 0; margin: 12px 0; display: grid; gap: 12px;
      grid-template-columns: repeat(auto-fill, minmax(280px, 1fr)); }
    .goal { display: flex; gap: 14px; align-items: center; background: var(--panel); border-radius: 16px;
      padding: 14px; height: 100%; text-decoration: none; }
    .goal:hover h3, .back:hover { text-decoration: underline; }
    .goal div { flex: 1; min-width: 0; }
    .goal h3 { margin: 0 0 2px; font-size: 17px; }
    .goal p { margin: 0; font-size: 14px; }
    .badge { flex: none; }
    .badge-page { max-width: 560px; margin: 0 auto; text-align: center; }
    .badge-page .badge { display: block; width: min(240px, 60vw); height: auto; margin: 24px auto 8px; }
    .badge-page progress { max-width: 320px; }
    .back { color: var(--accent); }
    .search-form { margin: 8px 0 4px; }
    .search-form input { width: 100%; font: inherit; font-size: 17px; padding: 10px 14px; border-radius: 12px;
      border: 1px solid var(--field-line); background: var(--panel); color: var(--text); }
    .search-form input::placeholder { color: var(--muted); opacity: 1; }
    .results { list-style: none; padding: 0; margin: 8px 0 0; display: grid; gap: 12px;
      grid-template-columns: repeat(auto-fill, minmax(160px, 1fr)); }
    .card.result { width: 100%; }
    .card.result img { height: 220px; }
    .more { margin: 12px 0 0; font: inherit; font-weight: 600; padding: 8px 16px; border-radius: 999px;
      border: 0; background: var(--panel); color: var(--text); cursor: pointer; }
    .none h2 { margin-top: 32px; }
    code { font-size: 0.9em; background: var(--panel); padding: 1px 5px; border-radius: 5px; }

    """
}
