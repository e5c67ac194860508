import ToolSupport

/// The sample's Add Trip sheet, as a page: the home page's "New trip" button zooms into it (the
/// button's face and the sheet carry the same transition name, paired by `TransitionCheck` like
/// every card), and its form builds the trip record and the `trips add` command to copy. A static
/// site writes no store, so the command is what adds the trip.
enum NewTripSheet {
  /// The sheet's page.
  static let path = "new-trip.html"
  /// The transition name the button and the sheet share.
  static let transitionName = "new-trip"

  /// The button on the home page.
  static let button = """
    <p class="actions"><a class="new-trip" href="\(path)">\
    <span class="face" style="view-transition-name: \(transitionName)">\
    <span class="name">New trip</span></span></a></p>

    """

  /// The page: a dialog holding the form, the record and the command, and a way back.
  static func page(_ input: SiteModel) -> String {
    var options = ""
    for collection in input.collections {
      let selected = collection.id == "winterRetreats" ? " selected" : ""
      options +=
        "<option value=\"\(Markup.escape(collection.id))\"\(selected)>\(Markup.escape(collection.name))</option>\n"
    }
    let main = """
      <dialog open class="sheet" aria-labelledby="sheet-title" style="view-transition-name: \(transitionName)">
      <h1 id="sheet-title">New Trip</h1>
      <form id="trip-form">
      <label>Name <input name="name" required autocomplete="off" placeholder="Lake Tahoe"></label>
      <label>Subtitle <input name="subtitle" autocomplete="off" placeholder="A week by the water"></label>
      <label>Collection <select name="collection">
      \(options)</select></label>
      </form>
      <h2>The trip record</h2>
      <pre id="record" aria-live="polite"></pre>
      <h2>Add it to your wishlist</h2>
      <pre id="command"></pre>
      <p class="buttons"><button type="button" id="copy">Copy the command</button>
      <a class="done" href="index.html">Done</a></p>
      <p class="note">The site is static: run the command to add the trip, then build the site again.</p>
      </dialog>

      """
    return SiteBuilder.page(
      title: "New Trip", current: "index.html", isTab: false, bodyClass: "sheet-page", main: main,
      script: script)
  }

  /// Builds the record (keys sorted, as the tools write them) and the command from the form.
  static let script = """
    <script>
    (() => {
      const form = document.getElementById("trip-form");
      const quote = (s) => "'" + s.replaceAll("'", "'\\\\''") + "'";
      function update() {
        const name = form.name.value.trim();
        const subtitle = form.subtitle.value.trim();
        const collection = form.collection.value;
        const record = {activities: [], activityCount: 0, collection, completedCount: 0,
          creationDate: new Date().toISOString().replace(/\\.\\d+Z$/, "Z"), id: crypto.randomUUID(),
          isComplete: false, name, progress: 0};
        if (subtitle) record.subtitle = subtitle;
        record.type = "trip";
        document.getElementById("record").textContent = name ? JSON.stringify(record) : "(give the trip a name)";
        let command = "trips add --collection " + collection;
        if (subtitle) command += " --subtitle " + quote(subtitle);
        document.getElementById("command").textContent = command + " " + (name ? quote(name) : "NAME");
      }
      form.addEventListener("input", update);
      form.addEventListener("submit", (event) => event.preventDefault());
      document.getElementById("copy").addEventListener("click", () => {
        const text = document.getElementById("command").textContent;
        if (text && navigator.clipboard) navigator.clipboard.writeText(text);
      });
      update();
    })();
    </script>

    """

  /// The sheet's and the button's style.
  static let stylesheet = """
    .actions { margin: 0 0 8px; }
    .new-trip { display: inline-block; text-decoration: none; }
    .new-trip .face { display: inline-block; padding: 8px 18px; border-radius: 999px; background: #0064d2;
      color: #fff; font-weight: 600; }
    .sheet { position: static; display: block; margin: 24px auto; width: min(560px, calc(100vw - 32px));
      border: 0; border-radius: 20px; padding: 20px 24px; background: var(--panel); color: var(--text); }
    .sheet h1 { margin-top: 0; }
    .sheet h2 { font-size: 15px; color: var(--muted); margin: 18px 0 4px; }
    .sheet label { display: block; margin: 10px 0; color: var(--muted); }
    .sheet input, .sheet select { display: block; width: 100%; margin-top: 4px; padding: 8px 10px; font: inherit;
      color: var(--text); background: #2c2c2e; border: 1px solid #3a3a3c; border-radius: 10px; }
    .sheet pre { white-space: pre-wrap; overflow-wrap: anywhere; background: #000; padding: 10px; border-radius: 10px;
      font-size: 13px; min-height: 1.4em; }
    .sheet .buttons { display: flex; gap: 12px; align-items: center; }
    .sheet button { font: inherit; padding: 8px 16px; border-radius: 999px; border: 0; background: #0064d2;
      color: #fff; font-weight: 600; }
    .sheet .done { color: #4da3ff; font-weight: 600; }
    """
}
