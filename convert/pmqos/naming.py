"""What a call's name is, which calls may name the same request, and the
names of the handles.

Rule (names): a literal, or a #define or constant array that resolves to
one, is a constant name.  A name built at run time (a local buffer), passed
in as a parameter, or read from a field of a structure is not: in the old
API any string equal to it reaches the same request.  So within one class
every non-constant name may alias every other name of that class in the
files given; the tool cannot show two such strings differ.  The one
exception it can show: the same field of the same structure (dev_name() of
one device, netdev->name of one adapter) names one request per instance.
A field may hold a copy of any string, so a name read from a field joins
every call of its class in the files given, as a name built at run time
does: which drivers may share names is what the caller says by the files
it gives (one driver's directory, or a whole tree).
"""

import os
import re
from dataclasses import dataclass
from typing import Dict, List, Optional

from .facts import LITERAL, Call, UnitFacts

IDENT = re.compile(r'^[A-Za-z_]\w*$')
CAST = re.compile(r'^\((?:const)?(?:unsigned)?char\*\)')

CLASS_ABBREV = {
    "PM_QOS_CPU_DMA_LATENCY": "cpu_dma",
    "PM_QOS_NETWORK_LATENCY": "net_lat",
    "PM_QOS_NETWORK_THROUGHPUT": "net_tput",
}

# Kinds of names.
CONST = "const"        # a literal, or a macro or array that is one
UNRESOLVED = "ident"   # an identifier whose value pass 1 did not see
INST = "inst"          # a field of a structure instance
PARAM = "param"        # a parameter of the enclosing function
RUNTIME = "runtime"    # anything else computed at run time


@dataclass(frozen=True)
class Name:
    kind: str
    key: str     # what identifies the string: the literal, or the field
    shown: str   # the name as written at the call


def sanitize(s: str) -> str:
    s = re.sub(r'[^A-Za-z0-9]+', '_', s).strip('_').lower()
    if not s:
        s = "pm_qos"
    if s[0].isdigit():
        s = "_" + s
    return s


def static_handle(shown: str) -> str:
    """The name of a static handle for a request named shown, as the
    series' semantic patch (cocci/pm_qos_request.cocci) names it."""
    h = re.sub(r'[^a-z0-9]+', '_', shown.strip('"').lower()).strip('_')
    return (h if h[:1].isalpha() else "pm_qos_" + h) + "_pm_qos_req"


def class_abbrev(cls: str) -> str:
    return CLASS_ABBREV.get(cls, sanitize(cls.replace("PM_QOS_", "")))


def name_of(c: Call, F: UnitFacts) -> Name:
    """The kind and key of the name of call c, seen from its unit."""
    n = CAST.sub("", c.name)
    if LITERAL.match(n):
        return Name(CONST, n, n)
    if IDENT.match(n):
        how = F.vars.get(c.func, {}).get(n)
        if how == "param":
            return Name(PARAM, n, n)
        if how == "local":
            return Name(RUNTIME, n, n)
        v = F.defines.get(n) or F.constvars.get(n)
        seen = set()
        while v and IDENT.match(v) and v not in seen:
            seen.add(v)
            v = F.defines.get(v) or F.constvars.get(v)
        if v and LITERAL.match(v):
            return Name(CONST, v, n)
        return Name(UNRESOLVED, n, n)
    if c.root is not None:
        var, typ = c.root
        if F.vars.get(c.func, {}).get(var) == "param" and \
                not any(v == var for (v, s, h) in F.svars.get(c.func, [])):
            return Name(PARAM, n, n)
        return Name(INST, inst_key(n, var, typ, F), n)
    return Name(RUNTIME, n, n)


def inst_key(n: str, var: str, typ: str, F: UnitFacts) -> str:
    """The key of a per-instance name: the structure that owns the string
    and its field, following the chain from var, so that
    nfi->pdev->name and pdev->name are one name."""
    m = re.match(r'^(dev_name\()&?(.*)\)$', n)
    if m:
        return "dev_name(%s)" % inst_key(m.group(2), var, typ, F)
    m = re.match(r'^' + re.escape(var) + r'((?:(?:->|\.)\w+)+)$', n)
    st = typ.replace("struct ", "").replace("*", "").strip()
    if not m:
        return "%s:%s" % (st, n.replace(var, "@", 1))
    fields = re.findall(r'(?:->|\.)(\w+)', m.group(1))
    for i, f in enumerate(fields[:-1]):
        sd = F.structs.get(st)
        t = sd.fields.get(f, "") if sd else ""
        t = t.replace("struct ", "").replace("*", "").strip()
        if not t or not t.replace("_", "").isalnum():
            return "%s:%s" % (st, ".".join(fields[i:]))
        st = t
    return "%s:%s" % (st, ".".join(fields[-1:]))


def owner_struct(key: str) -> str:
    """The structure whose field an INST key names (platform_device for
    dev_name(platform_device:dev))."""
    m = re.match(r'^dev_name\((.*)\)$', key)
    if m:
        key = m.group(1)
    return key.split(":", 1)[0]


def group_names(calls: List[Call], names: Dict[tuple, Name]
                ) -> List[List[Call]]:
    """The requests: the calls that may name the same one, in groups.

    Constant names group by their string (the same literal in two
    directories is one request of the old API).  An identifier whose value
    was not seen groups with the same identifier in its file.  A name built
    at run time or passed in may hold any string (one read from user space
    among them): it joins every call of its class in the files given, and
    so does a name read from a field of a structure (a device's name, a
    copy of it in the driver's structure): nothing shows that the string it
    holds differs from a name of another driver among the files given."""
    parent = {c.key: c.key for c in calls}

    def find(k):
        while parent[k] != k:
            parent[k] = parent[parent[k]]
            k = parent[k]
        return k

    def union(a, b):
        a, b = find(a), find(b)
        if a != b:
            parent[max(a, b)] = min(a, b)

    first: Dict[tuple, tuple] = {}
    for c in sorted(calls, key=lambda c: c.key):
        nm = names[c.key]
        if nm.kind == CONST:
            k = ("const", c.cls, nm.key)
        elif nm.kind == UNRESOLVED:
            k = ("ident", c.cls, c.file, nm.key)
        else:
            continue
        if k in first:
            union(first[k], c.key)
        else:
            first[k] = c.key
    by_cls: Dict[str, List[Call]] = {}
    for c in calls:
        by_cls.setdefault(c.cls, []).append(c)
    for cls, cs in by_cls.items():
        if any(names[c.key].kind in (RUNTIME, PARAM, INST) for c in cs):
            for c in cs:
                union(cs[0].key, c.key)
    groups: Dict[tuple, List[Call]] = {}
    for c in sorted(calls, key=lambda c: c.key):
        groups.setdefault(find(c.key), []).append(c)
    return [groups[k] for k in sorted(groups)]


def name_handles(requests, units: Dict[str, UnitFacts], place) -> None:
    """Name the handle of each converted request and the expression that
    reaches it at each call.  A static handle is named after the request
    (<name>_pm_qos_req, as the series' semantic patch names it), a field
    pm_qos_req, or pm_qos_req_<class> / _<name> where one structure holds
    several; a name already used in the unit gets a suffix.  A static
    handle's name depends only on the units of its own calls: the
    identifiers and static handles of other files given do not change it.
    """
    used: Dict[str, set] = {}
    for u, F in units.items():
        used[u] = set(F.funcs) | set(F.defines) | set(F.constvars)
        for vs in F.vars.values():
            used[u] |= set(vs)
    ok = [r for r in requests if r.ok]
    per_struct: Dict[tuple, list] = {}
    for r in ok:
        if r.place[0] == "field":
            per_struct.setdefault(r.place[1], []).append(r)
    taken: Dict[object, object] = {}
    for r in sorted(ok, key=lambda r: r.calls[0].key):
        cls = r.calls[0].cls
        ab = class_abbrev(cls)
        if r.place[0] == "static":
            base = static_handle(r.shown)
            mine_u = sorted({c.unit for c in r.calls})
            name, n = base, 1
            while any(name in used.get(u, ()) or (u, name) in taken
                      for u in mine_u):
                name = "%s_%s" % (base, ab) if n == 1 else \
                    "%s_%d" % (base, n)
                n += 1
            for u in mine_u:
                taken[(u, name)] = r
            r.handle = name
            for c in r.calls:
                r.handles[c.key] = name
        else:
            s = r.place[1]
            fields = set()
            for c in r.calls:
                sd = units[c.unit].structs.get(s[0])
                if sd:
                    fields |= set(sd.fields)
            mine = per_struct[s]
            if len(mine) == 1:
                base = "pm_qos_req"
            elif len({m.calls[0].cls for m in mine}) == len(mine):
                base = "pm_qos_req_" + ab
            else:
                base = "pm_qos_req_" + sanitize(
                    re.split(r'->|\.', r.shown)[-1])
            name, n = base, 2
            while name in fields or (s, name) in taken:
                name = "%s_%d" % (base, n)
                n += 1
            taken[(s, name)] = r
            r.handle = name
            for c in r.calls:
                r.handles[c.key] = place.prefix(c, s[0]) + name


def split_args(text: str) -> List[str]:
    """The arguments of a call's argument text, split at the top-level
    commas."""
    out, depth, cur, q = [], 0, "", None
    for ch in text:
        if q:
            cur += ch
            if ch == q and not cur.endswith("\\" + q):
                q = None
            continue
        if ch in "\"'":
            q = ch
        elif ch in "([{":
            depth += 1
        elif ch in ")]}":
            depth -= 1
        elif ch == "," and depth == 0:
            out.append(cur.strip())
            cur = ""
            continue
        cur += ch
    if cur.strip():
        out.append(cur.strip())
    return out


def siblings(tree: str, given: List[str], names: Dict[str, set],
             candidates: Optional[List[str]] = None
             ) -> Dict[str, List[str]]:
    """The calls outside the files given that name one of the requests.

    When a part of a tree is given (--only PATH), a call of the old API in
    another file of the tree with the same class and the same name (the
    literal, or the identifier as written) names the same request: a
    conversion of the files given would leave it on the old API, reaching
    nothing.  names: {request key: {(class, name as written or literal)}};
    candidates: the tree's C files that call the API (default: every C
    file under tree).  Returns {request key: ["file:line", ...]}."""
    from .facts import API_CALL, api_lines, norm
    given_set = {os.path.normpath(f) for f in given}
    if candidates is None:
        candidates = []
        for root, dirs, files in os.walk(tree):
            dirs[:] = sorted(d for d in dirs if not d.startswith("."))
            for f in sorted(files):
                if f.endswith(".c"):
                    candidates.append(os.path.relpath(
                        os.path.join(root, f), tree))
    want: Dict[tuple, List[str]] = {}
    for k, ns in names.items():
        for n in ns:
            want.setdefault(n, []).append(k)
    out: Dict[str, List[str]] = {}
    for f in sorted(candidates):
        if os.path.normpath(f) in given_set:
            continue
        try:
            with open(os.path.join(tree, f), errors="replace") as fh:
                text = fh.read()
        except OSError:
            continue
        if not API_CALL.search(text):
            continue
        for line, fn, args in api_lines(text):
            a = split_args(args)
            if len(a) < 2:
                continue
            n = CAST.sub("", norm(a[1]))
            for k in want.get((norm(a[0]), n), ()):
                w = "%s:%d" % (os.path.normpath(f), line)
                if w not in out.setdefault(k, []):
                    out[k].append(w)
    return out
