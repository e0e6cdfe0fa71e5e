"""Pass 2: one semantic patch for all candidate files, generated from the
decisions.  Each converted call is selected by its position (file, line,
column from pass 1); a static handle goes before the first function of
its file that uses it (or where decision.Decider.check_anchor says, when
an #if is around that function and not around every call), a field at
the end of the structure's definition in the file that defines it."""

from typing import Dict, List, Tuple

from .facts import ADD, REMOVE, UPDATE
from .textfacts import include_anchor, includes_header

API_HEADER = "linux/pm_qos_params.h"

ADD_FORMS = {
    "stmt": ("- pm_qos_add_requirement@P(C, N, V);\n"
             "+ H = pm_qos_add_request(C, V);\n"),
    "assign": ("- E = pm_qos_add_requirement@P(C, N, V);\n"
               "+ H = pm_qos_add_request(C, V);\n"
               "+ E = H ? 0 : -ENOMEM;\n"),
    "return": ("- return pm_qos_add_requirement@P(C, N, V);\n"
               "+ H = pm_qos_add_request(C, V);\n"
               "+ return H ? 0 : -ENOMEM;\n"),
}
ADD_IF = [("pm_qos_add_requirement@P(C, N, V) < 0", "!H"),
          ("pm_qos_add_requirement@P(C, N, V)", "!H"),
          ("pm_qos_add_requirement@P(C, N, V) >= 0", "H"),
          ("!pm_qos_add_requirement@P(C, N, V)", "H")]
UPDATE_FORMS = {
    "stmt": ("- pm_qos_update_requirement@P(C, N, V);\n"
             "+ UPD\n"),
    "assign": ("- E = pm_qos_update_requirement@P(C, N, V);\n"
               "+ UPD\n"
               "+ E = 0;\n"),
    "return": ("- return pm_qos_update_requirement@P(C, N, V);\n"
               "+ UPD\n"
               "+ return 0;\n"),
    "if": ("- if (pm_qos_update_requirement@P(C, N, V) < 0) S1\n"
           "+ UPD\n"
           "|\n"
           "- if (pm_qos_update_requirement@P(C, N, V)) S1\n"
           "+ UPD\n"),
}
REMOVE_FORM = ("- pm_qos_remove_requirement@P(C, N);\n"
               "+ pm_qos_remove_request(H);\n"
               "+ H = NULL;\n")
# A remove right after the free of its holder: moved before the free.
REMOVE_MOVED = ("- FR(X);\n"
                "- pm_qos_remove_requirement@P(C, N);\n"
                "+ pm_qos_remove_request(H);\n"
                "+ FR(X);\n")
# A remove a few statements after the free of its holder, none of which
# uses the request: the remove goes right before the free.
REMOVE_GAP_FREE = ("+ pm_qos_remove_request(H);\n"
                   "  FR@F(X);\n")
REMOVE_GAP_CALL = "- pm_qos_remove_requirement@P(C, N);\n"
# A remove right before the free of its holder: the handle goes with it.
REMOVE_FREED = ("- pm_qos_remove_requirement@P(C, N);\n"
                "+ pm_qos_remove_request(H);\n")
# A remove of a request removed from more than one function
# (takes_handle): only the caller that takes the handle out frees it.
REMOVE_XCHG = ("- pm_qos_remove_requirement@P(C, N);\n"
               "+ pm_qos_remove_request(xchg(&H, NULL));\n")
REMOVE_XCHG_MOVED = ("- FR(X);\n"
                     "- pm_qos_remove_requirement@P(C, N);\n"
                     "+ pm_qos_remove_request(xchg(&H, NULL));\n"
                     "+ FR(X);\n")
REMOVE_XCHG_GAP_FREE = ("+ pm_qos_remove_request(xchg(&H, NULL));\n"
                        "  FR@F(X);\n")
REMOVE_BRANCH = ("- pm_qos_remove_requirement@P(C, N);\n"
                 "+ {\n"
                 "+ pm_qos_remove_request(H);\n"
                 "+ H = NULL;\n"
                 "+ }\n")


def takes_handle(r) -> bool:
    """The request is removed in more than one function, or from entry
    points that neither the driver core nor module loading runs one
    after the other (Decider.remove_contexts: a work item and a suspend
    callback, an IRQ thread and a plug handler).  The string API
    made a second remove a no-op, where a second remove of a handle frees
    it twice: each remove takes the handle out with xchg(&H, NULL) and
    removes what it took, so only one frees it (the core's remove of NULL
    does nothing)."""
    return r.unordered_entries or len({(c.unit, c.func) for c in r.calls
                                       if c.fn == REMOVE}) > 1


def branch_text(fn: str, form: str, guard: bool, branch: bool,
                h: str, moved: bool = False,
                nonull: bool = False, xchg: bool = False) -> List[str]:
    """The SmPL alternatives that rewrite one call of fn in its form.
    moved: a remove right after the free of its holder, moved before it;
    nonull: a remove whose holder is freed next, so not cleared; xchg:
    a remove that takes the handle out (takes_handle)."""
    if fn == ADD:
        if form in ADD_FORMS:
            return [ADD_FORMS[form].replace("H", h)]
        out = []
        for test, new in ADD_IF:
            for els in (" else S2", ""):
                out.append("+ H = pm_qos_add_request(C, V);\n"
                           "  if (\n- %s\n+ %s\n  ) S1%s\n" % (
                               test, new, els))
        return [o.replace("H", h) for o in out]
    if fn == UPDATE:
        if guard:
            if branch and form == "stmt":
                upd = ("{\n+ if (H)\n+ pm_qos_update_request(H, V);"
                       "\n+ }")
            else:
                upd = "if (H)\n+ pm_qos_update_request(H, V);"
        else:
            upd = "pm_qos_update_request(H, V);"
        return [UPDATE_FORMS[form].replace("UPD", upd).replace("H", h)]
    if xchg:
        return [(REMOVE_XCHG_MOVED if moved else REMOVE_XCHG)
                .replace("H", h)]
    if moved:
        return [REMOVE_MOVED.replace("H", h)]
    if nonull and not branch:
        return [REMOVE_FREED.replace("H", h)]
    t = REMOVE_BRANCH if branch else REMOVE_FORM
    return [t.replace("H", h)]


def includes_api(d, f: str) -> bool:
    """File f includes <linux/pm_qos_params.h>, itself or through a
    header of its own that the files given hold (the closure of
    textfacts.include_closure)."""
    texts = d.values.texts if d.values else {}
    for h in [f] + sorted((d.values.closure if d.values else {})
                          .get(f, ())):
        t = texts.get(h)
        if t is not None and includes_header(t, API_HEADER):
            return True
    return False


def pass2(d) -> Tuple[str, List[str]]:
    """The semantic patch for decider d, and the candidate files it
    changes (empty text: nothing to do)."""
    groups: Dict[tuple, List[tuple]] = {}
    files = set()
    for r in d.requests:
        if not r.ok:
            continue
        for c in r.calls:
            gap = r.gaps.get(c.key)
            sig = (c.fn, c.form, r.guard.get(c.key, False), c.branch,
                   r.handles[c.key], c.key in r.moved and not gap,
                   r.nonull.get(c.key, False),
                   (c.file, gap[0]) if gap else None,
                   c.fn == REMOVE and takes_handle(r))
            groups.setdefault(sig, []).append(c.key)
            files.add(c.unit)
    readers = sorted(d.readers)
    files |= {d.readers[k].unit for k in readers}
    if not groups and not readers:
        return "", []
    out = ["// Pass 2 of convert/pmqos-convert, generated by convert/pmqos.",
           "", "@initialize:python@", "@@", "SITES = {"]
    names = []
    for i, (sig, pos) in enumerate(sorted(groups.items(), key=str)):
        out.append("    %d: %r," % (i, sorted(set(pos))))
        names.append((i, sig))
    out += ["}", "READERS = %r" % readers, "",
            "def key(p):",
            "    return (p[0].file[2:] if p[0].file.startswith('./') "
            "else p[0].file, int(p[0].line), int(p[0].column))", "",
            "def at(p, i):",
            "    return key(p) in SITES[i]", "",
            "def reader(p):",
            "    return key(p) in READERS", "",
            "def infile(p, f):",
            "    return key(p)[0] == f", "",
            "def atline(p, f, n):",
            "    return key(p)[0] == f and key(p)[1] == n", ""]
    # Where each static handle goes: before the function of its file
    # that the decision chose (Decider.check_anchor), found before any
    # rule changes that function (a position in a changed function no
    # longer names its file), or after the file's #include of the API's
    # header (then any function of the file names it).
    statics = []
    for r in sorted((r for r in d.requests if r.ok and
                     r.place[0] == "static"), key=lambda r: r.handle):
        file = r.place[1]
        n = len(statics) + 1
        statics.append((n, r.handle, r.anchor))
        out += ["@where%d@" % n,
                "position ps : script:python () { infile(ps, \"%s\") };"
                % file,
                "identifier fn%s;" % ("" if r.anchor == "#include" else
                                      " = " + r.anchor),
                "@@", "fn@ps(...) { ... }", ""]
    # A C file that calls the new API gets its header when it lacks it:
    # the old calls built through an implicit declaration (int), which a
    # pointer cannot take.
    # (before the conversion, which changes the functions whose position
    # names the file)
    n_inc = 0
    for f in sorted(files):
        if not f.endswith(".c") or includes_api(d, f):
            continue
        anchor = include_anchor(d.values.texts.get(f, "")
                                if d.values else "")
        if anchor is None:
            continue
        n_inc += 1
        out += ["@inc%d@" % n_inc,
                "position ps : script:python () { infile(ps, \"%s\") };"
                % f, "identifier fn;", "@@", "fn@ps(...) { ... }", "",
                "@depends on inc%d@" % n_inc, "@@", "#include <%s>" % anchor,
                "+#include <%s>" % API_HEADER, ""]
    # One rule for every call: once a rule has changed a function, the
    # later rules no longer see the positions of pass 1.
    moved = any(sig[5] or sig[7] for i, sig in names)
    out += ["@convert disable neg_if@",
            "expression C, N, V, E%s;" % (", X" if moved else "")]
    if moved:
        out.append("identifier FR;")
    out.append("statement S1, S2;")
    for i, sig in names:
        out.append("position p%d : script:python () { at(p%d, %d) };"
                   % (i, i, i))
        if sig[7]:
            out.append("position f%d : script:python () "
                       "{ atline(f%d, \"%s\", %d) };" % (i, i, sig[7][0],
                                                         sig[7][1]))
    if readers:
        out.append("position pr : script:python () { reader(pr) };")
    out += ["@@", "("]
    alts = []
    for i, (fn, form, guard, br, h, mv, nn, gap, xc) in names:
        if gap:
            # a remove some statements after the free of its holder:
            # the free gets the remove before it, the old call goes
            alts.append((REMOVE_XCHG_GAP_FREE if xc else REMOVE_GAP_FREE)
                        .replace("H", h).replace("@F", "@f%d" % i))
            alts.append(REMOVE_GAP_CALL.replace("@P", "@p%d" % i))
            continue
        for t in branch_text(fn, form, guard, br, h, mv, nn, xc):
            alts.append(t.replace("@P", "@p%d" % i))
    if readers:
        alts.append("- pm_qos_requirement@pr(C)\n+ pm_qos_request(C)\n")
    out.append("|\n".join(a.rstrip("\n") + "\n" for a in alts)
               .rstrip("\n"))
    out += [")", ""]
    for (n, handle, fn) in statics:
        if fn != "#include":
            out += ["@static%d depends on where%d@" % (n, n),
                    "identifier fn = %s;" % fn, "@@",
                    "+static struct pm_qos_request_list *%s;" % handle,
                    "+", "fn(...) { ... }", ""]
        else:
            out += ["@static%d depends on where%d@" % (n, n), "@@",
                    "#include <%s>" % API_HEADER, "+",
                    "+static struct pm_qos_request_list *%s;" % handle, ""]
    n = len(statics)
    fields: Dict[tuple, set] = {}
    for r in d.requests:
        if r.ok and r.place[0] == "field":
            fields.setdefault(r.place[1], set()).add(r.handle)
    for (s, file) in sorted(fields):
        n += 1
        out += ["@field%d@" % n,
                "position ps : script:python () { infile(ps, \"%s\") };" % file,
                "identifier S = %s;" % s, "@@", "struct S@ps {", "..."]
        for h in sorted(fields[(s, file)]):
            out.append("+\tstruct pm_qos_request_list *%s;" % h)
        out += ["};", ""]
    return "\n".join(out) + "\n", sorted(files)
