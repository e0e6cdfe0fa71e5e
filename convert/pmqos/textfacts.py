"""What the converter reads as text beside spatch: preprocessor lines
(conditionals, #if 0, #undef, kernel version guards), #include lines and
the headers they reach (the machine include directories a Kbuild build
gives a file among them), Kbuild and Makefile object lists, merge
conflict markers, and the calls of the old API found without parsing
(what the report must mention even where spatch could not parse).  The
facts of C that spatch gives are in facts.py.
"""

import functools
import os
import re
import subprocess
from typing import Dict, Iterator, List, Optional, Set, Tuple

from . import kernel
from .kernel import API_CALL

CPP = re.compile(r'^\s*#\s*(if|ifdef|ifndef|elif|else|endif)\b(.*)$')
INCLUDE = re.compile(r'^\s*#\s*include\s*([<"])([^>"]+)[>"]')


def read(top: str, f: str, cache: Optional[Dict[str, Optional[str]]] = None
         ) -> Optional[str]:
    """The text of top/f, None when it cannot be read (kept in cache)."""
    if cache is not None and f in cache:
        return cache[f]
    try:
        with open(os.path.join(top, f), errors="replace") as fh:
            t: Optional[str] = fh.read()
    except OSError:
        t = None
    if cache is not None:
        cache[f] = t
    return t


def blank_comments(text: str) -> str:
    """text with its comments blanked, line by line as it is."""
    return re.sub(r'/\*.*?\*/|//[^\n]*',
                  lambda m: re.sub(r'[^\n]', ' ', m.group(0)), text,
                  flags=re.S)


def grep_files(top: str, text: str, globs: List[str],
               word: bool = False) -> Optional[List[str]]:
    """The files under top matching globs (["*.c", "*.h"]) that contain
    text (a whole word with word), relative to top: by git grep when top
    is the top of a git work tree (it skips what git ignores), else by
    grep -r; cheap on a whole kernel tree.  None when grep fails."""
    w = ["-w"] if word else []
    git = subprocess.run(["git", "-C", top, "rev-parse", "--show-prefix"],
                         capture_output=True, text=True)
    if git.returncode == 0 and git.stdout.strip() == "":
        cmd = ["git", "-C", top, "grep", "-l", "-F"] + w + \
            ["-e", text, "--"] + globs
    else:
        cmd = ["grep", "-rlF"] + w + ["--include=%s" % g for g in globs] + \
            ["-e", text, "."]
    p = subprocess.run(cmd, cwd=top, capture_output=True, text=True,
                       errors="surrogateescape")
    if p.returncode not in (0, 1):
        return None
    return [ln[2:] if ln.startswith("./") else ln
            for ln in p.stdout.split("\n") if ln]


CONFLICT_MARK = re.compile(r'^(?:<{7}|>{7})(?: |$)', re.M)


def conflict_markers(texts: Dict[str, str]) -> Dict[str, int]:
    """{file: line of its first merge-conflict marker (<<<<<<< or
    >>>>>>> at the start of a line)} of the files given that have one."""
    out = {}
    for f, t in texts.items():
        m = CONFLICT_MARK.search(t)
        if m:
            out[f] = t.count("\n", 0, m.start()) + 1
    return out


# ---- The preprocessor's conditionals ----------------------------------------

# A block of conditionals around a line: (line of its #if, its branches up
# to the line's own, each (directive, rest of the line)).
Block = Tuple[int, Tuple[Tuple[str, str], ...]]


CppLine = Tuple[int, Optional[str], str, Tuple[Block, ...]]


def cpp_lines(text: str) -> Iterator[CppLine]:
    """(line, directive, rest, blocks) for each logical line of text (a
    line continued by a backslash is one, at its first line): directive
    is if/ifdef/ifndef/elif/else/endif, or None for a line of code (a
    #define too); blocks are the conditionals the line is under after
    it, outermost first (an #if line is under its own block)."""
    lines = text.split("\n")
    stack: List[Block] = []
    i = 0
    while i < len(lines):
        ln, start = lines[i], i
        while ln.endswith("\\") and i + 1 < len(lines):
            i += 1
            ln = ln[:-1] + lines[i]
        m = CPP.match(ln)
        d, rest = (m.group(1), m.group(2)) if m else (None, ln)
        if d in ("if", "ifdef", "ifndef"):
            stack.append((start + 1, ((d, rest),)))
        elif d in ("elif", "else") and stack:
            stack[-1] = (stack[-1][0], stack[-1][1] + ((d, rest),))
        elif d == "endif" and stack:
            stack.pop()
        yield start + 1, d, rest, tuple(stack)
        i += 1


def code_blocks(text: str, value) -> Dict[int, int]:
    """{line: line of its #if} for the lines of code under a block
    (the outermost) whose value(line of its #if, branches) is true."""
    out: Dict[int, int] = {}
    for line, d, rest, blocks in cpp_lines(text):
        if d is None:
            for ln0, br in blocks:
                if value(ln0, br):
                    out[line] = ln0
                    break
    return out


def cpp_apart(text: str, a: int, b: int) -> int:
    """The line of the #if whose different branches hold lines a and b
    of text (no build has both), or 0."""
    br = {line: blocks for line, d, _, blocks in cpp_lines(text)
          if d is None and line in (a, b)}
    for (ia, na), (ib, nb) in zip(br.get(a, ()), br.get(b, ())):
        if ia != ib:
            return 0
        if len(na) != len(nb):
            return ia
    return 0


def cond_blocks(text: str) -> List[Tuple[Tuple[str, ...], ...]]:
    """The conditional blocks around each line of text (index: line - 1),
    outermost first, each the conditions of its #if and of the #elif
    branches up to its own ("else" for #else), spaces left out and
    #ifdef X written defined(X): two blocks of the same conditions are
    built together (no #define between them is looked at)."""
    def cond(d: str, rest: str) -> str:
        if d == "else":
            return "else"
        c = re.sub(r'\bdefined\s*\(?\s*(\w+)\s*\)?', r'defined(\1)',
                   rest.strip())
        c = {"ifdef": "defined(%s)", "ifndef": "!defined(%s)"}.get(
            d, "%s") % c
        return re.sub(r'\s+', '', c)

    out: List[Tuple[Tuple[str, ...], ...]] = []
    for line, d, rest, blocks in cpp_lines(text):
        while len(out) < line:
            out.append(tuple(tuple(cond(x, r) for x, r in br)
                             for _, br in blocks))
    return out


# A test of the kernel's version, or of a kernel-compat feature macro of
# the request API (Intel's kcompat.h: HAVE_PM_QOS_REQUEST_LIST, _NEW):
# the string calls under #ifndef HAVE_PM_QOS_REQUEST_LIST are the branch
# for old kernels.
VERSION_COND = re.compile(r'LINUX_VERSION_CODE|KERNEL_VERSION|'
                          r'\b(?:HAVE|NEED)_\w*PM_QOS\w*')


def version_guarded(text: str) -> Dict[int, int]:
    """{line: line of its #if} for the lines under a conditional on the
    kernel version (LINUX_VERSION_CODE, KERNEL_VERSION, a compat macro
    HAVE_PM_QOS_REQUEST_LIST), in any branch."""
    return code_blocks(text, lambda ln0, br: any(
        d != "else" and VERSION_COND.search(rest) for d, rest in br))


# The string API's last kernel is 2.6.34: 2.6.35 has the request API.
NEW_API = (2, 6, 35)
KV_CMP = re.compile(r'^LINUX_VERSION_CODE\s*(<=|<|>=|>)\s*KERNEL_VERSION\s*'
                    r'\(\s*(\d+)\s*,\s*(\d+)\s*,\s*(\d+)\s*\)$')
DEFINED = re.compile(r'^defined\s*(?:\(\s*(\w+)\s*\)|\s(\w+))$')
# kcompat's feature macro of the request API, which it defines from 2.6.35
# (kernel.txt's api-macro; used only when every #define of it in the
# files is in such a branch)
API_MACROS = kernel.API_MACROS
NEGATE = {"<": ">=", "<=": ">", ">=": "<", ">": "<="}


def split_top(e: str, op: str) -> List[str]:
    """e split at the op (&& or ||) outside parentheses."""
    out, depth, start, i = [], 0, 0, 0
    while i < len(e):
        c = e[i]
        depth += {"(": 1, ")": -1}.get(c, 0)
        if depth == 0 and e.startswith(op, i):
            out.append(e[start:i])
            start = i = i + len(op)
            continue
        i += 1
    return out + [e[start:]]


def strip_parens(e: str) -> str:
    """e without the parentheses that enclose all of it."""
    e = e.strip()
    while e.startswith("(") and e.endswith(")"):
        depth = 0
        for i, c in enumerate(e):
            depth += {"(": 1, ")": -1}.get(c, 0)
            if depth == 0 and i < len(e) - 1:
                return e
        e = e[1:-1].strip()
    return e


def implies(e: str, neg: bool, atom) -> bool:
    """Whether the #if expression e (negated with neg) implies what
    atom(a, neg) says of a single test a: through !, the && of e or
    the || of a negated e; anything else implies nothing."""
    e = strip_parens(re.sub(r'/\*.*?\*/|//.*$', '', e))
    if not e:
        return False
    parts = split_top(e, "||" if neg else "&&")
    if len(parts) > 1:
        return any(implies(x, neg, atom) for x in parts)
    if len(split_top(e, "&&" if neg else "||")) > 1:
        return False
    if e.startswith("!") and not e.startswith("!="):
        return implies(e[1:], not neg, atom)
    return atom(re.sub(r'\s+', ' ', e), neg)


def version_atom(macros, new: bool, below=NEW_API):
    """atom() for implies(): a single test implies a kernel before below
    (new: from 2.6.35 on)."""
    def atom(a: str, neg: bool) -> bool:
        m = KV_CMP.match(a)
        if m:
            op = NEGATE[m.group(1)] if neg else m.group(1)
            v = tuple(int(x) for x in m.group(2, 3, 4))
            if new:
                return (op == ">=" and v >= NEW_API) or \
                    (op == ">" and v >= (2, 6, 34))
            return (op == "<" and v <= below) or \
                (op == "<=" and v < below)
        m = DEFINED.match(a)
        if m and (m.group(1) or m.group(2)) in macros:
            return neg != new
        return False
    return atom


def branch_lines(text: str, atom) -> Dict[int, int]:
    """{line: line of the #if of its chain} for the lines (of code, and
    #define lines) in a branch whose condition implies what atom says:
    an #if or #elif by its own test, an #elif or #else also by the
    negation of the tests before it in the chain."""
    def test(d: str, rest: str) -> str:
        if d == "else":
            return ""
        if d in ("if", "elif"):
            return rest
        w = rest.split()
        return "%sdefined(%s)" % ("!" if d == "ifndef" else "", w[0]) \
            if w else ""

    def value(ln0, br) -> bool:
        *prev, (d, rest) = br
        if not prev:
            return implies(test(d, rest), False, atom)
        return any(implies(test(*x), True, atom) for x in prev) or \
            (d == "elif" and implies(rest, False, atom))
    return code_blocks(text, value)


def old_kernel_lines(texts: Dict[str, str], below=NEW_API
                     ) -> Dict[str, Dict[int, int]]:
    """{file: {line: line of its #if}} for the lines of each text that
    only kernels before 2.6.35 build (upstream's kernels of the string
    API, and 2.6.34 with this series): under LINUX_VERSION_CODE <
    KERNEL_VERSION(2,6,35) (or what implies it), or where kcompat's
    HAVE_PM_QOS_REQUEST_LIST is not defined, when every #define of it in
    texts is in a branch for 2.6.35 and later.  With below, the lines
    only kernels before that version build (the macro then tells
    nothing)."""
    new = version_atom((), True)
    macros = []
    for mac in API_MACROS if below == NEW_API else ():
        d = re.compile(r'^[ \t]*#[ \t]*define[ \t]+%s\b' % mac, re.M)
        defs = {f: [t.count("\n", 0, m.start()) + 1 for m in d.finditer(t)]
                for f, t in texts.items() if mac in t}
        defs = {f: lns for f, lns in defs.items() if lns}
        if defs and all(set(lns) <= set(branch_lines(texts[f], new))
                        for f, lns in defs.items()):
            macros.append(mac)
    old = version_atom(tuple(macros), False, below)
    return {f: branch_lines(t, old) for f, t in texts.items()
            if "#" in t and API_CALL.search(t)}


IF0 = re.compile(r'^\s*0\s*(?:/\*.*\*/\s*|//.*)?$')
UNDEF = re.compile(r'^\s*#\s*undef\s+(\w+)')
DEFINE = re.compile(r'^\s*#\s*(?:define\s+(\w+)|include\b)')


def dead_lines(text: str) -> Dict[int, int]:
    """{line: line of its #if} for the lines no build compiles: the
    first branch of an #if 0 (up to its #elif, #else or #endif), and of
    an #ifdef X (or #if defined(X)) that follows an #undef X outside any
    conditional with no #define X, nor #include, between them."""
    undef: Dict[str, int] = {}
    dead: Set[int] = set()
    out: Dict[int, int] = {}
    for line, d, rest, blocks in cpp_lines(text):
        if d in ("if", "ifdef", "ifndef"):
            m = re.match(r'^\s*(\w+)\s*$', rest) if d == "ifdef" else \
                DEFINED.match(rest.strip()) if d == "if" else None
            x = m and (m.group(1) or (m.group(2) if d == "if" else None))
            if (d == "if" and IF0.match(rest)) or (x and x in undef):
                dead.add(line)
        elif d is None:
            m = UNDEF.match(rest)
            if m and not blocks:
                undef[m.group(1)] = line
            m = DEFINE.match(rest)
            if m:
                if m.group(1):
                    undef.pop(m.group(1), None)
                else:
                    undef.clear()
            for ln0, br in blocks:
                if len(br) == 1 and ln0 in dead:
                    out[line] = ln0
                    break
    return out


def dead_why(text: str, ln0: int) -> str:
    """The directive at line ln0 that opens dead code (dead_lines), as
    the report says it: the #if 0, or the #ifdef X and the #undef X
    before it."""
    lines = text.split("\n")
    d = " ".join(lines[ln0 - 1].split()) if ln0 <= len(lines) else "#if 0"
    m = re.match(r'^#\s*(?:ifdef\s+(\w+)|if\s+defined\s*\(?\s*(\w+))', d)
    if not m:
        return "the #if 0 at line %d" % ln0
    x = m.group(1) or m.group(2)
    at = [i + 1 for i, ln in enumerate(lines[:ln0])
          if UNDEF.match(ln) and UNDEF.match(ln).group(1) == x]
    return "the %s at line %d, after the #undef %s at line %d" % (
        d, ln0, x, at[-1] if at else 0)


# ---- Calls of the old API found without parsing -----------------------------

def declared(text: str, i: int) -> bool:
    """The name at i is declared, not called: #define NAME, or a type
    before it (a definition or a prototype), the token before it found
    on its line or the lines above, skipping blank and directive
    lines."""
    ls = text.rfind("\n", 0, i) + 1
    back = text[ls:i]
    if re.match(r'\s*#', back):
        return bool(re.match(r'\s*#\s*define\s*$', back))
    for _ in range(20):
        if back.strip() or ls == 0:
            break
        k = text.rfind("\n", 0, ls - 1) + 1
        ln, ls = text[k:ls - 1], k
        if not re.match(r'\s*#', ln):
            back = ln
    w = re.search(r'\b(\w+)\s*$', back)
    return bool(w) and w.group(1) not in ("return", "else", "do", "case")


def call_args(text: str, start: int) -> str:
    """The argument text of the call whose "(" is at start - 1."""
    depth, j = 1, start
    while j < len(text) and depth:
        depth += {"(": 1, ")": -1}.get(text[j], 0)
        j += 1
    return text[start:j - 1]


def api_lines(text: str) -> List[Tuple[int, str, str]]:
    """(line, function, argument text) of every call of the old API in
    text, found without parsing (comments and string literals blanked):
    what the report must mention."""
    out = []
    orig = text
    text = re.sub(r'/\*.*?\*/|//[^\n]*|"(?:[^"\\\n]|\\.)*"|'
                  r"'(?:[^'\\\n]|\\.)*'",
                  lambda m: re.sub(r'[^\n]', ' ', m.group(0)), text,
                  flags=re.S)
    for m in API_CALL.finditer(text):
        if declared(text, m.start()):
            continue
        line = text.count("\n", 0, m.start()) + 1
        n = len(call_args(text, m.end()))
        out.append((line, m.group(1),
                    " ".join(orig[m.end():m.end() + n].split())))
    return out


# ---- Includes ---------------------------------------------------------------

def includes(text: str) -> Iterator[Tuple[int, str, str]]:
    """(line, '<' or '"', header) of each #include line of text."""
    for i, ln in enumerate(text.split("\n")):
        m = INCLUDE.match(ln)
        if m:
            yield i + 1, m.group(1), m.group(2).strip()


@functools.lru_cache(maxsize=None)
def canon(top: str, f: str) -> str:
    """A file's path as the facts name it: relative to the tree given when
    under it, else absolute.  (Cached: facts.load() asks it for every
    fact, of a few hundred paths at most.)"""
    a = os.path.normpath(os.path.join(top, f))
    r = os.path.relpath(a, top)
    return a if r.startswith("..") else r


def include_walk(top: str, c: str, idirs: List[str] = (),
                 angle: bool = False, angles: Optional[Set[str]] = None,
                 cache: Optional[Dict[str, Optional[str]]] = None
                 ) -> Set[str]:
    """The headers that file c includes, directly or through other
    headers, found as spatch finds them: "x.h" beside the including
    file or beside c, then in the directories idirs; <x.h> in idirs
    with angle only.  Every <x.h> of those files goes into angles.
    Paths as canon()."""
    c = canon(top, c)
    seen: Set[str] = set()
    todo = [c]
    cache = {} if cache is None else cache
    while todo:
        f = todo.pop()
        t = read(top, f, cache)
        if t is None:
            continue
        for _, q, inc in includes(t):
            if q == "<":
                if angles is not None:
                    angles.add(inc)
                if not angle:
                    continue
            dirs = ([os.path.dirname(f), os.path.dirname(c)]
                    if q == '"' else []) + list(idirs)
            for d in dirs:
                h = canon(top, os.path.join(d, inc))
                if os.path.isfile(os.path.join(top, h)):
                    if h not in seen and h != c:
                        seen.add(h)
                        todo.append(h)
                    break
    return seen


def include_closure(top: str, files: List[str], idirs: List[str] = (),
                    all_includes: bool = False,
                    archdirs: Optional[Dict[str, List[str]]] = None
                    ) -> Dict[str, Set[str]]:
    """{candidate file: the headers it includes, directly or through other
    headers} (include_walk): <x.h> in the -I directories with
    --all-includes only, or in the candidate file's machine include
    directories (archdirs, after the -I ones)."""
    cache: Dict[str, Optional[str]] = {}
    out: Dict[str, Set[str]] = {}
    for c in files:
        mine = list(idirs) + list((archdirs or {}).get(c, ()))
        every = all_includes or bool((archdirs or {}).get(c))
        out[canon(top, c)] = include_walk(top, c, mine, every, None, cache)
    return out


def includes_header(text: str, header: str) -> List[int]:
    """The lines of text that #include header."""
    return [ln for ln, _, h in includes(text) if h == header]


def include_anchor(text: str) -> Optional[str]:
    """The header after which a file that lacks a header of the API gets
    it: the last <linux/...> include of its include block (outside any
    conditional, before the first line of code, included once), else
    the last <...> include there; None when it has none."""
    found: List[str] = []
    text = re.sub(r'/\*.*?\*/', lambda m: re.sub(r'[^\n]', ' ', m.group(0)),
                  text, flags=re.S)
    for line, d, rest, blocks in cpp_lines(text):
        if d is not None:
            continue
        m = INCLUDE.match(rest)
        if m:
            if not blocks and m.group(1) == "<":
                found.append(m.group(2).strip())
            continue
        code = re.sub(r'//.*', '', rest).strip()
        if code and not code.startswith("#"):
            break
    once = [h for h in found if found.count(h) == 1]
    linux = [h for h in once if h.startswith("linux/")]
    return (linux or once or [None])[-1]


# ---- The machine include directories a Kbuild build gives a file ------------
#
# An ARM kernel of 2.6.2x-2.6.3x is built with -I arch/ARCH/mach-MACH/include
# and -I arch/ARCH/plat-PLAT/include, the machine and platform of its
# configuration, in that order: <mach/x.h> and <plat/x.h> are found there.
# Vendor drivers often declare their own per-device structure in such a
# header; pass 1 must read it for the structure to hold a handle, and pass 2
# must read it to add the field.  Without a configuration they are
# inferred from what the file includes (resolve); before 2.6.26, the
# machine's headers are found as old_layout_headers says.

ARCH_HDR = re.compile(r'^(?:mach|plat)/')
OLD_HDR = re.compile(r'^asm/arch/')


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
    angles: Set[str] = set()
    include_walk(top, f, angles=angles)
    return {h for h in angles if which.match(h)}


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
    platform, inferred from what f and its local headers include: every
    pair of one machine and at most one platform directory of one arch
    (f's own, when it lies under arch/ARCH/mach-X or plat-X) that
    provides every <mach/...> and <plat/...> header they include, among
    those the tree has at all, is a build f may have.  When all of them
    find each header in the same directory, those are f's; when two
    find one header in different directories (mach/hardware.h of two
    machines), none: a structure read from the wrong machine's header
    would be the wrong one."""
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


# ---- Kbuild -----------------------------------------------------------------

OBJ_LINE = re.compile(r'^\s*([\w-]+?)-(?:objs|y|m|\$\(CONFIG_\w+\))'
                      r'\s*[:+]?=\s*(.*)$')


def makefile(top: str, d: str) -> List[List[Tuple[str, str, tuple]]]:
    """The object lists of the Kbuild and the Makefile of d (those that
    can be read, in that order): for each, (composite, object path
    relative to d, the ifeq/ifneq/ifdef/ifndef blocks it is listed in
    as (block, branch) pairs, branch 0 before the else and 1 after it)
    of every x-objs, x-y, x-m or x-$(CONFIG_...) assignment."""
    out = []
    for mk in ("Kbuild", "Makefile"):
        text = read(top, os.path.join(d, mk))
        if text is None:
            continue
        objs: List[Tuple[str, str, tuple]] = []
        stack: List[List[int]] = []
        n = 0
        for ln in text.replace("\\\n", " ").splitlines():
            w = ln.split("#", 1)[0].split()
            if not w:
                continue
            if w[0] in ("ifeq", "ifneq", "ifdef", "ifndef"):
                n += 1
                stack.append([n, 0])
            elif w[0] == "else" and stack:
                # else, or else ifeq ...: the next branch of the block
                stack[-1][1] += 1
            elif w[0] == "endif" and stack:
                stack.pop()
            else:
                m = OBJ_LINE.match(ln)
                for o in m.group(2).split() if m else ():
                    if o.endswith(".o"):
                        objs.append((m.group(1), o,
                                     tuple(tuple(b) for b in stack)))
        out.append(objs)
    return out


def makefile_objects(top: str, d: str) -> Dict[str, str]:
    """{object path relative to d ("x.o", "sub/y.o"): the composite
    object built from it} from the Makefile or Kbuild of d."""
    out: Dict[str, str] = {}
    for objs in makefile(top, d):
        for comp, o, _ in objs:
            out.setdefault(o, os.path.splitext(o)[0]
                           if comp == "obj" else comp)
    return out


def exclusive(top: str, f: str, g: str) -> bool:
    """Files f and g are never built together: the Makefile (or Kbuild)
    of their directory lists them in different branches of one ifeq/else
    block (ifeq ($(CONFIG_BOARD_A),y) obj-y += a.o else obj-y += b.o
    endif).  obj-$(CONFIG_A) += a.o and obj-$(CONFIG_B) += b.o are not:
    both may be set."""
    d = os.path.dirname(os.path.normpath(f))
    if d != os.path.dirname(os.path.normpath(g)):
        return False
    br: Dict[str, tuple] = {}
    for comp, o, blocks in (makefile(top, d) or [[]])[0]:
        br.setdefault(o, blocks)
    a = br.get(os.path.splitext(os.path.basename(f))[0] + ".o")
    b = br.get(os.path.splitext(os.path.basename(g))[0] + ".o")
    if a is None or b is None:
        return False
    blocks = dict(a)
    return any(k in blocks and blocks[k] != v for k, v in b)


def driver_of(top: str, f: str, cache: Dict[str, Dict[str, str]]) -> str:
    """The driver a file is built into: the object of the Makefile (or
    Kbuild) of its directory or one above that lists it (obj-y += a.o,
    foo-objs := a.o b.o); the directory when no Makefile lists it by
    name."""
    f = os.path.normpath(f)
    d = os.path.dirname(f)
    o = os.path.splitext(f)[0] + ".o"
    for up in range(3):
        if d in cache:
            objs = cache[d]
        else:
            objs = cache[d] = makefile_objects(top, d)
        rel = os.path.relpath(o, d) if d else o
        if rel in objs:
            return os.path.join(d, objs[rel])
        if not d:
            break
        d = os.path.dirname(d)
    # Not listed by name (a Makefile built from variables, a file
    # #included by another, no Makefile): the directory's driver.
    return os.path.dirname(f) or "."


def object_files(top: str, f: str,
                 cache: Dict[str, Dict[str, str]]) -> List[str]:
    """The C files built into the same object as f (foo-objs := a.o b.o
    in the Makefile or Kbuild that lists f, as driver_of finds it),
    f among them; [f] when no Makefile lists it."""
    f = os.path.normpath(f)
    drv = driver_of(top, f, cache)
    d = os.path.dirname(drv)
    objs = cache.get(d)
    if objs is None:
        return [f]
    out = {f}
    for o, comp in objs.items():
        if os.path.join(d, comp) == drv:
            c = os.path.normpath(os.path.join(d, os.path.splitext(o)[0] +
                                              ".c"))
            if os.path.isfile(os.path.join(top, c)):
                out.add(c)
    return sorted(out)
