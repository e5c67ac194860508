"""story-io replacement, written from PROTOCOL.md and docs/cli/story-io.md alone.

Standard library only (Python 3.9+).
"""
import ctypes
import errno
import fcntl
import hashlib
import json
import os
import re
import secrets
import shutil
import signal
import stat
import subprocess
import sys
import tempfile
import unicodedata
from datetime import datetime, timezone, timedelta

TOOL = "story-io"
VERSION = "story-io (SamplePipes) 0.1.0, protocol version 4"
MAX_DOC = 10 * 1024 * 1024
MAX_LINE = 64 * 1024 * 1024
MAX_DEPTH = 512

EX_OK, EX_FAIL, EX_USAGE, EX_DATA, EX_NOINPUT, EX_IO = 0, 1, 64, 65, 66, 74

# Hooks a mutant may override.
HOOKS = {}


class Exit(Exception):
    def __init__(self, status, message=None):
        super().__init__(message)
        self.status = status
        self.message = message


class Signalled(Exception):
    def __init__(self, signum):
        super().__init__(signum)
        self.signum = signum


def err(msg):
    sys.stderr.write("%s: error: %s\n" % (TOOL, msg))
    sys.stderr.flush()


def warn(msg):
    sys.stderr.write("%s: warning: %s\n" % (TOOL, msg))
    sys.stderr.flush()


def note(msg):
    sys.stderr.write("%s: %s\n" % (TOOL, msg))
    sys.stderr.flush()


def show(s):
    """A path or title made safe for a terminal (control characters escaped)."""
    out = []
    for ch in s:
        cat = unicodedata.category(ch)
        if cat in ("Cc", "Cf", "Zl", "Zp") or 0xD800 <= ord(ch) <= 0xDFFF:
            out.append("\\u{%x}" % ord(ch))
        else:
            out.append(ch)
    return "".join(out)


def fsdecode(p):
    return os.fsdecode(p)


# ---------------------------------------------------------------- output

CSV_COLUMNS = {
    "list": ["bytes", "lines", "modified", "path", "sha256", "text", "title", "type", "words"],
    "versions": ["bytes", "current", "document", "kind", "lines", "modified", "number", "path",
                 "sha256", "text", "title", "type", "undo", "words"],
}
CSV = None  # the columns when -f csv: type and the record's fields, sorted


def csv_field(text, string=True):
    """One cell (rule 10): a string's cell starting with = + - @ tab CR or ' gets one ' before it
    (formula cells); a cell holding a comma, a quote, LF or CR is quoted (RFC 4180)."""
    if string and text[:1] in ("=", "+", "-", "@", "\t", "\r", "'"):
        text = "'" + text
    if any(c in text for c in ',"\n\r'):
        return '"' + text.replace('"', '""') + '"'
    return text


def emit(rec):
    if CSV is not None:
        cells = []
        for c in CSV:
            v = rec.get(c)
            if v is None:
                cells.append("")
            elif isinstance(v, str):
                cells.append(csv_field(v))
            else:
                cells.append(csv_field(json.dumps(v, ensure_ascii=False, separators=(",", ":"), sort_keys=True), False))
        sys.stdout.buffer.write((",".join(cells) + "\n").encode("utf-8", "surrogateescape"))
        sys.stdout.buffer.flush()
        return
    data = json.dumps(rec, ensure_ascii=False, separators=(",", ":"), sort_keys=True)
    out = data.encode("utf-8", "surrogateescape") + b"\n"
    sys.stdout.buffer.write(out)
    sys.stdout.buffer.flush()


def emit_raw(line):
    sys.stdout.buffer.write(line + b"\n")
    sys.stdout.buffer.flush()


# ---------------------------------------------------------------- text stats

WHITE_SPACE = set(
    [chr(c) for c in range(0x09, 0x0E)]
    + [" ", "\u0085", "\u00a0", "\u1680"]
    + [chr(c) for c in range(0x2000, 0x200B)]
    + ["\u2028", "\u2029", "\u202f", "\u205f", "\u3000"]
)


def is_cjk(o):
    return (
        0x4E00 <= o <= 0x9FFF
        or 0x3400 <= o <= 0x4DBF
        or 0x20000 <= o <= 0x3FFFF
        or 0xF900 <= o <= 0xFAFF
        or 0x3040 <= o <= 0x309F
        or 0x30A0 <= o <= 0x30FF
    )


def count_words(text):
    words = 0
    in_run = False
    has_alnum = False
    for ch in text:
        if ch in WHITE_SPACE:
            if in_run and has_alnum:
                words += 1
            in_run = False
            has_alnum = False
            continue
        if is_cjk(ord(ch)):
            if in_run and has_alnum:
                words += 1
            in_run = False
            has_alnum = False
            words += 1
            continue
        in_run = True
        if not has_alnum and unicodedata.category(ch)[0] in ("L", "N"):
            has_alnum = True
    if in_run and has_alnum:
        words += 1
    return words


def count_lines(data):
    n = data.count(b"\n")
    if data and not data.endswith(b"\n"):
        n += 1
    return n


def story_record(title, path, data, text=None, with_text=False, modified=None):
    if text is None:
        text = data.decode("utf-8")
    rec = {
        "type": "story",
        "title": title,
        "path": path,
        "bytes": len(data),
        "words": count_words(text),
        "lines": count_lines(data),
        "sha256": hashlib.sha256(data).hexdigest(),
    }
    if with_text:
        rec["text"] = text
    if modified is not None:
        rec["modified"] = modified
    return rec


def iso(ts):
    try:
        return datetime.fromtimestamp(int(ts), timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")
    except (OverflowError, ValueError, OSError):
        return "1970-01-01T00:00:00Z"


# ---------------------------------------------------------------- titles

def title_of(path):
    base = os.path.basename(path.rstrip("/")) or path
    if base.endswith(".story") and base != ".story":
        return base[: -len(".story")], True
    if base == ".story":
        return base, True
    return base, False


def unsafe_title(t):
    """None when t is a safe title, else what is wrong with it."""
    if not isinstance(t, str):
        return "the title is not a string"
    if t == "":
        return "the title is empty"
    if t in (".", ".."):
        return "the title '%s' is not a file name" % t
    if "/" in t:
        return "the title '%s' holds a '/'; a title is a file name, never a path" % show(t)
    for ch in t:
        if unicodedata.category(ch) == "Cc":
            return "the title '%s' holds a control character" % show(t)
        if 0xD800 <= ord(ch) <= 0xDFFF:
            return "the title is not valid UTF-8"
    if len(os.fsencode(t + ".story")) > 255 or len(t.encode("utf-8", "surrogateescape")) > 200:
        return "the title is longer than 200 bytes"
    return None


# ---------------------------------------------------------------- files

def umask():
    m = os.umask(0)
    os.umask(m)
    return m


def private_mode():
    m = umask()
    if m & 0o020 == 0:
        return 0o666 & ~m
    return 0o600


def kind_of(st):
    m = st.st_mode
    if stat.S_ISDIR(m):
        return "a folder"
    if stat.S_ISFIFO(m):
        return "a FIFO (named pipe)"
    if stat.S_ISSOCK(m):
        return "a socket"
    if stat.S_ISCHR(m):
        return "a character device"
    if stat.S_ISBLK(m):
        return "a block device"
    if stat.S_ISLNK(m):
        return "a symbolic link"
    return "not a regular file"


def refuse_not_regular(path, st):
    raise Exit(EX_FAIL, "'%s' is %s, not a regular file; it was left as it is" % (show(path), kind_of(st)))


def fsync_dir(d):
    try:
        fd = os.open(d or ".", os.O_RDONLY | os.O_DIRECTORY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


TEMPS = set()


def tmp_name(dirn, base):
    return os.path.join(dirn, ".%s.tmp-%d-%s" % (base, os.getpid(), secrets.token_hex(6)))


def write_temp(dirn, base, data, mode, times_ns=None):
    """A synced temporary file beside the target; returns its path."""
    for _ in range(100):
        p = tmp_name(dirn, base)
        try:
            fd = os.open(p, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW | os.O_CLOEXEC, 0o600)
            break
        except FileExistsError:
            continue
    else:
        raise OSError(errno.EEXIST, "no free temporary name")
    TEMPS.add(p)
    try:
        view = memoryview(data)
        while view:
            n = os.write(fd, view)
            view = view[n:]
        os.fchmod(fd, mode)
        os.fsync(fd)
    except BaseException:
        os.close(fd)
        remove_temp(p)
        raise
    os.close(fd)
    if times_ns is not None:
        try:
            os.utime(p, ns=times_ns)
        except OSError:
            pass
    return p


STALE_RE = re.compile(r"\A\..+\.tmp-([0-9]+)-[^/]*\Z")


def pid_gone(pid):
    """Whether no process has this id (PROTOCOL.md, "Private files": .NAME.tmp-PID-RANDOM)."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    except OSError:
        return False
    return False


def remove_stale_temps(d):
    """Temporary files of killed writers (ours, by their names) are removed by the next writer,
    which holds the folder lock, so no live writer owns them."""
    try:
        names = os.listdir(d)
    except OSError:
        return
    for n in names:
        m = STALE_RE.match(n)
        if m and int(m.group(1)) > 0 and pid_gone(int(m.group(1))):
            p = os.path.join(d, n)
            try:
                if stat.S_ISREG(os.lstat(p).st_mode):
                    os.unlink(p)
            except OSError:
                pass


def remove_temp(p):
    try:
        os.unlink(p)
    except OSError:
        pass
    TEMPS.discard(p)


def cleanup_temps():
    for p in list(TEMPS):
        remove_temp(p)


class FolderLock:
    def __init__(self, d):
        self.d = d or "."
        self.fd = None

    def __enter__(self):
        try:
            self.fd = os.open(self.d, os.O_RDONLY | os.O_DIRECTORY | os.O_CLOEXEC)
        except OSError as e:
            raise Exit(EX_IO, "cannot lock the folder '%s': %s" % (show(self.d), e.strerror))
        fcntl.flock(self.fd, fcntl.LOCK_EX)
        try:
            st = os.fstat(self.fd)
            if st.st_mode & 0o002 and not st.st_mode & stat.S_ISVTX:
                warn("the folder '%s' may be written by others (mode o+w without the sticky bit)" % show(self.d))
        except OSError:
            pass
        remove_stale_temps(self.d)
        try:
            finish_journal(self.d, locked=True)
        except BaseException:
            self.__exit__()
            raise
        return self

    def __exit__(self, *a):
        if self.fd is not None:
            try:
                fcntl.flock(self.fd, fcntl.LOCK_UN)
            except OSError:
                pass
            os.close(self.fd)
        return False


# ---------------------------------------------------------------- the rename journal
# PROTOCOL.md, "A rename is one step" (version 4): rename writes a journal before it moves
# anything; every command that reads or writes a document or a folder finishes one it finds
# there, under the folder's lock, after checking it whole (exit 65, nothing changed, when it is
# not a story-rename record naming two documents of that folder).

JOURNAL = ".story-io-rename.json"
MAX_JOURNAL = 64 * 1024
FINISHED = set()  # folders whose journal was looked for in this run


class JournalError(Exit):
    pass


def journal_path(d):
    return JOURNAL if d in ("", ".") else os.path.join(d, JOURNAL)


def journal_fail(d, why):
    raise JournalError(EX_DATA, "the rename journal '%s' cannot be finished: %s; nothing was changed "
                       "(remove that file if no story-io rename runs in '%s')" % (show(journal_path(d)), why, show(d or ".")))


def read_journal(d):
    """The checked journal of folder d as (backups, from, to), or None when there is none."""
    jp = journal_path(d)
    try:
        fd = os.open(jp, os.O_RDONLY | os.O_NONBLOCK | os.O_NOFOLLOW | os.O_CLOEXEC)
    except FileNotFoundError:
        return None
    except OSError as e:
        if e.errno == errno.ELOOP:
            journal_fail(d, "'%s' is a symbolic link" % show(JOURNAL))
        if e.errno == errno.ENOTDIR:
            return None
        journal_fail(d, "it cannot be read (%s)" % e.strerror)
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode):
            journal_fail(d, "'%s' is %s, not a regular file" % (show(JOURNAL), kind_of(st)))
        if st.st_size > MAX_JOURNAL:
            journal_fail(d, "'%s' is larger than 64 KiB, the limit for a rename journal" % show(JOURNAL))
        chunks, total = [], 0
        while total <= MAX_JOURNAL:
            b = os.read(fd, MAX_JOURNAL + 1 - total)
            if not b:
                break
            chunks.append(b)
            total += len(b)
        if total > MAX_JOURNAL:
            journal_fail(d, "'%s' is larger than 64 KiB, the limit for a rename journal" % show(JOURNAL))
    except OSError as e:
        journal_fail(d, "it cannot be read (%s)" % e.strerror)
    finally:
        os.close(fd)
    data = b"".join(chunks)
    lines = data.split(b"\n")
    if lines and lines[-1] == b"":
        lines.pop()
    lines = [l[:-1] if l.endswith(b"\r") else l for l in lines]
    if len(lines) != 1:
        journal_fail(d, "it is not one story-rename record (it holds %d lines)" % len(lines))
    try:
        rec = parse_line(lines[0])
    except BadLine as e:
        journal_fail(d, "it is not a story-rename record (%s)" % e)
    if rec["type"] != "story-rename":
        journal_fail(d, "it is a '%s' record, not a story-rename one" % show(rec["type"]))
    backups = rec.get("backups")
    if not isinstance(backups, bool):
        journal_fail(d, "\"backups\" is not a boolean")
    names = {}
    for key in ("from", "to"):
        v = rec.get(key)
        if not isinstance(v, str) or isinstance(v, Num):
            journal_fail(d, "\"%s\" is not a string" % key)
        if "\0" in v:
            journal_fail(d, "\"%s\" holds a NUL character" % key)
        if "/" in v:
            journal_fail(d, "\"%s\" ('%s') is not a file name in the journal's folder" % (key, show(v)))
        if not v.endswith(".story") or v in (".story",):
            if v.endswith("~") and (v[:-1].endswith(".story") or re.search(r"\.story\.~[1-9][0-9]*~\Z", v)):
                journal_fail(d, "\"%s\" ('%s') is not a document name (NAME.story); it is a backup's, and "
                             "backups move only with their document" % (key, show(v)))
            journal_fail(d, "\"%s\" ('%s') is not a document name (NAME.story)" % (key, show(v)))
        names[key] = v
    src, dst = names["from"], names["to"]
    bad = unsafe_title(dst[: -len(".story")])
    if bad:
        journal_fail(d, "\"to\" ('%s') is not a name rename gives: %s" % (show(dst), bad))
    if src == dst:
        journal_fail(d, "\"from\" and \"to\" are the same name ('%s')" % show(src))
    return backups, src, dst


def journal_moves(d, backups, src, dst):
    """The moves of a journal, as (old path, new path), the document first."""
    j = lambda n: os.path.join(d, n) if d not in ("", ".") else n
    moves = [(j(src), j(dst))]
    if backups:
        moves.append((j(src + "~"), j(dst + "~")))
        for n, p, reg in sorted(numbered_backups(j(src)), key=lambda t: t[0]):
            moves.append((p, "%s.~%d~" % (j(dst), n)))
    return moves


def killed_move(d, a, b, sa, sb):
    """Whether a and b (one file) are what a move cut between its link and its unlink leaves."""
    try:
        listed = set(os.listdir(d or "."))
    except OSError:
        return False
    return sa.st_nlink >= 2 and os.path.basename(a) in listed and os.path.basename(b) in listed


def check_moves(d, moves):
    for a, b in moves:
        try:
            sa, sb = os.lstat(a), os.lstat(b)
        except OSError:
            continue
        if (sa.st_dev, sa.st_ino) == (sb.st_dev, sb.st_ino) and not killed_move(d, a, b, sa, sb):
            journal_fail(d, "'%s' and '%s' are one file under one name" % (show(os.path.basename(a)), show(os.path.basename(b))))


def move_no_replace(a, b):
    """Move a to b, never replacing a file at b (FileExistsError then)."""
    try:
        renameat2(a, b, 1)  # RENAME_NOREPLACE
        return
    except OSError as e:
        if e.errno not in (errno.EINVAL, errno.ENOSYS, errno.EOPNOTSUPP):
            raise
    os.link(a, b, follow_symlinks=False)
    os.unlink(a)


def finish_journal(d, locked=False):
    """Finish the rename journal of folder d, if it holds one (PROTOCOL.md, "A rename is one step")."""
    d = d or "."
    key = os.path.abspath(d)
    if key in FINISHED and not locked:
        return
    if not os.path.lexists(journal_path(d)):
        FINISHED.add(key)
        return
    if not locked:
        with FolderLock(d):  # its __enter__ finishes the journal under the lock
            pass
        return
    found = read_journal(d)
    FINISHED.add(key)
    if found is None:
        return
    backups, src, dst = found
    moves = journal_moves(d, backups, src, dst)
    check_moves(d, moves)
    for a, b in moves:
        try:
            sa = os.lstat(a)
        except FileNotFoundError:
            continue
        except OSError as e:
            raise io_error("finish the rename of", a, e)
        try:
            sb = os.lstat(b)
        except FileNotFoundError:
            sb = None
        except OSError as e:
            raise io_error("finish the rename of", a, e)
        try:
            if sb is None:
                move_no_replace(a, b)
            elif (sa.st_dev, sa.st_ino) == (sb.st_dev, sb.st_ino):
                os.unlink(a)
            else:
                warn("'%s' is taken by another file; '%s' was left under its name (rename journal '%s')"
                     % (show(b), show(a), show(journal_path(d))))
        except FileExistsError:
            warn("'%s' is taken by another file; '%s' was left under its name (rename journal '%s')"
                 % (show(b), show(a), show(journal_path(d))))
        except OSError as e:
            raise io_error("finish the rename of", a, e)
    try:
        os.unlink(journal_path(d))
    except FileNotFoundError:
        pass
    except OSError as e:
        raise io_error("remove the rename journal", journal_path(d), e)
    fsync_dir(d)


def finish_journal_of(path):
    """Finish the journal of the folder holding path (and of the folder a link points into)."""
    finish_journal(os.path.dirname(path))
    if os.path.islink(path):
        finish_journal(os.path.dirname(resolve(path)))


def renameat2(a, b, flags):
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        f = libc.renameat2
    except (OSError, AttributeError):
        raise OSError(errno.ENOSYS, "renameat2 is not available")
    f.argtypes = [ctypes.c_int, ctypes.c_char_p, ctypes.c_int, ctypes.c_char_p, ctypes.c_uint]
    AT_FDCWD = -100
    r = f(AT_FDCWD, os.fsencode(a), AT_FDCWD, os.fsencode(b), flags)
    if r != 0:
        e = ctypes.get_errno()
        if e == errno.EEXIST:
            raise FileExistsError(e, os.strerror(e))
        raise OSError(e, os.strerror(e))


def resolve(path):
    """The path of the file itself (a link is followed)."""
    if os.path.islink(path):
        r = os.path.realpath(path)
        if not os.path.isabs(path):
            try:
                rel = os.path.relpath(r)
                if not rel.startswith(".."):
                    return rel
            except ValueError:
                pass
        return r
    return path


def read_bytes(path, limit=MAX_DOC):
    """Read a document's bytes. Raises Exit 66 (cannot open) or 65 (not a story)."""
    try:
        st = os.stat(path)
    except FileNotFoundError:
        raise Exit(EX_NOINPUT, "cannot open '%s': No such file or directory%s" % (show(path), suggest(path)))
    except OSError as e:
        raise Exit(EX_NOINPUT, "cannot open '%s': %s" % (show(path), e.strerror))
    if not stat.S_ISREG(st.st_mode):
        raise Exit(EX_DATA, corrupt_msg(path))
    try:
        fd = os.open(path, os.O_RDONLY | os.O_CLOEXEC | os.O_NONBLOCK)
    except OSError as e:
        raise Exit(EX_NOINPUT, "cannot open '%s': %s" % (show(path), e.strerror))
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode):
            raise Exit(EX_DATA, corrupt_msg(path))
        if st.st_size > limit:
            raise Exit(EX_DATA, corrupt_msg(path) + " (it is over 10 MiB)")
        chunks = []
        total = 0
        while True:
            b = os.read(fd, 1 << 20)
            if not b:
                break
            chunks.append(b)
            total += len(b)
            if total > limit:
                raise Exit(EX_DATA, corrupt_msg(path) + " (it is over 10 MiB)")
    except OSError as e:
        raise Exit(EX_IO, "cannot read '%s': %s" % (show(path), e.strerror))
    finally:
        os.close(fd)
    return b"".join(chunks), st


def suggest(path):
    """A hint naming the closest document in the folder (presentation)."""
    import difflib
    d, base = os.path.split(path)
    try:
        names = [n for n in os.listdir(d or ".") if n.endswith(".story") and not n.startswith(".")]
    except OSError:
        return ""
    if base + ".story" in names:
        return "; did you mean '%s'?" % show(os.path.join(d, base + ".story"))
    close = difflib.get_close_matches(base, names, n=1, cutoff=0.75)
    if close:
        return "; did you mean '%s'?" % show(os.path.join(d, close[0]))
    return ""


def corrupt_msg(path):
    return "The file \u201c%s\u201d couldn\u2019t be opened because it isn\u2019t in the correct format." % show(
        os.path.basename(path.rstrip("/")) or path)


def decode(path, data):
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        raise Exit(EX_DATA, corrupt_msg(path))


WARNED = set()


def warn_plain(path):
    if path in WARNED:
        return
    WARNED.add(path)
    warn("'%s' is not a .story document; it is read as plain UTF-8 text" % show(path))


def read_doc(path, warn_other=True):
    title, is_story = title_of(path)
    data, st = read_bytes(path)
    if not is_story and warn_other:
        warn_plain(path)
    text = decode(path, data)
    return title, data, text, st


# ---------------------------------------------------------------- backups

CONTROLS = [
    ("none", "none"), ("off", "none"),
    ("simple", "simple"), ("never", "simple"),
    ("numbered", "numbered"), ("t", "numbered"),
    ("existing", "existing"), ("nil", "existing"),
]


def parse_control(value, where):
    for w, m in CONTROLS:
        if w == value:
            return m
    meanings = set(m for w, m in CONTROLS if w.startswith(value))
    if len(meanings) == 1:
        return meanings.pop()
    if meanings:
        raise Exit(EX_USAGE, "ambiguous argument '%s' for %s (valid: none, off, simple, never, numbered, t, existing, nil)" % (show(value), where))
    raise Exit(EX_USAGE, "invalid argument '%s' for %s (valid: none, off, simple, never, numbered, t, existing, nil)" % (show(value), where))


def backup_control(opt):
    if opt is not None and opt != "":
        return parse_control(opt, "'--backup'")
    env = os.environ.get("VERSION_CONTROL")
    if env:
        return parse_control(env, "'$VERSION_CONTROL'")
    return "existing"


NUM_RE = re.compile(r"\.~([1-9][0-9]*)~\Z")


def numbered_backups(doc):
    """[(N, path, is_regular)] of every FILE.~N~ beside doc."""
    dirn, base = os.path.split(doc)
    out = []
    try:
        names = os.listdir(dirn or ".")
    except OSError:
        return out
    for name in names:
        if not name.startswith(base):
            continue
        m = NUM_RE.match(name[len(base):])
        if not m or name[len(base):] != m.group(0):
            continue
        p = os.path.join(dirn, name)
        try:
            reg = stat.S_ISREG(os.lstat(p).st_mode)
        except OSError:
            continue
        out.append((int(m.group(1)), p, reg))
    out.sort(key=lambda t: -t[0])
    return out


def simple_backup(doc):
    return doc + "~"


def backup_order(doc, control):
    """Regular backups, in the order undo tries them: [(kind, N, path)]."""
    nums = numbered_backups(doc)
    numbered = [("numbered", n, p) for n, p, reg in nums if reg]
    simple = []
    sp = simple_backup(doc)
    try:
        if stat.S_ISREG(os.lstat(sp).st_mode):
            simple = [("simple", None, sp)]
    except OSError:
        pass
    if control == "simple" or (control == "existing" and not nums):
        return simple + numbered
    return numbered + simple


def make_backup(doc, data, st, control, force_numbered=False):
    """Keep data (the text of doc, with stat st) as a backup; returns its path or None."""
    if control == "none" and not force_numbered:
        return None
    dirn, base = os.path.split(doc)
    nums = numbered_backups(doc)
    numbered = force_numbered or control == "numbered" or (control == "existing" and nums)
    mode = private_mode() & (st.st_mode & 0o777 if st is not None else 0o777)
    times = (st.st_atime_ns, st.st_mtime_ns) if st is not None else None
    if not numbered:
        target = simple_backup(doc)
        try:
            lst = os.lstat(target)
            if not stat.S_ISREG(lst.st_mode):
                refuse_not_regular(target, lst)
        except FileNotFoundError:
            pass
        tmp = write_temp(dirn, base + "~", data, mode, times)
        try:
            os.rename(tmp, target)
        except BaseException:
            remove_temp(tmp)
            raise
        TEMPS.discard(tmp)
        fsync_dir(dirn)
        return target
    n = (nums[0][0] if nums else 0) + 1
    tmp = write_temp(dirn, base + ".~N~", data, mode, times)
    try:
        while True:
            target = "%s.~%d~" % (doc, n)
            try:
                os.link(tmp, target)
                break
            except FileExistsError:
                n += 1
    finally:
        remove_temp(tmp)
    fsync_dir(dirn)
    return target


def check_backup_target(doc, control):
    """Refuse (exit 1) before anything is written when the simple backup place is not a regular file."""
    if control == "none":
        return
    nums = numbered_backups(doc)
    if control == "numbered" or (control == "existing" and nums):
        return
    target = simple_backup(doc)
    try:
        lst = os.lstat(target)
    except OSError:
        return
    if not stat.S_ISREG(lst.st_mode):
        refuse_not_regular(target, lst)


def save(doc, data, mode, old=None, control="none"):
    """Replace (or create) doc with data atomically; old = (bytes, stat) of the text it replaces."""
    dirn, base = os.path.split(doc)
    tmp = write_temp(dirn, base, data, mode)
    try:
        if old is not None and old[0] != data:
            make_backup(doc, old[0], old[1], control)
        os.rename(tmp, doc)
        TEMPS.discard(tmp)
    except BaseException:
        remove_temp(tmp)
        raise
    fsync_dir(dirn)


# ---------------------------------------------------------------- record reader

class Num(str):
    """A JSON number kept as written."""


class BadLine(Exception):
    pass


def _no_dups(pairs):
    seen = set()
    for k, _ in pairs:
        if k in seen:
            raise BadLine("duplicate key '%s'" % show(k))
        seen.add(k)
    return dict(pairs)


def _bad_constant(name):
    raise BadLine("'%s' is not a JSON value" % name)


STRING_RE = re.compile(r'"(?:[^"\\]|\\.)*"', re.S)
BRACKET_RE = re.compile(r"[\[\]{}]")


def _depth(s):
    stripped = STRING_RE.sub("", s)
    depth = 0
    for m in BRACKET_RE.finditer(stripped):
        c = m.group(0)
        if c in "[{":
            depth += 1
            if depth > MAX_DEPTH:
                return depth
        else:
            depth -= 1
    return 0


def _check_surrogates(v):
    if isinstance(v, str) and not isinstance(v, Num):
        for ch in v:
            if 0xD800 <= ord(ch) <= 0xDFFF:
                raise BadLine("a lone surrogate escape names no character")
    elif isinstance(v, dict):
        for k, x in v.items():
            _check_surrogates(k)
            _check_surrogates(x)
    elif isinstance(v, list):
        for x in v:
            _check_surrogates(x)


PRETTY_RE = re.compile(r'^\s*([\[\]{}],?|"(?:[^"\\]|\\.)*"\s*:.*)\s*$')


def parse_line(raw):
    if raw.startswith(b"\xef\xbb\xbf"):
        raise BadLine("a byte order mark is not allowed")
    try:
        s = raw.decode("utf-8")
    except UnicodeDecodeError as e:
        raise BadLine("invalid UTF-8 at column %d" % (e.start + 1))
    if s.strip(" \t\r\n") == "":
        raise BadLine("a line holding only white space is not a record")
    if _depth(s) > MAX_DEPTH:
        raise BadLine("nesting deeper than %d levels" % MAX_DEPTH)
    try:
        v = json.loads(s, object_pairs_hook=_no_dups, parse_constant=_bad_constant,
                       parse_int=Num, parse_float=Num)
    except BadLine:
        raise
    except RecursionError:
        raise BadLine("nesting too deep")
    except ValueError as e:
        if PRETTY_RE.match(s) and not s.lstrip().startswith("{\""):
            raise BadLine("this looks like pretty-printed JSON; the protocol wants one object per line (try `jq -c`)")
        col = getattr(e, "colno", None)
        msg = getattr(e, "msg", str(e))
        raise BadLine("column %d: %s" % (col, msg) if col else msg)
    _check_surrogates(v)
    if not isinstance(v, dict):
        raise BadLine("a record is a JSON object")
    t = v.get("type")
    if t is None:
        raise BadLine("the record has no \"type\"")
    if not isinstance(t, str) or isinstance(t, Num):
        raise BadLine("\"type\" is not a string")
    return v


def iter_lines(f):
    """Each line of a binary file without its ending (None for a line over the limit)."""
    while True:
        line = f.readline(MAX_LINE + 2)
        if not line:
            return
        if line.endswith(b"\n"):
            line = line[:-1]
            if line.endswith(b"\r"):
                line = line[:-1]
            yield None if len(line) > MAX_LINE else line
            continue
        if len(line) < MAX_LINE + 2:
            # the last line, without \n: a final \r is JSON white space and stays
            yield None if len(line) > MAX_LINE else line
            continue
        # too long: skip the rest of it
        while True:
            rest = f.readline(1 << 20)
            if not rest or rest.endswith(b"\n"):
                break
        yield None


# ---------------------------------------------------------------- option parsing

COMMON = {"--help": ("help", False), "-h": ("help", False), "--color": ("color", True),
          "--no-pager": ("no-pager", False)}

SPECS = {
    None: ({"--now": ("now", True), "--version": ("version", False), "--format": ("format", True),
            "-f": ("format", True)}, 0, 0),
    "list": ({"--format": ("format", True), "-f": ("format", True), "--text": ("text", False),
              "--now": ("now", True)}, 0, 1),
    "new": ({"--dir": ("dir", True), "--force": ("force", False), "--backup": ("backup", True)}, 0, 1),
    "read": ({"--recursive": ("recursive", False), "-r": ("recursive", False)}, 1, None),
    "write": ({"--dir": ("dir", True), "--force": ("force", False), "--backup": ("backup", True)}, 0, None),
    "rename": ({}, 2, 2),
    "focus": ({"--width": ("width", True), "--margin": ("margin", True)}, 1, 1),
    "edit": ({"--backup": ("backup", True)}, 1, 1),
    "undo": ({"--backup": ("backup", True), "--to": ("to", True)}, 1, 1),
    "versions": ({"--format": ("format", True), "-f": ("format", True), "--backup": ("backup", True),
                  "--text": ("text", False), "--now": ("now", True)}, 1, 1),
    "mime": ({"--install": ("install", False), "--uninstall": ("uninstall", False)}, 0, 0),
}


def parse_args(cmd, argv):
    spec = dict(COMMON)
    spec.update(SPECS[cmd][0])
    opts = {}
    pos = []
    i = 0
    only_pos = False

    def setopt(name, value):
        if name in opts:
            raise Exit(EX_USAGE, "an option is given twice: --%s" % name)
        opts[name] = value

    while i < len(argv):
        a = argv[i]
        i += 1
        if only_pos or a == "-" or not a.startswith("-"):
            pos.append(a)
            continue
        if a == "--":
            only_pos = True
            continue
        if a.startswith("--"):
            name, eq, val = a.partition("=")
            if name not in spec:
                raise Exit(EX_USAGE, "unknown option '%s'" % show(name))
            key, takes = spec[name]
            if takes:
                if not eq:
                    if i >= len(argv):
                        raise Exit(EX_USAGE, "missing value for '%s'" % name)
                    val = argv[i]
                    i += 1
                setopt(key, val)
            else:
                if eq:
                    raise Exit(EX_USAGE, "'%s' takes no value" % name)
                setopt(key, True)
            continue
        # short options, maybe clustered
        j = 1
        while j < len(a):
            name = "-" + a[j]
            j += 1
            if name not in spec:
                raise Exit(EX_USAGE, "unknown option '%s'" % show(name))
            key, takes = spec[name]
            if takes:
                if j < len(a):
                    val = a[j:]
                else:
                    if i >= len(argv):
                        raise Exit(EX_USAGE, "missing value for '%s'" % name)
                    val = argv[i]
                    i += 1
                setopt(key, val)
                break
            setopt(key, True)
    if "help" in opts:
        return opts, pos
    apply_config(cmd, spec, opts, pos)
    lo, hi = SPECS[cmd][1], SPECS[cmd][2]
    if len(pos) < lo:
        raise Exit(EX_USAGE, "missing argument (see '%s %s --help')" % (TOOL, cmd or ""))
    if hi is not None and len(pos) > hi:
        raise Exit(EX_USAGE, "unexpected argument '%s'" % show(pos[hi]))
    if "color" in opts and opts["color"] not in ("auto", "always", "never"):
        raise Exit(EX_USAGE, "invalid value '%s' for '--color' (auto, always, never)" % show(opts["color"]))
    if "format" in opts and cmd is None:
        # the launch screen (version 4): text, or its scene as a picture (presentation)
        if opts["format"].lower() not in ("text", "svg"):
            raise Exit(EX_USAGE, "invalid value '%s' for '--format' (text, svg)" % show(opts["format"]))
        opts["format"] = opts["format"].lower()
    elif "format" in opts:
        f = opts["format"].lower()
        if f in ("json", "jsonl", "jsonlines", "ndjson"):
            opts["format"] = "json"
        elif f == "text":
            opts["format"] = "text"
        elif f == "csv" and cmd in CSV_COLUMNS:
            global CSV
            opts["format"] = "json"
            CSV = CSV_COLUMNS[cmd]
            sys.stdout.buffer.write((",".join(CSV) + "\n").encode())
        else:
            raise Exit(EX_USAGE, "invalid value '%s' for '--format' (text, json, csv)" % show(opts["format"]))
    if "now" in opts:
        opts["now"] = parse_now(opts["now"])
    return opts, pos


FROM_CONFIG = []  # (key, line) of the settings the config file gave


def apply_config(cmd, spec, opts, pos):
    """The config file's settings for the options the line leaves out (the line beats the
    environment, which beats the file; a setting that would break a rule with the line is dropped)."""
    longs = {name[2:]: v for name, v in spec.items() if name.startswith("--")}
    for key, (value, n) in sorted(config_settings([TOOL] + ([cmd] if cmd else [])).items()):
        if key not in longs or key in ("help", "version", "yes"):
            continue  # a key that names no option of the command is passed over, as git does
        name, takes = longs[key]
        if name in opts:
            continue
        if name == "backup" and os.environ.get("VERSION_CONTROL"):
            continue
        if takes:
            if value is None:
                raise Exit(EX_USAGE, "config '%s' (line %d): '%s' needs a value" % (config_path(), n, key))
            if value.startswith("~/"):
                value = os.path.join(os.environ.get("HOME") or os.path.expanduser("~"), value[2:])
            opts[name] = value
        elif config_flag(key, value, n):
            opts[name] = True
        else:
            continue
        FROM_CONFIG.append((key, n))
    # the rules between options: the line wins
    if cmd == "mime" and opts.get("install") and opts.get("uninstall"):
        given = [k for k, _ in FROM_CONFIG]
        opts.pop("install" if "install" in given else "uninstall" if "uninstall" in given else "", None)
    if cmd == "new" and opts.get("force") and not pos and any(k == "force" for k, _ in FROM_CONFIG):
        opts.pop("force")


DT_RE = re.compile(r"^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,9}))?(Z|[+-]\d{2}:\d{2})$", re.A)
DAY_RE = re.compile(r"^(\d{4})-(\d{2})-(\d{2})$", re.A)
SEC_RE = re.compile(r"^@([+-]?\d+)$", re.A)

MIN_TS = -62167219200  # 0000-01-01T00:00:00Z
MAX_TS = 253402300799  # 9999-12-31T23:59:59Z


def days_from_civil(y, m, d):
    y -= m <= 2
    era = (y if y >= 0 else y - 399) // 400
    yoe = y - era * 400
    doy = (153 * (m + (-3 if m > 2 else 9)) + 2) // 5 + d - 1
    doe = yoe * 365 + yoe // 4 - yoe // 100 + doy
    return era * 146097 + doe - 719468


def valid_day(y, mo, d):
    if not 1 <= mo <= 12:
        return False
    leap = y % 4 == 0 and (y % 100 != 0 or y % 400 == 0)
    dim = [31, 29 if leap else 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][mo - 1]
    return 1 <= d <= dim


def parse_now(s):
    m = DT_RE.match(s)
    if m:
        y, mo, d, h, mi, se = (int(m.group(k)) for k in range(1, 7))
        if not valid_day(y, mo, d) or h > 23 or mi > 59 or se > 59:
            raise Exit(EX_USAGE, "invalid date '%s' for '--now'" % show(s))
        ts = days_from_civil(y, mo, d) * 86400 + h * 3600 + mi * 60 + se
        z = m.group(8)
        if z != "Z":
            oh, om = int(z[1:3]), int(z[4:6])
            if oh > 23 or om > 59:
                raise Exit(EX_USAGE, "invalid date '%s' for '--now'" % show(s))
            off = (oh * 3600 + om * 60) * (1 if z[0] == "+" else -1)
            ts -= off
    else:
        m = SEC_RE.match(s)
        if m:
            ts = int(m.group(1))
        else:
            ts = parse_people_time(s)
    if ts < MIN_TS or ts > MAX_TS:
        raise Exit(EX_USAGE, "the date '%s' is outside the years 0000 to 9999" % show(s))
    return ts


# Times for people (PROTOCOL.md version 4): a date or a date-time with no zone is a wall-clock
# time in the zone of TZ (else the truck's home: story-io has no city); now, today, yesterday and
# N minutes|hours|days ago count back from the real clock.

LOCAL_RE = re.compile(r"([0-9]{4})-([0-9]{2})-([0-9]{2})(?:[T ]([0-9]{2}):([0-9]{2})(?::([0-9]{2}))?)?\Z", re.A)
AGO_RE = re.compile(r"([0-9]{1,5}) (minute|hour|day)s? ago\Z", re.A)
TRUCK_ZONE = "America/Los_Angeles"
ZONE = []


def parse_people_time(s):
    import time
    bad = Exit(EX_USAGE, "invalid date '%s' for '--now' (a date-time, a local date or date-time, @SECONDS, "
               "now, today, yesterday or 'N days ago')" % show(s))
    m = LOCAL_RE.match(s)
    if m:
        y, mo, d = int(m.group(1)), int(m.group(2)), int(m.group(3))
        if not valid_day(y, mo, d):
            raise bad
        day = days_from_civil(y, mo, d)
        if not days_from_civil(0, 1, 2) <= day <= days_from_civil(9999, 12, 30):
            raise Exit(EX_USAGE, "the date '%s' is outside 0000-01-02 to 9999-12-30" % show(s))
        h, mi, se = (int(g) if g else 0 for g in m.group(4, 5, 6))
        if h > 23 or mi > 59 or se > 59:
            raise bad
        return local_moment(day * 86400 + h * 3600 + mi * 60 + se, people_zone())
    clock = int(time.time())
    words = s.lower()
    if words in ("now", "today"):
        return clock
    m = AGO_RE.match(words)
    if words != "yesterday" and not m:
        raise bad
    if m and m.group(2) != "day":
        return clock - int(m.group(1)) * (60 if m.group(2) == "minute" else 3600)
    days = int(m.group(1)) if m else 1
    if days == 0:
        return clock
    zone = people_zone()
    return local_moment(clock + zone_offset(zone, clock) - days * 86400, zone)


def zone_offset(zone, t):
    stamp = min(max(t, -62135596800 + 86400), 253402300799 - 86400)  # instants datetime holds in any zone
    return int(datetime.fromtimestamp(stamp, timezone.utc).astimezone(zone).utcoffset().total_seconds())


def local_moment(local, zone):
    """A repeated wall-clock time is its first moment; a skipped one is read with the offset in
    force before the change (fold=0)."""
    try:
        naive = datetime(1970, 1, 1) + timedelta(seconds=local)
        return int(naive.replace(tzinfo=zone).timestamp())
    except (OverflowError, ValueError):  # year 0000, which datetime cannot hold
        return local - zone_offset(zone, local)


def people_zone():
    if ZONE:
        return ZONE[0]
    name = os.environ.get("TZ", "") or TRUCK_ZONE
    key = name[1:] if name.startswith(":") else name
    zone = None
    if key in ("UTC", "GMT", "Etc/UTC", "Etc/GMT", "UTC0", "GMT0"):
        zone = timezone.utc
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
            if m:  # a POSIX rule without daylight saving time (<+0530>-5:30, EST5)
                off = int(m.group(3)) * 3600 + int(m.group(4) or 0) * 60
                zone = timezone(timedelta(seconds=off if m.group(2) == "-" else -off))
    if zone is None:
        warn("the time zone '%s' names no zone; UTC is used" % show(name))
        zone = timezone.utc
    ZONE.append(zone)
    return zone


def whole(opts, key, lo, hi):
    v = opts.get(key)
    if v is None:
        return None
    if not re.fullmatch(r"-?[0-9]+", v, re.A):
        raise Exit(EX_USAGE, "invalid value '%s' for '--%s' (a whole number from %d to %d)" % (show(v), key, lo, hi))
    n = int(v)
    if not lo <= n <= hi:
        raise Exit(EX_USAGE, "invalid value '%s' for '--%s' (a whole number from %d to %d)" % (show(v), key, lo, hi))
    return n


# ---------------------------------------------------------------- commands

def cmd_read(opts, files):
    status = 0

    def fail(e):
        nonlocal status
        err(e.message)
        if status == 0:
            status = e.status

    def read_one(path):
        try:
            finish_journal_of(path)
            title, data, text, st = read_doc(path)
        except JournalError:
            raise
        except Exit as e:
            fail(e)
            return
        emit(story_record(title, path, data, text, with_text=True))

    def read_folder(d, recursive):
        finish_journal(d)
        try:
            names = sorted(os.listdir(d), key=lambda n: os.fsencode(n))
        except OSError as e:
            fail(Exit(EX_NOINPUT, "cannot open '%s': %s" % (show(d), e.strerror)))
            return
        subs = []
        for n in names:
            if n.startswith("."):
                continue
            p = os.path.join(d, n)
            isdir = os.path.isdir(p)
            if n.endswith(".story"):
                read_one(p)  # a folder named *.story is a corrupt document here too
            elif isdir and recursive:
                subs.append(p)
        for s in subs:
            read_folder(s, recursive)

    for f in files:
        if os.path.isdir(f) and not title_of(f)[1]:
            read_folder(f, opts.get("recursive", False))
        else:
            read_one(f)
    return status


def list_docs(d):
    try:
        st = os.stat(d)
    except OSError as e:
        raise Exit(EX_NOINPUT, "cannot open the folder '%s': %s" % (show(d), e.strerror))
    if not stat.S_ISDIR(st.st_mode):
        raise Exit(EX_NOINPUT, "'%s' is not a folder" % show(d))
    finish_journal(d)
    try:
        names = os.listdir(d)
    except OSError as e:
        raise Exit(EX_NOINPUT, "cannot open the folder '%s': %s" % (show(d), e.strerror))
    out = []
    for n in names:
        if n.startswith(".") or not n.endswith(".story"):
            continue
        p = n if d == "." and not DIR_GIVEN[0] else os.path.join(d, n)
        try:
            lst = os.stat(p)
        except OSError:
            continue
        out.append((lst.st_mtime_ns, p, lst))  # a folder named *.story: corrupt (65)
    out.sort(key=lambda t: (-t[0], os.fsencode(t[1])))
    return out


DIR_GIVEN = [False]


def cmd_list(opts, pos):
    d = pos[0] if pos else "."
    DIR_GIVEN[0] = bool(pos)
    docs = list_docs(d)
    status = 0
    rows = []
    for mt, p, st in docs:
        try:
            title, data, text, st2 = read_doc(p)
        except Exit as e:
            err(e.message)
            if status == 0:
                status = e.status
            continue
        rec = story_record(title, p, data, text, with_text=opts.get("text", False), modified=iso(st2.st_mtime_ns // 10**9))
        if opts.get("format") == "text":
            rows.append(rec)
        else:
            emit(rec)
    if opts.get("format") == "text":
        print_table(rows, opts.get("now"))
    return status


def ago(ts, now):
    d = now - ts
    if d < 60:
        return "just now"
    if d < 3600:
        return "%d min ago" % (d // 60)
    if d < 86400:
        return "%d h ago" % (d // 3600)
    return "%d days ago" % (d // 86400)


def print_table(rows, now):
    import time
    if now is None:
        now = int(time.time())
    for r in rows:
        ts = int(datetime.strptime(r["modified"], "%Y-%m-%dT%H:%M:%SZ").replace(tzinfo=timezone.utc).timestamp())
        sys.stdout.write("%-40s %8d words  %s\n" % (show(r["title"])[:40], r["words"], ago(ts, now)))
    sys.stdout.flush()


def prepare_dir(d):
    try:
        os.makedirs(d, exist_ok=True)
    except OSError as e:
        raise Exit(EX_IO, "cannot create the folder '%s': %s" % (show(d), e.strerror))
    if not os.path.isdir(d):
        raise Exit(EX_IO, "'%s' is not a folder" % show(d))


def io_error(what, path, e):
    return Exit(EX_IO, "cannot %s '%s': %s" % (what, show(path), e.strerror or e))


def cmd_new(opts, pos):
    force = opts.get("force", False)
    d = opts.get("dir")
    title = pos[0] if pos else None
    if force and title is None:
        raise Exit(EX_USAGE, "--force needs a TITLE")
    if title is not None:
        if title.endswith(".story") and title != ".story":
            title = title[:-6]
        bad = unsafe_title(title)
        if bad:
            raise Exit(EX_USAGE, bad)
    control = backup_control(opts.get("backup"))
    base_dir = d if d is not None else "."
    if d is not None:
        prepare_dir(d)

    def pathof(name):
        return os.path.join(d, name) if d is not None else name

    mode = private_mode()
    with FolderLock(base_dir):
        if title is None:
            n = 1
            while True:
                t = "Untitled" if n == 1 else "Untitled %d" % n
                p = pathof(t + ".story")
                try:
                    fd = os.open(p, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW | os.O_CLOEXEC, mode)
                except FileExistsError:
                    n += 1
                    continue
                except OSError as e:
                    if e.errno in (errno.EISDIR, errno.ELOOP):
                        n += 1
                        continue
                    raise io_error("create", p, e)
                try:
                    os.fchmod(fd, mode)
                    os.fsync(fd)
                finally:
                    os.close(fd)
                fsync_dir(base_dir)
                emit(story_record(t, p, b"", ""))
                return 0
        p = pathof(title + ".story")
        try:
            st = os.stat(p)
            exists = True
        except FileNotFoundError:
            exists = os.path.lexists(p)
            st = None
        except OSError as e:
            raise io_error("open", p, e)
        if exists and not force:
            raise Exit(EX_FAIL, "'%s' exists; add --force to replace it with an empty document" % show(p))
        if st is not None:
            if not stat.S_ISREG(st.st_mode):
                refuse_not_regular(p, st)
            real = resolve(p)
            old, ost = read_bytes(real)
            check_backup_target(real, control)
            try:
                save(real, b"", ost.st_mode & 0o7777, (old, ost), control)
            except OSError as e:
                raise io_error("write", p, e)
        else:
            try:
                fd = os.open(p, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW | os.O_CLOEXEC, mode)
            except FileExistsError:
                raise Exit(EX_FAIL, "'%s' exists; add --force to replace it with an empty document" % show(p))
            except OSError as e:
                raise io_error("create", p, e)
            try:
                os.fchmod(fd, mode)
                os.fsync(fd)
            finally:
                os.close(fd)
            fsync_dir(base_dir)
    emit(story_record(title, p, b"", ""))
    return 0


def is_whole(v):
    return isinstance(v, Num) and re.fullmatch(r"-?(0|[1-9][0-9]*)", v) is not None and -(2 ** 63) <= int(v) < 2 ** 63


def cmd_write(opts, files):
    force = opts.get("force", False)
    d = opts.get("dir") or "."
    control = backup_control(opts.get("backup"))
    # open every input first
    inputs = []
    if not files:
        inputs.append(("stdin", sys.stdin.buffer))
    for f in files:
        if f == "-":
            inputs.append(("stdin", sys.stdin.buffer))
            continue
        try:
            if os.path.isdir(f):
                raise IsADirectoryError(errno.EISDIR, "Is a directory")
            fh = open(f, "rb")
        except OSError as e:
            raise Exit(EX_NOINPUT, "cannot open '%s': %s" % (show(f), e.strerror))
        inputs.append((f, fh))
    status = 0
    dir_ready = False
    for name, fh in inputs:
        lineno = 0
        for raw in iter_lines(fh):
            lineno += 1
            where = "%s line %d" % (show(name), lineno)
            if raw is None:
                raise Exit(EX_DATA, "%s: the line is longer than %d bytes" % (where, MAX_LINE))
            if raw == b"":
                continue
            try:
                rec = parse_line(raw)
            except BadLine as e:
                raise Exit(EX_DATA, "%s: %s" % (where, e))
            if rec["type"] != "story":
                emit_raw(raw)
                continue
            title = rec.get("title")
            if "title" not in rec:
                raise Exit(EX_DATA, "%s: a story record needs a \"title\"" % where)
            bad = unsafe_title(title) if not isinstance(title, Num) else "the title is not a string"
            if bad:
                raise Exit(EX_DATA, "%s: %s" % (where, bad))
            text = rec.get("text")
            if not isinstance(text, str) or isinstance(text, Num):
                raise Exit(EX_DATA, "%s: a story record needs a \"text\" string to be saved" % where)
            sha = rec.get("sha256")
            nbytes = rec.get("bytes")
            if "sha256" in rec and (not isinstance(sha, str) or isinstance(sha, Num)):
                raise Exit(EX_DATA, "%s: \"sha256\" is not a string" % where)
            if "bytes" in rec:
                if not is_whole(nbytes) or int(nbytes) < 0:
                    raise Exit(EX_DATA, "%s: \"bytes\" is not a whole number from 0" % where)
                nbytes = int(nbytes)
            data = text.encode("utf-8")
            if len(data) > MAX_DOC:
                raise Exit(EX_DATA, "%s: the story is over 10 MiB" % where)
            if not dir_ready:
                prepare_dir(d)
                dir_ready = True
            target = os.path.join(d, title + ".story")
            try:
                r = save_record(target, data, sha, nbytes, "sha256" in rec, "bytes" in rec, force, control)
            except Exit as e:
                if e.status in (EX_FAIL,):
                    err("%s: %s" % (where, e.message))
                    if status == 0:
                        status = e.status
                    continue
                raise Exit(e.status, "%s: %s" % (where, e.message))
    return status


def save_record(target, data, sha, nbytes, has_sha, has_bytes, force, control):
    d = os.path.dirname(target) or "."
    with FolderLock(d):
        try:
            st = os.stat(target)
        except FileNotFoundError:
            st = None
        except OSError as e:
            raise io_error("open", target, e)
        if st is None:
            if os.path.lexists(target):
                raise Exit(EX_FAIL, "'%s' is a dangling symbolic link; it was left as it is" % show(target))
            try:
                save(target, data, private_mode())
            except OSError as e:
                raise io_error("write", target, e)
            return
        if not stat.S_ISREG(st.st_mode):
            refuse_not_regular(target, st)
        real = resolve(target)
        try:
            with open(real, "rb") as fh:
                old = fh.read()
            ost = os.stat(real)
        except OSError as e:
            raise Exit(EX_IO, "cannot read '%s': %s" % (show(target), e.strerror))
        if old == data:
            return
        ok = force
        if not ok:
            if has_sha:
                ok = hashlib.sha256(old).hexdigest() == sha.lower()
            elif has_bytes:
                ok = len(old) == nbytes
        if not ok:
            if has_sha or has_bytes:
                raise Exit(EX_FAIL, "'%s' changed on disk since it was read; it was left as it is (add --force to replace it)" % show(target))
            raise Exit(EX_FAIL, "'%s' exists and the record does not say which version it was read from (no \"sha256\" or \"bytes\"); it was left as it is (add --force to replace it)" % show(target))
        check_backup_target(real, control)
        try:
            save(real, data, ost.st_mode & 0o7777, (old, ost), control)
        except OSError as e:
            raise io_error("write", target, e)


def doc_title_path(path):
    title, is_story = title_of(path)
    return title


def cmd_rename(opts, pos):
    src, new = pos
    if new.endswith(".story") and new != ".story":
        new = new[:-6]
    bad = unsafe_title(new)
    if bad:
        raise Exit(EX_USAGE, bad)
    try:
        st = os.lstat(src)
    except OSError as e:
        raise Exit(EX_NOINPUT, "cannot open '%s': %s" % (show(src), e.strerror))
    base = os.path.basename(src)
    if not base.endswith(".story") or base == ".story":
        # version 4: rename renames documents only (a backup would be parted from its document)
        err("'%s' is not a document (NAME.story); it was not renamed" % show(src))
        raise Exit(EX_FAIL, "rename renames a document with its backups; rename another file with mv")
    dirn = os.path.dirname(src)
    finish_journal_of(src)
    title, is_story = title_of(src)
    data, _ = read_bytes(src)
    text = decode(src, data)
    dst = os.path.join(dirn, new + ".story")
    with FolderLock(dirn or "."):
        try:
            st = os.lstat(src)
        except OSError as e:
            raise Exit(EX_NOINPUT, "cannot open '%s': %s" % (show(src), e.strerror))
        if os.path.lexists(dst):
            raise Exit(EX_FAIL, "'%s' exists; nothing was renamed" % show(dst))
        if os.path.lexists(simple_backup(dst)) or numbered_backups(dst):
            raise Exit(EX_FAIL, "'%s' has backups of an earlier document; nothing was renamed (move them away first)" % show(new + ".story"))
        backups = not stat.S_ISLNK(st.st_mode)  # a linked document is renamed alone
        journal = json.dumps({"backups": backups, "from": base, "to": new + ".story", "type": "story-rename"},
                             ensure_ascii=False, separators=(",", ":"), sort_keys=True)
        jp = journal_path(dirn)
        try:
            tmp = write_temp(dirn, JOURNAL, (journal + "\n").encode("utf-8", "surrogateescape"), private_mode())
            try:
                os.rename(tmp, jp)
            finally:
                remove_temp(tmp)
            fsync_dir(dirn)
        except OSError as e:
            raise io_error("write the rename journal", jp, e)
        moves = journal_moves(dirn, backups, base, new + ".story")
        try:
            for a, b in moves:
                if os.path.lexists(a):
                    move_no_replace(a, b)
            os.unlink(jp)
        except OSError as e:
            raise io_error("rename", src, e)
        fsync_dir(dirn)
    emit(story_record(new, dst, data, text))
    return 0


def cmd_versions(opts, pos):
    doc = pos[0]
    control = backup_control(opts.get("backup"))
    title, is_story = title_of(doc)
    if not is_story:
        warn_plain(doc)
    finish_journal_of(doc)
    real = resolve(doc)
    cur = None
    try:
        cur, _ = read_bytes(real)
    except Exit as e:
        if e.status != EX_NOINPUT:
            raise
    order = backup_order(real, control)
    if cur is None and not order:
        raise Exit(EX_NOINPUT, "cannot open '%s': No such file or directory, and it has no backup" % show(doc))
    status = 0
    undo_found = cur is None or control == "none"  # undo refuses --backup=none: no backup is marked
    recs = []
    for kind, n, p in order:
        try:
            data, st = read_bytes(p)
            text = data.decode("utf-8")
        except UnicodeDecodeError:
            err(corrupt_msg(p))
            status = status or EX_DATA
            undo_found = True
            continue
        except Exit as e:
            err(e.message)
            status = status or e.status
            undo_found = True
            continue
        current = cur is not None and data == cur
        is_undo = False
        if not undo_found and not current:
            is_undo = True
            undo_found = True
        rec = {
            "type": "story-version", "document": doc, "title": title, "path": p, "kind": kind,
            "bytes": len(data), "words": count_words(text), "lines": count_lines(data),
            "sha256": hashlib.sha256(data).hexdigest(), "modified": iso(st.st_mtime_ns // 10**9),
            "current": current, "undo": is_undo,
        }
        if n is not None:
            rec["number"] = n
        if opts.get("text"):
            rec["text"] = text
        recs.append(rec)
        if opts.get("format") != "text":
            emit(rec)
    if opts.get("format") == "text":
        for r in recs:
            sys.stdout.write("%s  %d words  %s%s\n" % (show(r["path"]), r["words"], r["modified"], "  <- undo" if r["undo"] else ""))
    return status


def renameat2_exchange(a, b):
    renameat2(a, b, 2)  # RENAME_EXCHANGE


def cmd_undo(opts, pos):
    doc = pos[0]
    control = backup_control(opts.get("backup"))
    if control == "none":
        raise Exit(EX_USAGE, "backups are off (--backup=none or VERSION_CONTROL=none); undo always keeps the text it replaces")
    to = opts.get("to")
    if to is not None and not re.fullmatch(r"[1-9][0-9]*", to, re.A):
        raise Exit(EX_USAGE, "invalid value '%s' for '--to': a backup number is digits, not starting with 0" % show(to))
    title, is_story = title_of(doc)
    if not is_story:
        warn_plain(doc)
    finish_journal_of(doc)
    if not os.path.lexists(doc) or not os.path.exists(doc):
        raise Exit(EX_NOINPUT, "cannot open '%s': No such file or directory%s" % (show(doc), suggest(doc)))
    real = resolve(doc)
    dirn = os.path.dirname(real) or "."
    with FolderLock(dirn):
        cur, cst = read_bytes(real)
        decode(doc, cur)
        if to is not None:
            p = "%s.~%s~" % (real, to)
            try:
                lst = os.lstat(p)
            except OSError:
                raise Exit(EX_FAIL, "'%s' has no backup %s ('%s'); nothing was changed" % (show(doc), to, show(p)))
            if not stat.S_ISREG(lst.st_mode):
                refuse_not_regular(p, lst)
            candidates = [("numbered", int(to), p)]
        else:
            candidates = backup_order(real, control)
            pick = HOOKS.get("undo_candidates")
            if pick:
                candidates = pick(candidates)
        if not candidates:
            raise Exit(EX_FAIL, "'%s' has no backup to undo to; nothing was changed" % show(doc))
        chosen = None
        for kind, n, p in candidates:
            data, bst = read_bytes(p)
            decode(p, data)
            if data != cur:
                chosen = (p, data, bst)
                break
        if chosen is None:
            raise Exit(EX_FAIL, "every backup of '%s' already holds its text; nothing was changed" % show(doc))
        p, data, bst = chosen
        again, _ = read_bytes(real)
        if again != cur:
            raise Exit(EX_FAIL, "'%s' changed during the undo; nothing was changed" % show(doc))
        doc_mode = cst.st_mode & 0o7777
        bmode = private_mode() & (doc_mode & 0o777)
        swap = HOOKS.get("swap") or swap_files
        try:
            swap(real, p, cur, cst, data, bst)
            try:
                os.chmod(real, doc_mode)
                os.chmod(p, bmode)
            except OSError:
                pass
            try:
                os.utime(real)
            except OSError:
                pass
        except OSError as e:
            raise io_error("swap '%s' with" % show(doc), p, e)
        fsync_dir(dirn)
    emit(story_record(title, doc, data))
    return 0


def swap_files(real, p, cur, cst, data, bst):
    try:
        renameat2_exchange(real, p)
        return
    except OSError as e:
        if e.errno not in (errno.EINVAL, errno.ENOSYS, errno.EOPNOTSUPP):
            raise
    dirn, base = os.path.split(real)
    # keep FILE's text as a new numbered backup first, then replace FILE, then move it over the backup
    keep = make_backup(real, cur, cst, "numbered", force_numbered=True)
    tmp = write_temp(dirn, base, data, cst.st_mode & 0o7777)
    try:
        os.rename(tmp, real)
        TEMPS.discard(tmp)
    except BaseException:
        remove_temp(tmp)
        raise
    os.rename(keep, p)


def find_editor():
    for var in ("VISUAL", "EDITOR"):
        v = os.environ.get(var)
        if v is not None and v.strip():
            return v
    if os.isatty(0) and os.isatty(1) and os.environ.get("TERM", "") != "dumb" and shutil.which("vi"):
        return "vi"
    return None


EDIT_CHILD = [None]


def cmd_edit(opts, pos):
    doc = pos[0]
    control = backup_control(opts.get("backup"))
    title, is_story = title_of(doc)
    if not is_story:
        warn_plain(doc)
    finish_journal_of(doc)
    if not os.path.exists(doc):
        raise Exit(EX_NOINPUT, "cannot open '%s': No such file or directory%s" % (show(doc), suggest(doc)))
    real = resolve(doc)
    orig, ost = read_bytes(real)
    decode(doc, orig)
    editor = find_editor()
    if editor is None:
        raise Exit(EX_FAIL, "no editor to edit '%s' with: VISUAL and EDITOR are not set and there is no terminal for vi" % show(doc))
    dirn = os.path.dirname(real) or "."
    check_backup_target(real, control)
    if not os.access(dirn, os.W_OK):
        raise Exit(EX_IO, "cannot write in the folder '%s': Permission denied; nothing was changed" % show(dirn))
    tmpdir = tempfile.mkdtemp(prefix="story-io-edit-", dir=os.environ.get("TMPDIR") or "/tmp")
    try:
        os.chmod(tmpdir, 0o700)
        copy = os.path.join(tmpdir, os.path.basename(real))
        fd = os.open(copy, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW, 0o600)
        with os.fdopen(fd, "wb") as fh:
            fh.write(orig)
        old_int = signal.getsignal(signal.SIGINT)
        if old_int is not signal.SIG_IGN:
            signal.signal(signal.SIGINT, lambda s, f: None)
        try:
            proc = subprocess.Popen(["/bin/sh", "-c", editor + ' "$@"', "sh", copy])
            EDIT_CHILD[0] = proc
            try:
                rc = proc.wait()
            except Signalled:
                end_child(proc)
                raise
        finally:
            EDIT_CHILD[0] = None
            if old_int is not signal.SIG_IGN:
                signal.signal(signal.SIGINT, old_int)
        if rc != 0:
            if rc < 0:
                raise Exit(EX_FAIL, "the editor was ended by signal %d; '%s' was not changed" % (-rc, show(doc)))
            raise Exit(EX_FAIL, "the editor failed (exit %d); '%s' was not changed" % (rc, show(doc)))
        try:
            with open(copy, "rb") as fh:
                new = fh.read()
        except OSError as e:
            raise Exit(EX_IO, "cannot read the edited copy: %s" % e.strerror)
        try:
            new.decode("utf-8")
        except UnicodeDecodeError:
            raise Exit(EX_DATA, "the edited text is not UTF-8; '%s' was not changed" % show(doc))
        if new == orig:
            return 0
        with FolderLock(dirn):
            try:
                now, nst = read_bytes(real)
            except Exit:
                now, nst = None, None
            if now != orig:
                try:
                    kept = make_backup(real, new, nst or ost, "numbered", force_numbered=True)
                except OSError as e:
                    raise io_error("keep the edited text beside", doc, e)
                n = kept.rsplit(".~", 1)[1].rstrip("~")
                raise Exit(EX_FAIL, "'%s' changed on disk during the edit; your text was kept as '%s' (story-io undo --to %s %s)" % (show(doc), show(kept), n, show(doc)))
            try:
                save(real, new, nst.st_mode & 0o7777, (now, nst), control)
            except OSError as e:
                raise io_error("write", doc, e)
        return 0
    finally:
        shutil.rmtree(tmpdir, ignore_errors=True)


def end_child(proc):
    try:
        proc.terminate()
    except OSError:
        pass
    try:
        proc.wait(timeout=2)
    except Exception:
        try:
            proc.kill()
            proc.wait()
        except Exception:
            pass


MIME_XML = """<?xml version="1.0" encoding="UTF-8"?>
<mime-info xmlns="http://www.freedesktop.org/standards/shared-mime-info">
  <mime-type type="text/x-writingapp-story">
    <comment>Writing App document</comment>
    <sub-class-of type="text/plain"/>
    <glob pattern="*.story"/>
  </mime-type>
</mime-info>
"""


def desktop_entry():
    exe = os.path.abspath(sys.argv[0])
    q = exe if re.fullmatch(r"[A-Za-z0-9_./+-]+", exe) else '"%s"' % exe.replace("\\", "\\\\").replace('"', '\\"')
    return ("[Desktop Entry]\nType=Application\nName=Writing App (story-io)\n"
            "Comment=Edit Writing App stories\nExec=%s edit %%f\nTerminal=true\n"
            "MimeType=text/x-writingapp-story;\nNoDisplay=true\n" % q)


def cmd_mime(opts, pos):
    if opts.get("install") and opts.get("uninstall"):
        raise Exit(EX_USAGE, "--install does not go with --uninstall")
    if not opts.get("install") and not opts.get("uninstall"):
        sys.stdout.write(MIME_XML)
        sys.stdout.flush()
        return 0
    home = os.environ.get("HOME") or os.path.expanduser("~")
    data_home = os.environ.get("XDG_DATA_HOME") or os.path.join(home, ".local", "share")
    config_home = os.environ.get("XDG_CONFIG_HOME") or os.path.join(home, ".config")
    apps = os.path.join(data_home, "applications")
    pkgs = os.path.join(data_home, "mime", "packages")
    desktop = os.path.join(apps, "samplepipes-story-io.desktop")
    xml = os.path.join(pkgs, "com.example.writingAppDocument.xml")
    mimeapps = os.path.join(config_home, "mimeapps.list")
    for p in (desktop, xml, mimeapps):
        if os.path.islink(p):
            raise Exit(EX_FAIL, "'%s' is a symbolic link; it was left as it is" % show(p))
        if os.path.lexists(p) and not os.path.isfile(p):
            refuse_not_regular(p, os.lstat(p))
    if opts.get("install"):
        # check every folder can be made and written before changing anything
        for d in (apps, pkgs):
            probe = d
            while not os.path.lexists(probe):
                probe = os.path.dirname(probe) or "."
            if not os.path.isdir(probe):
                raise Exit(EX_IO, "cannot create the folder '%s': '%s' is not a folder; nothing was changed" % (show(d), show(probe)))
            if not os.access(probe, os.W_OK | os.X_OK):
                raise Exit(EX_IO, "cannot write in '%s': Permission denied; nothing was changed" % show(probe))
        try:
            for d, p, content in ((pkgs, xml, MIME_XML), (apps, desktop, desktop_entry())):
                os.makedirs(d, exist_ok=True)
                tmp = write_temp(d, os.path.basename(p), content.encode("utf-8"), private_mode())
                os.rename(tmp, p)
                TEMPS.discard(tmp)
                fsync_dir(d)
        except OSError as e:
            raise Exit(EX_IO, "cannot install: %s" % (e.strerror or e))
        xdg = shutil.which("xdg-mime")
        if xdg:
            env = dict(os.environ)
            env["XDG_CONFIG_HOME"] = config_home
            subprocess.run([xdg, "default", "samplepipes-story-io.desktop", "text/x-writingapp-story"],
                           env=env, stdout=subprocess.DEVNULL)
        else:
            note("note: xdg-mime is not installed; the entry was not made the default")
        run_update_mime(data_home)
        return 0
    # uninstall
    for p in (xml, desktop):
        try:
            os.unlink(p)
        except FileNotFoundError:
            note("note: '%s' was not there" % show(p))
        except OSError as e:
            raise Exit(EX_IO, "cannot remove '%s': %s" % (show(p), e.strerror))
    try:
        with open(mimeapps, "rb") as fh:
            lines = fh.read().decode("utf-8", "surrogateescape").split("\n")
        kept = [l for l in lines if not l.startswith("text/x-writingapp-story=")]
        if kept != lines:
            d = os.path.dirname(mimeapps) or "."
            st = os.stat(mimeapps)
            tmp = write_temp(d, "mimeapps.list", "\n".join(kept).encode("utf-8", "surrogateescape"), st.st_mode & 0o7777)
            os.rename(tmp, mimeapps)
            TEMPS.discard(tmp)
    except FileNotFoundError:
        pass
    except OSError as e:
        raise Exit(EX_IO, "cannot change '%s': %s" % (show(mimeapps), e.strerror))
    run_update_mime(data_home)
    return 0


def run_update_mime(data_home):
    u = shutil.which("update-mime-database")
    mime_dir = os.path.join(data_home, "mime")
    if u and os.path.isdir(mime_dir):
        subprocess.run([u, mime_dir], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    elif not u:
        note("note: update-mime-database is not installed; run it later")


def cmd_focus(opts, pos):
    width = whole(opts, "width", 20, 10000)
    margin = whole(opts, "margin", 0, 1000)
    if width is None:
        try:
            width = int(os.environ.get("COLUMNS", "")) if os.environ.get("COLUMNS") else shutil.get_terminal_size().columns
        except ValueError:
            width = 80
        width = max(20, min(10000, width))
    if margin is None:
        margin = 4 if width >= 40 else 2
    if width - 2 * margin < 10:
        raise Exit(EX_USAGE, "--margin %d leaves fewer than 10 columns of --width %d" % (margin, width))
    doc = pos[0]
    finish_journal_of(doc)
    title, data, text, st = read_doc(doc)
    inner = width - 2 * margin
    out = []
    for line in text.replace("\r\n", "\n").split("\n"):
        line = line.expandtabs(4)
        line = "".join(("^" + chr(ord(c) ^ 0x40)) if unicodedata.category(c) == "Cc" else c for c in line)
        if not line:
            out.append("")
            continue
        cur = ""
        for word in re.split(r"(\s+)", line):
            if len(cur) + len(word) > inner and cur.strip():
                out.append(cur.rstrip())
                cur = word.lstrip()
            else:
                cur += word
            while len(cur) > inner:
                out.append(cur[:inner])
                cur = cur[inner:]
        out.append(cur.rstrip())
    if text.endswith("\n"):
        out.pop()
    for l in out:
        sys.stdout.write(" " * margin + l + "\n")
    sys.stdout.flush()
    return 0


def launch_svg(rows):
    from xml.sax.saxutils import escape
    h = 120 + 28 * max(1, len(rows))
    out = ['<svg xmlns="http://www.w3.org/2000/svg" width="640" height="%d" viewBox="0 0 640 %d">' % (h, h),
           '<rect width="640" height="%d" fill="#fdfaf3"/>' % h,
           '<text x="32" y="56" font-family="serif" font-size="28" fill="#333">Writing App</text>']
    if not rows:
        out.append('<text x="32" y="104" font-family="sans-serif" font-size="16" fill="#777">No documents here yet.</text>')
    for i, (t, w, a) in enumerate(rows):
        out.append('<text x="32" y="%d" font-family="sans-serif" font-size="16" fill="#333">%s  %s  %s</text>'
                   % (104 + 28 * i, escape(t), "%d words" % w if w is not None else "-", escape(a)))
    out.append("</svg>")
    sys.stdout.write("\n".join(out) + "\n")
    sys.stdout.flush()
    return 0


def cmd_launch(opts, pos):
    import time
    now = opts.get("now") or int(time.time())
    if opts.get("format") == "svg":
        rows = []
        for mt, p, st in list_docs("."):
            try:
                title, data, text, st2 = read_doc(p, warn_other=False)
                rows.append((title, count_words(text), ago(int(st2.st_mtime), now)))
            except Exit:
                rows.append((title_of(p)[0], None, "damaged"))
        return launch_svg(rows)
    sys.stdout.write("Writing App: start with 'story-io new TITLE' and 'story-io edit TITLE.story'.\n\n")
    DIR_GIVEN[0] = False
    rows = []
    for mt, p, st in list_docs("."):
        try:
            title, data, text, st2 = read_doc(p, warn_other=False)
            rows.append((show(title), count_words(text), ago(int(st2.st_mtime), now)))
        except Exit:
            rows.append((show(title_of(p)[0]), None, "damaged"))
    if not rows:
        sys.stdout.write("No documents here yet.\n")
    for t, w, a in rows:
        sys.stdout.write("  %-40s %s  %s\n" % (t[:40], "%d words" % w if w is not None else "-", a))
    sys.stdout.flush()
    return 0


COMMANDS = {
    "list": cmd_list, "new": cmd_new, "read": cmd_read, "write": cmd_write, "rename": cmd_rename,
    "focus": cmd_focus, "edit": cmd_edit, "undo": cmd_undo, "versions": cmd_versions, "mime": cmd_mime,
}


def print_help(cmd):
    here = os.path.dirname(os.path.abspath(__file__))
    name = "story-io" + ("-" + cmd if cmd else "") + ".txt"
    for cand in (os.path.join(here, "help", name),):
        try:
            with open(cand, encoding="utf-8") as fh:
                sys.stdout.write(fh.read())
                return
        except OSError:
            pass
    sys.stdout.write("usage: story-io %s [OPTION...]\n" % (cmd or "COMMAND"))


# ---------------------------------------------------------------- plugins and `help` (version 4)
# PROTOCOL.md, "Plugins" and "Command lines" (`help`): `story-io NAME ARGS...` runs `story-io-NAME`
# from PATH when NAME is no built-in command; `story-io help [COMMAND]` writes that command's help.

PLUGIN_RE = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.-]*\Z")
TOOL_VERSION, PROTOCOL = "0.1.0", "4"


def find_plugin(name):
    if not PLUGIN_RE.match(name) or name in COMMANDS or name == "help":
        return None
    for d in os.environ.get("PATH", "").split(":"):
        p = os.path.join(d or ".", "%s-%s" % (TOOL, name))
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
        for n in entries:
            if n.startswith(TOOL + "-") and find_plugin(n[len(TOOL) + 1:]):
                names.add(n[len(TOOL) + 1:])
    return sorted(names)


def config_path():
    c = os.environ.get("SAMPLEPIPES_CONFIG")
    if c:
        return c
    x = os.environ.get("XDG_CONFIG_HOME")
    if x and os.path.isabs(x):
        return os.path.join(x, "samplepipes", "config")
    home = os.environ.get("HOME") or os.path.expanduser("~")
    return os.path.join(home, ".config", "samplepipes", "config")


# ---------------------------------------------------------------- the config file (version 4)
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


def run_plugin(path, name, args, color, no_pager):
    env = dict(os.environ)
    env.update({"SAMPLEPIPES_TOOL": TOOL, "SAMPLEPIPES_VERSION": TOOL_VERSION, "SAMPLEPIPES_PROTOCOL": PROTOCOL,
                "SAMPLEPIPES_CONFIG": config_path(), "COLUMNS": str(text_width())})
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
    sys.stdout.flush()
    sys.stderr.flush()
    for sig in ("SIGXFSZ", "SIGPIPE"):  # a child gets the default actions back
        try:
            signal.signal(getattr(signal, sig), signal.SIG_DFL)
        except (AttributeError, ValueError, OSError):
            pass
    try:
        os.execve(path, ["%s-%s" % (TOOL, name)] + list(args), env)
    except OSError as e:
        raise Exit(EX_FAIL, "cannot run the plugin '%s' (%s): %s" % (show(name), show(path), e.strerror))


def text_width():
    """Rule 9: COLUMNS when a positive number, else the terminal's width, else 80; within 20 to 1000."""
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


def leading_options(argv):
    """The options before the first word: (options, index of the word); only --color WHEN,
    --no-pager and --help go before a plugin's name."""
    opts, others, k = {}, [], 0
    while k < len(argv) and argv[k].startswith("-") and argv[k] != "-":
        a = argv[k]
        if a == "--":
            k += 1
            break
        if a == "--color" and k + 1 < len(argv):
            opts["color"] = argv[k + 1]
            k += 2
            continue
        if a.startswith("--color="):
            opts["color"] = a.split("=", 1)[1]
        elif a == "--no-pager":
            opts["no-pager"] = True
        elif a in ("--help", "-h"):
            opts["help"] = True
        else:
            others.append(a)
        k += 1
    return opts, others, k


def cmd_help(words):
    """`story-io help [COMMAND]`: the bytes of `story-io COMMAND --help`."""
    if not words:
        print_help(None)
        return 0
    if words[0] in COMMANDS:
        if len(words) > 1:
            raise Exit(EX_USAGE, "'%s' has no command '%s'" % (words[0], show(words[1])))
        print_help(words[0])
        return 0
    p = find_plugin(words[0])
    if p and len(words) == 1:
        run_plugin(p, words[0], ["--help"], None, False)
    raise Exit(EX_USAGE, "unknown command '%s' (commands: %s)" % (show(words[0]), ", ".join(list(COMMANDS) + plugin_names())))


def on_signal(signum, frame):
    raise Signalled(signum)


# The signal that ended the run, if one did: the process then ends by it (PROTOCOL.md, "Signals").
SIGNALLED = [None]


def die_by_signal():
    signum = SIGNALLED[0]
    if signum is None:
        return
    signal.signal(signum, signal.SIG_DFL)
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signum})
    os.kill(os.getpid(), signum)


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    # A parent's signal mask is inherited: unblock what must end us (PROTOCOL.md, "Signals").
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT, signal.SIGTERM, signal.SIGHUP})
    for s in (signal.SIGTERM, signal.SIGHUP):
        signal.signal(s, on_signal)
    if signal.getsignal(signal.SIGINT) is not signal.SIG_IGN:
        signal.signal(signal.SIGINT, on_signal)
    try:
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
    except (AttributeError, ValueError):
        pass
    try:
        signal.signal(signal.SIGPIPE, signal.SIG_DFL)
    except (AttributeError, ValueError):
        pass
    status = 0
    try:
        try:
            lead, others, k = leading_options(argv)
            word = argv[k] if k < len(argv) else None
            if word is not None and word not in COMMANDS and (word == "help" or find_plugin(word)):
                if "color" in lead and lead["color"] not in ("auto", "always", "never"):
                    raise Exit(EX_USAGE, "invalid value '%s' for '--color' (auto, always, never)" % show(lead["color"]))
                if others:
                    raise Exit(EX_USAGE, "%s does not apply to %s" % (show(others[0].split("=")[0]),
                               "'help'" if word == "help" else "the plugin '%s'" % show(word)))
                if word == "help":
                    return cmd_help(argv[k + 1:])
                if lead.get("help"):
                    run_plugin(find_plugin(word), word, ["--help"], lead.get("color"), lead.get("no-pager"))
                run_plugin(find_plugin(word), word, argv[k + 1:], lead.get("color"), lead.get("no-pager"))
            if argv and not argv[0].startswith("-"):
                cmd = argv[0]
                if cmd not in COMMANDS:
                    raise Exit(EX_USAGE, "unknown command '%s' (commands: %s)" % (show(cmd), ", ".join(list(COMMANDS) + plugin_names())))
                opts, pos = parse_args(cmd, argv[1:])
                if opts.get("help"):
                    print_help(cmd)
                    return 0
                status = COMMANDS[cmd](opts, pos)
            else:
                # options of the tool itself, maybe followed by a command
                k = 0
                while k < len(argv) and argv[k].startswith("-"):
                    if argv[k] in ("--now", "--color", "--format", "-f"):
                        k += 2
                    else:
                        k += 1
                if k < len(argv):
                    raise Exit(EX_USAGE, "unknown command '%s'" % show(argv[k]) if argv[k] not in COMMANDS
                               else "options go after the command '%s'" % argv[k])
                opts, pos = parse_args(None, argv)
                if opts.get("help"):
                    print_help(None)
                    return 0
                if opts.get("version"):
                    sys.stdout.write(VERSION + "\n")
                    return 0
                status = cmd_launch(opts, pos)
        except Exit as e:
            if e.message:
                err(e.message)
            if e.status == EX_USAGE and FROM_CONFIG:
                note("note: settings came from the config file '%s' (%s)" % (
                    show(config_path()), ", ".join("%s, line %d" % kn for kn in FROM_CONFIG)))
            status = e.status
        except BrokenPipeError:
            status = 0
        except Signalled as s:
            cleanup_temps()
            status = 128 + s.signum
            SIGNALLED[0] = s.signum
            err("interrupted" if s.signum == signal.SIGINT else "terminated by signal %d" % s.signum)
        except KeyboardInterrupt:
            cleanup_temps()
            status = 130
            SIGNALLED[0] = signal.SIGINT
            err("interrupted")
        except OSError as e:
            cleanup_temps()
            err("%s" % e)
            status = EX_IO
        cleanup_temps()
        try:
            sys.stdout.flush()
        except BrokenPipeError:
            pass
    except BrokenPipeError:
        status = 0
    return status
