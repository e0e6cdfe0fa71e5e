"""What a call's name is, which calls may name the same request, and the
names of the handles.

Rule (names): a literal, or a #define or constant array that resolves to
one, is a constant name.  A name built at run time (a local buffer) or
passed in as a parameter may hold any string (one from user space among
them): it may alias every name of its class in the files given.  A name
read from a field may alias only what can reach that field (Values): the
literals the files of its driver (its Kbuild object, from the Makefiles)
store into a field of that name (assignment, initialiser, strcpy,
strlcpy, snprintf, ...), a device's name where such a store copies one,
and, where the field is a device's own name (dev_name(), pdev->name,
bus_id, bus_name, netdev->name), the name of a device of that driver,
which no literal of another driver equals unless the driver's files
store that literal into a device's name (.name = "x", dev_set_name(),
alloc_netdev()'s format).  The files of a driver are those its Kbuild
object is built from, whether they call pm_qos or not, and the headers
they include; a store into a field of the driver's own structure counts
only where it may write that structure (not .name = "x" in the
initialiser of an i2c_adapter).  A field with no store seen in its
driver's files may hold any string.  A field of the driver's own
structure whose every store copies the name of the device its probe was
handed, and hcd->self.bus_name where every usb_create_hcd() is handed
such a name, hold that device's name: the same name as the device's, one
request per device (DevNames).  The same field of the same structure
(dev_name() of one device, netdev->name of one adapter) names one
request per instance.  The report names the store that made two names
aliases.
"""

import bisect
import os
import re
from dataclasses import dataclass
from typing import Dict, List, Optional, Tuple

from . import kernel
from .facts import LITERAL, Call, UnitFacts
from .textfacts import (api_lines, blank_comments, call_args, driver_of,
                        read)
# Where a device's name is, the calls that print a name into a device,
# those that copy into a field or return a copy: kernel.txt.
from .kernel import (COPY_CALLS, DEV_NAME_FIELDS, DEV_NAME_OWNERS,
                     DUP_SRC, NAMING_CALLS)

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


def literal_of(F: UnitFacts, n: str) -> Optional[str]:
    """The string literal that the macro or const variable n stands for in
    unit F, through a chain of macros, or None."""
    v = F.defines.get(n) or F.constvars.get(n)
    seen = set()
    while v and IDENT.match(v) and v not in seen:
        seen.add(v)
        v = F.defines.get(v) or F.constvars.get(v)
    return v if v and LITERAL.match(v) else None


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
        v = literal_of(F, n)
        if v:
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


def group_names(calls: List[Call], names: Dict[tuple, Name],
                atoms: Optional[Dict[tuple, list]] = None
                ) -> List[List[Call]]:
    """The requests: the calls that may name the same one, in groups.

    Constant names group by their string (the same literal in two
    directories is one request of the old API).  An identifier whose value
    was not seen groups with the same identifier in its file.  A name built
    at run time or passed in may hold any string (one read from user space
    among them): it joins every call of its class in the files given.

    A name read from a field: without atoms (Values.atoms, what each call's
    name may hold), it joins every call of its class, as a name built at
    run time does.  With atoms, two calls of a class join when what one
    may hold may equal what the other may hold (may_equal): a field joins
    the literals stored into it, a device's own name joins the names of
    the same driver's device and the literals stored into a device's name
    in the files given, and a field whose stores are not all seen joins
    every call of its class."""
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
    for c in sorted(calls, key=lambda c: c.key):
        by_cls.setdefault(c.cls, []).append(c)
    for cls, cs in sorted(by_cls.items()):
        if atoms is None:
            if any(names[c.key].kind in (RUNTIME, PARAM, INST) for c in cs):
                for c in cs:
                    union(cs[0].key, c.key)
            continue
        for i, a in enumerate(cs):
            for b in cs[i + 1:]:
                if find(a.key) != find(b.key) and \
                        aliases(atoms[a.key], atoms[b.key]):
                    union(a.key, b.key)
    groups: Dict[tuple, List[Call]] = {}
    for c in sorted(calls, key=lambda c: c.key):
        groups.setdefault(find(c.key), []).append(c)
    return [groups[k] for k in sorted(groups)]


def aliases(xs: list, ys: list) -> Optional[Tuple[tuple, str, tuple, str]]:
    """The first pair of atoms (with where each comes from) of xs and ys
    that may be one string, or None."""
    for a, wa in xs:
        for b, wb in ys:
            if a[0] == "devlit" and b[0] == "devlit":
                continue
            if may_equal(a, b):
                return a, wa, b, wb
    return None


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
    from .facts import API_CALL, norm
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
        text = read(tree, f)
        if text is None or not API_CALL.search(text):
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


# What a name read from a field can hold.  An atom is one of:
#   ("lit", '"x"')     that string
#   ("fmt", '"x%d"')   a string printed by that format
#   ("dev", driver)    the device's own name, of a device of that driver
#   ("any", "")        any string (a parameter, user space, a field whose
#                      stores are not all seen)
# Two names may name one request when an atom of one may equal an atom
# of the other (may_equal).

# A store of an allocation (kernel.txt's alloc) or of NULL puts no string.
ALLOC = re.compile(r'^(?:%s)\(|^(?:NULL|0)$' % "|".join(sorted(kernel.ALLOC)))
DEV_EXPR = re.compile(r'^dev_name\(|(?:->|\.)(?:%s)$|'
                      r'^\w*(?:dev|pdev|hcd|client|netdev)\w*'
                      r'(?:(?:->|\.)\w+)*(?:->|\.)name$' %
                      "|".join(sorted(DEV_NAME_FIELDS)))
FIELD_DST = re.compile(r'(?:->|\.)\s*(\w+)\s*(?:\[[^\]]*\])?$')
STORE = re.compile(r'(?:->|\.)\s*(\w+)\s*(?:\[[^\]]*\]\s*)?=(?!=)\s*'
                   r'((?:"(?:[^"\\\n]|\\.)*"\s*)+|[^;,}{]+)')
CALL = re.compile(r'\b(\w+)\s*\(')
# A header of the kernel's include/ or of an arch's (include/linux/...,
# arch/arm/include/asm/..., arch/arm/plat-omap/include/plat/...).
KERNEL_HEADER = re.compile(r'^(?:arch/[^/]+/(?:[^/]+/)?)?include/')
# A function-like macro's definition, continuation lines included.
DEFINE = re.compile(r'^[ \t]*#[ \t]*define[ \t]+(\w+)\((?:.*\\\n)*.*$', re.M)


def unused_macros(texts: Dict[str, str]) -> set:
    """The function-like macros that texts define and no text uses: a
    store in one (rename_region()'s (region)->name = (newname) in
    <linux/ioport.h>) writes nothing in the files given."""
    defs, uses = set(), {}
    for t in texts.values():
        t = blank_comments(t)
        for m in DEFINE.finditer(t):
            defs.add(m.group(1))
        for w in re.findall(r'\b\w+\b', t):
            uses[w] = uses.get(w, 0) + 1
    return {d for d in defs if uses.get(d, 0) <= 1}


def is_dev_key(key: str) -> bool:
    """An INST key (inst_key) names a device's own name: dev_name(),
    bus_id, bus_name, init_name, or the name of a device structure."""
    fld = re.split(r'[:.]', key)[-1]
    return key.startswith("dev_name(") or fld in DEV_NAME_FIELDS or \
        (fld == "name" and owner_struct(key) in DEV_NAME_OWNERS)


class Values:
    """What each field can hold, from the stores of the files given (the
    candidate files and the headers they include), and the driver of
    each file."""

    def __init__(self, top: str, texts: Dict[str, str],
                 units: Dict[str, UnitFacts],
                 closure: Optional[Dict[str, set]] = None):
        self.top = top
        self.units = units
        self.closure = closure or {}
        self.mk: Dict[str, Dict[str, str]] = {}
        self.drivers: Dict[str, str] = {}
        self.stores: Dict[str, List[Tuple[tuple, str, str]]] = {}
        self.devlits: List[Tuple[tuple, str, str]] = []
        self.texts = texts
        self.dn = DevNames(self, texts)
        self.tgt: Dict[tuple, Optional[str]] = {}
        self.macros = unused_macros(texts)
        for f in sorted(texts):
            self.scan(f, blank_comments(texts[f]))

    def driver(self, f: str) -> str:
        """A file #included by a candidate file is of that file's
        driver."""
        if f not in self.drivers:
            incl = sorted(u for u, hs in self.closure.items() if f in hs)
            self.drivers[f] = driver_of(self.top, incl[0] if incl else f,
                                        self.mk)
        return self.drivers[f]

    def resolve(self, e: str) -> Optional[str]:
        for F in self.units.values():
            v = literal_of(F, e)
            if v:
                return v
        return None

    def source(self, e: str, f: str, fmt: bool = False) -> List[tuple]:
        """The atoms a store of expression e (in file f) puts into a
        field; [] for no string (an allocation, NULL)."""
        from .facts import norm
        e = CAST.sub("", norm(e)).lstrip("&")
        if LITERAL.match(e):
            return [("fmt" if fmt and "%" in e else "lit", e)]
        if ALLOC.match(e):
            return []
        if IDENT.match(e):
            v = self.resolve(e)
            if v:
                return [("fmt" if fmt and "%" in v else "lit", v)]
        if DEV_EXPR.search(e):
            return [("dev", self.driver(f))]
        return [("any", "")]

    def scan(self, f: str, text: str) -> None:
        nl = [m.start() for m in re.finditer("\n", text)]

        def line(i):
            return "%s:%d" % (f, bisect.bisect_left(nl, i) + 1)
        macros = [(m.start(), m.end(), m.group(1))
                  for m in DEFINE.finditer(text)]
        for m in STORE.finditer(text):
            mac = [x for (a, b, x) in macros if a <= m.start() < b]
            if mac and mac[0] in self.macros:
                continue    # a macro no file given uses stores nothing
            fld, rhs = m.group(1), rhs_at(text, m.start(2))
            d = dup_source(CAST.sub("", re.sub(r'\s+', '', rhs)))
            if d:
                rhs = d    # x->name = kstrdup(src, gfp): a copy of src
            tgt = self.dn.target(text, f, m.start())
            if tgt is None and mac:
                # the object a macro's parameter names: a structure of
                # the macro's own file (DevNames.may_store)
                tgt = "#" + f
            for a in self.source(rhs, f):
                self.tgt[(fld, line(m.start()), a)] = tgt
                self.store(fld, a, line(m.start()), f)
        for m in CALL.finditer(text):
            fn = m.group(1)
            if fn in COPY_CALLS:
                di, si, fmt = COPY_CALLS[fn]
                args = split_args(call_args(text, m.end()))
                if len(args) <= max(di, si):
                    continue
                dm = FIELD_DST.search(args[di].strip())
                if not dm:
                    continue
                srcs = self.source(args[si], f, fmt)
                fa = [a for a in srcs if a[0] == "fmt"]
                if fmt and fa:
                    # a %s of the format prints what its argument holds
                    # (a number or a character adds no name to it)
                    for x in string_args(fa[0][1], args[si + 1:]):
                        srcs += [a for a in self.source(x, f)
                                 if a[0] in ("dev", "any")]
                tgt = self.dn.copy_target(text, f, m.end(), args[di])
                for a in srcs:
                    self.tgt[(dm.group(1), line(m.start()), a)] = tgt
                    self.store(dm.group(1), a, line(m.start()), f)
            elif fn in NAMING_CALLS:
                args = split_args(call_args(text, m.end()))
                i = NAMING_CALLS[fn]
                if len(args) > i:
                    for a in self.source(args[i], f, True):
                        if a[0] in ("lit", "fmt"):
                            self.devlits.append((("devlit",) + a,
                                                 line(m.start()), f))

    def store(self, fld: str, a: tuple, where: str, f: str) -> None:
        self.stores.setdefault(fld, []).append((a, where, f))
        if fld in DEV_NAME_FIELDS | {"name"} and a[0] in ("lit", "fmt"):
            self.devlits.append((("devlit",) + a, where, f))

    def mine(self, c: Call, f: str) -> bool:
        """A store in file f counts for the name of call c: f is built
        into c's driver, or is a header c's file includes."""
        return f == c.file or f in self.closure.get(c.unit, ()) or \
            self.driver(f) == self.driver(c.file)

    def atoms(self, c: Call, nm: "Name") -> List[Tuple[tuple, str]]:
        """(atom, where it comes from) of what the name of call c may
        hold.  A field of the driver's own holds what the driver's files
        (and the headers they include) store into a field of that name;
        a device's name holds the name of a device of the driver, or a
        literal the driver's files store into a device's name."""
        if nm.kind == CONST:
            return [(("lit", nm.key), c.where)]
        if nm.kind == UNRESOLVED:
            return [(("ident", "%s:%s" % (c.file, nm.key)), c.where)]
        if nm.kind != INST:
            return [(("any", ""), c.where)]
        key = nm.key
        m = re.match(r'^dev_name\((.*)\)$', key)
        fld = re.split(r'[:.]', key)[-1]
        own = owner_struct(key)
        devlits = [(a, w) for (a, w, f) in self.devlits if self.mine(c, f)]
        if m or fld in DEV_NAME_FIELDS or (fld == "name" and
                                           own in DEV_NAME_OWNERS):
            out = [(("dev", self.driver(c.file)),
                    "read at %s" % c.where)] + devlits
            out += [(a, w) for (a, w, f) in self.stores.get(fld, [])
                    if a[0] == "any" and fld in DEV_NAME_FIELDS and
                    self.mine(c, f)]
            return out
        # a field of the driver's own structure: only the stores that
        # may write that structure (not .name = "x" of an i2c_adapter)
        path = key.split(":", 1)[-1]
        typed = "." not in path and not m and \
            self.dn.struct_of(own) is not None

        def counts(a, w, f):
            t = self.tgt.get((fld, w, a))
            if (t or "").startswith("#"):
                # through a macro's parameter: a macro of a header of
                # the kernel's include/ writes only what it declares
                return not own or not KERNEL_HEADER.match(f) or \
                    self.dn.may_store(t, own)
            return not typed or self.dn.may_store(t, own)
        st = [(a, w) for (a, w, f) in self.stores.get(fld, [])
              if self.mine(c, f) and counts(a, w, f)]
        if not st:
            return [(("any", ""), "no store into ->%s in the files of its "
                     "driver" % fld)]
        out = []
        for a, w in st:
            out.append((a, w))
            if a[0] == "dev":
                out += devlits
        return out


CONV = re.compile(r'%([-+ #0-9.*]*)(hh|h|ll|l|L|q|j|z|Z|t)?([a-zA-Z%])')


def string_args(f: str, args: List[str]) -> List[str]:
    """The arguments that the conversions of format f (a C string literal
    or literals) print as strings: those of %s and of the kernel's %p
    extensions (%pV, ...); each * of a width or precision takes one more
    argument, and a numeric or %c conversion prints no name.  All of
    args when a conversion is not known."""
    body = c_string(f)
    out, i = [], 0
    for m in CONV.finditer(body):
        flags, conv = m.group(1), m.group(3)
        if conv == "%":
            continue
        i += flags.count("*")
        if conv in "diouxXc":
            i += 1
            continue
        if conv == "s" or conv == "p":
            if i < len(args):
                out.append(args[i])
            i += 1
            continue
        return args
    return out


def c_string(e: str) -> str:
    """The text of the C string literal(s) e ("a" "b" is "ab"), escapes
    as written."""
    return "".join(re.findall(r'"((?:[^"\\]|\\.)*)"', e))


def fmt_regex(f: str) -> "re.Pattern":
    """What the format f may print: its text, each conversion any text
    (%% a %)."""
    body, out, i = c_string(f), "^", 0
    for m in CONV.finditer(body):
        out += re.escape(body[i:m.start()]) + \
            ("%" if m.group(3) == "%" else ".*")
        i = m.end()
    return re.compile(out + re.escape(body[i:]) + "$", re.S)


def may_equal(a: tuple, b: tuple) -> bool:
    """Atoms a and b may be the same string.  A ("devlit", kind, s) is a
    string stored into a device's name: it equals a literal or format, not
    another device's name (two drivers' devices are named apart)."""
    if a[0] == "devlit":
        a = a[1:]
    if b[0] == "devlit":
        b = b[1:]
    if a[0] == "any" or b[0] == "any":
        return True
    if a[0] == "ident" or b[0] == "ident":
        return a == b
    if a[0] == "dev" or b[0] == "dev":
        return a == b
    if a[0] == "lit" and b[0] == "lit":
        return a[1] == b[1]
    if a[0] == "fmt" and b[0] == "lit":
        a, b = b, a
    if a[0] == "lit" and b[0] == "fmt":
        return bool(fmt_regex(b[1]).match(c_string(a[1])))
    return True


# A field of the driver's own structure that holds a device's name.
#
# A name read from a field of the driver's own structure (port->name) is
# another spelling of a device's own name (pdev->name, dev_name()) when
# every store the driver's files may make into that field of that
# structure is an allocation (or NULL) or a whole copy of that device
# name, read from the device a .probe was handed (its parameter): strcpy
# into it, strncpy/strlcpy/memcpy bounded by strlen(name) + 1, =
# kstrdup(), or the pointer itself.  The field then holds the name of
# the device whose instance holds the field, so the two spellings name
# one request per device, and its handle belongs in that same structure
# (Decider: the holder must be it).  One store of anything else (a
# literal, a format, a name of unknown origin) and nothing is shown.

DECLS = re.compile(r'\bstruct\s+(\w+)(?=[\s*])[\s*]*(?:const\s+[\s*]*)?'
                   r'(\w+)\b(?!\s*\()')
INIT_DECL = re.compile(r'struct\s+(\w+)\s+[^;{}()=]*=\s*$|'
                       r'\(\s*(?:const\s+)?struct\s+(\w+)\s*\)\s*$')
BASE = re.compile(r'([A-Za-z_]\w*)((?:\s*(?:->|\.)\s*\w+)*)\s*$')
DUP = re.compile(r'^(%s)\((.*)\)$' % "|".join(sorted(DUP_SRC)))


def dup_source(r: str) -> Optional[str]:
    """The source of a duplicated string r (kstrdup(src, gfp)), or
    None."""
    d = DUP.match(r)
    if not d:
        return None
    a = split_args(d.group(2))
    i = DUP_SRC[d.group(1)]
    return a[i] if len(a) > i else None


def rhs_at(text: str, i: int) -> str:
    """The expression that starts at i, up to the ; , or } that ends it
    outside parentheses."""
    depth, j = 0, i
    while j < len(text):
        ch = text[j]
        if ch in "([":
            depth += 1
        elif ch in ")]":
            if depth == 0:
                break
            depth -= 1
        elif ch in ";,}" and depth == 0:
            break
        elif ch == '"':
            m = re.compile(r'"(?:[^"\\\n]|\\.)*"').match(text, j)
            if m:
                j = m.end()
                continue
        j += 1
    return text[i:j].strip()


def decl_types(text: str) -> Dict[str, Optional[str]]:
    """{variable: the structure it is declared as in text (struct T
    *var)}, None for a variable declared as two structures, or also in a
    list (struct a *x, *var;), whose type is not known."""
    seen: Dict[str, set] = {}
    for m in DECLS.finditer(text):
        seen.setdefault(m.group(2), set()).add(m.group(1))
    out = {v: (ts.pop() if len(ts) == 1 else None)
           for v, ts in seen.items()}
    for m in re.finditer(r'\bstruct\s+\w+\s*([^;(){}]*)', text):
        for v in re.findall(r',\s*\**\s*(\w+)', m.group(1)):
            out[v] = None
    return out


def decl_type(text: str, var: str) -> Optional[str]:
    """The structure var is declared as in text, or None."""
    return decl_types(text).get(var)


def init_type(text: str, pos: int) -> Optional[Tuple[str, bool]]:
    """The structure of the initialiser around a designated store at pos
    (.name = ...): (T, nested) for struct T x = { ... } or (struct T){
    ... }, nested when the store is in a brace inside it; None when it
    is not seen."""
    depth, level = 0, 0
    i = pos - 1
    while i >= 0:
        ch = text[i]
        if ch == "}":
            depth += 1
        elif ch == "{":
            if depth:
                depth -= 1
            else:
                level += 1
                m = INIT_DECL.search(text, max(0, i - 200), i)
                if m:
                    return (m.group(1) or m.group(2)), level > 1
                before = text[max(0, i - 200):i].rstrip()
                if not before.endswith(("=", ",", "{")):
                    return None   # a block of code, not an initialiser
        elif ch == ";" and depth == 0:
            return None
        i -= 1
    return None


class DevNames:
    """Which fields of the driver's own structures hold a device's own
    name, from the stores of the files given (Values' texts)."""

    def __init__(self, values: "Values", texts: Dict[str, str]):
        self.v = values
        self.texts = {f: blank_comments(t) for f, t in texts.items()}
        self.cache: Dict[tuple, object] = {}
        self.decls: Dict[str, Dict[str, Optional[str]]] = {}

    def struct_of(self, s: str):
        for F in self.v.units.values():
            if s in F.structs:
                return F.structs[s]
        return None

    def embeds(self, t: str, s: str, seen=None) -> bool:
        """Struct t may hold a struct s inside it (a field of type s, or
        of a structure that may), or is not known."""
        sd = self.struct_of(t)
        if sd is None:
            return False
        seen = seen or set()
        seen.add(t)
        for ft in sd.fields.values():
            n = ft.replace("struct ", "").replace("*", "").strip()
            if n == s or ("*" not in ft and n not in seen and
                          self.embeds(n, s, seen)):
                return True
        return False

    def target(self, text: str, f: str, pos: int) -> Optional[str]:
        """The structure a store whose "->" or "." is at pos writes
        into, or None when not known."""
        before = text[max(0, pos - 400):pos].rstrip()
        if before.endswith(("{", ",")):
            it = init_type(text, pos)
            if it is None:
                return None
            t, nested = it
            return t if not nested else "?" + t
        # BASE matches only word characters, blanks, "->" and "." up to
        # the end: search the tail made of those alone (the same match)
        i = len(before)
        while i > 0 and (before[i - 1].isalnum() or before[i - 1] in
                         "_.->\t\n\r "):
            i -= 1
        m = BASE.search(before, i)
        if not m:
            return None
        if f not in self.decls:
            self.decls[f] = decl_types(text)
        t = self.decls[f].get(m.group(1))
        for fld in re.findall(r'\w+', m.group(2)):
            sd = self.struct_of(t) if t else None
            ft = sd.fields.get(fld, "") if sd else ""
            t = ft.replace("struct ", "").replace("*", "").strip() or None
            if t is None or not t.replace("_", "").isalnum():
                return None
        return t

    def copy_target(self, text: str, f: str, start: int,
                    dst: str) -> Optional[str]:
        """target() of the destination dst, an argument of the call
        whose "(" is at start - 1."""
        p = start + call_args(text, start).find(dst)
        dot = dst.rfind("->")
        dot = dot if dot >= 0 else dst.rfind(".")
        return self.target(text, f, p + dot) if dot >= 0 else None

    def may_store(self, tgt: Optional[str], s: str) -> bool:
        """A store whose target is tgt (target()) may write struct s.  A
        store through a macro's parameter ("#FILE") may write a structure
        its file declares (Values.atoms: for a header of the kernel's
        include/, only that: a macro of <linux/ioport.h> or
        <linux/lockdep.h> does not name a driver's structure)."""
        if tgt is None:
            return True
        if tgt.startswith("#"):
            return re.search(r'\bstruct\s+%s\s*\{' % re.escape(s),
                             blank_comments(self.v.texts.get(tgt[1:], ""))
                             ) is not None
        if tgt.startswith("?"):
            t = tgt[1:]
            return t == s or self.embeds(t, s)
        return tgt == s

    def func_at(self, f: str, line: int):
        """(unit facts, function) of the candidate unit f whose function
        holds line, or (None, None) for a file without facts."""
        F = self.v.units.get(f)
        if F is None:
            return None, None
        best = None
        for fn, (ff, ln) in F.funcs.items():
            if ff == f and ln <= line and (best is None or ln > best[1]):
                best = (fn, ln)
        return F, best[0] if best else None

    def dev_key(self, e: str, f: str, line: int) -> Optional[str]:
        """The key (as inst_key) of a device name e read in file f at
        line from the device that the function there, a .probe, was
        handed, or None."""
        from .facts import norm
        e = CAST.sub("", norm(e))
        m = re.match(r'^(?:dev_name\(&?)?([A-Za-z_]\w*)', e)
        if not m:
            return None
        var = m.group(1)
        F, fn = self.func_at(f, line)
        # the device a probe is handed is the device it binds: not a
        # child it creates, nor a device a helper may be handed
        if F is None or fn is None or \
                F.vars.get(fn, {}).get(var) != "param" or \
                not any(fl == "probe" for (fl, v) in F.ops.get(fn, [])):
            return None
        ts = {t for (v, t, h) in F.svars.get(fn, []) if v == var}
        if len(ts) != 1:
            return None
        key = inst_key(e, var, "struct " + ts.pop(), F)
        return key if is_dev_key(key) else None

    def stores(self, s: str, fld: str, files: List[str]):
        """(what, expression, file, line) of every store that may write
        field fld of struct s in files: what is "alloc" (no string),
        "copy" (of expression) or "other"."""
        from .facts import norm
        out = []
        for f in files:
            text = self.texts.get(f)
            if text is None:
                continue

            def ln(i, text=text):
                return text.count("\n", 0, i) + 1
            for m in STORE.finditer(text):
                if m.group(1) != fld:
                    continue
                if not self.may_store(self.target(text, f, m.start()), s):
                    continue
                rhs = rhs_at(text, m.start(2))
                r = CAST.sub("", norm(rhs))
                if ALLOC.match(r):
                    out.append(("alloc", rhs, f, ln(m.start())))
                    continue
                src = dup_source(r) or r
                out.append(("copy", src, f, ln(m.start())))
            for m in CALL.finditer(text):
                fn = m.group(1)
                if fn not in COPY_CALLS:
                    continue
                args = split_args(call_args(text, m.end()))
                di, si, fmt = COPY_CALLS[fn]
                if len(args) <= max(di, si):
                    continue
                dst = args[di].strip().lstrip("&")
                dm = FIELD_DST.search(dst)
                if not dm or dm.group(1) != fld:
                    continue
                if not self.may_store(self.copy_target(text, f, m.end(),
                                                       args[di]), s):
                    continue
                # a bounded copy holds the whole name only when its bound
                # counts the source's length (strlen(src) + 1)
                what = "copy"
                b = kernel.COPY_BOUND.get(fn)
                if fmt or (b is not None and (len(args) <= b or not re.match(
                        r'^strlen\(%s\)\+[1-9]\d*$' % re.escape(
                            norm(args[si])), norm(args[b])))):
                    what = "other"
                out.append((what, args[si], f, ln(m.start())))
        return out

    def holds(self, c: Call, nm: "Name") -> Optional[Tuple[str, str, str]]:
        """(the device name's key, the stores that show it, the
        structure) when the field that call c's name reads holds a
        device's own name, else None."""
        if nm.kind != INST or nm.key.startswith("dev_name("):
            return None
        s, _, path = nm.key.partition(":")
        if path.split(".")[-1] == "bus_name":
            files = sorted(f for f in self.texts if self.v.mine(c, f))
            k = ("bus_name", tuple(files))
            if k not in self.cache:
                self.cache[k] = self._bus_name(files)
            return self.cache[k]
        if "." in path:
            return None
        fld = path
        if fld in DEV_NAME_FIELDS or (fld == "name" and
                                      s in DEV_NAME_OWNERS):
            return None
        sd = self.struct_of(s)
        if s in kernel.CORE_STRUCTS or sd is None or \
                os.path.dirname(os.path.normpath(sd.file)) != \
                os.path.dirname(os.path.normpath(c.file)):
            return None
        files = sorted(f for f in self.texts if self.v.mine(c, f))
        k = (s, fld, tuple(files))
        if k not in self.cache:
            self.cache[k] = self._holds(s, fld, files)
        return self.cache[k]

    def why_not(self, c: Call, nm: "Name") -> str:
        """Why the field that call c's name reads is not shown to hold
        a device's own name: its first store that is not a copy of one,
        or ""."""
        if nm.kind != INST or ":" not in nm.key:
            return ""
        s, _, fld = nm.key.partition(":")
        if "." in fld or self.struct_of(s) is None:
            return ""
        files = sorted(f for f in self.texts if self.v.mine(c, f))
        for what, e, f, line in self.stores(s, fld, files):
            if what == "alloc":
                continue
            if what != "copy" or self.dev_key(e, f, line) is None:
                return "%s:%d stores %s into struct %s's %s, which is " \
                    "not a whole copy of the name of the device a probe " \
                    "was handed" % (f, line, e, s, fld)
        return ""

    def _bus_name(self, files: List[str]):
        """The bus of a USB host controller is named by the name its
        driver hands to usb_create_hcd() (the core stores it into
        hcd->self.bus_name and nowhere else): when every such call and
        every store into a bus_name in the driver's files hand the name
        of the device the function was handed (dev_name(&pdev->dev) in
        probe), hcd->self.bus_name is that device's name."""
        keys, wheres = set(), []
        for f in files:
            text = self.texts[f]
            for m in CALL.finditer(text):
                i = kernel.BUS_NAMING_CALLS.get(m.group(1))
                if i is None:
                    continue
                args = split_args(call_args(text, m.end()))
                line = text.count("\n", 0, m.start()) + 1
                key = self.dev_key(args[i], f, line) \
                    if len(args) > i else None
                if key is None:
                    return None
                keys.add(key)
                wheres.append("%s() at %s:%d" % (m.group(1), f, line))
            for m in STORE.finditer(text):
                if m.group(1) == "bus_name":
                    return None
        if len(keys) != 1:
            return None
        return keys.pop(), ", ".join(wheres), None

    def _holds(self, s: str, fld: str, files: List[str]):
        keys, wheres = set(), []
        for what, e, f, line in self.stores(s, fld, files):
            if what == "alloc":
                continue
            key = self.dev_key(e, f, line) if what == "copy" else None
            if key is None:
                return None
            keys.add(key)
            wheres.append("%s:%d" % (f, line))
        if len(keys) != 1:
            return None
        return keys.pop(), ", ".join(sorted(set(wheres))), s
