import ToolSupport

/// What a person changes on a trip page, as the sample lets them: an activity ticked (the
/// checkmark snaps, `.snappy`), removed (the row collapses, as `withAnimation` removes it) or added
/// ("Add activity": a row with a name field opens on the same spring; return in it adds another,
/// as the sample's `addNewActivity` does, and rows left without a name are dropped). The
/// page changes no store: what was changed is shown as the `trips activity` commands that make
/// the change, to copy and run (the one that removes asks first on a terminal, as the sample's
/// "Delete Activity" does). Without script the page shows the activities only.
enum ActivityChanges {
  /// How the commands name a trip or an activity: by name when that name finds it alone (names are
  /// matched ignoring case, after ids) and holds no character a terminal shows escaped (a control
  /// or bidi character could make a command to copy read as another), else by id.
  static func reference(_ name: String, id: String, among others: [(id: String, name: String)]) -> String {
    let wanted = name.lowercased()
    let clash = others.contains {
      $0.id != id && ($0.name.lowercased() == wanted || $0.id.lowercased() == wanted)
    }
    let hidden = name.unicodeScalars.contains(where: TerminalText.needsEscape)
    return name.isEmpty || clash || hidden ? id : name
  }

  /// The panel the script shows once something changed (hidden until then).
  static let panel = """
    <section class="changes" aria-labelledby="changes" hidden>
    <h2 id="changes">Your changes</h2>
    <p class="note">The page changes no wishlist: run these commands to make the changes, then build the site again.</p>
    <pre id="change-commands"></pre>
    <p class="buttons"><button type="button" id="copy-changes">Copy the commands</button>
    <button type="button" id="reset-changes">Start over</button></p>
    </section>

    """

  /// Upgrades each activity row with a tick button (`aria-pressed`) and a remove button, adds the
  /// "Add activity" button, keeps the progress, the percentage and the count in step, and lists the
  /// commands: one `add` with the named new activities (one `add --done` with those ticked), one
  /// `toggle` with every activity ticked an odd number of times, one `remove` with every activity
  /// removed.
  static let script = """
    <script>
    (() => {
      const list = document.querySelector(".activity-list");
      if (!list) return;
      const trip = list.dataset.trip;
      \(ShellWords.javaScript)
      const css = getComputedStyle(document.documentElement);
      const ms = () => parseFloat(css.getPropertyValue("--spring-duration")) * 1000 || 0;
      const toggled = new Set(), removed = [], added = [];
      const panel = document.querySelector(".changes");
      const commands = document.getElementById("change-commands");
      function update() {
        const rows = [...list.children].filter((li) => !li.classList.contains("gone"));
        const done = rows.filter((li) => li.classList.contains("done")).length;
        const bar = document.querySelector(".activities progress");
        const exact = rows.length ? done / rows.length * 100 : 0;
        let percent = Math.round(exact);
        if (Math.abs(exact % 1) === 0.5 && percent % 2) percent -= 1;
        if (bar) {
          bar.max = Math.max(rows.length, 1);
          bar.value = done;
          bar.textContent = percent + "%";
        }
        let shown = document.querySelector(".percent");
        if (!shown) {
          shown = document.createElement("span");
          shown.className = "percent";
          document.querySelector(".progress-head").append(shown);
        }
        shown.textContent = percent + "%";
        shown.hidden = percent === 0;
        const sort = document.querySelector(".sort");
        if (sort) sort.textContent = sort.textContent.replace(/^\\d+ of \\d+/, done + " of " + rows.length);
        const empty = document.querySelector(".activities .empty");
        if (empty) empty.hidden = rows.length > 0;
        const lines = [];
        const named = added.filter((li) => !li.classList.contains("gone") && li.querySelector("input").value);
        for (const ticked of [false, true]) {
          const names = named.filter((li) => li.classList.contains("done") === ticked)
            .map((li) => li.querySelector("input").value);
          if (names.length) {
            lines.push("trips activity add " + (ticked ? "--done " : "") + [trip, ...names].map(quote).join(" "));
          }
        }
        const ticks = [...toggled].filter((ref) => !removed.includes(ref));
        if (ticks.length) lines.push("trips activity toggle -- " + [trip, ...ticks].map(quote).join(" "));
        if (removed.length) lines.push("trips activity remove -- " + [trip, ...removed].map(quote).join(" "));
        commands.textContent = lines.join("\\n");
        panel.hidden = !lines.length;
      }
      function upgrade(li, isNew) {
        const name = isNew ? "New activity" : li.querySelector(".name").textContent;
        const tick = document.createElement("button");
        tick.type = "button";
        tick.className = "tick";
        tick.setAttribute("aria-label", name);
        tick.setAttribute("aria-pressed", li.classList.contains("done"));
        tick.append(li.querySelector(".mark"));
        li.querySelector("span.tick").replaceWith(tick);
        li.querySelector(".hidden")?.remove();
        const remove = document.createElement("button");
        remove.type = "button";
        remove.className = "remove";
        remove.setAttribute("aria-label", "Remove " + name);
        remove.textContent = "\\u2212";
        li.append(remove);
        tick.addEventListener("click", () => {
          const done = li.classList.toggle("done");
          tick.setAttribute("aria-pressed", done);
          if (!isNew) toggled.has(li.dataset.ref) ? toggled.delete(li.dataset.ref) : toggled.add(li.dataset.ref);
          update();
        });
        remove.addEventListener("click", () => {
          li.classList.add("gone");
          if (!isNew) removed.push(li.dataset.ref);
          update();
          (li.nextElementSibling || li.previousElementSibling)?.querySelector("button")?.focus();
          const h = li.offsetHeight;
          const collapse = li.animate([{height: h + "px", opacity: 1}, {height: "0px", opacity: 0,
            paddingTop: 0, paddingBottom: 0, borderBottomWidth: 0}],
            {duration: ms(), easing: css.getPropertyValue("--spring").trim()});
          collapse.onfinish = () => li.remove();
        });
      }
      for (const li of list.children) upgrade(li, false);
      // A new row opens as a removed one closes: the same spring, the other way.
      function addActivity() {
        const li = document.createElement("li");
        li.innerHTML = '<span class="tick" aria-hidden="true"><span class="mark">\\u2713</span></span>' +
          '<input class="name" type="text" autocomplete="off" aria-label="New activity name" placeholder="New activity">';
        list.append(li);
        upgrade(li, true);
        added.push(li);
        const input = li.querySelector("input");
        input.addEventListener("input", update);
        input.addEventListener("keydown", (event) => {
          if (event.key === "Enter" && !event.isComposing) {
            event.preventDefault();
            addActivity();
          }
        });
        input.focus();
        update();
        const h = li.offsetHeight;
        li.animate([{height: "0px", opacity: 0, paddingTop: 0, paddingBottom: 0, borderBottomWidth: 0},
          {height: h + "px", opacity: 1}], {duration: ms(), easing: css.getPropertyValue("--spring").trim()});
      }
      const add = document.createElement("button");
      add.type = "button";
      add.className = "add-activity";
      add.textContent = "Add activity";
      add.addEventListener("click", addActivity);
      list.after(add);
      document.getElementById("copy-changes").addEventListener("click", () => {
        if (navigator.clipboard) navigator.clipboard.writeText(commands.textContent);
      });
      document.getElementById("reset-changes").addEventListener("click", () => location.reload());
    })();
    </script>

    """

  /// The rows' buttons, the snap and the panel.
  static let stylesheet = """
    .tick .mark { display: inline-block; scale: 0; transition: scale var(--spring-duration) var(--snappy); }
    .done .tick .mark { scale: 1; }
    .tick { transition: background-color var(--spring-duration) var(--snappy),
      border-color var(--spring-duration) var(--snappy); }
    button.tick { padding: 0; font: inherit; font-size: 14px; font-weight: 700; color: #fff; background: none;
      cursor: pointer; }
    .done button.tick { background: var(--accent); }
    .activity-list .name { flex: 1; }
    .activity-list input.name { min-width: 0; font: inherit; color: var(--text); background: none; border: 0;
      border-bottom: 1px solid var(--field-line); padding: 2px 0; }
    .add-activity { margin: 12px 0 0; font: inherit; font-weight: 600; padding: 8px 16px; border-radius: 999px;
      border: 0; background: var(--panel); color: var(--link); cursor: pointer; }
    .activity-list li { overflow: hidden; }
    .remove { flex: none; width: 28px; height: 28px; border-radius: 50%; border: 0; padding: 0; font: inherit;
      font-size: 18px; line-height: 1; background: var(--well); color: var(--text); cursor: pointer; }
    .changes pre { white-space: pre-wrap; overflow-wrap: anywhere; background: var(--panel); padding: 10px;
      border-radius: 10px; font-size: 13px; }
    .changes .buttons { display: flex; gap: 12px; }
    .changes button { font: inherit; padding: 8px 16px; border-radius: 999px; border: 0; background: #0064d2;
      color: #fff; font-weight: 600; cursor: pointer; }
    .changes button + button { background: var(--panel); color: var(--text); }
    """
}
