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


def page_name(trip_id):
    return "trip-%s.html" % re.sub(r"[^A-Za-z0-9_-]", lambda m: "_%02X" % ord(m.group(0)) if ord(m.group(0)) < 256
                                   else "_u%X" % ord(m.group(0)), trip_id)


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


def picture(trip, vt):
    c = SEASON_COLOURS.get(trip["collection"], "#999")
    label = html.escape(str(trip.get("photo") or trip["name"]))
    return ('<svg viewBox="0 0 180 200" style="view-transition-name:%s" role="img" aria-label="%s">'
            '<rect width="180" height="200" fill="%s"/><text x="10" y="190" fill="#fff">%s</text></svg>'
            % (vt, label, c, label))


def vt_name(trip):
    return "trip-" + re.sub(r"[^A-Za-z0-9_-]", "_", trip["id"])


def build(trips, achievements, colls, order):
    files = {}
    names = dict(T.COLLECTION_NAMES)
    names.update(colls)
    body = ["<h1>Wishlist</h1>", "<h2>Recently Added</h2>", '<div class="cards">']
    for t in T.recent_order(trips)[:5]:
        body.append('<a class="card" href="%s">%s<p>%s</p></a>' % (page_name(t["id"]), picture(t, vt_name(t) + "-r"),
                                                                  html.escape(t["name"])))
    body.append("</div>")
    for cid, _n, _s, summary in T.COLLECTIONS:
        group = sorted([(T.nfc(t["name"]), i, t) for i, t in enumerate(trips) if t["collection"] == cid])
        body.append("<h2>%s</h2>" % html.escape(names[cid]))
        body.append('<div class="cards">')
        for _, _, t in group:
            body.append('<a class="card%s" href="%s">%s<p>%s</p></a>'
                        % (" wide" if summary else "", page_name(t["id"]), picture(t, vt_name(t)),
                           html.escape(t["name"])))
        body.append("</div>")
    body.append('<p><a href="goals.html">Goals</a> · <a href="search.html">Search</a></p>')
    files["index.html"] = page("Wishlist", "\n".join(body))
    for t in trips:
        acts = T.sort_activities(t["activities"], order)
        items = "".join("<li>%s %s</li>" % ("✓" if a["isComplete"] else "○", html.escape(a["name"])) for a in acts)
        sub = ("<p>%s</p>" % html.escape(t["subtitle"])) if t.get("subtitle") else ""
        files[page_name(t["id"])] = page(t["name"], '<a href="index.html">Back</a>%s<h1>%s</h1>%s'
                                         '<p>Trip Activities: %s</p><ul>%s</ul>'
                                         % (picture(t, vt_name(t)), html.escape(t["name"]), sub,
                                            html.escape(T.progress_text(t)), items))
    goals = "".join("<li>%s%s</li>" % (html.escape(str(a.get("name"))), " ✓" if a.get("achieved") else "")
                    for a in achievements)
    files["goals.html"] = page("Goals", "<h1>Goals</h1><ul>%s</ul>" % goals)
    data = json.dumps({"trips": [{"id": t["id"], "name": t["name"], "collection": t["collection"],
                                  "activities": [a["name"] for a in t["activities"]]} for t in trips]},
                      ensure_ascii=True).replace("</", "<\\/")
    files["search.html"] = page("Search", '<h1>Search</h1><input id="q"><ul id="r"></ul>'
                                '<script type="application/json" id="data">%s</script>' % data)
    files["style.css"] = CSS
    return files


def page(title, body):
    return ('<!doctype html><html><head><meta charset="utf-8"><title>%s</title>'
            '<link rel="stylesheet" href="style.css"></head><body>%s</body></html>\n' % (html.escape(title), body))


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


def do_check(d):
    if not os.path.isdir(d):
        raise T.Exit(T.EX_NOINPUT, "'%s' is not a folder holding a site" % T.esc(d))
    pairs = 0
    problems = []
    names = {}
    for n in sorted(os.listdir(d)):
        if not n.endswith(".html"):
            continue
        text = read_page(d, n)
        for vt in re.findall(r"view-transition-name:([A-Za-z0-9_-]+)", text):
            names.setdefault(vt, []).append(n)
    for vt, pages in sorted(names.items()):
        if len(pages) < 2:
            problems.append("%s is used only in %s" % (vt, ", ".join(pages)))
        else:
            pairs += 1
            T.emit_text("%s %s" % (vt, " ".join(pages)))
    if "search.html" not in os.listdir(d):
        problems.append("search.html is missing")
    if problems:
        for p in problems:
            T.say("error", p)
        raise T.Exit(T.EX_DATA, None)
    T.emit_text("%d pairs" % pairs)
    return 0
