"""`trips site`: a small static web site (its pages are presentation; its refusals are contract)."""
import html
import json
import os
import re
import shutil
import stat
import sys

import tripslib as T

# The files a site holds (PROTOCOL.md, "site --out DIR"): a folder holding only such files, and no
# sub-folder, is a site, whichever trips wrote it.
SITE_NAME_RE = re.compile(r"^(index\.html|goals\.html|search\.html|new-trip\.html|style\.css"
                          r"|trip-[^/]+\.(html|svg|png|jpg|gif|webp|avif)"
                          r"|badge-[^/]+\.html)$")
ORDERS = ("title", "dateCreated", "dateEdited", "completed")


def slug(text):
    """Every byte of the id's UTF-8 other than ASCII letters, digits and '-' written _hh ("Slugs")."""
    return "".join(chr(c) if (48 <= c <= 57 or 65 <= c <= 90 or 97 <= c <= 122 or c == 45) else "_%02x" % c
                   for c in text.encode("utf-8", "surrogatepass"))


def page_name(trip_id):
    return "trip-%s.html" % slug(trip_id)


def read_input(opts, pos):
    trips, achievements, collections = [], [], {}
    if "store" in opts:
        store = T.Store(opts)
        return store.read(must_exist=True), [], {}
    if not pos and sys.stdin.isatty():
        return T.Store(opts).read(must_exist=True), [], {}
    handles = T.open_inputs(pos)
    seen, seen_goals = {}, {}
    for label, h in handles:
        try:
            for n, rec in T.iter_lines(h, label):
                t = rec["type"]
                if t == "trip":
                    try:
                        T.check_trip(rec, strict_ids=False)
                    except T.DataError as e:
                        raise T.Exit(T.EX_DATA, "%s line %d: %s; nothing was written" % (label, n, e.msg))
                    k = rec["id"].lower()
                    if k in seen:
                        raise T.Exit(T.EX_DATA, "%s line %d: the trip id %s was read twice (first at %s); nothing "
                                                "was written" % (label, n, T.esc(rec["id"]), seen[k]))
                    seen[k] = "%s line %d" % (label, n)
                    trips.append(rec)
                elif t == "achievement":
                    g = rec.get("goal")
                    if not T._is_str(g) or not T._is_str(rec.get("name")) or not isinstance(rec.get("achieved"), bool):
                        raise T.Exit(T.EX_DATA, "%s line %d: an achievement needs a goal, a name and achieved"
                                     % (label, n))
                    if g in seen_goals:
                        raise T.Exit(T.EX_DATA, "%s line %d: the goal %s is given twice" % (label, n, T.esc(g)))
                    seen_goals[g] = n
                    achievements.append(rec)
                elif t == "collection":
                    cid = rec.get("id")
                    if cid in T.COLLECTION_IDS and T._is_str(rec.get("name")) and rec["name"]:
                        collections[cid] = rec["name"]
        except OSError as e:
            raise T.Exit(T.EX_IO, "cannot read %s: %s" % (label, e.strerror))
    return trips, achievements, collections


CSS = """body{font-family:system-ui,sans-serif;margin:2rem;background:#fafafa;color:#222}
.cards{display:flex;flex-wrap:wrap;gap:1rem}.card{display:block;width:180px;height:260px;border-radius:12px;
overflow:hidden;background:#fff;box-shadow:0 1px 4px #0003;color:inherit;text-decoration:none}
.card.wide{width:325px}.card svg{width:100%;height:200px}
@media (prefers-reduced-motion: reduce){::view-transition-group(*){animation:none}}
@view-transition{navigation:auto}
"""

SEASON_COLOURS = {"springEscapes": "#7cc47c", "summerVibes": "#f2b84b", "fallGetaways": "#d9783b",
                  "winterRetreats": "#6fa8dc"}


def picture_svg(trip):
    c = SEASON_COLOURS.get(trip["collection"], "#999")
    label = html.escape(str(trip.get("photo") or trip["name"]))
    return ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 180 200" role="img" aria-label="%s">'
            '<rect width="180" height="200" fill="%s"/><text x="10" y="190" fill="#fff">%s</text></svg>\n'
            % (label, c, label))


def goal_of(a):
    return str(a.get("goal"))


def build(trips, achievements, colls, order):
    """The pages (presentation), made so that `site --check` passes them: each trip's name
    trip-SLUG set once on its card of index.html and on its page's picture, exactly
    style="view-transition-name: trip-SLUG"; each goal's badge-SLUG on goals.html and its page;
    search.html's cards in its search-data; the New trip sheet ("The rules of trips")."""
    files = {}
    names = dict(T.COLLECTION_NAMES)
    names.update(colls)
    nav = '<nav><a href="index.html">Trips</a> · <a href="goals.html">Goals</a> · <a href="search.html">Search</a></nav>'
    body = [nav, "<h1>Wishlist</h1>",
            '<p><a href="new-trip.html" data-sheet="new-trip-sheet" style="view-transition-name: new-trip">New trip</a></p>',
            '<div id="new-trip-sheet" data-vt="new-trip" hidden><h2>New trip</h2></div>']
    recent = T.recent_order(trips)[:5]
    if recent:
        body.append("<h2>Recently Added</h2><ul>%s</ul>" % "".join(
            '<li><a href="%s">%s</a></li>' % (page_name(t["id"]), html.escape(t["name"])) for t in recent))
    for cid, _n, _s, summary in T.COLLECTIONS:
        group = sorted([(T.nfc(t["name"]), i, t) for i, t in enumerate(trips) if t["collection"] == cid])
        body.append("<h2>%s</h2>" % html.escape(names[cid]))
        body.append('<div class="cards">')
        for _, _, t in group:
            sl = slug(t["id"])
            body.append('<a class="card%s" href="trip-%s.html"><img src="trip-%s.svg" alt="" '
                        'style="view-transition-name: trip-%s"><span class="name">%s</span></a>'
                        % (" wide" if summary else "", sl, sl, sl, html.escape(t["name"])))
        body.append("</div>")
    files["index.html"] = page("Wishlist", "\n".join(body))
    for t in trips:
        sl = slug(t["id"])
        acts = T.sort_activities(t["activities"], order)
        items = "".join("<li>%s %s</li>" % ("✓" if a["isComplete"] else "○", html.escape(a["name"])) for a in acts)
        sub = ('<p class="subtitle">%s</p>' % html.escape(t["subtitle"])) if t.get("subtitle") else ""
        files["trip-%s.svg" % sl] = picture_svg(t)
        files["trip-%s.html" % sl] = page(t["name"], '%s<img src="trip-%s.svg" alt="" style="view-transition-name: trip-%s">'
                                          '<h1>%s</h1>%s<p>Trip Activities: %s</p><ul>%s</ul>'
                                          % (nav, sl, sl, html.escape(t["name"]), sub,
                                             html.escape(T.progress_text(t)), items))
    cards = []
    for a in achievements:
        sl = slug(goal_of(a))
        cards.append('<a href="badge-%s.html"><span class="badge" style="view-transition-name: badge-%s">%s%s</span></a>'
                     % (sl, sl, html.escape(str(a.get("name"))), " ✓" if a.get("achieved") else ""))
        files["badge-%s.html" % sl] = page(str(a.get("name")), '%s<h1 style="view-transition-name: badge-%s">%s</h1>'
                                           % (nav, sl, html.escape(str(a.get("name")))))
    files["goals.html"] = page("Goals", "%s<h1>Goals</h1><div class=\"cards\">%s</div>" % (nav, "".join(cards)))
    ordered = sorted(range(len(trips)), key=lambda i: (T.collation_key(trips[i]["name"]), i))
    index_of = {i: k for k, i in enumerate(ordered)}
    data = {"trips": [[trips[i]["name"], page_name(trips[i]["id"]), "trip-" + slug(trips[i]["id"]),
                       "trip-%s.svg" % slug(trips[i]["id"]), len(trips[i]["activities"])] for i in ordered],
            "activities": [[a["name"], index_of[i], bool(a["isComplete"])]
                           for i in ordered for a in trips[i]["activities"]],
            "recent": [index_of[trips.index(t)] for t in recent]}
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":")).replace("<", "\\u003c")
    files["search.html"] = page("Search", '%s<h1>Search</h1><input id="q"><ul id="r"></ul>\n'
                                '<script type="application/json" id="search-data">%s</script>\n' % (nav, text))
    files["new-trip.html"] = page("New trip", '%s<div class="sheet" style="padding: 1rem; view-transition-name: new-trip">'
                                  '<h1>New trip</h1></div>' % nav)
    files["style.css"] = CSS
    return files


def page(title, body):
    return ('<!doctype html><html><head><meta charset="utf-8"><title>%s</title>'
            '<link rel="stylesheet" href="style.css"></head><body>\n%s\n</body></html>\n' % (html.escape(title), body))


def run(opts, pos):
    out, check = opts.get("out"), opts.get("check")
    if out is not None and check is not None:
        raise T.usage("--out does not go with --check")
    if check is not None and any(k in opts for k in ("sort", "allow-empty", "store")):
        raise T.usage("--check does not go with --sort, --allow-empty or --store")
    if out is None and check is None:
        raise T.usage("site needs --out DIR (or --check DIR)")
    if (check is not None or "store" in opts) and pos:
        raise T.usage("--check and --store take no FILE")
    order = opts.get("sort", "title")
    if order not in ORDERS:
        raise T.usage("--sort must be one of %s, not '%s'" % (", ".join(ORDERS), T.esc(order)))
    if check is not None:
        return do_check(check)
    if out == "":
        raise T.usage("--out needs a folder")
    # the target first: refuse what is not ours
    existing = None
    try:
        st = os.stat(out)
        if not stat.S_ISDIR(st.st_mode):
            raise T.Exit(T.EX_FAIL, "'%s' is %s, not a folder; it was left as it is"
                         % (T.esc(out), T.describe_kind(st.st_mode)))
        existing = os.listdir(out)
    except FileNotFoundError:
        pass
    if existing:
        strangers = [n for n in existing if not SITE_NAME_RE.match(n) or os.path.isdir(os.path.join(out, n))]
        if strangers:
            raise T.Exit(T.EX_FAIL, "'%s' holds files trips site did not write (%s); it was left as it is"
                         % (T.esc(out), T.esc(", ".join(sorted(strangers)[:3]))))
    trips, achievements, colls = read_input(opts, pos)
    had_trips = existing and any(n.startswith("trip-") for n in existing)
    if not trips and had_trips and not opts.get("allow-empty"):
        raise T.Exit(T.EX_FAIL, "the input has no trips and '%s' holds a site with trips; it was left as it is "
                                "(--allow-empty replaces it)" % T.esc(out))
    files = build(trips, achievements, colls, order)
    parent = os.path.dirname(os.path.abspath(out))
    base = os.path.basename(os.path.abspath(out))
    tmp = os.path.join(parent, ".%s.tmp-%d-%s" % (base, os.getpid(), T.secrets.token_hex(6)))
    try:
        os.makedirs(parent, exist_ok=True)
        os.mkdir(tmp, 0o755)
        T.TEMPS.add(tmp)
        for name, text in files.items():
            with open(os.path.join(tmp, name), "w", encoding="utf-8") as f:
                f.write(text)
        if existing is not None:
            old = os.path.join(parent, ".%s.old-%s" % (base, T.secrets.token_hex(6)))
            os.rename(out, old)
            T.TEMPS.add(old)
            os.rename(tmp, out)
            T.TEMPS.discard(tmp)
            shutil.rmtree(old, ignore_errors=True)
            T.TEMPS.discard(old)
        else:
            os.rename(tmp, out)
            T.TEMPS.discard(tmp)
    except OSError as e:
        T._cleanup_temps()
        raise T.Exit(T.EX_IO, "cannot write the site in '%s': %s" % (T.esc(out), e.strerror))
    return 0


PAGE_LIMIT = 1 << 30


def read_page(d, n):
    """A page of the site checked, as input with a bound (PROTOCOL.md version 4): opened without
    blocking, a regular file only (a FIFO or a device is exit 66 at once), at most 1 GiB."""
    p = os.path.join(d, n)
    try:
        fd = os.open(p, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0))
    except OSError as e:
        raise T.Exit(T.EX_NOINPUT, "cannot open '%s': %s" % (T.esc(p), e.strerror))
    with os.fdopen(fd, "rb") as f:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode):
            raise T.Exit(T.EX_NOINPUT, "cannot read '%s': it is %s, not a regular file"
                         % (T.esc(p), T.describe_kind(st.st_mode)))
        data = f.read(PAGE_LIMIT + 1)
    if len(data) > PAGE_LIMIT:
        raise T.Exit(T.EX_DATA, "'%s' is larger than 1 GiB, the limit for a page checked" % T.esc(p))
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as e:
        raise T.Exit(T.EX_DATA, "cannot read '%s': %s" % (T.esc(n), e))


THREE = ("index.html", "search.html", "goals.html")
_URL_SCHEME = re.compile(r"^[A-Za-z][A-Za-z0-9+.-]*:")


def style_name(style):
    """The view-transition-name a style attribute sets (CSS: the last declaration wins, an
    !important one beats later plain ones; none or empty sets none), or None."""
    name, important = None, False
    found = False
    for decl in style.split(";"):
        prop, colon, value = decl.partition(":")
        if not colon or prop.strip().lower() != "view-transition-name":
            continue
        value = value.strip()
        imp = False
        m = re.search(r"!\s*important\s*$", value, re.I)
        if m:
            imp, value = True, value[:m.start()].strip()
        if important and not imp:
            continue
        found = True
        name, important = value, imp or important
    if not found or name in ("", "none") or name is None:
        return None
    return name


class PageParser(__import__("html.parser").parser.HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.names = []      # (name, href of the enclosing <a> or None)
        self.links = []      # every relative href and src
        self.anchors = []    # (href, data-vt, data-sheet, name set on the <a> itself)
        self.ids = {}        # id -> (data-vt, name)
        self.a_stack = []
        self.style_sheet = False
        self.in_style = False
        self.script = None
        self.search_data = []

    def handle_starttag(self, tag, attrs):
        at = dict(attrs)
        name = style_name(at["style"]) if at.get("style") is not None else None
        if tag == "a":
            self.a_stack.append(at.get("href"))
            self.anchors.append((at.get("href"), at.get("data-vt"), at.get("data-sheet"), name))
        href = self.a_stack[-1] if self.a_stack else None
        if name is not None:
            self.names.append((name, href))
        for k in ("href", "src"):
            v = at.get(k)
            if v is not None:
                self.links.append(v)
        if at.get("id") is not None:
            self.ids[at["id"]] = (at.get("data-vt"), name)
        if tag == "style":
            self.in_style = True
        if tag == "script" and at.get("type") == "application/json" and at.get("id") == "search-data":
            self.script = []

    def handle_startendtag(self, tag, attrs):
        self.handle_starttag(tag, attrs)
        if tag == "a":
            self.a_stack.pop()

    def handle_endtag(self, tag):
        if tag == "a" and self.a_stack:
            self.a_stack.pop()
        if tag == "style":
            self.in_style = False
        if tag == "script" and self.script is not None:
            self.search_data.append("".join(self.script))
            self.script = None

    def handle_data(self, data):
        if self.in_style and "view-transition-name" in data:
            self.style_sheet = True
        if self.script is not None:
            self.script.append(data)


def local_target(link):
    """The file of the site a relative href or src names, or None for another kind of link."""
    if not link or link.startswith("#") or link.startswith("//") or _URL_SCHEME.match(link):
        return None
    return link.split("#", 1)[0].split("?", 1)[0]


def do_check(d):
    try:
        st = os.stat(d)
        if not stat.S_ISDIR(st.st_mode):
            raise T.Exit(T.EX_NOINPUT, "'%s' is not a folder holding a site" % T.esc(d))
        entries = sorted(os.listdir(d))
    except OSError as e:
        raise T.Exit(T.EX_NOINPUT, "cannot read the folder '%s': %s" % (T.esc(d), e.strerror))
    problems, pages = [], {}
    for n in entries:
        if n.endswith(".css"):
            if "view-transition-name" in read_page(d, n):
                problems.append("%s: a view-transition name is set in a style sheet; set it in the element's style" % n)
        elif n.endswith(".html"):
            p = PageParser()
            p.feed(read_page(d, n))
            p.close()
            pages[n] = p
    for n in THREE:
        if n not in pages:
            problems.append("%s is missing" % n)
    sets = {}  # page -> the names it sets
    for n, p in pages.items():
        if p.style_sheet:
            problems.append("%s: a view-transition name is set in a <style> element" % n)
        seen = set()
        for name, _href in p.names:
            if name in seen:
                problems.append("%s: '%s' is used more than once" % (n, name))
            seen.add(name)
        sets[n] = seen
        for link in p.links:
            t = local_target(link)
            if t is not None and t not in entries:
                problems.append("%s: links to '%s', which is not in the site" % (n, t))
    # cards: (page with the card, name, page it opens)
    cards = []
    for n in ("index.html", "goals.html"):
        if n in pages:
            cards += [(n, name, local_target(href)) for name, href in pages[n].names
                      if href is not None and local_target(href)]
    if "search.html" in pages:
        data = pages["search.html"].search_data
        if len(data) != 1:
            problems.append("search.html: no search data (one <script type=\"application/json\" id=\"search-data\">)")
        else:
            try:
                obj = json.loads(data[0])
                entries_ok = (isinstance(obj, dict) and isinstance(obj.get("trips"), list)
                              and isinstance(obj.get("activities"), list) and isinstance(obj.get("recent"), list))
                for e in obj["trips"] if entries_ok else []:
                    if not (isinstance(e, list) and len(e) == 5 and all(isinstance(x, str) for x in e[:4])):
                        entries_ok = False
                        break
                    cards.append(("search.html", e[2], local_target(e[1])))
                    for link in (e[1], e[3]):
                        t = local_target(link)
                        if t is not None and t not in entries:
                            problems.append("search.html: links to '%s', which is not in the site" % t)
                if not entries_ok:
                    problems.append("search.html: the search data is not {\"trips\":[[name, page, transitionName, picture, count], ...], \"activities\":[...], \"recent\":[...]}")
            except ValueError as e:
                problems.append("search.html: the search data is not JSON: %s" % e)
    pairs = []
    for n, name, target in cards:
        if target not in pages:
            continue  # reported above when missing
        if name in sets[target]:
            pairs.append((name, n, target))
        else:
            has = sorted(sets[target])
            problems.append("%s: '%s' on the card for %s has no partner there%s"
                            % (n, name, target, " (it has '%s')" % has[0] if has else ""))
    # every name a page other than the three sets is on a card of each of them linking to it
    for target in sorted(pages):
        if target in THREE:
            continue
        for name in sorted(sets[target]):
            for n in THREE:
                if n not in pages:
                    continue
                links = {t for t in (local_target(h) for h in pages[n].links) if t}
                links |= {t for (m, _nm, t) in cards if m == n}
                if target in links and not any(m == n and nm == name and t == target for m, nm, t in cards):
                    problems.append("%s: '%s' has no partner on %s" % (target, name, n))
    # a data-vt on an <a> needs a card for the same page setting it; sheets
    for n, p in sorted(pages.items()):
        for href, vt, sheet, own in p.anchors:
            t = local_target(href) if href else None
            if vt and not any(m == n and nm == vt and tt == t for m, nm, tt in cards):
                problems.append("%s: data-vt '%s' on the link to %s is set by no card for that page" % (n, vt, t))
            if sheet:
                el = p.ids.get(sheet)
                if own is None:
                    problems.append("%s: the link to the sheet '%s' sets no view-transition name" % (n, sheet))
                elif el is None or own not in el:
                    problems.append("%s: the sheet '%s' does not set '%s'" % (n, sheet, own))
                else:
                    pairs.append((own, n, "%s#%s" % (n, sheet)))
                if own is not None and t in pages:
                    if own in sets[t]:
                        pairs.append((own, n, t))
                    else:
                        problems.append("%s: '%s' on the link to %s has no partner there" % (n, own, t))
    if problems:
        T.say("error", "'%s' fails the view transition check (%d problem%s): a card would not zoom into the "
                       "page it opens" % (T.esc(d), len(problems), "" if len(problems) == 1 else "s"))
        for p in problems:
            T.say("", p)
        raise T.Exit(T.EX_DATA, None)
    for name, a, b in sorted(set(pairs)):
        T.emit_text("%s  %s  %s" % (name, a, b))
    T.emit_text("ok: %d view-transition names pair a card with the page it opens (%d pages checked)"
                % (len(set(pairs)), len(pages)))
    return 0
