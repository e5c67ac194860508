"""The body of the `trips` replacement (standard library only, Python 3.9+)."""
import errno
import fcntl
import html
import json
import os
import re
import secrets
import signal
import stat
import sys
import time
import unicodedata
import uuid as uuidlib

TOOL = "trips"
VERSION_LINE = "trips (SamplePipes) 0.1.0, protocol version 4"
LINE_LIMIT = 67108864
MAX_DEPTH = 512

EX_OK, EX_FAIL, EX_USAGE, EX_DATA, EX_NOINPUT, EX_IO = 0, 1, 64, 65, 66, 74

# Rules a mutant may switch off (see trips-mutant).
RULES = {"duplicate_id_refused": True, "remove_needs_yes": True}


class Exit(Exception):
    def __init__(self, status, message=None, kind="error"):
        super().__init__(message)
        self.status = status
        self.message = message
        self.kind = kind


def usage(msg):
    return Exit(EX_USAGE, msg)


# ----------------------------------------------------------------------------- messages

def esc(text):
    """Escape control, bidi and line-breaking characters for a person's eyes."""
    out = []
    for ch in str(text):
        cat = unicodedata.category(ch)
        if cat in ("Cc", "Cf", "Zl", "Zp", "Cs") or ch == "\ufeff":
            out.append("\\u{%X}" % ord(ch))
        else:
            out.append(ch)
    return "".join(out)


def say(kind, msg):
    try:
        for line in str(msg).split("\n"):
            sys.stderr.write("%s: %s: %s\n" % (TOOL, kind, line) if kind else "%s: %s\n" % (TOOL, line))
        sys.stderr.flush()
    except Exception:
        pass


def warn(msg):
    say("warning", msg)


def note(msg):
    say("", msg)


# ----------------------------------------------------------------------------- JSON

class RawNum(str):
    """A JSON number kept as written."""


class DataError(Exception):
    def __init__(self, msg, column=None):
        super().__init__(msg)
        self.msg = msg
        self.column = column


def _pairs(pairs):
    d = {}
    for k, v in pairs:
        if k in d:
            raise DataError("duplicate key %s" % json.dumps(k, ensure_ascii=False))
        d[k] = v
    return d


def _const(name):
    raise DataError("%s is not JSON (RFC 8259)" % name)


_DECODER = json.JSONDecoder(object_pairs_hook=_pairs, parse_float=RawNum, parse_int=RawNum,
                            parse_constant=_const, strict=True)

_STRING_RE = re.compile(rb'"(?:[^"\\]|\\.)*"', re.S)


def _depth_ok(raw):
    if raw.count(b"[") + raw.count(b"{") <= MAX_DEPTH:
        return True
    stripped = _STRING_RE.sub(b"", raw)
    depth = 0
    for b in stripped:
        if b == 0x5B or b == 0x7B:
            depth += 1
            if depth > MAX_DEPTH:
                return False
        elif b == 0x5D or b == 0x7D:
            depth -= 1
    return True


def _check_surrogates(v):
    if isinstance(v, str) and not isinstance(v, RawNum):
        try:
            v.encode("utf-8")
        except UnicodeEncodeError:
            raise DataError("a lone surrogate escape names no character")
    elif isinstance(v, dict):
        for k, x in v.items():
            _check_surrogates(k)
            _check_surrogates(x)
    elif isinstance(v, list):
        for x in v:
            _check_surrogates(x)


_PRETTY_RE = re.compile(r'^\s*("(?:[^"\\]|\\.)*"\s*:.*|[\[\]{}],?)\s*$')


def parse_line(raw):
    """raw: the line's bytes without its ending. Returns the record (a dict)."""
    if len(raw) > LINE_LIMIT:
        raise DataError("the line is longer than %d bytes" % LINE_LIMIT)
    if raw.startswith(b"\xef\xbb\xbf"):
        raise DataError("a byte order mark is not allowed", 1)
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as e:
        raise DataError("invalid UTF-8", e.start + 1)
    if not _depth_ok(raw):
        raise DataError("nested deeper than %d levels" % MAX_DEPTH)
    try:
        value, end = _DECODER.raw_decode(text, _ws(text, 0))
        end = _ws(text, end)
        if end != len(text):
            raise DataError("extra data after the JSON value", end + 1)
    except DataError:
        raise
    except json.JSONDecodeError as e:
        if _PRETTY_RE.match(text):
            raise DataError("this looks like pretty-printed JSON; the protocol wants one object per "
                            "line (try `jq -c`)")
        raise DataError(e.msg, e.colno)
    except RecursionError:
        raise DataError("nested too deeply")
    except ValueError as e:
        raise DataError(str(e))
    _check_surrogates(value)
    if not isinstance(value, dict):
        raise DataError("a record must be a JSON object")
    t = value.get("type")
    if "type" not in value:
        raise DataError("the record has no \"type\"")
    if not isinstance(t, str) or isinstance(t, RawNum):
        raise DataError("\"type\" must be a string")
    return value


def _ws(text, i):
    n = len(text)
    while i < n and text[i] in " \t\r\n":
        i += 1
    return i


def dumps(v):
    if isinstance(v, RawNum):
        return str(v)
    if v is True:
        return "true"
    if v is False:
        return "false"
    if v is None:
        return "null"
    if isinstance(v, str):
        return json.dumps(v, ensure_ascii=False)
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, int):
        return str(v)
    if isinstance(v, float):
        if v == int(v):
            return str(int(v))
        return repr(v)
    if isinstance(v, dict):
        return "{" + ",".join(json.dumps(k, ensure_ascii=False) + ":" + dumps(x) for k, x in v.items()) + "}"
    if isinstance(v, (list, tuple)):
        return "[" + ",".join(dumps(x) for x in v) + "]"
    raise TypeError(type(v))


def sorted_record(d):
    return {k: d[k] for k in sorted(d)}


def _raw_lines(f, label):
    """Lines with their endings, read in large chunks; a line longer than the limit is refused as it
    is read (memory stays near the limit)."""
    buf = bytearray()
    n = 1
    read = getattr(f, "read1", f.read)
    while True:
        chunk = read(1 << 20)
        if not chunk:
            break
        buf += chunk
        start = 0
        while True:
            i = buf.find(b"\n", start)
            if i < 0:
                break
            yield bytes(buf[start:i + 1])
            n += 1
            start = i + 1
        if start:
            del buf[:start]
        if len(buf) > LINE_LIMIT + 1:
            raise Exit(EX_DATA, "%s line %d: the line is longer than %d bytes" % (label, n, LINE_LIMIT))
    if buf:
        yield bytes(buf)


def iter_lines(f, label, require_final_newline=False):
    """Yield (line number, record) for each non-empty line of the binary file f."""
    n = 0
    for line in _raw_lines(f, label):
        n += 1
        if line.endswith(b"\n"):
            raw = line[:-1]
            if raw.endswith(b"\r"):
                raw = raw[:-1]
        else:
            if require_final_newline:
                raise Exit(EX_DATA, "%s line %d: the last line has no line feed (a torn write?)" % (label, n))
            raw = line
            if raw == b"":
                continue
        if raw == b"":
            continue
        try:
            rec = parse_line(raw)
        except DataError as e:
            where = "%s line %d" % (label, n)
            if e.column:
                where += ", column %d" % e.column
            raise Exit(EX_DATA, "%s: %s" % (where, e.msg))
        yield n, rec


# ----------------------------------------------------------------------------- dates

_DT_RE = re.compile(r"^([0-9]{4})-([0-9]{2})-([0-9]{2})T([0-9]{2}):([0-9]{2}):([0-9]{2})(\.[0-9]{1,9})?"
                    r"(Z|[+-][0-9]{2}:[0-9]{2})$")
_DAY_RE = re.compile(r"^([0-9]{4})-([0-9]{2})-([0-9]{2})$")
MIN_EPOCH = -62167219200  # 0000-01-01T00:00:00Z
MAX_EPOCH = 253402300799  # 9999-12-31T23:59:59Z


def days_from_civil(y, m, d):
    y -= m <= 2
    era = y // 400
    yoe = y - era * 400
    doy = (153 * (m + (-3 if m > 2 else 9)) + 2) // 5 + d - 1
    doe = yoe * 365 + yoe // 4 - yoe // 100 + doy
    return era * 146097 + doe - 719468


def civil_from_days(z):
    z += 719468
    era = z // 146097  # floor division already (the C form's z - 146096 is one era short here)
    doe = z - era * 146097
    yoe = (doe - doe // 1460 + doe // 36524 - doe // 146096) // 365
    y = yoe + era * 400
    doy = doe - (365 * yoe + yoe // 4 - yoe // 100)
    mp = (5 * doy + 2) // 153
    d = doy - (153 * mp + 2) // 5 + 1
    m = mp + (3 if mp < 10 else -9)
    return y + (m <= 2), m, d


def _leap(y):
    return y % 4 == 0 and (y % 100 != 0 or y % 400 == 0)


def _valid_day(y, m, d):
    if not 1 <= m <= 12:
        return False
    dim = [31, 29 if _leap(y) else 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][m - 1]
    return 1 <= d <= dim


def parse_date(s):
    """A record date-time -> epoch seconds, or None."""
    if not isinstance(s, str) or isinstance(s, RawNum):
        return None
    m = _DT_RE.match(s)
    if not m:
        return None
    y, mo, d, hh, mi, ss = (int(m.group(i)) for i in range(1, 7))
    if not _valid_day(y, mo, d) or hh > 23 or mi > 59 or ss > 59:
        return None
    off = 0
    z = m.group(8)
    if z != "Z":
        oh, om = int(z[1:3]), int(z[4:6])
        if oh > 23 or om > 59:
            return None
        off = (oh * 3600 + om * 60) * (1 if z[0] == "+" else -1)
    t = days_from_civil(y, mo, d) * 86400 + hh * 3600 + mi * 60 + ss - off
    if t < MIN_EPOCH or t > MAX_EPOCH:
        return None
    return t


def format_date(t):
    days, secs = divmod(t, 86400)
    y, m, d = civil_from_days(days)
    return "%04d-%02d-%02dT%02d:%02d:%02dZ" % (y, m, d, secs // 3600, secs // 60 % 60, secs % 60)


_LOCAL_RE = re.compile(r"([0-9]{4})-([0-9]{2})-([0-9]{2})(?:[T ]([0-9]{2}):([0-9]{2})(?::([0-9]{2}))?)?\Z", re.ASCII)
_AGO_RE = re.compile(r"([0-9]{1,5}) (minute|hour|day)s? ago\Z", re.ASCII)
TRUCK_ZONE = "America/Los_Angeles"  # trips has no city: the truck's home ("Times for people")


def parse_now(s, clock=None):
    """--now and every date option (PROTOCOL.md version 4, "Times for people"): a record date-time
    or @SECONDS; a date or a date-time with no zone, a wall-clock time in the zone of TZ (else the
    truck's home); now, today, yesterday or N minutes|hours|days ago from the real clock."""
    t = parse_date(s)
    if t is not None:
        return t
    m = re.match(r"^@([+-]?[0-9]+)$", s)
    if m:
        t = int(m.group(1))
        if MIN_EPOCH <= t <= MAX_EPOCH:
            return t
        return None
    m = _LOCAL_RE.match(s)
    if m:
        y, mo, d = int(m.group(1)), int(m.group(2)), int(m.group(3))
        if not _valid_day(y, mo, d):
            return None
        day = days_from_civil(y, mo, d)
        if not days_from_civil(0, 1, 2) <= day <= days_from_civil(9999, 12, 30):
            return None
        hh, mi, ss = (int(g) if g else 0 for g in m.group(4, 5, 6))
        if hh > 23 or mi > 59 or ss > 59:
            return None
        return local_moment(day * 86400 + hh * 3600 + mi * 60 + ss, people_zone())
    clock = int(time.time()) if clock is None else clock
    words = s.lower()
    if words in ("now", "today"):
        return clock
    m = _AGO_RE.match(words)
    if words != "yesterday" and not m:
        return None
    if m and m.group(2) != "day":
        return clock - int(m.group(1)) * (60 if m.group(2) == "minute" else 3600)
    days = int(m.group(1)) if m else 1
    if days == 0:
        return clock
    zone = people_zone()
    t = local_moment(clock + zone_offset(zone, clock) - days * 86400, zone)
    return t if t is not None and MIN_EPOCH <= t <= MAX_EPOCH else None


def zone_offset(zone, t):
    import datetime
    stamp = min(max(t, -62135596800 + 86400), 253402300799 - 86400)  # instants datetime holds in any zone
    moment = datetime.datetime.fromtimestamp(stamp, datetime.timezone.utc).astimezone(zone)
    return int(moment.utcoffset().total_seconds())


def local_moment(local, zone):
    """The moment a wall-clock time (seconds as if UTC) names in zone: a repeated time is its first
    moment, a skipped one is read with the offset in force before the change (Python's fold=0)."""
    import datetime
    try:
        naive = datetime.datetime(1970, 1, 1) + datetime.timedelta(seconds=local)
        return int(naive.replace(tzinfo=zone).timestamp())
    except (OverflowError, ValueError):  # year 0000, which datetime cannot hold
        return local - zone_offset(zone, local)


_ZONE = []


def people_zone():
    """TZ when set and not empty, else the truck's home; a TZ naming no zone: a warning, UTC."""
    import datetime
    if _ZONE:
        return _ZONE[0]
    name = os.environ.get("TZ", "") or TRUCK_ZONE
    key = name[1:] if name.startswith(":") else name
    zone = None
    if key in ("UTC", "GMT", "Etc/UTC", "Etc/GMT", "UTC0", "GMT0"):
        zone = datetime.timezone.utc
    else:
        try:
            import zoneinfo
            if os.path.isabs(key):
                with open(key, "rb") as f:
                    zone = zoneinfo.ZoneInfo.from_file(f, key=key)
            elif key and ".." not in key.split("/"):
                zone = zoneinfo.ZoneInfo(key)
        except Exception:
            zone = None
        if zone is None:
            m = re.match(r"^<?([A-Za-z+-][A-Za-z0-9+-]*)>?([+-]?)([0-9]{1,2})(?::([0-9]{2}))?\Z", key)
            if m:  # a POSIX rule without daylight saving time, such as <+0530>-5:30 or EST5
                off = int(m.group(3)) * 3600 + int(m.group(4) or 0) * 60
                zone = datetime.timezone(datetime.timedelta(seconds=off if m.group(2) == "-" else -off))
    if zone is None:
        warn("the time zone '%s' names no zone; UTC is used" % esc(name))
        zone = datetime.timezone.utc
    _ZONE.append(zone)
    return zone


# ----------------------------------------------------------------------------- the wishlist

COLLECTIONS = [
    ("springEscapes", "Spring Escapes", "spring", None),
    ("summerVibes", "Summer Vibes", "summer", "Soak up open roads, salt water, and endless daylight"),
    ("fallGetaways", "Fall Getaways", "fall", None),
    ("winterRetreats", "Winter Retreats", "winter", None),
]
COLLECTION_IDS = [c[0] for c in COLLECTIONS]
COLLECTION_NAMES = {c[0]: c[1] for c in COLLECTIONS}

SAMPLE = [
    ("Cali Coastal Trails", "springEscapes", "CoastalTrail", [
        ("Hike Swallow's Point Trail", False), ("Photograph the cypress tree tunnel", False),
        ("Hike the cliffs of Big Sur", True), ("Explore Laguna Beach tide pools", False),
        ("Bike the Monterey Bay Trail", False), ("See the elk herd at Point Reyes", True)]),
    ("Surf Steamer Lane", "summerVibes", "Shore", [
        ("Surf at Pleasure Point", False), ("Watch the pros at Steamer Lane", False),
        ("Practice for Steamer Lane", False)]),
    ("Japan Mystique", "springEscapes", "Japan", [
        ("Walk the canal paths at sunrise", False), ("Visit the hillside wooden temples", False),
        ("Get Matcha soft serve in Gion", False)]),
    ("Mont Blanc Powder", "springEscapes", "MontBlanc", [
        ("Snowboarding in a t-shirt", False), ("Snowshoe hike", False)]),
    ("Braving the Narrows", "fallGetaways", "Zion", [
        ("Hike the river canyon from the bottom up", True), ("Stargazing near the canyon campgrounds", True)]),
    ("Into the Green", "fallGetaways", "Waterfall", [
        ("Cliff jump!", False), ("Snorkel through caves with stalactites", False),
        ("Hop on a bike and explore the jungle", False)]),
    ("Angkor Temple Run", "winterRetreats", "Bridge", [
        ("Watch the sunrise over the temple lotus ponds", True), ("Hike through the jungle temples", True),
        ("Browse the night markets", True), ("Hop on a tuk-tuk tour", False),
        ("Take a scenic balloon ride", False)]),
    ("Hike Joshua Tree", "winterRetreats", "JoshuaTree", [
        ("Hike Warren Peak", False), ("Climb those huge boulder formations!", False),
        ("Sound bath meditation in the desert", False)]),
    ("Hunting Auroras", "winterRetreats", "Aurora", [
        ("Relax in a lagoon in the snowy lava fields", False), ("Take a tour to hunt the lights!", False),
        ("Walk behind the Seljalandsfoss waterfall", False)]),
    ("Kona Deep Dive", "summerVibes", "HawaiiCoast", [
        ("Snorkel through the lava tubes", False), ("Spot migrating humpback whales", False),
        ("Night snorkel with manta rays", False)]),
    ("Desert Off-Road", "fallGetaways", "SandDune", [
        ("Buggy ride across the ridges", True), ("Sandboard", True)]),
    ("Maui Rainforest", "summerVibes", "Lizard", [
        ("Descend a waterfall", False), ("Relax in the volcanic hot springs", False)]),
]


def sample_trips():
    base = parse_date("2026-03-12T09:00:00Z")
    trips = []
    for i, (name, coll, photo, acts) in enumerate(SAMPLE):
        date = format_date(base + 60 * i)
        activities = []
        for an, done in acts:
            aid = str(uuidlib.uuid5(uuidlib.NAMESPACE_URL, "samplepipes:wishlist:activity:%s:%s" % (name, an)))
            activities.append({"dateCreated": date, "dateEdited": date, "id": aid, "isComplete": done, "name": an})
        tid = str(uuidlib.uuid5(uuidlib.NAMESPACE_URL, "samplepipes:wishlist:trip:%s" % name))
        trips.append(derive({"activities": activities, "collection": coll, "creationDate": date, "id": tid,
                             "name": name, "photo": photo, "type": "trip"}))
    return trips


def progress_value(done, total):
    if total == 0:
        return 0
    x = done / total * 100
    r = float(int(x + 0.5))  # halves away from zero (x >= 0)
    p = r / 100
    if p == int(p):
        return int(p)
    return p


def derive(trip):
    acts = trip["activities"]
    done = sum(1 for a in acts if a.get("isComplete") is True)
    trip["activityCount"] = len(acts)
    trip["completedCount"] = done
    trip["progress"] = progress_value(done, len(acts))
    trip["isComplete"] = bool(acts) and done == len(acts)
    return trip


_UUID_RE = re.compile(r"^[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12}$")


def is_uuid(s):
    return isinstance(s, str) and not isinstance(s, RawNum) and bool(_UUID_RE.match(s))


def _is_str(v):
    return isinstance(v, str) and not isinstance(v, RawNum)


def check_trip(rec, strict_ids=True):
    """Check a trip as `achievements` does; normalise its dates and recompute the derived fields."""
    tid = rec.get("id")
    if strict_ids:
        if not is_uuid(tid):
            raise DataError("trip \"id\" must be a UUID")
    elif not _is_str(tid) or tid == "":
        raise DataError("trip \"id\" must be a non-empty string")
    name = rec.get("name")
    if not _is_str(name) or name == "":
        raise DataError("trip \"name\" must be a non-empty string")
    coll = rec.get("collection")
    if not _is_str(coll) or coll not in COLLECTION_IDS:
        raise DataError("trip \"collection\" must be one of %s" % ", ".join(COLLECTION_IDS))
    t = parse_date(rec.get("creationDate"))
    if t is None:
        raise DataError("trip \"creationDate\" must be a date-time (YYYY-MM-DDTHH:MM:SSZ)")
    rec["creationDate"] = format_date(t)
    for f in ("photo", "subtitle"):
        if f in rec and rec[f] is not None and not _is_str(rec[f]):
            raise DataError("trip \"%s\" must be a string" % f)
    acts = rec.get("activities")
    if not isinstance(acts, list):
        raise DataError("trip \"activities\" must be an array")
    seen = set()
    for i, a in enumerate(acts):
        if not isinstance(a, dict):
            raise DataError("activities[%d] must be an object" % i)
        aid = a.get("id")
        if strict_ids:
            if not is_uuid(aid):
                raise DataError("activities[%d].id must be a UUID" % i)
        elif not _is_str(aid) or aid == "":
            raise DataError("activities[%d].id must be a non-empty string" % i)
        if aid.lower() in seen:
            raise DataError("activities[%d].id %s is given twice in the trip" % (i, aid))
        seen.add(aid.lower())
        an = a.get("name")
        if not _is_str(an) or an == "":
            raise DataError("activities[%d].name must be a non-empty string" % i)
        if not isinstance(a.get("isComplete"), bool):
            raise DataError("activities[%d].isComplete must be true or false" % i)
        for f in ("dateCreated", "dateEdited"):
            if f not in a and not strict_ids:
                continue  # the site's looser input: an activity's dates are optional ("site --out DIR")
            t = parse_date(a.get(f))
            if t is None:
                raise DataError("activities[%d].%s must be a date-time" % (i, f))
            a[f] = format_date(t)
    return derive(rec)


# ----------------------------------------------------------------------------- text compare

def nfc(s):
    return unicodedata.normalize("NFC", s)


def graphemes(s):
    """An approximation of extended grapheme clusters."""
    out = []
    prev_zwj = False
    ri_open = False
    for ch in s:
        cat = unicodedata.category(ch)
        o = ord(ch)
        extend = (cat in ("Mn", "Me", "Mc") or ch == "\u200d" or 0xFE00 <= o <= 0xFE0F
                  or 0x1F3FB <= o <= 0x1F3FF or 0xE0020 <= o <= 0xE007F)
        is_ri = 0x1F1E6 <= o <= 0x1F1FF
        if out and (extend or prev_zwj or (is_ri and ri_open)) and out[-1] != "\r\n":
            if out[-1] == "\r" and ch == "\n":
                out[-1] = "\r\n"
            else:
                out[-1] += ch
            ri_open = False if is_ri and ri_open else ri_open
        elif out and out[-1] == "\r" and ch == "\n":
            out[-1] += ch
        else:
            out.append(ch)
            ri_open = is_ri
        prev_zwj = ch == "\u200d"
    return out


_FOLD = {}
for _base, _chars in (("a", "àáâãäå"), ("c", "ç"), ("e", "èéêë"), ("i", "ìíîï"), ("n", "ñ"),
                      ("o", "òóôõöø"), ("u", "ùúûü"), ("y", "ýÿ")):
    for _c in _chars:
        _FOLD[_c] = _base


def _char_key(g):
    first = g[0]
    cat = unicodedata.category(first)
    if first.isspace():
        cls = 0
    elif cat[0] in ("P", "S"):
        cls = 1
    elif cat[0] == "N":
        cls = 2
    else:
        cls = 3
    low = first.lower()
    low = low[0] if low else first
    accents = []
    if low in _FOLD:
        accents.append(ord(low))
        base = _FOLD[low]
    else:
        base = low
    accents.extend(ord(c) for c in g[1:])
    upper = first != first.lower() and first == first.upper() or unicodedata.category(first) == "Lu"
    return cls, ord(base), tuple(accents), 1 if upper else 0


def collation_key(name, ignore_case=False):
    chars = [_char_key(g) for g in graphemes(name)]
    l1 = tuple((c[0], c[1]) for c in chars)
    l2 = tuple(c[2] for c in chars)
    key = (l1, len(chars), l2, len(chars))
    if not ignore_case:
        key += (tuple(c[3] for c in chars), len(chars))
    return key


def fold_name(s):
    return nfc(nfc(s).lower())


def contains_graphemes(hay, needle):
    h = graphemes(fold_name(hay))
    n = graphemes(fold_name(needle))
    if not n:
        return True
    ln = len(n)
    for i in range(len(h) - ln + 1):
        if h[i:i + ln] == n:
            return True
    return False


# ----------------------------------------------------------------------------- command line

class Opt:
    def __init__(self, key, longs, shorts=(), value=None, repeat=False):
        self.key, self.longs, self.shorts, self.value, self.repeat = key, longs, shorts, value, repeat


COMMON = [Opt("help", ["help"], ["h"]), Opt("color", ["color"], value="WHEN"), Opt("no-pager", ["no-pager"])]
STORE = Opt("store", ["store"], value="FILE")
FORMAT = Opt("format", ["format"], ["f"], value="F")
NOW = Opt("now", ["now"], value="T")

SPECS = {
    "list": [Opt("collection", ["collection"], ["c"], "C"), FORMAT, STORE],
    "collections": [FORMAT],
    "recent": [Opt("count", ["count"], ["n"], "N"), FORMAT, NOW, STORE],
    "show": [Opt("sort", ["sort"], ["s"], "ORDER"), FORMAT, STORE],
    "search": [FORMAT, STORE],
    "add": [Opt("name", ["name"], value="N"), Opt("collection", ["collection"], ["c"], "C"),
            Opt("photo", ["photo"], value="P"), Opt("subtitle", ["subtitle"], value="S"),
            Opt("id", ["id"], value="UUID"), Opt("seed", ["seed"], value="N"), NOW, STORE],
    "activity add": [Opt("done", ["done"]), Opt("id", ["id"], value="UUID"), Opt("seed", ["seed"], value="N"),
                     NOW, STORE],
    "activity rename": [NOW, STORE],
    "activity toggle": [NOW, STORE],
    "activity remove": [Opt("yes", ["yes"], ["y"]), STORE],
    "remove": [Opt("yes", ["yes"], ["y"]), STORE],
    "import": [Opt("replace", ["replace"]), STORE],
    "site": [Opt("out", ["out"], ["o"], "DIR"), Opt("check", ["check"], value="DIR"),
             Opt("sort", ["sort"], value="ORDER"), Opt("allow-empty", ["allow-empty"]), STORE],
}
COMMANDS = ["list", "collections", "recent", "show", "search", "add", "activity", "remove", "import", "site"]
ACTIVITY_COMMANDS = ["add", "rename", "toggle", "remove"]
GLOBAL = COMMON + [STORE, Opt("version", ["version"])]


def _set(opts, o, value):
    if o.key in opts and not o.repeat:
        name = "--" + o.longs[0]
        raise usage("%s is given twice" % name)
    opts[o.key] = value if o.value else True


def parse_args(argv):
    """Returns (command, options, positionals)."""
    opts = {}
    pos = []
    cmd = None
    spec = list(GLOBAL)
    i = 0
    only_pos = False
    while i < len(argv):
        a = argv[i]
        i += 1
        if only_pos or a == "-" or not a.startswith("-"):
            if cmd is None:
                if a not in COMMANDS:
                    raise usage("unknown command '%s' (commands: %s)" % (esc(a), ", ".join(COMMANDS + plugin_names())))
                if a == "activity":
                    cmd = "activity"
                    continue
                cmd = a
                spec = COMMON + SPECS[cmd]
            elif cmd == "activity":
                if a not in ACTIVITY_COMMANDS:
                    raise usage("unknown command 'activity %s' (commands: %s)" % (esc(a), ", ".join(ACTIVITY_COMMANDS)))
                cmd = "activity " + a
                spec = COMMON + SPECS[cmd]
            else:
                pos.append(a)
            continue
        if a == "--":
            if cmd is None or cmd == "activity":
                raise usage("missing command")
            only_pos = True
            continue
        if a.startswith("--"):
            name, eq, val = a[2:].partition("=")
            o = next((o for o in spec if name in o.longs), None)
            if o is None:
                raise usage("unknown option '--%s'" % esc(name))
            if o.value:
                if not eq:
                    if i >= len(argv):
                        raise usage("--%s needs a value (%s)" % (name, o.value))
                    val = argv[i]
                    i += 1
                _set(opts, o, val)
            else:
                if eq:
                    raise usage("--%s takes no value" % name)
                _set(opts, o, True)
            if o.key == "help":
                break
            continue
        # short options, maybe clustered
        j = 1
        while j < len(a):
            c = a[j]
            j += 1
            o = next((o for o in spec if c in o.shorts), None)
            if o is None:
                raise usage("unknown option '-%s'" % esc(c))
            if o.value:
                if j < len(a):
                    val = a[j:]
                else:
                    if i >= len(argv):
                        raise usage("-%s needs a value (%s)" % (c, o.value))
                    val = argv[i]
                    i += 1
                _set(opts, o, val)
                break
            _set(opts, o, True)
    return cmd, opts, pos


HELP = """trips - the Wishlist: trips in four seasonal collections, their activities, search, a safe store

USAGE
  trips COMMAND [OPTION...]

COMMANDS
  list         list the trips, collection by collection, each by name
  collections  list the four seasonal collections in display order
  recent       the most recently created trips, newest first
  show         one trip with its activities in a chosen order and its progress
  search       search trip and activity names, as the sample's Search tab
  add          add a trip (no activities yet)
  activity     add, rename, toggle or remove a trip's activities
  remove       remove trips
  import       merge trip records into the wishlist (same id: replace; new id: add)
  site         write the wishlist as a static web site

OPTIONS
      --store FILE  the wishlist store file (default: $SAMPLEPIPES_TRIPS, else
                    $XDG_DATA_HOME/samplepipes/wishlist.jsonl)
  -h, --help        show this help and exit
      --color WHEN  colour on a terminal (auto, the default), always or never
      --version     print the version and exit
"""


TRIP_CSV = ["activities", "activityCount", "collection", "completedCount", "creationDate", "id",
            "isComplete", "name", "photo", "progress", "subtitle", "type"]
COLLECTION_CSV = ["id", "name", "season", "summary", "type"]
SEARCH_CSV = ["activity", "collection", "isComplete", "name", "query", "rank", "section",
              "sectionTitle", "trip", "tripName", "type"]


def fmt_option(opts, csv=None):
    """-f csv (where `csv` names the columns: type and the record's fields, sorted) writes the
    header now and makes emit() write rows; it is then handled as json."""
    global CSV_COLUMNS
    f = opts.get("format", "json")
    low = f.lower()
    if low in ("json", "jsonl", "jsonlines", "ndjson"):
        return "json"
    if low == "csv" and csv is not None:
        CSV_COLUMNS = csv
        OUT.append(CSV_TABLE)  # the header and rows, written by flush_out (rule 10)
        return "json"
    if low == "text":
        return "text"
    raise usage("--format must be text or json, not '%s'" % esc(f))


def now_option(opts):
    if "now" in opts:
        t = parse_now(opts["now"])
        if t is None:
            raise usage("--now takes a date-time (2026-11-29T10:02:13Z), a local day or date-time "
                        "(2026-11-29, 2026-11-29T10:00), @SECONDS, now, today, yesterday or 'N days ago', "
                        "in the years 0000 to 9999; not '%s'" % esc(opts["now"]))
        return t
    return int(time.time())


def collection_option(value):
    v = value.strip().lower() if value else ""
    for cid, cname, _s, _x in COLLECTIONS:
        if v == cid.lower() or v == cname.lower():
            return cid
    import difflib
    cands = COLLECTION_IDS + [c[1] for c in COLLECTIONS]
    close = difflib.get_close_matches(value, cands, n=1, cutoff=0.5)
    hint = (" (did you mean %s?)" % close[0]) if close else ""
    raise usage("unknown collection '%s'%s; the collections are %s" % (esc(value), hint, ", ".join(COLLECTION_IDS)))


def seed_option(opts):
    if "seed" not in opts:
        return None
    s = opts["seed"]
    if not re.match(r"^[0-9]+$", s) or int(s) > 2 ** 64 - 1:
        raise usage("--seed takes a whole number from 0 to 18446744073709551615, not '%s'" % esc(s))
    return int(s)


def id_option(opts):
    if "id" not in opts:
        return None
    s = opts["id"]
    if not _UUID_RE.match(s):
        raise usage("--id takes a UUID (8-4-4-4-12 hex digits), not '%s'" % esc(s))
    return s


class IdSource:
    M = (1 << 64) - 1

    def __init__(self, seed):
        self.seed = seed
        self.state = seed

    def _next(self):
        self.state = (self.state + 0x9E3779B97F4A7C15) & self.M
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & self.M
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & self.M
        return z ^ (z >> 31)

    def draw(self):
        if self.seed is None:
            return str(uuidlib.uuid4())
        b = bytearray(self._next().to_bytes(8, "little") + self._next().to_bytes(8, "little"))
        b[6] = (b[6] & 0x0F) | 0x40
        b[8] = (b[8] & 0x3F) | 0x80
        h = b.hex()
        return "%s-%s-%s-%s-%s" % (h[0:8], h[8:12], h[12:16], h[16:20], h[20:32])

    def fresh(self, used):
        while True:
            i = self.draw()
            if i.lower() not in used:
                return i


# ----------------------------------------------------------------------------- files

def describe_kind(mode):
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISCHR(mode):
        return "a character device"
    if stat.S_ISBLK(mode):
        return "a block device"
    if stat.S_ISFIFO(mode):
        return "a FIFO (named pipe)"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "not a regular file"


def new_file_mode():
    um = os.umask(0)
    os.umask(um)
    if um & 0o020 == 0:
        return 0o666 & ~um
    return 0o600


TEMPS = set()


def _cleanup_temps():
    for p in list(TEMPS):
        try:
            if os.path.isdir(p) and not os.path.islink(p):
                import shutil
                shutil.rmtree(p, ignore_errors=True)
            else:
                os.unlink(p)
        except OSError:
            pass
        TEMPS.discard(p)


STORE_LIMIT = 1 << 30


class BoundedFile:
    """A file read in chunks that refuses (exit 65) to give more than its limit."""

    def __init__(self, fd, limit, label):
        self.f = os.fdopen(fd, "rb")
        self.left = limit
        self.label = label

    def read1(self, n=-1):
        b = self.f.read1(1 << 20 if n is None or n < 0 else n)
        self.left -= len(b)
        if self.left < 0:
            raise Exit(EX_DATA, "%s is larger than 1 GiB, the limit for a store; it was left as it is" % self.label)
        return b

    read = read1

    def __enter__(self):
        return self

    def __exit__(self, *a):
        self.f.close()
        return False


class Store:
    def __init__(self, opts):
        if opts.get("store") is not None:
            self.path, self.named, self.via = opts["store"], True, "--store"
        elif os.environ.get("SAMPLEPIPES_TRIPS"):
            self.path, self.named, self.via = os.environ["SAMPLEPIPES_TRIPS"], True, "$SAMPLEPIPES_TRIPS"
        else:
            base = os.environ.get("XDG_DATA_HOME")
            if not base:
                base = os.path.join(os.environ.get("HOME") or os.path.expanduser("~"), ".local", "share")
            self.path, self.named, self.via = os.path.join(base, "samplepipes", "wishlist.jsonl"), False, None
        if self.path == "":
            raise usage("--store needs a file name")
        self.label = "store '%s'" % esc(self.path)
        self.lockfd = None

    # the file the store's bytes live in
    def target(self):
        try:
            st = os.lstat(self.path)
        except FileNotFoundError:
            return self.path
        except OSError as e:
            raise Exit(EX_IO, "cannot read %s: %s" % (self.label, e.strerror))
        if stat.S_ISLNK(st.st_mode):
            if not self.named:
                raise Exit(EX_FAIL, "'%s' is a symbolic link at the default place; it was left as it is "
                                    "(name it with --store to follow it)" % esc(self.path))
            if not os.path.exists(self.path):
                # A named link is followed, never made to point at a new store (PROTOCOL.md, "The store").
                raise Exit(EX_IO, "cannot follow the link '%s': No such file or directory; nothing was changed"
                           % esc(self.path))
            return os.path.realpath(self.path)
        return self.path

    def check_regular(self):
        t = self.target()
        try:
            st = os.stat(t)
        except FileNotFoundError:
            return t, False
        except OSError as e:
            raise Exit(EX_IO, "cannot read %s: %s" % (self.label, e.strerror))
        if not stat.S_ISREG(st.st_mode):
            raise Exit(EX_FAIL, "'%s' is %s, not a regular file; it was left as it is"
                       % (esc(self.path), describe_kind(st.st_mode)))
        return t, True

    def exists(self):
        return self.check_regular()[1]

    def read(self, must_exist=False):
        t, exists = self.check_regular()
        if not exists:
            if must_exist:
                raise Exit(EX_NOINPUT, "%s does not exist" % self.label)
            self.create()
            t, exists = self.check_regular()
        with self.open_bounded(t) as f:
            return self.parse(f)

    def open_bounded(self, t):
        """The store as input with a bound (PROTOCOL.md version 4, "Bad input, faults and limits"):
        opened without blocking (and without following a link at the default place), a regular
        file only, at most 1 GiB, and never more than that plus one byte read."""
        flags = os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0)
        if not self.named:
            flags |= os.O_NOFOLLOW
        try:
            fd = os.open(t, flags)
        except OSError as e:
            raise Exit(EX_NOINPUT if e.errno in (errno.ENOENT,) else EX_IO,
                       "cannot open %s: %s" % (self.label, e.strerror))
        try:
            st = os.fstat(fd)
        except OSError as e:
            os.close(fd)
            raise Exit(EX_IO, "cannot read %s: %s" % (self.label, e.strerror))
        if not stat.S_ISREG(st.st_mode):
            os.close(fd)
            raise Exit(EX_FAIL, "'%s' is %s, not a regular file; it was left as it is"
                       % (esc(self.path), describe_kind(st.st_mode)))
        if st.st_size > STORE_LIMIT:
            os.close(fd)
            raise Exit(EX_DATA, "%s is larger than 1 GiB, the limit for a store; it was left as it is" % self.label)
        return BoundedFile(fd, STORE_LIMIT, self.label)

    def parse(self, f):
        trips = []
        seen = {}
        for n, rec in iter_lines(f, self.label, require_final_newline=True):
            if rec["type"] != "trip":
                raise Exit(EX_DATA, "%s line %d: a record of type '%s'; the store holds only trip records"
                           % (self.label, n, esc(rec["type"])))
            try:
                check_trip(rec)
            except DataError as e:
                raise Exit(EX_DATA, "%s line %d: %s" % (self.label, n, e.msg))
            k = rec["id"].lower()
            if k in seen and RULES["duplicate_id_refused"]:
                raise Exit(EX_DATA, "%s line %d: the trip id %s is used twice (first on line %d)"
                           % (self.label, n, rec["id"], seen[k]))
            seen[k] = n
            trips.append(rec)
        return trips

    # locking and writing
    def lock(self):
        t = self.target()
        parent = os.path.dirname(t) or "."
        try:
            os.makedirs(parent, mode=0o700, exist_ok=True)
        except OSError as e:
            raise Exit(EX_IO, "cannot create the folder '%s': %s" % (esc(parent), e.strerror))
        lp = t + ".lock"
        try:
            mode = stat.S_IMODE(os.stat(t).st_mode) & 0o666
        except OSError:
            mode = new_file_mode()
        try:
            fd = os.open(lp, os.O_RDWR | os.O_CREAT | os.O_NOFOLLOW | getattr(os, "O_CLOEXEC", 0), mode)
        except OSError as e:
            if e.errno == errno.ELOOP:
                raise Exit(EX_IO, "the lock file '%s' is a symbolic link; refused" % esc(lp))
            raise Exit(EX_IO, "cannot lock %s ('%s'): %s" % (self.label, esc(lp), e.strerror))
        try:
            st = os.fstat(fd)
            if not stat.S_ISREG(st.st_mode):
                os.close(fd)
                raise Exit(EX_IO, "the lock file '%s' is not a regular file" % esc(lp))
            fcntl.flock(fd, fcntl.LOCK_EX)
        except OSError as e:
            os.close(fd)
            raise Exit(EX_IO, "cannot lock %s: %s" % (self.label, e.strerror))
        self.lockfd = fd
        # temporary files of killed writers
        base = "." + os.path.basename(t) + ".tmp-"
        try:
            for name in os.listdir(parent):
                pid = name[len(base):].partition("-")[0] if name.startswith(base) else ""
                if pid.isdigit() and int(pid) > 0 and pid_gone(int(pid)):
                    try:
                        os.unlink(os.path.join(parent, name))
                    except OSError:
                        pass
        except OSError:
            pass
        parent_st = os.stat(parent)
        if parent_st.st_mode & 0o002 and not parent_st.st_mode & stat.S_ISVTX:
            warn("the folder '%s' of %s may be written by anyone (mode o+w without the sticky bit)"
                 % (esc(parent), self.label))

    def unlock(self):
        if self.lockfd is not None:
            try:
                os.close(self.lockfd)
            except OSError:
                pass
            self.lockfd = None

    def write(self, trips):
        t, exists = self.check_regular()
        data = "".join(dumps(tr) + "\n" for tr in trips).encode("utf-8")
        if exists:
            mode = stat.S_IMODE(os.stat(t).st_mode)
        else:
            mode = new_file_mode()
        tmp = os.path.join(os.path.dirname(t), ".%s.tmp-%d-%s" % (os.path.basename(t), os.getpid(),
                                                                   secrets.token_hex(6)))
        try:
            fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW | getattr(os, "O_CLOEXEC", 0),
                         0o600)
        except OSError as e:
            raise Exit(EX_IO, "cannot write %s: %s" % (self.label, e.strerror))
        TEMPS.add(tmp)
        try:
            try:
                view = memoryview(data)
                while view:
                    n = os.write(fd, view)
                    view = view[n:]
                os.fchmod(fd, mode)
                os.fsync(fd)
            finally:
                os.close(fd)
            os.rename(tmp, t)
            TEMPS.discard(tmp)
            try:
                dfd = os.open(os.path.dirname(t) or ".", os.O_RDONLY)
                try:
                    os.fsync(dfd)
                finally:
                    os.close(dfd)
            except OSError:
                pass
        except OSError as e:
            _cleanup_temps()
            raise Exit(EX_IO, "cannot write %s: %s" % (self.label, e.strerror))

    def create(self):
        self.lock()
        try:
            t, exists = self.check_regular()
            if not exists:
                self.write(sample_trips())
        finally:
            self.unlock()

    def change(self, fn, out=None):
        """Read, change (fn returns (new trips or None, result)), write; all under the lock."""
        self.check_regular()
        self.lock()
        try:
            t, exists = self.check_regular()
            if not exists:
                self.write(sample_trips())
            with self.open_bounded(t) as f:
                trips = self.parse(f)
            new, result = fn(trips)
            if out is not None:
                # the records first: when they cannot be written (exit 74) the store is left as it
                # was, so `remove` never loses the trips it would have written
                out(result)
                flush_out(quiet_pipe=True)
            if new is not None:
                self.write(new)
            return result
        finally:
            self.unlock()


# ----------------------------------------------------------------------------- output

OUT = []


CSV_COLUMNS = None


CSV_TABLE = []  # the records -f csv writes, as flush_out writes them (rule 10 flattens them)


def csv_field(text, string=True):
    if string and text[:1] in ("=", "+", "-", "@", "\t", "\r", "'"):
        text = "'" + text
    if any(c in text for c in ',"\n\r'):
        return '"' + text.replace('"', '""') + '"'
    return text


def csv_flat(value, path, out):
    if isinstance(value, dict) and value:
        for k, v in value.items():
            csv_flat(v, path + "." + k, out)
    elif isinstance(value, list) and value:
        for n, v in enumerate(value, 1):
            csv_flat(v, path + "." + str(n), out)
    else:
        out[path] = value


def csv_order(path):
    return [(0, int(p), "") if p.isdigit() else (1, 0, p) for p in path.split(".")]


def csv_text():
    flats = []
    for rec in CSV_TABLE:
        flat = {}
        for k, v in rec.items():
            csv_flat(v, k, flat)
        flats.append(flat)
    paths = {p for f in flats for p in f if p.split(".")[0] in CSV_COLUMNS}
    nested = {p.split(".")[0] for p in paths if "." in p}
    columns = sorted({c for c in CSV_COLUMNS if c not in nested}
                     | {p for p in paths if "." in p or p not in nested}, key=csv_order)
    lines = [",".join(csv_field(c) for c in columns)]
    for flat in flats:
        cells = []
        for c in columns:
            v = flat.get(c)
            cells.append("" if v is None else csv_field(v) if isinstance(v, str) else csv_field(dumps(v), False))
        lines.append(",".join(cells))
    return "".join(l + "\n" for l in lines)


def emit(rec):
    if CSV_COLUMNS is not None:
        CSV_TABLE.append(rec)
        return
    OUT.append(dumps(rec) + "\n")


def emit_text(line):
    OUT.append(line + "\n")


def flush_out(quiet_pipe=False):
    data = "".join(csv_text() if part is CSV_TABLE else part for part in OUT).encode("utf-8")
    OUT.clear()
    try:
        sys.stdout.buffer.write(data)
        sys.stdout.buffer.flush()
    except BrokenPipeError:
        try:
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, sys.stdout.fileno())
        except OSError:
            pass
        if quiet_pipe:
            return
        os._exit(0)
    except OSError as e:
        raise Exit(EX_IO, "cannot write output: %s" % e.strerror)


def width():
    """Rule 9: COLUMNS when a positive number, else the terminal's width, else 80; within 20 to 1,000."""
    try:
        w = int(os.environ.get("COLUMNS", ""))
        if w <= 0:
            raise ValueError
    except ValueError:
        try:
            w = os.get_terminal_size(1).columns
        except OSError:
            w = 80
    return max(20, min(1000, w))


def shorten(s, w):
    if len(s) <= w:
        return s
    return s[:max(0, w - 1)] + "…"


def progress_text(trip):
    n, d = trip["activityCount"], trip["completedCount"]
    if n == 0:
        return "no activities"
    return "%d of %d · %d%%" % (d, n, int(d / n * 100 + 0.5))


# ----------------------------------------------------------------------------- lookups

def find_trip(trips, text):
    if text == "":
        raise usage("a trip's name or id is empty")
    by_id = [t for t in trips if t["id"].lower() == text.lower()]
    if len(by_id) == 1:
        return by_id[0]
    key = fold_name(text)
    by_name = [t for t in trips if fold_name(t["name"]) == key]
    if len(by_name) == 1:
        return by_name[0]
    if len(by_name) > 1:
        lines = ["several trips are named '%s'; name one by its id:" % esc(text)]
        lines += ["  %s  %s" % (t["id"], esc(t["name"])) for t in by_name]
        raise Exit(EX_USAGE, "\n".join(lines))
    raise Exit(EX_FAIL, "no trip is named '%s' (try `trips list` or `trips search`)" % esc(text))


def find_activity(trip, text):
    if text == "":
        raise usage("an activity's name or id is empty")
    acts = trip["activities"]
    by_id = [a for a in acts if a["id"].lower() == text.lower()]
    if len(by_id) == 1:
        return by_id[0]
    key = fold_name(text)
    by_name = [a for a in acts if fold_name(a["name"]) == key]
    if len(by_name) == 1:
        return by_name[0]
    if len(by_name) > 1:
        lines = ["several activities of '%s' are named '%s'; name one by its id:" % (esc(trip["name"]), esc(text))]
        lines += ["  %s  %s" % (a["id"], esc(a["name"])) for a in by_name]
        raise Exit(EX_USAGE, "\n".join(lines))
    raise Exit(EX_FAIL, "the trip '%s' has no activity named '%s' (try `trips show`)"
               % (esc(trip["name"]), esc(text)))


# ----------------------------------------------------------------------------- commands

def no_args(pos, cmd):
    if pos:
        raise usage("'%s' takes no argument ('%s')" % (cmd, esc(pos[0])))


def sort_activities(acts, order):
    indexed = list(enumerate(acts))
    name = lambda a: collation_key(a["name"], ignore_case=True)
    if order == "title":
        indexed.sort(key=lambda p: (name(p[1]), p[0]))
    elif order in ("dateCreated", "dateEdited"):
        indexed.sort(key=lambda p: (-parse_date(p[1][order]), name(p[1]), p[0]))
    elif order == "completed":
        indexed.sort(key=lambda p: (0 if p[1]["isComplete"] else 1, name(p[1]), p[0]))
    return [a for _, a in indexed]


def trip_text(trip):
    mark = " ✓" if trip["isComplete"] else ""
    return "%s  %s  %s%s" % (shorten(esc(trip["name"]), max(10, width() - 40)),
                            COLLECTION_NAMES[trip["collection"]], progress_text(trip), mark)


def cmd_list(opts, pos):
    no_args(pos, "list")
    fmt = fmt_option(opts, TRIP_CSV)
    coll = collection_option(opts["collection"]) if "collection" in opts else None
    trips = Store(opts).read()
    for cid in COLLECTION_IDS:
        if coll and cid != coll:
            continue
        group = [(nfc(t["name"]), i, t) for i, t in enumerate(trips) if t["collection"] == cid]
        group.sort(key=lambda x: (x[0], x[1]))
        if fmt == "text" and group:
            emit_text(COLLECTION_NAMES[cid])
        for _, _, t in group:
            if fmt == "json":
                emit(t)
            else:
                emit_text("  " + trip_text(t))
    return 0


def collection_records():
    out = []
    for cid, cname, season, summary in COLLECTIONS:
        r = {"id": cid, "name": cname, "season": season, "type": "collection"}
        if summary:
            r["summary"] = summary
        out.append(sorted_record(r))
    return out


def cmd_collections(opts, pos):
    no_args(pos, "collections")
    fmt = fmt_option(opts, COLLECTION_CSV)
    for r in collection_records():
        if fmt == "json":
            emit(r)
        else:
            emit_text("%s (%s, %s)%s" % (r["name"], r["id"], r["season"],
                                        (": " + r["summary"]) if "summary" in r else ""))
    return 0


def recent_order(trips):
    indexed = list(enumerate(trips))
    indexed.sort(key=lambda p: (-parse_date(p[1]["creationDate"]), -p[0]))
    return [t for _, t in indexed]


def whole_from_zero(s, name):
    if not re.match(r"^\+?[0-9]+$", s):
        raise usage("%s takes a whole number from 0, not '%s'" % (name, esc(s)))
    return int(s)


def cmd_recent(opts, pos):
    no_args(pos, "recent")
    fmt = fmt_option(opts, TRIP_CSV)
    n = whole_from_zero(opts["count"], "--count") if "count" in opts else 5
    now_option(opts)
    trips = Store(opts).read()
    for t in recent_order(trips)[:n]:
        if fmt == "json":
            emit(t)
        else:
            emit_text(trip_text(t))
            emit_text("  %s, added %s" % (COLLECTION_NAMES[t["collection"]], t["creationDate"]))
    return 0


def cmd_show(opts, pos):
    fmt = fmt_option(opts, TRIP_CSV)
    order = opts.get("sort", "title")
    if order not in ("title", "dateCreated", "dateEdited", "completed"):
        raise usage("--sort must be title, dateCreated, dateEdited or completed, not '%s'" % esc(order))
    if len(pos) != 1:
        raise usage("show takes one TRIP" if not pos else "show takes one TRIP, not %d" % len(pos))
    trips = Store(opts).read()
    trip = find_trip(trips, pos[0])
    trip["activities"] = sort_activities(trip["activities"], order)
    if fmt == "json":
        emit(trip)
    else:
        emit_text(esc(trip["name"]))
        sub = COLLECTION_NAMES[trip["collection"]]
        if trip.get("subtitle"):
            sub += " · " + esc(trip["subtitle"])
        emit_text(sub)
        emit_text("Trip Activities: %s" % progress_text(trip))
        for a in trip["activities"]:
            emit_text("  %s %s" % ("✓" if a["isComplete"] else "○", esc(a["name"])))
    return 0


SECTION_TITLES = {"recent": "Recently Created", "trips": "Trips", "activities": "Activities"}


def cmd_search(opts, pos):
    fmt = fmt_option(opts, SEARCH_CSV)
    query = " ".join(pos)
    trips = Store(opts).read()
    results = []
    if query == "":
        for t in recent_order(trips)[:3]:
            results.append(("recent", t["name"], t, None))
    else:
        th = [(i, t) for i, t in enumerate(trips) if contains_graphemes(t["name"], query)]
        th.sort(key=lambda p: (collation_key(p[1]["name"]), p[0]))
        results += [("trips", t["name"], t, None) for _, t in th]
        ah = []
        k = 0
        for t in trips:
            for a in t["activities"]:
                if contains_graphemes(a["name"], query):
                    ah.append((k, t, a))
                k += 1
        ah.sort(key=lambda p: (collation_key(p[2]["name"]), p[0]))
        results += [("activities", a["name"], t, a) for _, t, a in ah]
    if not results:
        note("no trip or activity name contains '%s'" % esc(query))
        return 1
    ranks = {}
    last = None
    for section, name, t, a in results:
        ranks[section] = ranks.get(section, 0) + 1
        r = {"collection": t["collection"], "isComplete": (a if a is not None else t)["isComplete"],
             "name": name, "query": query, "rank": ranks[section], "section": section,
             "sectionTitle": SECTION_TITLES[section], "trip": t["id"], "tripName": t["name"],
             "type": "search-result"}
        if a is not None:
            r["activity"] = a["id"]
        if fmt == "json":
            emit(sorted_record(r))
        else:
            if section != last:
                emit_text(SECTION_TITLES[section])
                last = section
            other = esc(t["name"]) if a is not None else COLLECTION_NAMES[t["collection"]]
            emit_text("  %s %s  %s" % ("✓" if r["isComplete"] else "○", esc(name), other))
    return 0


def cmd_add(opts, pos):
    if len(pos) > 1:
        raise usage("add takes one NAME (quote a name with spaces)")
    name = pos[0] if pos else None
    if "name" in opts:
        if name is not None and name != opts["name"]:
            raise usage("NAME '%s' and --name '%s' differ" % (esc(name), esc(opts["name"])))
        name = opts["name"]
    if name is None:
        raise usage("the new trip needs a NAME (or --name)")
    if name == "":
        raise usage("a trip's name cannot be empty")
    coll = collection_option(opts["collection"]) if "collection" in opts else "winterRetreats"
    given = id_option(opts)
    src = IdSource(seed_option(opts))
    now = now_option(opts)

    def change(trips):
        used = {t["id"].lower() for t in trips}
        if given is not None:
            if given.lower() in used:
                raise Exit(EX_FAIL, "the id %s is already used by a trip; nothing changed" % given)
            tid = given
        else:
            tid = src.fresh(used)
        key = fold_name(name)
        if any(fold_name(t["name"]) == key for t in trips):
            warn("another trip is already named '%s'; name them by id to tell them apart" % esc(name))
        rec = {"activities": [], "collection": coll, "creationDate": format_date(now), "id": tid,
               "name": name, "type": "trip"}
        if "photo" in opts:
            rec["photo"] = opts["photo"]
        if opts.get("subtitle"):
            rec["subtitle"] = opts["subtitle"]
        rec = sorted_record(derive(rec))
        return trips + [rec], rec

    Store(opts).change(change, emit)
    return 0


def _distinct(items, what):
    seen = set()
    for x in items:
        if id(x) in seen:
            raise usage("the same %s is named twice" % what)
        seen.add(id(x))


def cmd_activity(sub, opts, pos):
    store = Store(opts)
    if sub == "add":
        if len(pos) < 2:
            raise usage("activity add takes a TRIP and at least one NAME")
        names = pos[1:]
        if any(n == "" for n in names):
            raise usage("an activity's name cannot be empty")
        given = id_option(opts)
        if given is not None and len(names) > 1:
            raise usage("--id gives one activity its id; it goes with one NAME only")
        src = IdSource(seed_option(opts))
        now = format_date(now_option(opts))
        if pos[0] == "":
            raise usage("a trip's name or id is empty")

        def change(trips):
            trip = find_trip(trips, pos[0])
            used = {a["id"].lower() for t in trips for a in t["activities"]}
            for n in names:
                if given is not None:
                    if given.lower() in used:
                        raise Exit(EX_FAIL, "the id %s is already used by an activity; nothing changed" % given)
                    aid = given
                else:
                    aid = src.fresh(used)
                used.add(aid.lower())
                trip["activities"].append({"dateCreated": now, "dateEdited": now, "id": aid,
                                           "isComplete": bool(opts.get("done")), "name": n})
            derive(trip)
            return trips, trip
    elif sub == "rename":
        if len(pos) != 3:
            raise usage("activity rename takes TRIP ACTIVITY NEW-NAME")
        if pos[2] == "":
            raise usage("the new name cannot be empty")
        if pos[0] == "":
            raise usage("a trip's name or id is empty")
        if pos[1] == "":
            raise usage("an activity's name or id is empty")
        now = format_date(now_option(opts))

        def change(trips):
            trip = find_trip(trips, pos[0])
            a = find_activity(trip, pos[1])
            a["name"] = pos[2]
            a["dateEdited"] = now
            derive(trip)
            return trips, trip
    elif sub == "toggle":
        if len(pos) < 2:
            raise usage("activity toggle takes a TRIP and at least one ACTIVITY")
        if any(p == "" for p in pos):
            raise usage("an empty name or id")
        now = format_date(now_option(opts))

        def change(trips):
            trip = find_trip(trips, pos[0])
            acts = [find_activity(trip, p) for p in pos[1:]]
            _distinct(acts, "activity")
            for a in acts:
                a["isComplete"] = not a["isComplete"]
                a["dateEdited"] = now
            derive(trip)
            return trips, trip
    else:  # remove
        if len(pos) < 2:
            raise usage("activity remove takes a TRIP and at least one ACTIVITY")
        if any(p == "" for p in pos):
            raise usage("an empty name or id")
        # The names are looked up before --yes is checked (PROTOCOL.md, "remove TRIP...").
        first = find_trip(store.read(), pos[0])
        _distinct([find_activity(first, p) for p in pos[1:]], "activity")
        ask = need_confirmation(opts)

        def change(trips):
            trip = find_trip(trips, pos[0])
            acts = [find_activity(trip, p) for p in pos[1:]]
            _distinct(acts, "activity")
            if ask:
                names = ", ".join("'%s'" % esc(a["name"]) for a in acts)
                confirm("Delete the activit%s %s of '%s'? [y/N] " % ("y" if len(acts) == 1 else "ies", names,
                                                                     esc(trip["name"])))
            ids = {id(a) for a in acts}
            trip["activities"] = [a for a in trip["activities"] if id(a) not in ids]
            derive(trip)
            return trips, trip
    store.change(change, emit)
    return 0


def pid_gone(pid):
    """Whether no process has this id (PROTOCOL.md, "Private files": .NAME.tmp-PID-RANDOM)."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    except OSError:
        return False
    return False


def need_confirmation(opts):
    if opts.get("yes"):
        return False
    if sys.stdin.isatty():
        return True
    if not RULES["remove_needs_yes"]:
        return False
    raise usage("stdin is not a terminal, so nothing can be asked: give --yes to remove without asking")


def confirm(question):
    try:
        sys.stderr.write("%s: %s" % (TOOL, question))
        sys.stderr.flush()
        answer = sys.stdin.readline()
    except OSError:
        answer = ""
    if answer.strip().lower() not in ("y", "yes"):
        raise Exit(EX_FAIL, "not confirmed; nothing was removed")


def cmd_remove(opts, pos):
    if not pos:
        raise usage("remove takes at least one TRIP")
    if any(p == "" for p in pos):
        raise usage("a trip's name or id is empty")
    # The names are looked up before --yes is checked (PROTOCOL.md, "remove TRIP...").
    listed = Store(opts).read()
    _distinct([find_trip(listed, p) for p in pos], "trip")
    ask = need_confirmation(opts)

    def change(trips):
        found = [find_trip(trips, p) for p in pos]
        _distinct(found, "trip")
        if ask:
            confirm("Remove the trip%s %s? [y/N] " % ("" if len(found) == 1 else "s",
                                                     ", ".join("'%s'" % esc(t["name"]) for t in found)))
        ids = {id(t) for t in found}
        return [t for t in trips if id(t) not in ids], found

    Store(opts).change(change, lambda removed: [emit(t) for t in removed])
    return 0


def open_inputs(files):
    """Open every FILE first (exit 66 on any that cannot be opened)."""
    handles = []
    for f in files:
        if f == "-":
            handles.append(("stdin", sys.stdin.buffer))
            continue
        try:
            st = os.stat(f)
            if stat.S_ISDIR(st.st_mode):
                raise Exit(EX_NOINPUT, "cannot open '%s': it is a folder" % esc(f))
            h = open(f, "rb")
        except Exit:
            raise
        except OSError as e:
            raise Exit(EX_NOINPUT, "cannot open '%s': %s" % (esc(f), e.strerror))
        handles.append(("'%s'" % esc(f), h))
    if not files:
        handles.append(("stdin", sys.stdin.buffer))
    return handles


def cmd_import(opts, pos):
    store = Store(opts)
    handles = open_inputs(pos)
    read = []
    seen = {}
    others = 0
    for label, h in handles:
        try:
            for n, rec in iter_lines(h, label):
                if rec["type"] != "trip":
                    others += 1
                    continue
                try:
                    check_trip(rec)
                except DataError as e:
                    raise Exit(EX_DATA, "%s line %d: %s; nothing was imported" % (label, n, e.msg))
                k = rec["id"].lower()
                if k in seen and RULES["duplicate_id_refused"]:
                    raise Exit(EX_DATA, "%s line %d: the trip id %s was read twice (first at %s); nothing was "
                                        "imported" % (label, n, rec["id"], seen[k]))
                seen[k] = "%s line %d" % (label, n)
                read.append(rec)
        except OSError as e:
            raise Exit(EX_IO, "cannot read %s: %s" % (label, e.strerror))
    if others:
        note("ignored %d record%s of other types" % (others, "" if others == 1 else "s"))
    if not read:
        if opts.get("replace"):
            raise Exit(EX_FAIL, "no trips were read; --replace would empty the wishlist, so nothing changed")
        store.read()  # a missing store is created all the same (PROTOCOL.md, "The store")
        note("imported: 0 added, 0 replaced")
        return 0
    counts = {"added": 0, "replaced": 0}

    def change(trips):
        if opts.get("replace"):
            counts["added"] = len(read)
            return list(read), None
        trips = list(trips)
        index = {t["id"].lower(): i for i, t in enumerate(trips)}
        for rec in read:
            k = rec["id"].lower()
            if k in index:
                trips[index[k]] = rec
                counts["replaced"] += 1
            else:
                index[k] = len(trips)
                trips.append(rec)
                counts["added"] += 1
        return trips, None

    store.change(change)
    if opts.get("replace"):
        note("imported: the wishlist is now the %d trip%s read" % (len(read), "" if len(read) == 1 else "s"))
    else:
        note("imported: %d added, %d replaced" % (counts["added"], counts["replaced"]))
    return 0


# ----------------------------------------------------------------------------- site

SITE_MARK = ".trips-site"


def cmd_site(opts, pos):
    import site_writer
    return site_writer.run(opts, pos)


# ----------------------------------------------------------------------------- main

# The signal that ended the run, if one did: the process then ends by it (PROTOCOL.md, "Signals").
_SIGNALLED = [None]


def _on_signal(signum, frame):
    _SIGNALLED[0] = signum
    raise Exit({signal.SIGTERM: 143, signal.SIGHUP: 129}.get(signum, 128 + signum), None)


def _die_by_signal():
    signum = _SIGNALLED[0]
    if signum is None:
        return
    signal.signal(signum, signal.SIG_DFL)
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signum})
    os.kill(os.getpid(), signum)


def main(argv):
    # A parent's signal mask is inherited: unblock what must end us (PROTOCOL.md, "Signals").
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT, signal.SIGTERM, signal.SIGHUP})
    for sig in (signal.SIGTERM, signal.SIGHUP):
        try:
            if signal.getsignal(sig) != signal.SIG_IGN:
                signal.signal(sig, _on_signal)
        except (OSError, ValueError):
            pass
    status = 0
    try:
        try:
            status = run(argv)
            flush_out()
        except KeyboardInterrupt:
            _cleanup_temps()
            _SIGNALLED[0] = signal.SIGINT
            status = 130
        except Exit as e:
            _cleanup_temps()
            if e.status == EX_USAGE and e.message and not e.message.startswith("several"):
                say("error", e.message)
                if e.message:
                    say("", "see 'trips --help'")
                if FROM_CONFIG:
                    say("", "note: settings came from the config file '%s' (%s)" % (
                        esc(config_path()), ", ".join("%s, line %d" % kn for kn in FROM_CONFIG)))
            elif e.message:
                say(e.kind, e.message)
            if OUT and e.status not in (EX_DATA,):
                pass
            OUT.clear()
            status = e.status
    except KeyboardInterrupt:
        _cleanup_temps()
        _SIGNALLED[0] = signal.SIGINT
        status = 130
    except Exit as e:
        _cleanup_temps()
        status = e.status
    try:
        sys.stdout.flush()
    except Exception:
        pass
    _die_by_signal()
    sys.exit(status)


# ----------------------------------------------------------------------------- plugins and `help`
# PROTOCOL.md version 4, "Plugins" and "Command lines" (`help`).

PLUGIN_RE = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.-]*\Z")


def find_plugin(name):
    if not PLUGIN_RE.match(name) or name in COMMANDS or name == "help":
        return None
    for d in os.environ.get("PATH", "").split(":"):
        p = os.path.join(d or ".", "trips-" + name)
        try:
            st = os.stat(p)
        except OSError:
            continue
        if stat.S_ISREG(st.st_mode) and os.access(p, os.X_OK):
            return p
    return None


def plugin_names():
    names = set()
    for d in os.environ.get("PATH", "").split(":"):
        try:
            entries = os.listdir(d or ".")
        except OSError:
            continue
        names.update(n[6:] for n in entries if n.startswith("trips-") and find_plugin(n[6:]))
    return sorted(names)


def config_path():
    c = os.environ.get("SAMPLEPIPES_CONFIG")
    if c:
        return c
    x = os.environ.get("XDG_CONFIG_HOME")
    if x and os.path.isabs(x):
        return os.path.join(x, "samplepipes", "config")
    return os.path.join(os.environ.get("HOME") or os.path.expanduser("~"), ".config", "samplepipes", "config")




# ----------------------------------------------------------------------------- the config file (version 4)
# PROTOCOL.md, "Command lines", The config file: settings for the options a command line leaves
# out, in git's form; the line beats the environment, which beats the file.

CONFIG_LIMIT = 64 * 1024
CONFIG_TRUE = ("true", "yes", "on", "1")
CONFIG_FALSE = ("false", "no", "off", "0")
_CONFIG = []
_SECTION_RE = re.compile(r"\[\s*([A-Za-z0-9_.-]+(?:\s+[A-Za-z0-9_.-]+)*)\s*\]\s*(?:[#;].*)?\Z")
_KEY_RE = re.compile(r"([A-Za-z0-9][A-Za-z0-9_.-]*)\s*(?:(=)(.*))?\Z")


def _config_value(text, fail):
    text = text.lstrip(" \t")
    out, quoted, i, kept = [], False, 0, 0
    while i < len(text):
        c = text[i]
        if quoted:
            if c == '"':
                quoted = False
            elif c == "\\":
                i += 1
                if i >= len(text) or text[i] not in '"\\nt':
                    fail("a bad escape in a quoted value (\\\", \\\\, \\n and \\t are the escapes)")
                out.append({"n": "\n", "t": "\t"}.get(text[i], text[i]))
            else:
                out.append(c)
            kept = len(out)
        elif c == '"':
            quoted = True
        elif c in "#;":
            break
        else:
            out.append(c)
            if not c.isspace():
                kept = len(out)
        i += 1
    if quoted:
        fail("a quoted value has no closing quote")
    return "".join(out[:kept])


def load_config():
    """[(section words, key, value or None, line number)] of the user's config file."""
    if _CONFIG:
        return _CONFIG[0]
    path = config_path()
    entries = []
    _CONFIG.append(entries)
    if path == "/dev/null":
        return entries

    def fail(line, why):
        raise ConfigError("config '%s'%s: %s" % (path, " (line %d)" % line if line else "", why))
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | os.O_CLOEXEC)
    except FileNotFoundError:
        return entries
    except OSError as e:
        if e.errno == errno.ENOTDIR:
            return entries
        fail(0, "cannot be read: %s" % e.strerror)
    with os.fdopen(fd, "rb") as f:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode):
            fail(0, "it is not a regular file")
        data = f.read(CONFIG_LIMIT + 1)
    if len(data) > CONFIG_LIMIT:
        fail(0, "it is larger than 64 KiB")
    section = ()
    for n, raw in enumerate(data.split(b"\n"), 1):
        try:
            line = raw.decode("utf-8").strip(" \t\r")
        except UnicodeDecodeError:
            fail(n, "the line is not UTF-8")
        if not line or line[0] in "#;":
            continue
        if line.startswith("["):
            m = _SECTION_RE.match(line)
            if not m:
                fail(n, "a section is [TOOL] or [TOOL COMMAND...]")
            section = tuple(m.group(1).split())
            continue
        m = _KEY_RE.match(line)
        if not m:
            fail(n, "a line is a comment, a [section], or a setting 'key = value'")
        value = None
        if m.group(2):
            value = _config_value(m.group(3), lambda why: fail(n, why))
        entries.append((section, m.group(1).lower(), value, n))
    return entries


def config_settings(words):
    """{key: (value, line)} for the command `words` (the tool first): the most specific section
    holding a key gives it, the last line there."""
    found = {}
    for section, key, value, n in load_config():
        if section and tuple(words[:len(section)]) != section:
            continue
        rank = len(section)
        if key not in found or found[key][2] <= rank:
            found[key] = (value, n, rank)
    return {k: (v, n) for k, (v, n, _r) in found.items()}


def config_flag(key, value, n):
    if value is None or value.lower() in CONFIG_TRUE:
        return True
    if value.lower() in CONFIG_FALSE:
        return False
    raise Exit(EX_USAGE, "config '%s' (line %d): '%s' is a flag: true, yes, on, 1, false, no, off or 0, not '%s'"
               % (config_path(), n, key, value))

class ConfigError(Exit):
    def __init__(self, message):
        super().__init__(EX_DATA, message)


FROM_CONFIG = []  # (key, line) of the settings the config file gave


def apply_config(cmd, opts):
    """The config file's settings for the options the line leaves out: the line beats the
    environment ($SAMPLEPIPES_TRIPS), which beats the file; never --yes."""
    spec = COMMON + (SPECS[cmd] if cmd in SPECS else GLOBAL)
    for key, (value, n) in sorted(config_settings(["trips"] + (cmd.split() if cmd else [])).items()):
        o = next((o for o in spec if key in o.longs), None)
        if o is None or o.key in ("help", "version", "yes"):
            continue  # a key that names no option of the command is passed over, as git does
        if o.key in opts:
            continue
        if o.key == "store" and os.environ.get("SAMPLEPIPES_TRIPS"):
            continue
        if o.value:
            if value is None:
                raise usage("config '%s' (line %d): '%s' needs a value" % (config_path(), n, key))
            if value.startswith("~/"):
                value = os.path.join(os.environ.get("HOME") or os.path.expanduser("~"), value[2:])
            opts[o.key] = value
        elif config_flag(key, value, n):
            opts[o.key] = True
        else:
            continue
        FROM_CONFIG.append((key, n))
    given = [k for k, _ in FROM_CONFIG]
    if cmd == "site" and "out" in opts and "check" in opts:  # the rules between options: the line wins
        opts.pop("out" if "out" in given else "check")
    if cmd == "site" and "check" in opts and "check" not in given:
        for k in ("sort", "allow-empty", "store"):
            if k in given:
                opts.pop(k, None)


def run_plugin(path, name, args, color, no_pager):
    env = dict(os.environ)
    o = {}
    apply_config(None, o)
    store = Store({"store": o["store"]} if "store" in o else {}).path
    env.update({"SAMPLEPIPES_TOOL": "trips", "SAMPLEPIPES_VERSION": "0.1.0", "SAMPLEPIPES_PROTOCOL": "4",
                "SAMPLEPIPES_CONFIG": config_path(), "SAMPLEPIPES_TRIPS": store,
                "TZ": os.environ.get("TZ") or TRUCK_ZONE, "COLUMNS": str(width())})
    if color == "never":
        env["NO_COLOR"] = "1"
        env.pop("FORCE_COLOR", None)
        env.pop("CLICOLOR_FORCE", None)
    elif color == "always":
        env["FORCE_COLOR"] = "1"
        env["CLICOLOR_FORCE"] = "1"
        env.pop("NO_COLOR", None)
    if no_pager:
        env["SAMPLEPIPES_PAGER"] = "cat"
    flush_out()
    sys.stderr.flush()
    for sig in ("SIGXFSZ", "SIGPIPE"):
        try:
            signal.signal(getattr(signal, sig), signal.SIG_DFL)
        except (AttributeError, ValueError, OSError):
            pass
    try:
        os.execve(path, ["trips-" + name] + list(args), env)
    except OSError as e:
        raise Exit(EX_FAIL, "cannot run the plugin '%s' (%s): %s" % (esc(name), esc(path), e.strerror))


def plugin_or_help(argv):
    """`trips help [COMMAND...]` and `trips NAME ARGS...` for a plugin trips-NAME on PATH; None
    when argv is neither."""
    lead, others, k = {}, [], 0
    while k < len(argv) and argv[k].startswith("-") and argv[k] != "-":
        a = argv[k]
        if a == "--":
            k += 1
            break
        if a == "--color" and k + 1 < len(argv):
            lead["color"] = argv[k + 1]
            k += 2
            continue
        if a.startswith("--color="):
            lead["color"] = a.split("=", 1)[1]
        elif a == "--no-pager":
            lead["no-pager"] = True
        elif a in ("--help", "-h"):
            lead["help"] = True
        else:
            others.append(a)
        k += 1
    if k >= len(argv):
        return None
    word = argv[k]
    if word in COMMANDS or not (word == "help" or find_plugin(word)):
        return None
    if lead.get("color", "auto") not in ("auto", "always", "never"):
        raise usage("--color takes auto, always or never, not '%s'" % esc(lead["color"]))
    if others:
        raise usage("%s does not apply to %s" % (esc(others[0].split("=")[0]),
                    "'help'" if word == "help" else "the plugin '%s'" % esc(word)))
    if word == "help":
        words = argv[k + 1:]
        if not words:
            return run(["--help"])
        if words[0] == "activity" and len(words) <= 2 and (len(words) == 1 or words[1] in ACTIVITY_COMMANDS):
            return run(words + ["--help"])
        if words[0] in COMMANDS and words[0] != "activity" and len(words) == 1:
            return run(words + ["--help"])
        if len(words) == 1 and find_plugin(words[0]):
            run_plugin(find_plugin(words[0]), words[0], ["--help"], None, False)
        raise usage("unknown command '%s' (commands: %s)" % (esc(" ".join(words)), ", ".join(COMMANDS + plugin_names())))
    args = ["--help"] if lead.get("help") else argv[k + 1:]
    run_plugin(find_plugin(word), word, args, lead.get("color"), lead.get("no-pager"))


def run(argv):
    done = plugin_or_help(argv)
    if done is not None:
        return done
    cmd, opts, pos = parse_args(argv)
    if not opts.get("help") and cmd not in (None, "activity"):
        apply_config(cmd, opts)
    if cmd == "collections" and "store" in opts:
        raise usage("--store does not apply to 'trips collections'")
    if opts.get("help"):
        emit_text(HELP.rstrip("\n"))
        return 0
    if opts.get("version") and cmd is None:
        emit_text(VERSION_LINE)
        return 0
    if "color" in opts and opts["color"] not in ("auto", "always", "never"):
        raise usage("--color takes auto, always or never, not '%s'" % esc(opts["color"]))
    if cmd is None or cmd == "activity":
        raise usage("missing command (%s)" % (", ".join(COMMANDS) if cmd is None else ", ".join(ACTIVITY_COMMANDS)))
    if opts.get("version"):
        raise usage("--version is an option of the tool, not of a command")
    if cmd.startswith("activity "):
        return cmd_activity(cmd.split(" ", 1)[1], opts, pos)
    return {"list": cmd_list, "collections": cmd_collections, "recent": cmd_recent, "show": cmd_show,
            "search": cmd_search, "add": cmd_add, "remove": cmd_remove, "import": cmd_import,
            "site": cmd_site}[cmd](opts, pos)
