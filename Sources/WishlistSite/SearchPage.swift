import PipeProtocol
import ToolSupport
import WishlistKit

/// The search page: the Wishlist's search (wishlist.md A4, as `trips search`), run in the page by
/// plain JavaScript on data embedded in it, so that it works from file:// with no server.
///
/// The data (`<script type="application/json" id="search-data">`) is one object:
/// - `trips`: `[name, page, transitionName, picture, activityCount]` per trip, sorted as the search
///   sorts names (the collation of `trips search`; ties keep the input order);
/// - `activities`: `[name, trip, isComplete]` per activity (`trip` indexes `trips`), sorted the
///   same way (ties: the input order of trips, then of activities);
/// - `recent`: the indexes of the three most recently created trips, newest first.
///
/// The page only filters: a trip or activity matches when its name contains the text ignoring
/// case but not accents, on whole characters. A result card links to its trip's page; when it is
/// followed, the card's picture takes the entry's `transitionName`, which the trip page's hero
/// carries (the transition check reads these entries, so a mismatch is refused before writing).
enum SearchPage {
  /// How many results a section shows at first, and how many more each "Show more" adds.
  static let batch = 60

  /// The id of the data element, which the transition check reads.
  static let dataID = "search-data"

  /// The embedded data, as JSON text safe inside a `<script>` element (every `<` escaped; in
  /// names, characters a document may not hold become U+FFFD, as on the trip pages).
  static func data(_ input: SiteModel, pictures: [String: String]) -> [UInt8] {
    let trips = input.trips
    let order = Collation.order(trips.map(\.name))
    var position = [Int](repeating: 0, count: trips.count)
    for (rank, index) in order.enumerated() { position[index] = rank }
    var out: [UInt8] = []
    out.reserveCapacity(trips.count * 160)
    out.append(contentsOf: #"{"trips":["#.utf8)
    for (rank, index) in order.enumerated() {
      let trip = trips[index]
      let slug = SiteBuilder.slug(forTripID: trip.id)
      if rank > 0 { out.append(UInt8(ascii: ",")) }
      out.append(UInt8(ascii: "["))
      JSONWriter.appendString(Markup.replacingDisallowed(trip.name), to: &out)
      out.append(contentsOf: #",""#.utf8)
      out.append(contentsOf: "\(slug).html\",\"\(slug)\",".utf8)
      JSONWriter.appendString(pictures[trip.id] ?? "\(slug).svg", to: &out)
      out.append(contentsOf: ",\(trip.activities.count)]".utf8)
    }
    out.append(contentsOf: #"],"activities":["#.utf8)
    var activities: [(name: String, trip: Int, done: Bool)] = []
    for (index, trip) in trips.enumerated() {
      for activity in trip.activities {
        activities.append((activity.name, position[index], activity.isComplete))
      }
    }
    let sorted = Collation.order(activities.map(\.name))
    for (rank, index) in sorted.enumerated() {
      let activity = activities[index]
      if rank > 0 { out.append(UInt8(ascii: ",")) }
      out.append(UInt8(ascii: "["))
      JSONWriter.appendString(Markup.replacingDisallowed(activity.name), to: &out)
      out.append(contentsOf: ",\(activity.trip),\(activity.done)]".utf8)
    }
    let recent = SiteBuilder.recent(trips, limit: 3)
    var recentIndex: [String: Int] = [:]
    for (index, trip) in trips.enumerated() { recentIndex[trip.id] = position[index] }
    out.append(
      contentsOf: "],\"recent\":[\(recent.map { String(recentIndex[$0.id]!) }.joined(separator: ","))]}".utf8)
    // `<` only occurs inside strings; as `\u003c` no `</script` or `<!--` can end the element.
    var safe: [UInt8] = []
    safe.reserveCapacity(out.count)
    for byte in out {
      if byte == UInt8(ascii: "<") {
        safe.append(contentsOf: #"\u003c"#.utf8)
      } else {
        safe.append(byte)
      }
    }
    return safe
  }

  /// The search page.
  static func page(_ input: SiteModel, pictures: [String: String]) -> String {
    let main = """
      <h1>Search</h1>
      <form class="search-form" role="search" action="search.html" method="get">\
      <label class="hidden" for="q">Search trips and activities</label>\
      <input type="search" id="q" name="q" placeholder="Trips, Destinations and More." autocomplete="off">\
      </form>
      <p id="status" class="hidden" role="status"></p>
      <div id="results"></div>
      <noscript><p class="empty">The search runs in the page: it needs JavaScript.</p></noscript>
      <script type="application/json" id="\(dataID)">\(String(decoding: data(input, pictures: pictures), as: UTF8.self))</script>
      \(script)
      """
    return SiteBuilder.page(
      title: "Search · Wishlist", current: "search.html", bodyClass: "search-page", main: main,
      head: BackSwipe.revealScript)
  }

  /// The search itself. It runs inside `main`, before the page's first frame (the head's
  /// `rel=expect` waits for `main`), so that going back to the page finds the card it left from.
  static let script = """
    <script>
    "use strict";
    (() => {
      const data = JSON.parse(document.getElementById("\(dataID)").textContent);
      const field = document.getElementById("q");
      const results = document.getElementById("results");
      const status = document.getElementById("status");
      const BATCH = \(batch);

      // Lower case as Swift's lowercased() does (a capital sigma is always σ), then NFC, since
      // Swift compares characters by canonical equivalence.
      const fold = (text) => text.replace(/\\u03A3/g, "\\u03C3").toLowerCase().normalize("NFC");
      let tripKeys = null;
      let activityKeys = null;
      const ascii = /^[\\x00-\\x7f]*$/;
      const segmenter = typeof Intl === "object" && Intl.Segmenter ? new Intl.Segmenter("en") : null;

      // Whether `haystack` holds `needle` on whole characters (grapheme clusters), as Swift's
      // String matching does: "é" written as e and an accent does not contain "e".
      function contains(haystack, needle) {
        let at = haystack.indexOf(needle);
        if (at < 0) return false;
        let cuts = null;
        if (!ascii.test(haystack)) {
          cuts = new Set([haystack.length]);
          if (segmenter) for (const part of segmenter.segment(haystack)) cuts.add(part.index);
          else for (let i = 0; i < haystack.length; i++) cuts.add(i);
        }
        const whole = (i) => cuts ? cuts.has(i) : !(haystack[i - 1] === "\\r" && haystack[i] === "\\n");
        for (; at >= 0; at = haystack.indexOf(needle, at + 1)) {
          if (whole(at) && whole(at + needle.length)) return true;
        }
        return false;
      }

      const activityCount = (n) => n === 1 ? "1 ACTIVITY" : `${n} ACTIVITIES`;

      function element(tag, className, text) {
        const node = document.createElement(tag);
        if (className) node.className = className;
        if (text !== undefined) node.textContent = text;
        return node;
      }

      // A result: a card like the home page's, for the trip page it opens.
      function card(trip, title, detail) {
        const [, page, name, picture] = data.trips[trip];
        const link = element("a", "card result");
        link.href = page;
        link.dataset.vt = name;
        const img = element("img");
        img.src = picture;
        img.alt = "";
        img.width = 180;
        img.height = 220;
        const label = element("span", "label");
        label.append(element("span", "name", title), element("span", "count", detail));
        link.append(img, label);
        const item = element("li");
        item.append(link);
        return item;
      }

      const tripCard = (trip) => card(trip, data.trips[trip][0], activityCount(data.trips[trip][4]));
      function activityCard(index) {
        const [name, trip, done] = data.activities[index];
        return card(trip, name, data.trips[trip][0] + (done ? " · done" : ""));
      }

      // A section: its title, then its results BATCH at a time.
      function section(id, title, hits, make) {
        const part = element("section");
        part.setAttribute("aria-labelledby", id);
        const heading = element("h2", "", title);
        heading.id = id;
        const list = element("ul", "results");
        part.append(heading, list);
        const more = element("button", "more");
        more.type = "button";
        let shown = 0;
        function show() {
          const first = shown;
          for (const end = Math.min(hits.length, shown + BATCH); shown < end; shown++) list.append(make(hits[shown]));
          const left = hits.length - shown;
          more.textContent = `Show ${Math.min(left, BATCH)} more (${left} not shown)`;
          if (left === 0) more.remove();
          return first;
        }
        show();
        if (shown < hits.length) part.append(more);
        more.addEventListener("click", () => {
          const first = show();
          list.children[first].querySelector("a").focus();
        });
        return part;
      }

      function search(text) {
        results.replaceChildren();
        if (text === "") {
          results.append(section("recent", "Recently Created", data.recent, tripCard));
          status.textContent = `${data.recent.length} recently created`;
          return;
        }
        const needle = fold(text);
        tripKeys ??= data.trips.map((trip) => fold(trip[0]));
        activityKeys ??= data.activities.map((activity) => fold(activity[0]));
        const trips = [];
        const activities = [];
        for (let i = 0; i < tripKeys.length; i++) if (contains(tripKeys[i], needle)) trips.push(i);
        for (let i = 0; i < activityKeys.length; i++) if (contains(activityKeys[i], needle)) activities.push(i);
        if (trips.length) results.append(section("trips", "Trips", trips, tripCard));
        if (activities.length) results.append(section("activities", "Activities", activities, activityCard));
        if (!trips.length && !activities.length) {
          const none = element("div", "none");
          none.append(element("h2", "", `No results for \\u201C${text}\\u201D`),
                      element("p", "empty", "Check spelling or try a new search."));
          results.append(none);
          status.textContent = "No results";
        } else {
          const count = (n, one, many) => `${n} ${n === 1 ? one : many}`;
          status.textContent = `${count(trips.length, "trip", "trips")}, ${count(activities.length, "activity", "activities")}`;
        }
      }

      // The clicked card alone carries its trip's transition name (a trip can be in both sections).
      function nameCard(link) {
        for (const img of results.querySelectorAll("img")) img.style.viewTransitionName = "";
        link.querySelector("img").style.viewTransitionName = link.dataset.vt;
      }
      results.addEventListener("click", (event) => {
        const link = event.target.closest("a[data-vt]");
        if (!link) return;
        nameCard(link);
        const cards = Array.from(results.querySelectorAll("a[data-vt]"));
        history.replaceState({ vt: link.dataset.vt, card: cards.indexOf(link) }, "");
      });

      const query = new URLSearchParams(location.search).get("q") ?? "";
      field.value = query;
      search(query);
      // Back from a trip page: the card it was opened from zooms back.
      const state = history.state;
      if (state && typeof state.card === "number") {
        const link = results.querySelectorAll("a[data-vt]")[state.card];
        if (link && link.dataset.vt === state.vt) nameCard(link);
      }
      field.addEventListener("input", () => {
        const text = field.value;
        history.replaceState(null, "", text === "" ? location.pathname : "?q=" + encodeURIComponent(text));
        search(text);
      });
      field.form.addEventListener("submit", (event) => event.preventDefault());
    })();
    </script>
    """
}
