/// Back from a trip page as the sample's zoom is dismissed: a finger put down at the left edge
/// shrinks the page (the hero first) around itself as it moves right, following it on the
/// interactive spring (`Spring.interactive`, SwiftUI's `.interactiveSpring`); let go past half the width,
/// or flung right, the page goes back and the cross-document zoom carries the hero, as small as it
/// is, into its card; let go earlier it springs back from the finger's speed, and a finger put
/// down again while it springs catches it where it is. A page reloaded by going back (a `file://`
/// page: Chromium keeps no back/forward cache for files) takes its first frame before the browser
/// restores its scroll, so the card is not where the zoom looks for it, or the browser drops the
/// transition while the reload runs; `revealScript` puts the scroll back before that frame, and
/// zooms in the page itself when the browser ran no transition.
enum BackSwipe {
  /// How close to the left edge (CSS px) a finger starts a swipe back, as the system's edge.
  static let edge = 24
  /// The sessionStorage key of what the page left behind: its hero's name, picture and place.
  static let recordKey = "samplepipes.zoomBack"

  /// The trip page's script: the swipe, and the record of the hero for `revealScript`.
  static let script = """
    <script>
    (() => {
      \(Spring.script)
      const page = document.querySelector("main");
      const hero = document.querySelector("img.hero");
      if (!page || !hero) return;
      const css = getComputedStyle(document.documentElement);
      const ms = () => parseFloat(css.getPropertyValue("--spring-duration")) * 1000 || 0;
      // The page shrinks to half its size when the finger has crossed the screen.
      const shrink = (dx) => 1 - 0.5 * Math.min(1, Math.max(0, dx) / innerWidth);
      let drag = null, motion = null, at = {x: 0, y: 0};
      // The edge the browser leaves to the page (no pan starts there), as the system keeps its own.
      const edge = document.createElement("div");
      edge.className = "edge";
      document.body.append(edge);
      function place(x, y) {
        at = {x, y};
        page.style.translate = x || y ? x + "px " + y + "px" : "";
        page.style.scale = x > 0 ? String(shrink(x)) : "";
        page.style.borderRadius = x > 0 ? Math.min(24, x / 8) + "px" : "";
        document.body.classList.toggle("swiping", x > 0 || !!motion);
      }
      function stop() {
        if (!motion) return;
        const style = getComputedStyle(page);
        const [x, y] = style.translate === "none" ? [0, 0] : style.translate.split(" ").map(parseFloat);
        motion.cancel();
        motion = null;
        place(x || 0, y || 0);
      }
      function back() {
        // The Navigation API sees no entry of another file:// page: history's length does.
        if ((window.navigation && navigation.canGoBack) || history.length > 1) history.back();
        else location.href = "index.html";
      }
      addEventListener("pointerdown", (event) => {
        if (event.button || drag) return;
        if (!motion && event.clientX > \(edge)) return;
        stop();
        drag = {id: event.pointerId, from: [event.clientX - at.x, event.clientY - at.y],
          trail: [[event.timeStamp, at.x]]};
        if (!page.style.transformOrigin || !at.x) {
          const r = page.getBoundingClientRect();
          page.style.transformOrigin = (event.clientX - r.left) + "px " + (event.clientY - r.top) + "px";
        }
      });
      addEventListener("pointermove", (event) => {
        if (!drag || event.pointerId !== drag.id) return;
        // While the finger moves the page follows on the interactive spring (a CSS transition),
        // from the first move on (from where a caught spring was stopped).
        document.body.classList.add("dragging");
        const x = Math.max(0, event.clientX - drag.from[0]);
        place(x, x ? event.clientY - drag.from[1] : 0);
        follow(drag.trail, event.timeStamp, x);
      });
      function release(event) {
        if (!drag || event.pointerId !== drag.id) return;
        const speed = speedOf(drag.trail);
        drag = null;
        // Where the page is shown (the interactive spring may be a little behind the finger).
        const style = getComputedStyle(page);
        const shown = style.translate === "none" ? [0, 0] : style.translate.split(" ").map(parseFloat);
        const [x, y] = [shown[0] || 0, shown[1] || 0];
        document.body.classList.remove("dragging");
        if (!at.x) return place(0, 0);
        if (at.x > innerWidth / 2 || (speed > 1000 && event.type === "pointerup")) return back();
        place(0, 0);
        if (!ms() || !x) return;
        // The spring starts at the finger's speed: in lengths of the way back (x px) per second.
        const velocity = Math.round(-speed / x * 1000) / 1000;
        motion = page.animate([
          {translate: x + "px " + y + "px", scale: String(shrink(x)), borderRadius: Math.min(24, x / 8) + "px"},
          {translate: "0px 0px", scale: "1", borderRadius: "0px"}],
          {duration: ms(), easing: \(Spring.smooth.scriptCall(velocity: "velocity"))});
        document.body.classList.add("swiping");
        motion.onfinish = () => {
          motion = null;
          page.style.transformOrigin = "";
          document.body.classList.remove("swiping");
        };
      }
      addEventListener("pointerup", release);
      addEventListener("pointercancel", release);
      addEventListener("pageshow", (event) => { if (event.persisted) place(0, 0); });
      // What a page reloaded by going back needs to zoom the hero into its card itself.
      // pageswap: before the next page shows (pagehide may come after it, from another process).
      const leave = () => {
        const r = hero.getBoundingClientRect();
        sessionStorage.setItem("\(recordKey)", JSON.stringify({name: getComputedStyle(hero).viewTransitionName,
          src: hero.currentSrc || hero.src, rect: [r.left, r.top, r.width, r.height], page: location.href}));
      };
      addEventListener("pageswap", leave);
      addEventListener("pagehide", leave);
    })();
    </script>

    """

  /// The script of a page with cards (the home page, the search page): going back to it, its scroll is put back
  /// before its first frame; and when the browser revealed it without a transition (a reload that
  /// took too long), the hero the trip page left is drawn where it was and zoomed into its card
  /// with a same-document transition.
  static let revealScript = """
    <script>
    (() => {
      const key = "scroll:" + location.pathname;
      const leave = () => sessionStorage.setItem(key, String(scrollY));
      addEventListener("pageswap", leave);
      addEventListener("pagehide", leave);
      addEventListener("pagereveal", (event) => {
        const entry = performance.getEntriesByType("navigation")[0];
        const traverse = window.navigation && navigation.activation
          ? navigation.activation.navigationType === "traverse" : entry && entry.type === "back_forward";
        const record = JSON.parse(sessionStorage.getItem("\(recordKey)") || "null");
        sessionStorage.removeItem("\(recordKey)");
        if (!traverse) return;
        const y = parseFloat(sessionStorage.getItem(key));
        if (y && !scrollY) scrollTo(0, y);
        const css = getComputedStyle(document.documentElement);
        const ms = parseFloat(css.getPropertyValue("--spring-duration")) * 1000 || 0;
        if (event.viewTransition || !record || !ms || !document.startViewTransition) return;
        const card = [...document.querySelectorAll("[style*=view-transition-name]")]
          .find((e) => getComputedStyle(e).viewTransitionName === record.name);
        if (!card) return;
        const ghost = new Image();
        ghost.src = record.src;
        ghost.alt = "";
        const [left, top, width, height] = record.rect;
        Object.assign(ghost.style, {position: "fixed", left: left + "px", top: top + "px", width: width + "px",
          height: height + "px", objectFit: "cover", borderRadius: "24px", margin: 0, zIndex: 5,
          viewTransitionName: record.name});
        card.style.viewTransitionName = "none";
        document.body.append(ghost);
        document.startViewTransition(() => {
          ghost.remove();
          card.style.viewTransitionName = record.name;
        });
      });
    })();
    </script>

    """

  /// The page while a finger holds it: the background shows around the shrinking page, which never
  /// widens the page (a phone's browser would zoom out, and the zoom would abort).
  static let stylesheet = """
    .trip { touch-action: pan-y pinch-zoom; }
    .trip main { transform-origin: 0 0; }
    html:has(> body.trip) { overflow-x: hidden; }
    .trip { overflow-x: clip; }
    .trip.swiping { background: var(--line); touch-action: none; }
    .trip.dragging main { transition: translate var(--interactive-duration) var(--interactive),
      scale var(--interactive-duration) var(--interactive), border-radius var(--interactive-duration) var(--interactive); }
    @media (prefers-reduced-motion: reduce) { .trip.dragging main { transition: none; } }
    .trip .edge { position: fixed; left: 0; top: 52px; bottom: 0; width: \(edge)px; z-index: 3; touch-action: none; }
    .trip.swiping main { background: var(--bg); overflow: hidden; box-shadow: 0 8px 40px rgb(0 0 0 / 0.3); }
    """
}
