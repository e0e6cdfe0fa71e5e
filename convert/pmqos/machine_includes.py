"""The machine include directories a Kbuild build gives a file.

An ARM kernel of 2.6.2x-2.6.3x is built with -I arch/ARCH/mach-MACH/include
and -I arch/ARCH/plat-PLAT/include, the machine and platform of its
configuration, in that order: <mach/x.h> and <plat/x.h> are found there.
Vendor drivers often declare their own per-device structure in such a
header; pass 1 must read it for the structure to hold a handle, and
pass 2 must read it to add the field.

Without a configuration, the directories are inferred from what the file
includes: every pair of one machine and at most one platform directory
of one arch (the file's own, when it lies under arch/ARCH/mach-X or
plat-X) that provides every <mach/...> and <plat/...> header the file
and its local headers include, among those the tree has at all, is a
build the file may have.  When all of them find each of those headers in
the same directory, those directories are the file's; when two find one
header in different directories (mach/hardware.h of two machines, and
nothing else to tell them apart), the file gets none: a structure read
from the wrong machine's header would be the wrong one.

Before 2.6.26 the machine's headers were include/asm-ARCH/arch-MACH/x.h,
included as <asm/arch/x.h> through a link include/asm-ARCH/arch that
only a configured tree has: no -I directory finds them in a checkout, so
spatch reads those headers beside the file instead (old_layout_headers,
by the same rule: one machine directory has them all, or none is taken).
"""

import os
import re
from typing import Dict, List, Optional, Set, Tuple

INCLUDE = re.compile(r'^\s*#\s*include\s*([<"])([^>"]+)[>"]', re.M)
ARCH_HDR = re.compile(r'^(?:mach|plat)/')


def _read(top: str, f: str) -> Optional[str]:
    try:
        with open(os.path.join(top, f), errors="replace") as fh:
            return fh.read()
    except OSError:
        return None


def machine_dirs(top: str) -> List[Tuple[str, str, str]]:
    """(arch, "mach" or "plat", include directory relative to top) of
    every arch/ARCH/mach-*/include and arch/ARCH/plat-*/include."""
    out = []
    arch = os.path.join(top, "arch")
    for a in sorted(os.listdir(arch)) if os.path.isdir(arch) else []:
        ad = os.path.join(arch, a)
        if not os.path.isdir(ad):
            continue
        for m in sorted(os.listdir(ad)):
            kind = m.split("-", 1)[0]
            inc = os.path.join("arch", a, m, "include")
            if kind in ("mach", "plat") and "-" in m and \
                    os.path.isdir(os.path.join(top, inc)):
                out.append((a, kind, inc))
    return out


def wanted(top: str, f: str, which: "re.Pattern" = ARCH_HDR) -> Set[str]:
    """The <mach/...> and <plat/...> headers (or those which matches)
    that f includes, itself or through its local ("...") headers."""
    out: Set[str] = set()
    seen = {f}
    todo = [f]
    while todo:
        g = todo.pop()
        t = _read(top, g)
        if t is None:
            continue
        for m in INCLUDE.finditer(t):
            q, inc = m.group(1), m.group(2).strip()
            if q == "<":
                if which.match(inc):
                    out.add(inc)
                continue
            for d in (os.path.dirname(g), os.path.dirname(f)):
                h = os.path.normpath(os.path.join(d, inc))
                if os.path.isfile(os.path.join(top, h)):
                    if h not in seen:
                        seen.add(h)
                        todo.append(h)
                    break
    return out


def own_dir(f: str) -> Optional[Tuple[str, str, str]]:
    """(arch, "mach" or "plat", its include directory) when f lies under
    arch/ARCH/mach-X or arch/ARCH/plat-X."""
    p = os.path.normpath(f).split(os.sep)
    if len(p) > 3 and p[0] == "arch" and \
            p[2].split("-", 1)[0] in ("mach", "plat") and "-" in p[2]:
        return (p[1], p[2].split("-", 1)[0],
                os.path.join("arch", p[1], p[2], "include"))
    return None


def resolve(top: str, f: str, dirs: List[Tuple[str, str, str]]
            ) -> List[str]:
    """The include directories of f (relative to top), machine before
    platform, or [] when its headers do not tell one build (see the
    module's docstring)."""
    hdrs = sorted(wanted(top, f))
    has = {h: {d for (_, _, d) in dirs if os.path.isfile(
        os.path.join(top, d, h))} for h in hdrs}
    hdrs = [h for h in hdrs if has[h]]
    if not hdrs:
        return []
    own = own_dir(f)
    answer: Optional[Dict[str, str]] = None
    for arch in sorted({a for (a, _, _) in dirs}):
        if own and own[0] != arch:
            continue
        machs: List[Optional[str]] = [
            d for (a, k, d) in dirs if a == arch and k == "mach"] + [None]
        plats: List[Optional[str]] = [
            d for (a, k, d) in dirs if a == arch and k == "plat"] + [None]
        if own:
            # the file's own machine (or platform) is the build's, with
            # its include directory or without one (mach-omap2 of 2.6.2x)
            mine = own[2] if os.path.isdir(os.path.join(top, own[2])) \
                else None
            if own[1] == "mach":
                machs = [mine]
            else:
                plats = [mine]
        for m in machs:
            for p in plats:
                build = [d for d in (m, p) if d]
                if not build:
                    continue
                found = {}
                for h in hdrs:
                    d = next((d for d in build if d in has[h]), None)
                    if d is None:
                        break
                    found[h] = d
                else:
                    if answer is None:
                        answer = found
                    elif answer != found:
                        return []
    if not answer:
        return []
    used = set(answer.values())
    return [d for (_, k, d) in dirs if d in used and k == "mach"] + \
        [d for (_, k, d) in dirs if d in used and k == "plat"]


OLD_HDR = re.compile(r'^asm/arch/')


def old_layout_headers(top: str, f: str) -> List[str]:
    """The headers of f's machine in the layout before 2.6.26, where
    <asm/arch/x.h> is include/asm-ARCH/arch-MACH/x.h (Kbuild links
    include/asm-ARCH/arch to the configured machine's directory, a link
    that a checkout does not have, so that no -I directory finds them):
    the arch-MACH directories that provide every <asm/arch/...> header
    that f and its local headers include (f's own machine when it lies
    under arch/ARCH/mach-MACH) must all be one, else none.  Returns
    those headers' paths relative to top, for spatch to read with f."""
    hdrs = sorted(h[len("asm/arch/"):] for h in wanted(top, f, OLD_HDR))
    inc = os.path.join(top, "include")
    if not hdrs or not os.path.isdir(inc):
        return []
    own = own_dir(f)
    cands = []
    for a in sorted(os.listdir(inc)):
        if not a.startswith("asm-") or own and own[0] != a[4:]:
            continue
        ad = os.path.join(inc, a)
        for m in sorted(os.listdir(ad)) if os.path.isdir(ad) else []:
            if not m.startswith("arch-") or own and \
                    (own[1] != "mach" or own[2].split(os.sep)[2][5:] !=
                     m[5:]):
                continue
            d = os.path.join("include", a, m)
            found = [os.path.join(d, h) for h in hdrs
                     if os.path.isfile(os.path.join(top, d, h))]
            if found:
                cands.append((d, found))
    full = [(d, fs) for d, fs in cands if len(fs) == len(hdrs)]
    if len(full) != 1:
        return []
    return full[0][1]


def arch_dirs(top: str, files: List[str]) -> Dict[str, List[str]]:
    """{file: its machine include directories, relative to top} for the
    files that have any (resolve())."""
    dirs = machine_dirs(top)
    if not dirs:
        return {}
    out = {}
    for f in files:
        r = resolve(top, f, dirs)
        if r:
            out[f] = r
    return out


def arch_headers(top: str, files: List[str]) -> Dict[str, List[str]]:
    """{file: its machine's headers of the layout before 2.6.26} for the
    files that have any (old_layout_headers())."""
    out = {}
    for f in files:
        r = old_layout_headers(top, f)
        if r:
            out[f] = r
    return out
