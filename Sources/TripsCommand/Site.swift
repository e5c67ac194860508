import PipeProtocol
import PipeReading
import ToolSupport
import WishlistKit
import WishlistSite

/// `trips site`: the wishlist as a static web site in which a trip card zooms into the trip's page
/// (cross-document view transitions), and a check that every card has its partner.
enum Site {
  static let out = Option.string(
    "out", short: "o", name: "DIR",
    help: "write the site into DIR (created; an empty folder or an earlier site is replaced whole)")
  static let check = Option.string(
    "check", name: "DIR",
    help: "check that every view-transition name in the site in DIR pairs up, and list the pairs")
  static let sort = Option.choice(
    "sort", name: "ORDER", help: "order of each trip page's activities", default: ActivitySort.title)
  static let allowEmpty = Flag(
    "allow-empty", help: "replace a site that has trips with one that has none (refused otherwise)")

  static let command = Command(
    name: "site", summary: "write the wishlist as a static web site where a trip card zooms into its page",
    options: [out, check, sort, allowEmpty, TripsOptions.store],
    arguments: .files,
    input: """
      JSON lines (files or stdin): `trip` records (as `trips list` writes them), optionally `achievement` \
      records (from `achievements`) for the goals page and `collection` records (from `trips collections`) \
      to rename collections. Other record types are ignored. A malformed trip or achievement, or one \
      given twice, stops the run (exit 65, its line named) before anything is written. With --store FILE, \
      or with no FILE while stdin is a terminal, the trips are read from the store instead (the one \
      `trips list` lists; it must exist): $SAMPLEPIPES_TRIPS names that store but never turns a pipe off. \
      A run whose input has no trips does not replace a site that has trips unless --allow-empty is given; \
      otherwise it writes a site with no trips and says so on stderr (a warning, exit 0), unless \
      --allow-empty asked for one.
      """,
    output: """
      With --out, nothing on stdout: DIR gets index.html (Recently Added, then the four collections \
      with 325x260 cards for a collection with a summary and 180x260 otherwise), one trip-ID.html page \
      per trip (hero picture, progress, activities), goals.html with one badge-GOAL.html page per goal, \
      search.html (the search of `trips search`, run in the page on data embedded in it, so it works \
      from file://), style.css and each trip's picture: its photo file when `photo` names a readable \
      PNG, JPEG, GIF, WebP or AVIF file, copied; otherwise an SVG drawn from its photo name (or, with \
      no photo, its id and name) and season, with a warning when `photo` named a missing or non-image \
      file. A card's image and the page it opens share one view-transition-name (home and search \
      cards and trip heroes; goal badges and badge pages), so a card zooms into its page and back. \
      The home page's New trip button presents its sheet over the list, zooming into it and back (a \
      finger drags the sheet down to dismiss it; without script the button opens new-trip.html), and \
      the sheet shows the `trips add` command; on a trip page, activities ticked or removed are shown \
      as the `trips activity` commands that make the change. Every motion runs on one spring (the \
      sample's 0.5 s); prefers-reduced-motion makes it instant. The pages follow the reader's light \
      or dark scheme. Before writing, every name must pair up between a card and the page it links \
      to (or the sheet it presents), and be used once per page. The site is written to a temporary \
      folder and renamed into place, so a failed run leaves DIR as it was. With --check, one line per \
      pair (NAME  CARD-PAGE  PAGE) and a summary line.
      """,
    exitStatus: [
      "1    DIR holds files trips site did not write, or a site with trips and the input has none",
      "66   the store named (or found, with stdin a terminal) does not exist",
      "65   bad input, or view-transition names that do not pair up (each named with its pages)",
    ],
    examples: """
      trips list | trips site --out site
      trips site --out site --store wishlist.jsonl
      { trips list; trips list | achievements; } | trips site --out site --sort completed
      trips site --check site
      python3 -m http.server -d site 8000
      """,
    conflicts: [
      .excludes("out", ["check"], message: "--out and --check cannot be used together; give one"),
      .excludes(
        "check", ["sort", "allow-empty", "store"], message: "--{option} applies to --out, not --check"),
      .described("one of `--out` and `--check` is given; `--check` and `--store` take no `FILE`"),
    ],
    run: run)

  static func run(_ invocation: Invocation) throws -> Int32 {
    switch (invocation[out], invocation[check]) {
    case (nil, nil):
      throw ToolError.usage(
        "give --out DIR to write a site, or --check DIR to check one",
        notes: ["see '\(invocation.path.joined(separator: " ")) --help'"])
    case (.some, .some):
      preconditionFailure("the parser refuses --out with --check (command.conflicts)")
    case (nil, .some(let dir)):
      if let extra = invocation.positionals.first {
        throw ToolError.usage("--check reads the site, not input: unexpected argument '\(extra)'")
      }
      let report = TransitionCheck.check(try SiteOutput.read(dir))
      if let refusal = SiteOutput.refusal(report, site: dir, written: true) { throw refusal }
      StandardOutput.shared.write(checkListing(report))
      return ExitStatus.ok
    case (.some(let dir), nil):
      let reader = try SiteInput.read(invocation)
      let photos = reader.photos { trip, message in
        Diagnostics.warn("trip '\(trip.name)' (line \(trip.line)): \(message)", tool: invocation.tool)
      }
      try SiteOutput.publish(
        SiteBuilder.build(reader.model, sort: invocation[sort], photos: photos), to: dir,
        allowEmpty: invocation[allowEmpty])
      // An empty site is rarely what was meant (a pipe that carried nothing): it is written, and said.
      if reader.model.trips.isEmpty, !invocation[allowEmpty] {
        Diagnostics.warn(
          "the input has no trips, so the site written to '\(dir)' has none; pipe the trips in "
            + "(trips list | trips site --out \(dir)), give --store FILE, or --allow-empty to mean it",
          tool: invocation.tool)
      }
      return ExitStatus.ok
    }
  }

  /// The `--check` listing: one line per pair, then a summary.
  static func checkListing(_ report: TransitionCheck.Report) -> String {
    var text = ""
    for pair in report.pairs { text += "\(pair.name)  \(pair.source)  \(pair.page)\n" }
    let pairs =
      report.pairs.count == 1
      ? "1 view-transition name pairs" : "\(Numbers.grouped(report.pairs.count)) view-transition names pair"
    text += "ok: \(pairs) a card with the page it opens (\(Numbers.count(report.pages, "page")) checked)\n"
    return text
  }
}
