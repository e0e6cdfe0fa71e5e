"""--in-place: the converted files written into the driver's tree, all of
them or none.

Two files of one driver often share a request: the add in one, the
updates in the other.  Written one after the other, a failure on the
second would leave the driver half on handles and half on names, which
neither API builds.  So every file is first checked to be a regular file
that can be opened for writing, then written to a temporary file in its
own directory (same file system: the rename is atomic), and only when
every temporary file is complete are they renamed over the originals.  A
rename that fails puts back the files already renamed.  A symbolic link
is followed: the file it names is rewritten, the link stays.
"""

import os
import stat
import tempfile
from typing import List, Tuple


class WriteError(Exception):
    """One line: the file that cannot be written and why."""


def _why(e: OSError) -> str:
    return e.strerror or str(e)


def _check(path: str) -> None:
    """The file can be replaced: a regular file that opens for writing
    (root ignores the mode bits, not an immutable flag or a read-only
    mount), in a directory where a file can be created."""
    try:
        st = os.stat(path)
    except OSError as e:
        raise WriteError("cannot write %s: %s" % (path, _why(e)))
    if not stat.S_ISREG(st.st_mode):
        raise WriteError("cannot write %s: not a regular file" % path)
    try:
        # append mode: opened for writing, nothing changed, not even the
        # modification time
        with open(path, "ab"):
            pass
    except OSError as e:
        raise WriteError("cannot write %s: %s" % (path, _why(e)))


def write_all(top: str, files: List[str], new_root: str) -> None:
    """Replace top/F by new_root/F for every F of files, or change none of
    them and raise WriteError naming the file and the reason."""
    targets = [os.path.realpath(os.path.join(top, f)) for f in files]
    for t in targets:
        _check(t)
    temps: List[Tuple[str, str]] = []
    try:
        for f, t in zip(files, targets):
            d, base = os.path.split(t)
            try:
                fd, tmp = tempfile.mkstemp(prefix="." + base[:200] + ".",
                                           suffix=".pmqos", dir=d)
            except OSError as e:
                raise WriteError("cannot write %s: %s" % (t, _why(e)))
            temps.append((tmp, t))
            try:
                with os.fdopen(fd, "wb") as out, \
                        open(os.path.join(new_root, f), "rb") as src:
                    out.write(src.read())
                    out.flush()
                    os.fsync(out.fileno())
                os.chmod(tmp, stat.S_IMODE(os.stat(t).st_mode))
            except OSError as e:
                raise WriteError("cannot write %s: %s" % (t, _why(e)))
        _commit(temps)
    finally:
        for tmp, _ in temps:
            if os.path.lexists(tmp):
                os.unlink(tmp)


def _commit(temps: List[Tuple[str, str]]) -> None:
    """Rename every temporary file over its target; on a failure, put the
    originals back (their contents are read before the first rename)."""
    saved: List[Tuple[str, str, bytes]] = []
    done: List[Tuple[str, str, bytes]] = []
    for tmp, t in temps:
        with open(t, "rb") as fh:
            saved.append((tmp, t, fh.read()))
    try:
        for tmp, t, old in saved:
            try:
                os.replace(tmp, t)
            except OSError as e:
                raise WriteError("cannot write %s: %s" % (t, _why(e)))
            done.append((tmp, t, old))
    except BaseException as e:         # an interrupt too: all or nothing
        lost = _restore(done)
        if lost:
            raise WriteError("%s; and could not restore %s" %
                             (e, ", ".join(lost)))
        raise


def _restore(done: List[Tuple[str, str, bytes]]) -> List[str]:
    """Write the original contents back over the files already replaced;
    the files that could not be restored."""
    lost = []
    for _, t, old in reversed(done):
        tmp = ""
        try:
            d, base = os.path.split(t)
            fd, tmp = tempfile.mkstemp(prefix="." + base[:200] + ".",
                                       suffix=".pmqos", dir=d)
            with os.fdopen(fd, "wb") as out:
                out.write(old)
            os.chmod(tmp, stat.S_IMODE(os.stat(t).st_mode))
            os.replace(tmp, t)
        except OSError:
            lost.append(t)
            if tmp and os.path.lexists(tmp):
                os.unlink(tmp)
    return lost
