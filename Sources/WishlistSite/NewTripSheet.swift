import ToolSupport

/// The sample's Add Trip sheet. On the home page it is a presentation: the "New trip" link, which
/// a script upgrades, opens the sheet (a modal `<dialog>`) over the list in the same page as a
/// view transition that moves the button's name onto the sheet, so the button zooms into the
/// sheet and, on dismissal, back (`TransitionCheck` pairs the two). The sheet follows a finger
/// dragged down and springs back or is dismissed. Without script the link opens the same sheet as
/// a page of its own (`new-trip.html`), zooming as a card does. The form builds the trip record
/// and the `trips add` command to copy: a static site writes no store, so the command adds the
/// trip.
enum NewTripSheet {
  /// The sheet's page (the no-script fallback).
  static let path = "new-trip.html"
  /// The transition name the button and the sheet share.
  static let transitionName = "new-trip"
  /// The id of the sheet on the home page, which the button names in `data-sheet`.
  static let sheetID = "new-trip-sheet"

  /// The button on the home page: a link to the sheet's page, and the sheet it presents.
  static let button = """
    <p class="actions"><a class="new-trip" href="\(path)" data-sheet="\(sheetID)">\
    <span class="face" style="view-transition-name: \(transitionName)">\
    <span class="name">New trip</span></span></a></p>

    """

  /// The form, the record and the command: the body of both sheets.
  static func body(_ input: SiteModel) -> String {
    var options = ""
    for collection in input.collections {
      let selected = collection.id == "winterRetreats" ? " selected" : ""
      options +=
        "<option value=\"\(Markup.escape(collection.id))\"\(selected)>\(Markup.escape(collection.name))</option>\n"
    }
    return """
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

      """
  }

  /// The note under the buttons.
  static let note =
    "<p class=\"note\">The site is static: run the command to add the trip, then build the site again.</p>\n"

  /// The sheet presented on the home page (closed until the button opens it). Its name is in
  /// `data-vt`: the script gives it to the sheet when the button gives its own up.
  static func presented(_ input: SiteModel) -> String {
    """
    <dialog id="\(sheetID)" class="sheet modal" aria-labelledby="sheet-title" data-vt="\(transitionName)">
    <div class="grab"><div class="grabber"></div></div>
    \(body(input))    <p class="buttons"><button type="button" id="copy">Copy the command</button>
    <button type="button" class="done" data-dismiss>Done</button></p>
    \(note)</dialog>

    """
  }

  /// The sheet's own page: the dialog shown in the page, and a way back.
  static func page(_ input: SiteModel) -> String {
    let main = """
      <dialog open class="sheet" aria-labelledby="sheet-title" style="view-transition-name: \(transitionName)">
      \(body(input))<p class="buttons"><button type="button" id="copy">Copy the command</button>
      <a class="done" href="index.html">Done</a></p>
      \(note)</dialog>

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
      \(ShellWords.javaScript)
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
        let command = "trips add --collection " + quote(collection);
        if (subtitle) command += " --subtitle " + quote(subtitle);
        document.getElementById("command").textContent = command + " -- " + (name ? quote(name) : "NAME");
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

  /// Presents the sheet over the list: the zoom from the button and back (a same-document view
  /// transition moving the name), and the drag. While a finger drags the sheet it follows the
  /// finger; on release it springs back, or is dismissed past a third of its height or by a flick
  /// down faster than 1000 px/s. While the finger moves the sheet follows it on the interactive
  /// spring (`--interactive`, SwiftUI's `.interactiveSpring`). The spring is the sample's (`Spring.smooth`; `--spring-duration`:
  /// 0 s with reduced motion) starting at the finger's speed on release, as a SwiftUI gesture's
  /// spring does, run with the Web Animations API; a new drag stops it where it is and goes on from
  /// there. The backdrop fades as the sheet goes down (`--lift`, 1 when it is up, 0 at its height).
  static let presentationScript = """
    <script>
    (() => {
      \(Spring.script)
      const link = document.querySelector("a[data-sheet]");
      const sheet = link && document.getElementById(link.dataset.sheet);
      if (!sheet || !sheet.showModal) return;
      const face = link.querySelector("[style]");
      const name = sheet.dataset.vt;
      const css = getComputedStyle(document.documentElement);
      const ms = () => parseFloat(css.getPropertyValue("--spring-duration")) * 1000 || 0;
      const zoom = (change) => ms() && document.startViewTransition
        ? document.startViewTransition(change).finished : (change(), Promise.resolve());
      let drag = null, motion = null;
      const offset = () => parseFloat(getComputedStyle(sheet).translate.split(" ")[1]) || 0;
      const lift = (y) => Math.min(1, Math.max(0, 1 - y / (sheet.offsetHeight || 1)));
      const move = (y) => {
        sheet.style.translate = y ? "0 " + y + "px" : "";
        if (y > 0) sheet.style.setProperty("--lift", lift(y)); else sheet.style.removeProperty("--lift");
      };
      function stop() {
        if (!motion) return;
        const y = offset();
        motion.cancel();
        motion = null;
        move(y);
      }
      link.setAttribute("aria-haspopup", "dialog");
      link.addEventListener("click", (event) => {
        if (event.button || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
        event.preventDefault();
        zoom(() => {
          face.style.viewTransitionName = "none";
          sheet.style.viewTransitionName = name;
          sheet.showModal();
          sheet.classList.toggle("fits", sheet.scrollHeight <= sheet.clientHeight);
        });
      });
      function dismiss() {
        if (!sheet.open) return;
        stop();
        drag = null;
        zoom(() => {
          sheet.close();
          move(0);
          sheet.style.viewTransitionName = "";
          face.style.viewTransitionName = name;
        });
      }
      sheet.querySelector("[data-dismiss]").addEventListener("click", dismiss);
      sheet.addEventListener("cancel", (event) => { event.preventDefault(); dismiss(); });
      sheet.addEventListener("click", (event) => {
        const r = sheet.getBoundingClientRect();
        if (event.target === sheet && (event.clientY < r.top || event.clientY > r.bottom ||
            event.clientX < r.left || event.clientX > r.right)) dismiss();
      });
      sheet.addEventListener("pointerdown", (event) => {
        const r = sheet.getBoundingClientRect();
        if (event.button || event.clientY < r.top || event.clientY > r.bottom) return;
        if (event.target.closest("input, select, button, a, pre")) return;
        if (!sheet.classList.contains("fits") && !event.target.closest(".grab")) return;
        stop();
        const start = offset();
        drag = {id: event.pointerId, from: event.clientY, start, trail: [[event.timeStamp, start]]};
        sheet.setPointerCapture(event.pointerId);
      });
      sheet.addEventListener("pointermove", (event) => {
        if (!drag || event.pointerId !== drag.id) return;
        const y = drag.start + event.clientY - drag.from;
        // The sheet follows on the interactive spring (a transition), from the first move on.
        sheet.classList.add("dragging");
        move(y < 0 ? y / 4 : y);
        follow(drag.trail, event.timeStamp, y);
      });
      function release(event) {
        if (!drag || event.pointerId !== drag.id) return;
        const speed = speedOf(drag.trail);
        drag = null;
        const y = offset();
        sheet.classList.remove("dragging");
        if (y > sheet.offsetHeight / 3 || (speed > 1000 && y > 0)) return dismiss();
        move(0);
        if (!y || !ms()) return;
        // The spring starts at the finger's speed: in lengths of the way back (y px) per second.
        const velocity = Math.round(-speed / y * 1000) / 1000;
        motion = sheet.animate([{translate: "0 " + y + "px", "--lift": lift(y)}, {translate: "0 0", "--lift": 1}],
          {duration: ms(), easing: \(Spring.smooth.scriptCall(velocity: "velocity"))});
        motion.onfinish = () => { motion = null; };
      }
      sheet.addEventListener("pointerup", release);
      sheet.addEventListener("pointercancel", release);
    })();
    </script>

    """

  /// The button's and the sheets' style.
  static let stylesheet = """
    .actions { margin: 0 0 8px; }
    .new-trip { display: inline-block; text-decoration: none; }
    .new-trip .face { display: inline-block; padding: 8px 18px; border-radius: 999px; background: #0064d2;
      color: #fff; font-weight: 600; }
    .sheet { position: static; display: block; margin: 24px auto; width: min(560px, calc(100vw - 32px));
      border: 0; border-radius: 20px; padding: 20px 24px; background: var(--panel); color: var(--text); }
    .sheet.modal { position: fixed; inset: auto 0 0; margin: 0 auto; width: min(560px, 100vw);
      max-height: calc(100dvh - 16px); overflow: auto; border-radius: 20px 20px 0 0; padding-top: 8px;
      overscroll-behavior: contain; box-shadow: 0 -4px 24px rgb(0 0 0 / 0.25); }
    .sheet.modal:not([open]) { display: none; }
    .sheet.modal .grab, .sheet.modal.fits { touch-action: none; }
    .sheet.modal .grab { cursor: grab; }
    .sheet.modal.dragging { transition: translate var(--interactive-duration) var(--interactive),
      --lift var(--interactive-duration) var(--interactive); }
    @media (prefers-reduced-motion: reduce) { .sheet.modal.dragging { transition: none; } }
    @property --lift { syntax: "<number>"; inherits: true; initial-value: 1; }
    .sheet::backdrop { background: rgb(0 0 0 / calc(0.4 * var(--lift, 1))); }
    .grab { padding: 4px 0 12px; margin: 0 -24px; }
    .grabber { width: 36px; height: 5px; border-radius: 3px; background: var(--muted); margin: 0 auto; }
    @media (min-width: 700px) {
      .sheet.modal { inset: 0; margin: auto; max-height: calc(100dvh - 64px); border-radius: 20px; }
    }
    .sheet h1 { margin-top: 0; }
    .sheet h2 { font-size: 15px; color: var(--muted); margin: 18px 0 4px; }
    .sheet label { display: block; margin: 10px 0; color: var(--muted); }
    .sheet input, .sheet select { display: block; width: 100%; margin-top: 4px; padding: 8px 10px; font: inherit;
      color: var(--text); background: var(--field); border: 1px solid var(--field-line); border-radius: 10px; }
    .sheet pre { white-space: pre-wrap; overflow-wrap: anywhere; background: var(--well); padding: 10px;
      border-radius: 10px; font-size: 13px; min-height: 1.4em; }
    .sheet .buttons { display: flex; gap: 12px; align-items: center; }
    .sheet button { font: inherit; padding: 8px 16px; border-radius: 999px; border: 0; background: #0064d2;
      color: #fff; font-weight: 600; cursor: pointer; }
    .sheet .done { color: var(--link); font-weight: 600; }
    .sheet button.done { background: none; padding: 8px 4px; }
    """
}
