#!/usr/bin/env python3
"""Drives headless Chromium over the DevTools protocol against a site written by `trips site`.

  Tests/tools/site-browser-check.py check SITE [--break] [--check-cmd CMD] [--file] [--no-bfcache] [--query Q]
  Tests/tools/site-browser-check.py search SITE QUERY...
  Tests/tools/site-browser-check.py axe SITE
  Tests/tools/site-browser-check.py phone SITE [--file] [--drop-transitions]
  Tests/tools/site-browser-check.py screenshots SITE OUTDIR

check: opens SITE/index.html (served by a local http.server on 127.0.0.1, or file:// with --file),
clicks the first collection card, and asserts that the trip page was revealed with a view
transition (a `pagereveal` event with a non-null `viewTransition`), that the card's and the hero's
view-transition names match and that the transition animated that name from old to new (the zoom).
Then it goes back (the zoom out), clicks a "Recently Added" card, does the same from a search
result (search.html?q=...) to its trip page and back, and from a badge on goals.html to the
badge's page and back, from the "New trip" button into its sheet and back, reaches each kind
of card with Tab and opens a badge with Enter, and finally turns on prefers-reduced-motion and checks that no transition runs. With --no-bfcache,
Chromium's back-forward cache is off: going back loads the page anew (the search page then finds
the card it was left from in history.state).

check --break: copies SITE, breaks the clicked trip page's hero name and shows what the browser does
with a mismatch: it still reveals the page with a view transition (a plain cross-fade) and reports
no error, but nothing pairs the card with the hero. With --check-cmd (for example
"trips site --check"), runs that command on the broken copy and asserts it refuses (exit 65) naming
both names and the page.

phone: at a phone's size (390x844) with touches: a card shows its trip's subtitle under its name;
"Add activity" on its trip page opens a row on the spring and gives the `trips activity add`
command; an edge swipe let go early springs back from the finger's speed and stays; one caught
while it springs goes on from there; one past half goes back home with the hero, shrunk under the
finger, zooming into its card. With --drop-transitions every page is revealed as if the browser had
dropped its cross-document transition (as a slow file:// reload makes it do): the home page then
zooms the hero into its card itself.

search: opens SITE/search.html?q=QUERY from file:// (no server) for each QUERY and prints what the
page shows: its sections (title and results: name and trip) or its empty state.

axe: runs axe-core (axe.min.js from the PyPI package axe-playwright-python or
axe-selenium-python, installed with --no-deps; or the file named by $AXE_JS) on the home page, a
trip page, the search page (empty, with results, with none), the goals page and a badge page, the
home page with the New trip sheet open and the trip page with a change pending, each in the light
and the dark scheme (reduced motion, so that nothing is caught mid-animation), for
WCAG 2.x A and AA and axe's best practices, and lists the violations (exit 1 when there are any)
and the checks axe could not decide.

screenshots: full-page PNGs of the home page, the first collection card's trip page, the search page
with a query, the goals page and the first badge's page at 390 px (phone) and 1280 px (desktop)
widths, then, at the phone's size in the light and the dark scheme, the New trip sheet held a
quarter of the way down by a finger, a trip page with a tick and a removal pending, the same page
with an activity being added, and the swipe back held by a finger at 20% and 45% of the width,
into OUTDIR.

Prints a JSON summary on stdout. Exit 0: all assertions hold; 1: one failed; 77: Chromium, the
Python package websocket-client or (for axe) axe-core is missing (a skip).
"""

import argparse
import functools
import http.server
import json
import os
import shlex
import shutil
import socket
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse
import urllib.request

SKIP = 77

REVEAL_PROBE = """
addEventListener("pageswap", (event) => {
  sessionStorage.setItem("swap", JSON.stringify({ viewTransition: !!event.viewTransition,
    visibility: document.visibilityState, url: location.href }));
});
addEventListener("pagereveal", (event) => {
  const vt = event.viewTransition;
  const record = { viewTransition: vt !== null && vt !== undefined, pseudo: [], done: !vt, finished: !vt };
  window.__reveal = record;
  if (vt) {
    vt.finished.finally(() => { record.finished = true; });
    vt.ready.then(() => {
      record.pseudo = document.getAnimations()
        .map((a) => a.effect && a.effect.pseudoElement).filter(Boolean);
      record.easing = window.__easings();
      record.done = true;
    }, (error) => { record.error = String(error); record.done = true; });
  }
});
// The timing functions of the running view-transition animations (keyframes carry them).
window.__easings = () => [...new Set(document.getAnimations()
  .filter((a) => a.effect && a.effect.pseudoElement)
  .flatMap((a) => a.effect.getKeyframes().map((k) => k.easing)))];
// Animations the pages' scripts start (the sheet springing back, a row collapsing), in __animations.
const animate = Element.prototype.animate;
Element.prototype.animate = function (keyframes, options) {
  (window.__animations = window.__animations || []).push({ target: this.className,
    keyframes: JSON.stringify(keyframes), duration: options && options.duration, easing: options && options.easing });
  return animate.call(this, keyframes, options);
};
// Same-document view transitions (the sheet presented over the list), each recorded in __vts.
if (Document.prototype.startViewTransition) {
  const start = Document.prototype.startViewTransition;
  Document.prototype.startViewTransition = function (...args) {
    const vt = start.apply(this, args);
    const record = { pseudo: [], done: false, finished: false };
    (window.__vts = window.__vts || []).push(record);
    vt.ready.then(() => {
      record.pseudo = document.getAnimations()
        .map((a) => a.effect && a.effect.pseudoElement).filter(Boolean);
      record.easing = window.__easings();
      record.done = true;
    }, (error) => { record.error = String(error); record.done = true; });
    vt.finished.finally(() => { record.finished = true; });
    return vt;
  };
}
"""

FRAMES = "new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => done(true))))"

# The sheet on the home page as the driver reads it.
SHEET = """(() => {
  const sheet = document.querySelector("dialog.sheet.modal");
  if (!sheet) return null;
  const face = document.querySelector("a.new-trip .face");
  const r = sheet.getBoundingClientRect();
  return {open: sheet.open, url: location.href, offset: parseFloat(getComputedStyle(sheet).translate.split(" ")[1]) || 0,
          moving: sheet.getAnimations().length, height: r.height, top: r.top,
          face: getComputedStyle(face).viewTransitionName,
          sheetName: getComputedStyle(sheet).viewTransitionName,
          transitions: (window.__vts || []).length,
          backdrop: parseFloat(getComputedStyle(sheet, "::backdrop").backgroundColor.split("/")[1]
            || getComputedStyle(sheet, "::backdrop").backgroundColor.split(",")[3]) || 0,
          grab: (() => { const g = sheet.querySelector(".grab").getBoundingClientRect();
                         return {x: g.left + g.width / 2, y: g.top + g.height / 2}; })()};
})()"""


def find_chromium():
    for name in ("chromium", "chromium-browser", "google-chrome"):
        path = shutil.which(name)
        if path:
            return path
    return None


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Failure(Exception):
    pass


def expect(condition, message):
    if not condition:
        raise Failure(message)


class Browser:
    """One headless Chromium and a DevTools connection to its page."""

    def __init__(self, chromium, extra=()):
        import websocket  # websocket-client

        self.profile = tempfile.mkdtemp(prefix="site-chromium-")
        port = free_port()
        self.process = subprocess.Popen(
            [chromium, "--headless=new", "--no-sandbox", "--disable-gpu", "--no-first-run",
             "--no-default-browser-check", "--hide-scrollbars", f"--remote-debugging-port={port}",
             f"--user-data-dir={self.profile}", *extra, "about:blank"],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        deadline = time.time() + 30
        target = None
        while time.time() < deadline and target is None:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/json", timeout=2) as r:
                    pages = [t for t in json.load(r) if t.get("type") == "page"]
                    target = pages[0] if pages else None
            except OSError:
                time.sleep(0.2)
        if target is None:
            self.close()
            raise Failure("Chromium did not open its DevTools port within 30 s")
        self.ws = websocket.create_connection(
            target["webSocketDebuggerUrl"], timeout=30, suppress_origin=True)
        self.next_id = 0
        self.events = []
        self.call("Page.enable")
        self.call("Runtime.enable")

    def call(self, method, params=None):
        self.next_id += 1
        ident = self.next_id
        self.ws.send(json.dumps({"id": ident, "method": method, "params": params or {}}))
        while True:
            message = json.loads(self.ws.recv())
            if message.get("id") == ident:
                if "error" in message:
                    raise Failure(f"{method}: {message['error']}")
                return message.get("result", {})
            if "method" in message:
                self.events.append(message)

    def evaluate(self, expression):
        result = self.call("Runtime.evaluate", {
            "expression": expression, "returnByValue": True, "awaitPromise": True})
        if "exceptionDetails" in result:
            raise Failure(f"script failed: {expression[:80]}: {result['exceptionDetails']}")
        return result["result"].get("value")

    def wait_for(self, expression, what, timeout=15):
        deadline = time.time() + timeout
        while time.time() < deadline:
            try:
                value = self.evaluate(expression)
            except Failure:
                value = None  # the page is being replaced
            if value:
                return value
            time.sleep(0.05)
        raise Failure(f"timed out waiting for {what}")

    def open(self, url):
        self.call("Page.navigate", {"url": url})
        self.wait_for(f"location.href === {json.dumps(url)} && document.readyState === 'complete'",
                      f"{url} to load")

    def click(self, selector):
        """Scrolls the element into view and clicks its centre with real mouse events."""
        box = self.evaluate(f"""(() => {{
          const el = document.querySelector({json.dumps(selector)});
          if (!el) return null;
          el.scrollIntoView({{block: "center", inline: "center"}});
          const r = el.getBoundingClientRect();
          return {{x: r.left + r.width / 2, y: r.top + r.height / 2}};
        }})()""")
        expect(box is not None, f"no element matches {selector}")
        # A view transition needs a rendered old page: let two frames go by after the scroll.
        self.evaluate("new Promise((done) => requestAnimationFrame(() => "
                      "requestAnimationFrame(() => done(true))))")
        for kind in ("mouseMoved", "mousePressed", "mouseReleased"):
            self.call("Input.dispatchMouseEvent", {
                "type": kind, "x": box["x"], "y": box["y"], "button": "left", "clickCount": 1})

    def close(self):
        try:
            self.ws.close()
        except Exception:
            pass
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.process.kill()
        shutil.rmtree(self.profile, ignore_errors=True)


class Server:
    """A quiet http.server for one folder on 127.0.0.1."""

    def __init__(self, folder):
        class Quiet(http.server.SimpleHTTPRequestHandler):
            def log_message(self, *args):
                pass

        handler = functools.partial(Quiet, directory=folder)
        self.httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
        self.base = f"http://127.0.0.1:{self.httpd.server_address[1]}/"
        threading.Thread(target=self.httpd.serve_forever, daemon=True).start()

    def close(self):
        self.httpd.shutdown()
        self.httpd.server_close()


def card_info(browser, selector):
    """The card's link, its transition name (the one its script gives it on a click, or the one its
    picture or badge has) and its title."""
    return browser.evaluate(f"""(() => {{
      const a = document.querySelector({json.dumps(selector)});
      const picture = a && a.querySelector("img, svg, [style*=view-transition-name]");
      if (!picture) return null;
      return {{href: a.href, name: a.dataset.vt || getComputedStyle(picture).viewTransitionName,
               title: a.querySelector(".name, h3").textContent}};
    }})()""")


def navigate_by_click(browser, selector, expected_url, retries, target="img.hero", paired=True,
                      prepare=None):
    """Clicks a card and returns what the trip page's pagereveal saw, and the hero's name.

    When the old page set a transition up (its pageswap had one) but the new page got none, the
    browser gave up on the hand-over (it does so when the new page takes too long, as on a loaded
    machine): the step is retried from the home page, at most twice, and counted in `retries`.
    So is a transition that ran without the hero when `paired` (the zoom is expected): on a heavily
    loaded machine Chromium has been seen to take the new page's first frame before its hero."""
    home = browser.evaluate("location.href")
    for attempt in range(3):
        browser.evaluate("window.__reveal = null; sessionStorage.removeItem('swap'); true")
        if prepare:
            browser.evaluate(prepare)
        browser.click(selector)
        browser.wait_for(f"location.href === {json.dumps(expected_url)} && window.__reveal && "
                         "window.__reveal.done", f"the page {expected_url} to be revealed")
        # Let the transition end before anything else navigates (a navigation during one skips it).
        browser.wait_for("window.__reveal.finished", "the view transition to finish")
        reveal = browser.evaluate("window.__reveal")
        swap = browser.evaluate("sessionStorage.getItem('swap') || 'null'")
        reveal["swap"] = json.loads(swap)
        dropped = not reveal["viewTransition"] and (reveal["swap"] or {}).get("viewTransition")
        hero = browser.evaluate(
            f"(() => {{ const h = document.querySelector({json.dumps(target)}); "
            "return h ? getComputedStyle(h).viewTransitionName : null; })()")
        if dropped and attempt < 2:
            retries.append(f"{expected_url}: the browser dropped the transition; retried")
            browser.open(home)
            continue
        if paired and reveal["viewTransition"] and hero and not pairs(reveal, hero) and attempt < 2:
            retries.append(f"{expected_url}: the transition ran without {hero}; retried")
            browser.open(home)
            continue
        break
    return reveal, hero


def navigate_back(browser, expected_url, forward_url, retries, name=None):
    """Goes back (the zoom out) and returns what the page's pagereveal saw; retried like a click
    (also when `name` is given and the transition ran without it)."""
    for attempt in range(3):
        browser.evaluate("window.__reveal = null; sessionStorage.removeItem('swap'); true")
        browser.evaluate("new Promise((done) => requestAnimationFrame(() => "
                         "requestAnimationFrame(() => done(true))))")
        browser.evaluate("history.back()")
        browser.wait_for(f"location.href === {json.dumps(expected_url)} && window.__reveal && "
                         "window.__reveal.done", f"{expected_url} to be revealed again")
        browser.wait_for("window.__reveal.finished", "the view transition to finish")
        back = browser.evaluate("window.__reveal")
        swap = json.loads(browser.evaluate("sessionStorage.getItem('swap') || 'null'") or "null")
        if not back["viewTransition"] and (swap or {}).get("viewTransition") and attempt < 2:
            retries.append(f"back to {expected_url}: the browser dropped the transition; retried")
            browser.open(forward_url)
            continue
        if name and back["viewTransition"] and not pairs(back, name) and attempt < 2:
            retries.append(f"back to {expected_url}: the transition ran without {name}; retried")
            browser.open(forward_url)
            continue
        return back


def press(browser, key):
    """Presses and releases a key (Tab or Enter) as a keyboard would."""
    codes = {"Tab": 9, "Enter": 13}
    for kind in ("rawKeyDown", "keyUp"):
        params = {"type": kind, "key": key, "code": key, "windowsVirtualKeyCode": codes[key]}
        if key == "Enter" and kind == "rawKeyDown":
            params["text"] = "\r"
        browser.call("Input.dispatchKeyEvent", params)
    if key == "Enter":
        browser.call("Input.dispatchKeyEvent", {"type": "char", "key": "Enter", "text": "\r"})


def tab_to(browser, selector, limit=60):
    """Presses Tab from the top of the page until `selector` has the focus; returns the number of
    presses and what had the focus on the way (its tag and class or text)."""
    browser.evaluate("document.activeElement && document.activeElement.blur(); true")
    seen = []
    for count in range(1, limit + 1):
        press(browser, "Tab")
        focused = browser.evaluate(f"""(() => {{
          const e = document.activeElement;
          const visible = e && e.getBoundingClientRect().bottom > 0;
          return {{hit: !!(e && e.matches({json.dumps(selector)})), visible,
                   what: e ? e.tagName.toLowerCase() + "." + (e.className || e.textContent.trim().slice(0, 20)) : null}};
        }})()""")
        seen.append(focused["what"])
        if focused["hit"]:
            return count, seen, focused["visible"]
    raise Failure(f"{limit} presses of Tab never reached {selector}: {seen[:12]}")


def zoom_and_back(browser, url, selector, target, retries, what, prepare=None):
    """Opens `url`, clicks the card `selector` and asserts it zooms into the element `target` of
    the page it opens, then goes back and asserts the zoom out. `prepare` runs in the page before
    each click."""
    browser.open(url)
    card = card_info(browser, selector)
    expect(card is not None, f"{what}: no card matches {selector}")
    expect(card["name"] not in (None, "", "none"), f"{what}: the card has no view-transition name")
    reveal, hero = navigate_by_click(browser, selector, card["href"], retries, target, prepare=prepare)
    expect(reveal["viewTransition"], f"{what}: the page was revealed without a view transition")
    expect(hero == card["name"], f"{what}: card name {card['name']} != the page's name {hero}")
    expect(pairs(reveal, hero), f"{what}: {hero} was not animated into the page: {reveal['pseudo']}")
    back = navigate_back(browser, url, card["href"], retries, hero)
    expect(back["viewTransition"], f"{what}: going back ran no view transition")
    expect(pairs(back, hero), f"{what}: {hero} was not animated back into the card: {back['pseudo']}")
    return {"card": card, "hero": hero, "reveal": reveal, "back": back}


def touch_phone(browser):
    """A phone's screen (390x844) that takes touches."""
    browser.call("Emulation.setDeviceMetricsOverride", {
        "width": 390, "height": 844, "deviceScaleFactor": 1, "mobile": True})
    browser.call("Emulation.setTouchEmulationEnabled", {"enabled": True, "maxTouchPoints": 1})


def touch(browser, kind, x=0, y=0, at=None):
    """A touch event; `at` (seconds since the epoch) is its time stamp, so that the speed a page
    measures does not hang on how fast a loaded machine delivers the events."""
    points = [] if kind == "touchEnd" else [{"x": x, "y": y}]
    params = {"type": kind, "touchPoints": points}
    if at is not None:
        params["timestamp"] = at
    browser.call("Input.dispatchTouchEvent", params)


def tap(browser, selector):
    """Scrolls the element into view and taps its centre."""
    box = browser.evaluate(f"""(() => {{
      const el = document.querySelector({json.dumps(selector)});
      if (!el) return null;
      el.scrollIntoView({{block: "center"}});
      const r = el.getBoundingClientRect();
      return {{x: r.left + r.width / 2, y: r.top + r.height / 2}};
    }})()""")
    expect(box is not None, f"no element matches {selector}")
    browser.evaluate("new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => done(true))))")
    touch(browser, "touchStart", box["x"], box["y"])
    touch(browser, "touchEnd")


def drag(browser, x, y, distance, seconds=0.4, steps=12, release=True):
    """A finger put down at (x, y) and moved `distance` px down in `steps` moves over `seconds`;
    returns the sheet as it was just before the finger left (or stays, with release=False)."""
    start = time.time()
    touch(browser, "touchStart", x, y, start)
    for i in range(1, steps + 1):
        time.sleep(seconds / steps)
        touch(browser, "touchMove", x, y + distance * i / steps, start + seconds * i / steps)
    browser.evaluate(FRAMES)  # moves are delivered with the frames
    # the sheet follows on the interactive spring: let it reach the finger
    browser.wait_for(f"!{SHEET}.moving", "the sheet to reach the finger", timeout=3)
    held = browser.evaluate(SHEET)
    if release:
        touch(browser, "touchEnd", at=start + seconds + 0.005)
    return held


def present(browser, home, reduced):
    """Opens the home page, taps New trip and waits for the sheet (and its zoom) to be there."""
    browser.open(home)
    browser.evaluate("window.__vts = []; true")
    tap(browser, "a.new-trip")
    browser.wait_for("document.querySelector('dialog.sheet.modal').open", "the sheet to open")
    if not reduced:
        browser.wait_for("window.__vts.length && window.__vts.every((t) => t.finished)",
                         "the zoom into the sheet to finish")
    return browser.evaluate(SHEET), browser.evaluate("window.__vts")


def touch_checks(browser, home, base, retries, reduced=False):
    """At a phone's size with touches: tapping New trip presents the sheet over the list (same
    page) zooming from the button; a drag of 5% of the height springs back; a drag that is let go
    while the spring runs is taken from where the sheet is; a drag of 60% dismisses it with the
    zoom back into the button; a fast flick dismisses it. With reduced motion: no transition, and
    every change is instant."""
    touch_phone(browser)
    out = {}
    sheet, vts = present(browser, home, reduced)
    height = browser.evaluate("innerHeight")
    out["height"] = height
    expect(height == 844, f"the phone's page is {height} px high, not 844")
    out["present"] = {"sheet": sheet, "transitions": vts}
    expect(sheet["url"] == home, f"tapping New trip left the page for {sheet['url']}")
    expect(sheet["open"], "the sheet is not open")
    expect(sheet["top"] > 0, "the sheet covers the whole screen")
    if reduced:
        expect(not vts, f"with reduced motion the sheet was presented with a transition: {vts}")
    else:
        expect(len(vts) == 1 and pairs(vts[0], "new-trip"),
               f"the button did not zoom into the sheet: {vts}")
        expect(any(e.startswith("linear(") for e in vts[0].get("easing") or []),
               f"the zoom into the sheet does not run on the spring: {vts[0].get('easing')}")
        expect(sheet["face"] == "none" and sheet["sheetName"] == "new-trip",
               f"the name did not move onto the sheet: {sheet}")

    # 5% of the height: the sheet follows the finger, then springs back
    grab = sheet["grab"]
    browser.evaluate("window.__animations = []; true")
    held = drag(browser, grab["x"], grab["y"], 0.05 * height)
    after = browser.evaluate(SHEET)
    browser.wait_for(f"(() => {{ const s = {SHEET}; return !s.moving && s.offset === 0; }})()",
                     "the sheet to settle")
    springs = browser.evaluate("window.__animations")
    out["short"] = {"held": held, "released": after, "springs": springs}
    expect(abs(held["offset"] - 0.05 * height) < 2, f"the sheet did not follow the finger: {held}")
    expect(after["open"], "a drag of 5% dismissed the sheet")
    if reduced:
        expect(after["offset"] == 0 and not after["moving"], f"with reduced motion it moved back: {after}")
        expect(not springs, f"with reduced motion the sheet was animated: {springs}")
    else:
        # the spring: from where the finger left it back to 0, 0.5 s on the style sheet's easing
        # the spring: from where the finger left it back to 0, 0.5 s, starting at the finger's
        # speed (still moving down: slower than from rest, 0.017 at its first step, or first going
        # the other way); the backdrop fades back in
        frames = json.loads(springs[0]["keyframes"]) if len(springs) == 1 else []
        start = frames[0]["translate"].split() if frames else []
        expect(len(springs) == 1 and "sheet" in springs[0]["target"] and len(start) == 2
               and abs(float(start[1].removesuffix("px")) - held["offset"]) < 0.01
               and frames[1] == {"translate": "0 0", "--lift": 1} and 0 < frames[0]["--lift"] < 1
               and springs[0]["duration"] == 500 and springs[0]["easing"].startswith("linear(0, ")
               and float(springs[0]["easing"].split(",")[1]) < 0.015,
               f"the sheet did not spring back from {held['offset']} px at the finger's speed: {springs}")
        expect(held["backdrop"] < 0.4, f"the backdrop did not fade with the drag: {held}")

    # interrupted: a new drag takes the sheet from where the spring has it (retried when a loaded
    # machine lets the whole 0.5 s spring run out before the finger comes down again, comes down
    # before the spring has started, or samples the sheet before the touch has reached the page:
    # CI once caught it still moving 10 px from the end of its spring, twice in a row; the last
    # attempt is held to the rule)
    for attempt in (range(3) if not reduced else ()):
        held = drag(browser, grab["x"], grab["y"], 0.2 * height)
        time.sleep(0.08)
        # the finger comes down where it left the sheet, which has moved up since
        y = grab["y"] + held["offset"]
        touch(browser, "touchStart", grab["x"], y)
        browser.evaluate(FRAMES)
        caught = browser.evaluate(SHEET)
        time.sleep(0.05)
        touch(browser, "touchMove", grab["x"], y + 10)
        browser.evaluate(FRAMES)
        browser.wait_for(f"!{SHEET}.moving", "the sheet to reach the finger", timeout=3)
        moved = browser.evaluate(SHEET)
        touch(browser, "touchEnd")
        out["interrupted"] = {"held": held, "caught": caught, "moved": moved}
        if attempt < 2 and (caught["offset"] == 0 or caught["offset"] >= held["offset"] - 2
                            or caught["moving"]):
            retries.append("the sheet's spring ended, had not started, or was still running at the "
                           f"second touch ({caught['offset']} px, moving {caught['moving']}); retried")
            browser.wait_for(f"(() => {{ const s = {SHEET}; return !s.moving && s.offset === 0; }})()",
                             "the sheet to settle")
            continue
        expect(0 < caught["offset"] < held["offset"] - 2 and not caught["moving"],
               f"the new drag did not stop the spring where it was: {caught}")
        expect(abs(moved["offset"] - caught["offset"] - 10) < 2,
               f"the new drag did not go on from where the sheet was: {moved} after {caught}")
        browser.wait_for(f"(() => {{ const s = {SHEET}; return !s.moving && s.offset === 0; }})()",
                         "the sheet to settle again")
        break

    # 60% of the height: dismissed, the zoom running back into the button
    browser.evaluate("window.__vts = []; true")
    held = drag(browser, grab["x"], grab["y"], 0.6 * height, seconds=0.6)
    browser.wait_for("!document.querySelector('dialog.sheet.modal').open", "the sheet to be dismissed")
    if not reduced:
        browser.wait_for("window.__vts.length && window.__vts.every((t) => t.finished)",
                         "the zoom back into the button to finish: "
                         + json.dumps([browser.evaluate("window.__vts"), browser.evaluate(SHEET)]))
    gone = browser.evaluate(SHEET)
    vts = browser.evaluate("window.__vts")
    out["long"] = {"held": held, "dismissed": gone, "transitions": vts}
    expect(gone["url"] == home, f"dismissing the sheet left the page for {gone['url']}")
    expect(gone["face"] == "new-trip", f"the button did not get its name back: {gone}")
    if reduced:
        expect(not vts, f"with reduced motion the sheet was dismissed with a transition: {vts}")
    else:
        expect(len(vts) == 1 and pairs(vts[0], "new-trip"),
               f"the sheet did not zoom back into the button: {vts}")

    # a fast flick of 10% (well short of the distance that dismisses) dismisses it too
    if not reduced:
        sheet, _ = present(browser, home, reduced)
        out["flick"] = drag(browser, sheet["grab"]["x"], sheet["grab"]["y"], 0.1 * height, seconds=0.03, steps=1)
        browser.wait_for("!document.querySelector('dialog.sheet.modal').open", "a flick to dismiss the sheet")
    browser.call("Emulation.setTouchEmulationEnabled", {"enabled": False})
    browser.call("Emulation.setDeviceMetricsOverride", {
        "width": 1280, "height": 900, "deviceScaleFactor": 1, "mobile": False})
    return out


ACTIVITIES = """(() => ({
  rows: [...document.querySelectorAll(".activity-list li")].map((li) => ({
    name: li.querySelector(".name").textContent, pressed: li.querySelector("button.tick")?.getAttribute("aria-pressed"),
    gone: li.classList.contains("gone"), moving: li.getAnimations().length})),
  snap: (() => { const m = getComputedStyle(document.querySelector(".activity-list .mark"));
    return {property: m.transitionProperty, duration: m.transitionDuration, easing: m.transitionTimingFunction}; })(),
  commands: document.getElementById("change-commands").textContent,
  shown: !document.querySelector(".changes").hidden,
  sort: document.querySelector(".sort").textContent}))()"""


def change_checks(browser, page, reduced=False):
    """On a trip page: ticking an activity snaps its checkmark (a transition on the snappy spring)
    and shows the `trips activity toggle` command; ticking it again takes the command back;
    removing one collapses its row and shows `trips activity remove`. With reduced motion both take
    no time."""
    duration, seconds = (0, "0s") if reduced else (500, "0.5s")
    browser.open(page)
    out = {"before": browser.evaluate(ACTIVITIES)}
    first = out["before"]["rows"][0]
    browser.click(".activity-list li:first-child button.tick")
    out["ticked"] = ticked = browser.evaluate(ACTIVITIES)
    expect(ticked["rows"][0]["pressed"] != first["pressed"], f"the tick did not change: {ticked}")
    expect(ticked["snap"]["property"] == "scale" and ticked["snap"]["duration"] == seconds
           and ticked["snap"]["easing"].startswith("linear(0 0%, 0.062 6.25%"),
           f"the checkmark does not snap on the snappy spring: {ticked['snap']}")
    expect(ticked["shown"] and ticked["commands"].startswith("trips activity toggle ")
           and first["name"] in ticked["commands"], f"no toggle command: {ticked['commands']}")
    browser.click(".activity-list li:first-child button.tick")
    out["unticked"] = unticked = browser.evaluate(ACTIVITIES)
    expect(not unticked["shown"] and unticked["commands"] == "", f"ticking back left a command: {unticked}")
    second = out["before"]["rows"][1]["name"]
    browser.evaluate("window.__animations = []; true")
    browser.click(".activity-list li:nth-child(2) button.remove")
    browser.wait_for(f"!{ACTIVITIES}.rows.some((r) => r.gone)", "the removed row to go")
    out["removed"] = removed = browser.evaluate(ACTIVITIES)
    out["collapse"] = collapse = browser.evaluate("window.__animations")
    expect(len(collapse) == 1 and "gone" in collapse[0]["target"] and '"height":"0px"' in collapse[0]["keyframes"]
           and collapse[0]["duration"] == duration and collapse[0]["easing"].startswith("linear(0, 0.06, "),
           f"the removed row did not collapse on the spring: {collapse}")
    expect(second not in [r["name"] for r in removed["rows"]], "the removed row is still there")
    expect(removed["commands"].startswith("trips activity remove ") and second in removed["commands"],
           f"no remove command: {removed['commands']}")
    return out


def pairs(reveal, name):
    """Whether the transition animated `name` from an old to a new snapshot (the zoom)."""
    pseudo = set(reveal.get("pseudo") or [])
    return (f"::view-transition-old({name})" in pseudo and f"::view-transition-new({name})" in pseudo)


def run_check(args):
    chromium = require_browser()
    if chromium is None:
        return SKIP

    site = os.path.abspath(args.site)
    work = None
    retries = []
    summary = {"site": site, "mode": "break" if args.broken else "check", "retries": retries}
    if args.broken:
        work = tempfile.mkdtemp(prefix="site-broken-")
        broken_site = os.path.join(work, "site")
        shutil.copytree(site, broken_site)
        site = broken_site
    server = None if args.file else Server(site)
    base = "file://" + site + "/" if args.file else server.base
    browser = Browser(chromium, ["--disable-features=BackForwardCache"] if args.no_bfcache else [])
    try:
        browser.call("Page.addScriptToEvaluateOnNewDocument", {"source": REVEAL_PROBE})
        browser.call("Emulation.setDeviceMetricsOverride", {
            "width": 1280, "height": 900, "deviceScaleFactor": 1, "mobile": False})
        home = base + "index.html"
        browser.open(home)
        selector = "section.collection a.card"
        card = card_info(browser, selector)
        expect(card is not None, "the home page has no collection card")
        expect(card["name"] not in (None, "", "none"), "the card's image has no view-transition-name")
        summary["card"] = card

        if args.broken:
            page = os.path.join(site, card["href"].rsplit("/", 1)[-1])
            with open(page, encoding="utf-8") as f:
                text = f.read()
            needle = f"view-transition-name: {card['name']}\""
            expect(needle in text, f"the trip page does not carry {card['name']}")
            broken_name = card["name"] + "-broken"
            with open(page, "w", encoding="utf-8") as f:
                f.write(text.replace(needle, f"view-transition-name: {broken_name}\""))
            reveal, hero = navigate_by_click(browser, selector, card["href"], retries, paired=False)
            summary["broken"] = {"hero": hero, "reveal": reveal}
            # The trap: the browser reveals the page with a view transition all the same (the whole
            # page cross-fades), and says nothing; only the zoom is gone.
            expect(reveal["viewTransition"], "expected the browser's silent fallback transition")
            expect(hero == broken_name, f"the hero should carry the broken name, not {hero}")
            expect(not pairs(reveal, card["name"]) and not pairs(reveal, broken_name),
                   f"nothing should pair a broken name: {reveal['pseudo']}")
            if args.check_cmd:
                command = shlex.split(args.check_cmd) + [site]
                done = subprocess.run(command, capture_output=True, text=True)
                summary["checkCommand"] = {"command": command, "status": done.returncode,
                                           "stderr": done.stderr}
                expect(done.returncode == 65, f"the check should refuse with 65: {done.returncode}")
                page_name = os.path.basename(page)
                for word in (card["name"], broken_name, page_name, "index.html"):
                    expect(word in done.stderr, f"the check's message should name {word}")
            summary["ok"] = True
            return 0

        # card -> trip page: the zoom in
        reveal, hero = navigate_by_click(browser, selector, card["href"], retries)
        summary["forward"] = {"hero": hero, "reveal": reveal}
        expect(reveal["viewTransition"], "the trip page was revealed without a view transition")
        expect("error" not in reveal, f"the view transition was skipped: {reveal.get('error')}")
        expect(hero == card["name"], f"card name {card['name']} != hero name {hero}")
        expect(pairs(reveal, hero), f"{hero} was not animated from card to hero: {reveal['pseudo']}")

        # back: the zoom out
        summary["back"] = navigate_back(browser, home, card["href"], retries, hero)
        expect(summary["back"]["viewTransition"], "going back ran no view transition")
        expect(pairs(summary["back"], hero),
               f"{hero} was not animated back into the card: {summary['back']['pseudo']}")

        # a "Recently Added" card: its script moves the trip's name onto the clicked card
        browser.open(home)
        recent = card_info(browser, "section.recent a.card")
        if recent is not None:
            reveal, hero = navigate_by_click(browser, "section.recent a.card", recent["href"], retries)
            summary["recent"] = {"card": recent, "hero": hero, "reveal": reveal}
            expect(reveal["viewTransition"], "a recent card's page was revealed without a transition")
            expect(pairs(reveal, hero), f"the recent card did not zoom: {reveal['pseudo']}")

        # a search result: its script gives the clicked card its trip's name; and back
        summary["search"] = zoom_and_back(
            browser, base + "search.html?q=" + urllib.parse.quote(args.query),
            "#results section:last-of-type a.card", "img.hero", retries, "search result")
        # a badge on the goals page zooms into the badge's page; and back
        browser.open(base + "goals.html")
        if browser.evaluate("!!document.querySelector('a.goal')"):
            summary["badge"] = zoom_and_back(
                browser, base + "goals.html", "a.goal", "svg.badge", retries, "badge")
        # without script, the New trip link opens the sheet's own page and zooms into it; and back
        # (the link as it is before the script upgrades it: a clone has none of its listeners)
        summary["sheet"] = zoom_and_back(
            browser, home, "a.new-trip", "dialog.sheet", retries, "new trip link",
            prepare="(() => { const a = document.querySelector('a.new-trip'); const plain = a.cloneNode(true); "
                    "plain.removeAttribute('aria-haspopup'); a.replaceWith(plain); return true; })()")
        for step in ("forward", "sheet"):
            reveal = summary[step]["reveal"]
            expect(any(e.startswith("linear(") for e in reveal.get("easing") or []),
                   f"{step}: the zoom does not run on the spring: {reveal.get('easing')}")

        # a phone with a touch screen: the sheet presented over the list, dragged and dismissed
        summary["touch"] = touch_checks(browser, home, base, retries)
        summary["changes"] = change_checks(browser, base + card["href"].rsplit("/", 1)[-1])

        # the keyboard: Tab reaches the skip link first, then every kind of card; Enter on a
        # focused badge opens its page with the zoom
        keyboard = {}
        browser.open(home)
        count, seen, visible = tab_to(browser, "a.skip", 1)
        expect(visible, "the skip link stays off screen when it has the focus")
        keyboard["skip"] = count
        keyboard["homeCard"] = tab_to(browser, "section.collection a.card")[0]
        browser.open(base + "search.html?q=" + urllib.parse.quote(args.query))
        keyboard["searchResult"] = tab_to(browser, "#results a.card")[0]
        browser.open(base + "goals.html")
        if browser.evaluate("!!document.querySelector('a.goal')"):
            keyboard["badge"] = tab_to(browser, "a.goal")[0]
            href = browser.evaluate("document.activeElement.href")
            for attempt in range(3):
                browser.evaluate("window.__reveal = null; sessionStorage.removeItem('swap'); true")
                press(browser, "Enter")
                browser.wait_for(f"location.href === {json.dumps(href)} && window.__reveal && "
                                 "window.__reveal.done", "Enter on a badge to open its page")
                browser.wait_for("window.__reveal.finished", "the view transition to finish")
                reveal = browser.evaluate("window.__reveal")
                if not reveal["viewTransition"] and attempt < 2:
                    retries.append("Enter on a badge: the browser dropped the transition; retried")
                    browser.open(base + "goals.html")
                    tab_to(browser, "a.goal")
                    continue
                break
            keyboard["enter"] = reveal
            expect(reveal["viewTransition"], "Enter on a badge opened its page without a transition")
            expect(len([p for p in reveal["pseudo"] if "badge-" in p]) >= 2,
                   f"Enter on a badge did not zoom it: {reveal['pseudo']}")
        summary["keyboard"] = keyboard

        # prefers-reduced-motion: no transition at all
        browser.call("Emulation.setEmulatedMedia", {
            "features": [{"name": "prefers-reduced-motion", "value": "reduce"}]})
        browser.open(home)
        reveal, hero = navigate_by_click(browser, selector, card["href"], retries, paired=False)
        summary["reducedMotion"] = reveal
        expect(not reveal["viewTransition"], "prefers-reduced-motion should turn the transition off")
        expect(not (reveal["swap"] or {}).get("viewTransition", True),
               "with prefers-reduced-motion the old page should set no transition up either")
        summary["touchReducedMotion"] = touch_checks(browser, home, base, retries, reduced=True)
        summary["changesReducedMotion"] = change_checks(
            browser, base + card["href"].rsplit("/", 1)[-1], reduced=True)
        summary["ok"] = True
        return 0
    except Failure as failure:
        summary["ok"] = False
        summary["failure"] = str(failure)
        return 1
    finally:
        print(json.dumps(summary, indent=2))
        browser.close()
        if server:
            server.close()
        if work:
            shutil.rmtree(work, ignore_errors=True)


# The trip page's main as the swipe leaves it: its translate and scale, the hero's box.
PAGE = """(() => {
  const main = document.querySelector("main"), hero = document.querySelector("img.hero");
  const style = getComputedStyle(main);
  const r = hero ? hero.getBoundingClientRect() : null;
  return {url: location.href, translate: style.translate, scale: style.scale, moving: main.getAnimations().length,
          viewport: [innerWidth, innerHeight, document.documentElement.scrollWidth, visualViewport.scale],
          hero: r && {x: r.left, y: r.top, width: r.width, height: r.height}};
})()"""


def px(translate):
    """The x of a computed `translate` ("12px 3px"; "none" is 0)."""
    return 0.0 if translate in (None, "none") else float(translate.split()[0].removesuffix("px"))


def swipe(browser, y, distance, seconds=0.6, steps=15, release=True, x=4):
    """A finger put down `x` px from the left edge at height `y` and moved `distance` px right in
    `steps` moves over `seconds`; returns the page as it was just before the finger left."""
    start = time.time()
    touch(browser, "touchStart", x, y, start)
    for i in range(1, steps + 1):
        time.sleep(seconds / steps)
        touch(browser, "touchMove", x + distance * i / steps, y, start + seconds * i / steps)
    browser.evaluate(FRAMES)
    try:  # a loaded machine may hand the moves to the page a little later
        browser.wait_for("(() => { const t = getComputedStyle(document.querySelector('main')).translate; "
                         f"return t !== 'none' && Math.abs(parseFloat(t) - {distance}) < 3; }})()",
                         "the page to follow the finger", timeout=2)
    except Failure:
        pass
    held = browser.evaluate(PAGE)
    if release:
        touch(browser, "touchEnd", at=start + seconds + 0.005)
    return held


def phone_checks(browser, base, retries, out, shots=None):
    """At a phone's size with touches: a card shows its trip's subtitle under its name, as the trip
    page does; "Add activity" on a trip page opens a row on the spring and gives the `trips
    activity add` command; an edge swipe let go early (a quarter of the width, slowly) springs
    back from the finger's speed and stays; one caught while it springs goes on from where it is;
    one past half goes back to the home page, the hero zooming into its card from where the finger
    left it (the browser's transition, or the page's own when the browser ran none). With `shots`
    (a folder), the swipe is photographed held mid-way."""
    touch_phone(browser)
    home = base + "index.html"
    browser.open(home)
    card = browser.evaluate("""(() => {
      const a = [...document.querySelectorAll("section.collection a.card")].find((a) => a.querySelector(".subtitle"))
        || document.querySelector("section.collection a.card");
      return a && {href: a.href, name: a.querySelector(".name").textContent,
                   subtitle: a.querySelector(".subtitle") ? a.querySelector(".subtitle").textContent : null,
                   vt: getComputedStyle(a.querySelector("img")).viewTransitionName,
                   below: a.querySelector(".label").getBoundingClientRect().top >= a.querySelector("img").getBoundingClientRect().bottom};
    })()""")
    expect(card is not None, "the home page has no collection card")
    browser.open(card["href"])
    card["pageSubtitle"] = browser.evaluate(
        "document.querySelector('p.subtitle') ? document.querySelector('p.subtitle').textContent : null")
    out["card"] = card
    expect(card["subtitle"] == card["pageSubtitle"], f"the card's subtitle is not its trip's: {card}")
    expect(card["below"], f"the card's name is not under its picture: {card}")

    # Add activity: a row opens on the spring, its name becomes the command; return adds another
    browser.evaluate("window.__animations = []; true")
    tap(browser, "button.add-activity")
    browser.wait_for("document.activeElement && document.activeElement.matches('.activity-list input')",
                     "the new row's field to have the focus")
    browser.call("Input.insertText", {"text": "Kayak the bay"})
    press(browser, "Enter")
    browser.call("Input.insertText", {"text": "Tea at O'Neill's"})
    browser.evaluate(FRAMES)
    added = browser.evaluate(f"""(() => ({{commands: document.getElementById("change-commands").textContent,
      rows: document.querySelectorAll(".activity-list input").length, sort: document.querySelector(".sort")
        ? document.querySelector(".sort").textContent : null,
      opened: (window.__animations || []).filter((a) => a.keyframes.includes('"height":"0px"'))}}))()""")
    out["added"] = added
    opened = added["opened"]
    expect(added["rows"] == 2, f"return in a new row did not add another: {added}")
    expect(len(opened) == 2 and json.loads(opened[0]["keyframes"])[0]["height"] == "0px"
           and opened[0]["duration"] == 500 and opened[0]["easing"].startswith("linear(0, 0.06, "),
           f"the new row did not open on the spring the rows collapse on: {opened}")
    expect("trips activity add " in added["commands"] and "'Kayak the bay'" in added["commands"]
           and "O'\\''Neill" in added["commands"], f"no add command: {added['commands']}")

    # the swipe: from home to the trip page first, so that there is a page to go back to
    width = browser.evaluate("innerWidth")
    for attempt in range(3):
        browser.open(home)
        tap(browser, f"section.collection a.card[href$='{card['href'].rsplit('/', 1)[-1]}']")
        browser.wait_for(f"location.href === {json.dumps(card['href'])} && document.readyState === 'complete'",
                         "the trip page to open")
        browser.wait_for("!document.getAnimations().some((a) => a.effect && a.effect.pseudoElement)",
                         "the zoom to end")
        rest = browser.evaluate(PAGE)
        y = min(400, rest["hero"]["y"] + rest["hero"]["height"] / 2)

        # early: a quarter of the width, slowly: it follows the finger, springs back and stays
        browser.evaluate("window.__animations = []; true")
        held = swipe(browser, y, 0.25 * width, seconds=0.8)
        browser.wait_for(f"(() => {{ const p = {PAGE}; return !p.moving && p.scale === 'none'; }})()",
                         "the page to spring back")
        springs = browser.evaluate("window.__animations")
        settled = browser.evaluate(PAGE)
        out["early"] = {"rest": rest, "held": held, "springs": springs, "settled": settled}
        expect(settled["url"] == card["href"], f"a swipe let go early left the page: {settled['url']}")
        expect(abs(px(held["translate"]) - 0.25 * width) < 3,
               f"the page did not follow the finger: {held}")
        expect(held["hero"]["width"] < 0.95 * rest["hero"]["width"], f"the hero did not shrink: {held}")
        frames = json.loads(springs[0]["keyframes"]) if springs else []
        expect(len(springs) == 1 and springs[0]["duration"] == 500 and springs[0]["easing"].startswith("linear(0, ")
               and frames[-1]["scale"] == "1", f"the page did not spring back on the spring: {springs}")
        # the finger was still moving right: the spring starts slower than from rest (0.017 at its
        # first step), or first goes the other way
        expect(float(springs[0]["easing"].split(",")[1]) < 0.015,
               f"the spring back did not start from the finger's speed: {springs[0]['easing'][:60]}")

        # caught: let go at 40%, put down again while it springs; it goes on from where it is
        held = swipe(browser, y, 0.4 * width, seconds=0.8)
        time.sleep(0.08)
        x = px(held["translate"])
        touch(browser, "touchStart", 200, y)
        browser.evaluate(FRAMES)
        caught = browser.evaluate(PAGE)
        time.sleep(0.05)
        touch(browser, "touchMove", 215, y)
        browser.evaluate(FRAMES)
        browser.wait_for("!document.querySelector('main').getAnimations().length", "the page to reach the finger")
        moved = browser.evaluate(PAGE)
        touch(browser, "touchEnd")
        out["caught"] = {"held": held, "caught": caught, "moved": moved}
        at = px(caught["translate"])
        if attempt < 2 and (at == 0 or at >= x - 2):
            retries.append("the swipe's spring ended, or had not started, at the second touch; retried")
            continue
        expect(0 < at < x - 2 and not caught["moving"], f"the new touch did not stop the spring: {caught}")
        after = px(moved["translate"])
        expect(abs(after - at - 15) < 2, f"the caught page did not go on from where it was: {moved}")
        browser.wait_for(f"(() => {{ const p = {PAGE}; return !p.moving && p.scale === 'none'; }})()",
                         "the page to spring back again")
        break

    # past half, slowly: back home, the hero zooming into its card from where the finger left it
    for attempt in range(3):
        browser.evaluate("window.__reveal = null; sessionStorage.removeItem('swap'); true")
        held = swipe(browser, y, 0.6 * width, seconds=0.8, release=shots is None)
        if shots:
            import base64
            shot = browser.call("Page.captureScreenshot", {"format": "png"})
            path = os.path.join(shots, f"swipe-held-{shots_scheme(browser)}-390.png")
            with open(path, "wb") as f:
                f.write(base64.b64decode(shot["data"]))
            out.setdefault("screenshots", []).append(path)
            touch(browser, "touchEnd")
        browser.wait_for(f"location.href === {json.dumps(home)} && window.__reveal && window.__reveal.done",
                         "the swipe to go back home")
        browser.wait_for("window.__reveal.finished && (window.__vts || []).every((t) => t.finished)",
                         "the zoom back to finish")
        back = browser.evaluate("window.__reveal")
        vts = browser.evaluate("window.__vts || []")
        zoom = back if back["viewTransition"] else (vts[0] if vts else {})
        out["back"] = {"held": held, "reveal": back, "transitions": vts}
        if not pairs(zoom, card["vt"]) and attempt < 2:
            how = browser.evaluate("(window.navigation && navigation.activation ? navigation.activation.navigationType"
                                   " : '?') + ' ' + performance.getEntriesByType('navigation')[0].type")
            retries.append(f"the swipe back ran no zoom ({back.get('error') or len(vts)} transitions, {how}); retried")
            browser.open(card["href"])
            continue
        break
    expect(held["hero"]["width"] < 0.8 * rest["hero"]["width"], f"the hero did not shrink under the finger: {held}")
    expect(pairs(zoom, card["vt"]), f"the hero did not zoom into its card: {back}, {vts}")
    browser.call("Emulation.setTouchEmulationEnabled", {"enabled": False})
    return out


# Makes every page revealed as if the browser had dropped its cross-document transition (as it does
# when a reload, such as going back to a file:// page, takes too long): the transition is skipped and
# pagereveal listeners see none.
DROP_TRANSITIONS = """
if (window.PageRevealEvent) {
  const own = Object.getOwnPropertyDescriptor(PageRevealEvent.prototype, "viewTransition");
  Object.defineProperty(PageRevealEvent.prototype, "viewTransition", {configurable: true, get() {
    const vt = own.get.call(this);
    if (vt) vt.skipTransition();
    return null;
  }});
}
"""


def shots_scheme(browser):
    return "dark" if browser.evaluate("matchMedia('(prefers-color-scheme: dark)').matches") else "light"


def run_phone(args):
    chromium = require_browser()
    if chromium is None:
        return SKIP
    site = os.path.abspath(args.site)
    server = None if args.file else Server(site)
    base = "file://" + site + "/" if args.file else server.base
    browser = Browser(chromium)
    retries = []
    summary = {"site": site, "mode": "phone", "retries": retries}
    try:
        if args.drop_transitions:
            browser.call("Page.addScriptToEvaluateOnNewDocument", {"source": DROP_TRANSITIONS})
        browser.call("Page.addScriptToEvaluateOnNewDocument", {"source": REVEAL_PROBE})
        phone_checks(browser, base, retries, summary)
        summary["ok"] = True
        return 0
    except Failure as failure:
        summary["ok"] = False
        summary["failure"] = str(failure)
        return 1
    finally:
        print(json.dumps(summary, indent=2))
        browser.close()
        if server:
            server.close()


def require_browser():
    """Chromium's path, or None after saying why the run is skipped."""
    chromium = find_chromium()
    if chromium is None:
        print("SKIP: chromium is not installed (apt-get install chromium)", file=sys.stderr)
        return None
    try:
        import websocket  # noqa: F401
    except ImportError:
        print("SKIP: the Python package websocket-client is missing (pip install websocket-client)",
              file=sys.stderr)
        return None
    return chromium


SEARCH_RESULTS = """(() => {
  const sections = Array.from(document.querySelectorAll("#results section")).map((part) => ({
    title: part.querySelector("h2").textContent,
    results: Array.from(part.querySelectorAll("a.card")).map((a) => ({
      name: a.querySelector(".name").textContent, detail: a.querySelector(".count").textContent,
      href: a.getAttribute("href"), vt: a.dataset.vt})),
    more: part.querySelector("button.more") ? part.querySelector("button.more").textContent : null}));
  const none = document.querySelector("#results .none");
  return {sections, empty: none ? Array.from(none.children).map((e) => e.textContent) : null,
          field: document.getElementById("q").value,
          status: document.getElementById("status").textContent};
})()"""


def run_search(args):
    chromium = require_browser()
    if chromium is None:
        return SKIP
    page = "file://" + os.path.join(os.path.abspath(args.site), "search.html")
    browser = Browser(chromium)
    out = {"ok": True, "queries": []}
    try:
        for query in args.queries:
            url = page + ("?q=" + urllib.parse.quote(query) if query else "")
            browser.open(url)
            result = browser.evaluate(SEARCH_RESULTS)
            result["query"] = query
            out["queries"].append(result)
        # Typing: the field searches as it changes and keeps the query in the address.
        browser.open(page)
        browser.evaluate("(() => { const f = document.getElementById('q'); f.value = 'HIKE'; "
                         "f.dispatchEvent(new Event('input')); return true; })()")
        out["typed"] = browser.evaluate(SEARCH_RESULTS)
        out["typed"]["location"] = browser.evaluate("location.search")
        return 0
    except Failure as failure:
        out["ok"] = False
        out["failure"] = str(failure)
        return 1
    finally:
        print(json.dumps(out, indent=2, ensure_ascii=False))
        browser.close()


def find_axe():
    """The text of axe.min.js: $AXE_JS, or the copy a PyPI package ships."""
    import importlib.util

    candidates = [os.environ.get("AXE_JS")]
    for package, path in (("axe_playwright_python", "axe.min.js"),
                          ("axe_selenium_python", "node_modules/axe-core/axe.min.js")):
        spec = importlib.util.find_spec(package)
        for folder in (spec.submodule_search_locations or []) if spec else []:
            candidates.append(os.path.join(folder, path))
    for candidate in candidates:
        if candidate and os.path.isfile(candidate):
            with open(candidate, encoding="utf-8") as f:
                return candidate, f.read()
    return None, None


AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"]

AXE_RUN = """axe.run(document, {runOnly: {type: "tag", values: %s},
                         resultTypes: ["violations", "incomplete"]}).then((r) => ({
  version: axe.version,
  violations: r.violations.map((v) => ({id: v.id, impact: v.impact, help: v.help,
    nodes: v.nodes.length, targets: v.nodes.slice(0, 3).map((n) => n.target.join(" ")),
    summary: v.nodes.slice(0, 1).map((n) => n.failureSummary)})),
  incomplete: r.incomplete.map((v) => ({id: v.id, nodes: v.nodes.length,
    why: v.nodes.slice(0, 1).map((n) => (n.any[0] || n.all[0] || n.none[0] || {}).message)}))}))"""


def run_axe(args):
    chromium = require_browser()
    if chromium is None:
        return SKIP
    path, axe = find_axe()
    if axe is None:
        print("SKIP: axe-core is missing (pip install --no-deps axe-playwright-python)", file=sys.stderr)
        return SKIP
    site = os.path.abspath(args.site)
    server = Server(site)
    browser = Browser(chromium)
    out = {"axe": path, "tags": AXE_TAGS, "pages": []}
    status = 0
    try:
        browser.call("Emulation.setDeviceMetricsOverride", {
            "width": 1280, "height": 900, "deviceScaleFactor": 1, "mobile": False})
        browser.open(server.base + "index.html")
        pages = ["index.html", "search.html", "search.html?q=hike", "search.html?q=zzzz", "goals.html"]
        trip = browser.evaluate("(document.querySelector('section.collection a.card') || {}).getAttribute "
                                "? document.querySelector('section.collection a.card').getAttribute('href') "
                                ": null")
        if trip:
            pages.insert(1, trip)
        browser.open(server.base + "goals.html")
        badge = browser.evaluate("document.querySelector('a.goal') ? "
                                 "document.querySelector('a.goal').getAttribute('href') : null")
        if badge:
            pages.append(badge)
        # Two states the scripts make: the sheet presented over the list, and a trip page with a
        # change pending (its commands shown).
        states = [(page, None) for page in pages] + [("index.html", "sheet open")]
        if trip:
            states.append((trip, "changes shown"))
        actions = {
            "sheet open": "(() => { document.querySelector('a.new-trip').click(); return true; })()",
            "changes shown": "(() => { document.querySelector('.activity-list button.tick').click(); return true; })()",
        }
        for scheme in ("light", "dark"):
            browser.call("Emulation.setEmulatedMedia", {
                "features": [{"name": "prefers-color-scheme", "value": scheme},
                             {"name": "prefers-reduced-motion", "value": "reduce"}]})
            for page, state in states:
                browser.open(server.base + page)
                if state:
                    browser.evaluate(actions[state])
                    browser.evaluate(FRAMES)
                browser.evaluate(axe)
                result = browser.evaluate(AXE_RUN % json.dumps(AXE_TAGS))
                out["version"] = result["version"]
                out["pages"].append({"page": page, "state": state, "scheme": scheme,
                                     "violations": result["violations"], "incomplete": result["incomplete"]})
                if result["violations"]:
                    status = 1
        out["ok"] = status == 0
        out["violations"] = sum(len(p["violations"]) for p in out["pages"])
        return status
    except Failure as failure:
        out["ok"] = False
        out["failure"] = str(failure)
        return 1
    finally:
        print(json.dumps(out, indent=2))
        browser.close()
        server.close()


def run_screenshots(args):
    chromium = require_browser()
    if chromium is None:
        return SKIP
    import base64

    site = os.path.abspath(args.site)
    os.makedirs(args.outdir, exist_ok=True)
    server = Server(site)
    browser = Browser(chromium)
    written = []
    try:
        browser.open(server.base + "index.html")
        trip = browser.evaluate(
            "document.querySelector('section.collection a.card').getAttribute('href')")
        browser.open(server.base + "goals.html")
        badge = browser.evaluate("document.querySelector('a.goal') ? "
                                 "document.querySelector('a.goal').getAttribute('href') : null")
        pages = [("home", "index.html"), ("trip", trip),
                 ("search", "search.html?q=" + urllib.parse.quote(args.query)), ("goals", "goals.html")]
        if badge:
            pages.append(("badge", badge))
        for width, height, label in ((390, 844, "phone"), (1280, 800, "desktop")):
            browser.call("Emulation.setDeviceMetricsOverride", {
                "width": width, "height": height, "deviceScaleFactor": 1, "mobile": width < 600})
            for name, path in pages:
                browser.open(server.base + path)
                browser.evaluate("document.fonts.ready.then(() => true)")
                full = browser.evaluate("document.documentElement.scrollHeight")
                shot = browser.call("Page.captureScreenshot", {
                    "format": "png", "captureBeyondViewport": True,
                    "clip": {"x": 0, "y": 0, "width": width, "height": max(full, height), "scale": 1}})
                out = os.path.join(args.outdir, f"{name}-{label}-{width}.png")
                with open(out, "wb") as f:
                    f.write(base64.b64decode(shot["data"]))
                written.append(out)
        # The sheet over the list at a phone's size, held a quarter of the way down by a finger,
        # and a trip page with a tick and a removal pending, in the light and the dark scheme.
        browser.call("Page.addScriptToEvaluateOnNewDocument", {"source": REVEAL_PROBE})
        for scheme in ("light", "dark"):
            browser.call("Emulation.setEmulatedMedia", {
                "features": [{"name": "prefers-color-scheme", "value": scheme}]})
            touch_phone(browser)
            sheet, _ = present(browser, server.base + "index.html", False)
            drag(browser, sheet["grab"]["x"], sheet["grab"]["y"], 0.25 * 844, release=False)
            shot = browser.call("Page.captureScreenshot", {"format": "png"})
            touch(browser, "touchEnd")
            out = os.path.join(args.outdir, f"sheet-drag-{scheme}-390.png")
            with open(out, "wb") as f:
                f.write(base64.b64decode(shot["data"]))
            written.append(out)
            browser.open(server.base + trip)
            browser.evaluate("(() => { document.querySelector('.activity-list li:first-child button.tick').click(); "
                             "document.querySelector('.activity-list li:nth-child(2) button.remove').click(); "
                             "return true; })()")
            time.sleep(1)
            full = browser.evaluate("document.documentElement.scrollHeight")
            shot = browser.call("Page.captureScreenshot", {
                "format": "png", "captureBeyondViewport": True,
                "clip": {"x": 0, "y": 0, "width": 390, "height": full, "scale": 1}})
            out = os.path.join(args.outdir, f"trip-changes-{scheme}-390.png")
            with open(out, "wb") as f:
                f.write(base64.b64decode(shot["data"]))
            written.append(out)
            # an activity being added, its command beside the others
            browser.evaluate("(() => { document.querySelector('button.add-activity').click(); return true; })()")
            browser.call("Input.insertText", {"text": "Kayak the bay"})
            time.sleep(1)
            full = browser.evaluate("document.documentElement.scrollHeight")
            shot = browser.call("Page.captureScreenshot", {
                "format": "png", "captureBeyondViewport": True,
                "clip": {"x": 0, "y": 0, "width": 390, "height": full, "scale": 1}})
            out = os.path.join(args.outdir, f"trip-add-{scheme}-390.png")
            with open(out, "wb") as f:
                f.write(base64.b64decode(shot["data"]))
            written.append(out)
            # the swipe back held by a finger at 45% of the width, from home to the trip page first
            for fraction in (0.2, 0.45):
                browser.open(server.base + "index.html")
                tap(browser, f"section.collection a.card[href='{trip}']")
                browser.wait_for(f"location.href === {json.dumps(server.base + trip)} && "
                                 "document.readyState === 'complete'", "the trip page to open")
                time.sleep(1)
                swipe(browser, 500, fraction * 390, release=False)
                shot = browser.call("Page.captureScreenshot", {"format": "png"})
                touch(browser, "touchMove", 4 + 0.1 * 390, 500)
                touch(browser, "touchEnd")
                out = os.path.join(args.outdir, f"swipe-held-{int(fraction * 100)}-{scheme}-390.png")
                with open(out, "wb") as f:
                    f.write(base64.b64decode(shot["data"]))
                written.append(out)
            browser.call("Emulation.setTouchEmulationEnabled", {"enabled": False})
        print(json.dumps({"ok": True, "screenshots": written}, indent=2))
        return 0
    finally:
        browser.close()
        server.close()


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="mode", required=True)
    check = sub.add_parser("check", help="click a card and assert the zoom")
    check.add_argument("site")
    check.add_argument("--break", dest="broken", action="store_true",
                       help="break the hero's name in a copy and show the silent fallback")
    check.add_argument("--check-cmd", help="a checker to run on the broken copy, such as "
                       "'trips site --check'")
    check.add_argument("--file", action="store_true", help="open file:// pages instead of http")
    check.add_argument("--no-bfcache", action="store_true", help="turn the back-forward cache off, "
                       "so that going back loads each page anew")
    check.add_argument("--query", default="hike", help="the search whose last section's first "
                       "result is clicked (default: hike)")
    phone = sub.add_parser("phone", help="a card's subtitle, Add activity and the swipe back, on a phone")
    phone.add_argument("site")
    phone.add_argument("--file", action="store_true", help="open file:// pages instead of http")
    phone.add_argument("--drop-transitions", action="store_true", help="reveal every page as if the "
                       "browser had dropped its transition, so that the pages' own zoom back runs")
    search = sub.add_parser("search", help="what search.html shows for each query, from file://")
    search.add_argument("site")
    search.add_argument("queries", nargs="+", metavar="QUERY")
    axe = sub.add_parser("axe", help="axe-core's accessibility checks on each kind of page")
    axe.add_argument("site")
    shots = sub.add_parser("screenshots", help="phone and desktop screenshots")
    shots.add_argument("site")
    shots.add_argument("outdir")
    shots.add_argument("--query", default="hike", help="the search shown (default: hike)")
    args = parser.parse_args()
    modes = {"check": run_check, "search": run_search, "axe": run_axe, "screenshots": run_screenshots,
             "phone": run_phone}
    try:
        return modes[args.mode](args)
    except Failure as failure:
        print(f"site-browser-check: {failure}", file=sys.stderr)
        return 1


if __name__ == "__main__":
    sys.exit(main())
