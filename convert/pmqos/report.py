"""What the tool says about each call: the report lines, the reasons and
the JSON summary.

JSON (pmqos-convert --json FILE; version 1, read by eval/corpus-eval):

  {"version": 1, "dir": DIR, "candidate_files": N, "seconds": S,
   "sites": [{"file": PATH, "line": N, "call": "add"|"update"|"remove"|
              "read", "class": TEXT, "name": TEXT, "converted": BOOL,
              "reason": null | Reason name, "detail": TEXT,
              "related": ["FILE:LINE", ...], "proof"?: PROOF}],
   "changed_files": [PATH, ...]}

Every call of the old API in the candidate files is one site: what pass 1
did not see is reported as NOT_PARSED (a call spatch could not parse), or
NOT_BUILT (a call under #if 0, which blocks no request).
"related" lists the other calls of the site's request (the same class
and name, or a name that may alias it): the calls its decision rests on,
which eval/pmqoseval/determinism.py reads.

"proof" (only on the adds of a converted request that became a static
handle, or a field of a structure with one instance, by a rule that shows
it is one request though a function adding it may run more than once)
says which rule and the lines it rests on, so that eval/check/pmqos-check
--proofs can verify it in the converted files instead of deriving the rule
again.  Every LINE is a line of FILE as it was before the conversion (as
"line" is), null when the converter could not place it.  PROOF is one of:

  {"rule": "flag", "file": FILE, "flag": VAR, "stores": [LINE, ...],
   "calls": [{"call": "add"|"update"|"remove", "line": LINE,
              "test": LINE, "store": LINE}, ...]}
      Decider.flag_gate: every call of the request runs under a test of
      the file-scope flag VAR at "test" (adds: if (!VAR) or the else of
      if (VAR); updates and removes: if (VAR)); after each add, in its
      branch, "store" sets VAR to a non-zero constant; after each remove
      "store" sets it to 0; "stores" are all the stores of VAR (no
      update has "store").
  {"rule": "replaced", "file": FILE, "flags": {VAR: [LINE of each store
   of VAR], ...}, "adds": [ADD, ...]}
      Decider.replaced: each ADD is {"line": LINE, "how": "remove",
      "remove": LINE} (a remove of the request precedes the add on every
      path: the nearest one before it in its function), {"line", "how":
      "cleared", "flag": VAR, "test": LINE of if (VAR) { remove; VAR = 0;
      }, "clear": LINE of VAR = 0}, {"line", "how": "gated", "flag": VAR,
      "test": LINE of if (!VAR)} or {"line", "how": "first", "func": FN,
      "callbacks": [VAR, ...]} (an initcall's add before the callbacks
      that VARs hand over); "flags" lists the stores of each VAR used.
  {"rule": "locked", "file": FILE, "mutex": M,
   "pairs": [{"func": FN, "line": LINE of the add, "remove": LINE}, ...],
   "callers": [{"func": FN, "call": LINE, "lock": LINE, "unlock": LINE}],
   "pointer"?: {"var": G, "probes": [STATE + {"stores": [LINE, ...]}]}}
      Decider.paired_locked: each add is removed before its function FN
      returns, and every call of FN holds mutex_lock(&M) from "lock" to
      "unlock"; with "pointer", M is G->f and only the probes listed
      store into G (at "stores"), each keeping its device in file scope.
  {"rule": "one_device", "file": FILE,
   "adds": [{"line": LINE, "func": FN, "probes": [STATE, ...]}, ...]}
      CallGraph.singleton, Decider.one_device: every path to each add
      starts at one of the probes, and each keeps its device in file
      scope.  STATE is {"probe": FN, "file": FILE, "func": FN2, "var":
      VAR, "line": LINE}: FN2 (the probe or a function it calls, in
      FILE) stores into the file-scope VAR at LINE (or initialises it:
      INIT_WORK(&VAR, ...)).
  {"rule": "no_device", "file": FILE, "adds": [LINE, ...]}
      No device and no callback that may run more than once reaches the
      adds (nothing to verify line by line).
  {"rule": "one_instance", "file": FILE,
   "structs": [{"struct": S, "var": VAR}, ...]}
      Decider.one_instance: the adds are reached only through pointers
      to structures that have one instance, VAR.
"""

import os
import re
import subprocess
from dataclasses import dataclass, field
from typing import Dict, List, Optional, Tuple

from . import kernel
from .facts import ADD, READER, REMOVE, UPDATE, Call
from .textfacts import dead_lines, dead_why
from .decision import Reason, Request
from .rewrite import takes_handle

NEW = {ADD: "pm_qos_add_request", UPDATE: "pm_qos_update_request",
       REMOVE: "pm_qos_remove_request", READER: "pm_qos_request"}


@dataclass
class Site:
    file: str
    line: int
    col: int
    call: str
    cls: str
    name: str
    converted: bool
    reason: Optional[Reason] = None
    detail: str = ""
    related: List[str] = field(default_factory=list)
    notes: List[str] = field(default_factory=list)
    explain: List[str] = field(default_factory=list)
    block: str = ""             # NOT_BUILT: file:line of its #if 0
    why: str = ""               # NOT_BUILT: the #if 0 (textfacts.dead_why)
    proof: Dict[str, object] = field(default_factory=dict)  # Request.proof

    def as_json(self) -> dict:
        return {"file": self.file, "line": self.line, "call": self.call,
                "class": self.cls, "name": self.name,
                "converted": self.converted,
                "reason": self.reason.name if self.reason else None,
                "detail": self.detail, "related": self.related,
                **({"proof": self.proof} if self.proof else {})}


def where_text(r: Request) -> str:
    """What the request becomes, and why that is one request."""
    if r.place[0] == "static":
        return "static handle %s" % r.handle
    return "field %s of struct %s" % (r.handle, r.place[1][0])


def why_one(r: Request) -> str:
    """Why a static handle (or a field of a structure with one
    instance) is one request, when a rule had to show it."""
    if r.place[0] == "static":
        if r.gated:
            return r.gated
    return r.one_instance


def sites_of(d) -> Dict[tuple, Site]:
    """The sites of all requests and readers of decider d."""
    out: Dict[tuple, Site] = {}
    for r in d.requests:
        for c in r.calls:
            related = ["%s:%d" % (x.file, x.line) for x in r.calls
                       if x is not c] + r.unseen
            shown = d.names[c.key].shown
            s = Site(c.file, c.line, c.col, c.kind, c.cls, shown,
                     r.ok, r.reason, related=related)
            if not r.ok:
                s.detail = r.detail
            else:
                s.detail, s.notes, s.explain = converted_text(d, r, c)
                if c.fn == ADD:
                    s.proof = r.proof
                one = why_one(r)
                if one:
                    s.detail = "; ".join(x for x in (one, s.detail) if x)
            out[c.key] = s
    for k, c in sorted(d.readers.items()):
        out[k] = Site(c.file, c.line, c.col, "read", c.cls, "", True,
                      detail="pm_qos_requirement() -> pm_qos_request()")
    return out


# What hands out zeroed memory: a handle in a structure from it is NULL
# until the add (the private area of a net_device, a usb_hcd, ...: the
# core allocates it zeroed); and what does not (kernel.txt).
ZEROED = kernel.ALLOC_ZEROED | kernel.EMBEDDED_GETTERS
UNZEROED = kernel.ALLOC_UNZEROED | kernel.ALLOC_COPY


def allocs_of(d, s: str) -> Dict[str, List[str]]:
    """{allocator: [where]} of the structures s that the units given
    allocate or reach (facts: src, svar)."""
    out: Dict[str, List[str]] = {}
    for F in d.units.values():
        for (fn, var), how in sorted(F.srcs.items()):
            if any(x == var and t == s for (x, t, h) in F.svars.get(fn, [])):
                out.setdefault(how, []).append("%s()" % fn)
    return out


def converted_text(d, r: Request, c: Call):
    """The site's text (for --json), and the notes and explanation of
    the request that this call adds to the report: (detail, notes,
    explain).  A note asks the reader to check something, and says what
    and where; the explanation says why the result is one request."""
    h = r.handles[c.key]
    detail = []
    notes = []
    explain = []
    if r.early.get(c.key):
        a = r.adds[0]
        path = d.graph(c).entry_path(c.func, r.adds)
        if c.fn == UPDATE:
            detail.append("can run before the add at %s (from %s): guarded "
                          "with if (%s), as the old API ignored it" %
                          (a.where, path, h))
        else:
            detail.append("can run before the add at %s (from %s): removing"
                          " NULL does nothing, as before" % (a.where, path))
        if r.place[0] == "field":
            s = r.place[1][0]
            al = allocs_of(d, s)
            bad = sorted(set(al) & UNZEROED)
            if bad:
                notes.append("a call can run before the add at %s: the "
                             "handle must be NULL until then, but struct %s "
                             "is allocated with %s() in %s: zero it" % (
                                 a.where, s, bad[0], ", ".join(al[bad[0]])))
            elif not set(al) & ZEROED:
                notes.append("a call can run before the add at %s: check "
                             "that struct %s is allocated zeroed (its "
                             "allocation is not in the files given), so that "
                             "the handle is NULL until the add" % (
                                 a.where, s))
            detail.append("the handle must be NULL until the add: check that"
                          " struct %s is allocated zeroed (kzalloc, "
                          "netdev_priv)" % s)
    if r.variants:
        explain.append("its own handle: the Makefile builds %s or %s, never "
                       "together" % (c.file, " or ".join(r.variants)))
    if r.flag_peers:
        explain.append("its own handle: %s also add%s this name under a "
                       "flag of %s own, an entry each with names" % (
                           " and ".join(r.flag_peers),
                           "s" if len(r.flag_peers) == 1 else "",
                           "its" if len(r.flag_peers) == 1 else "their"))
    dn = [x for x in r.calls if x.key in d.devname]
    if dn:
        x = dn[0]
        read, wheres, st = d.devname[x.key]
        same = [y for y in r.calls if y.key not in d.devname]
        if st:
            explain.append("%s holds the device's name%s: the stores into "
                           "struct %s's %s copy it (%s)" % (
                               read.shown, ", as %s" %
                               d.names[same[0].key].shown if same else "",
                               st, read.key.split(":")[-1], wheres))
        else:
            explain.append("%s holds the device's name%s: %s names the bus "
                           "by it" % (read.shown, ", as %s" %
                                      d.names[same[0].key].shown
                                      if same else "", wheres))
    if c.key in r.gaps:
        calls = r.gaps[c.key][1]
        notes.append("moved the remove at %s before the %s, which frees its "
                     "holder (lines of the file before the conversion): "
                     "check that %s" % (
                         c.where, r.moved[c.key],
                         "what ran between them (%s) does not use the "
                         "request" % ", ".join(calls) if calls else
                         "nothing between them uses the request"))
    elif c.key in r.moved:
        notes.append("moved the remove at %s before the %s, which frees "
                     "its holder and was the statement right before it "
                     "(lines of the file before the conversion)" % (
                         c.where, r.moved[c.key]))
    if c.fn == ADD and len(r.adds) > 1 and not r.one_at_a_time and \
            r.adds_apart:
        # (a request added one at a time by construction, or by adds of
        # which one runs, has no second add before the remove)
        if c is r.adds[0]:
            explain.append("added at %s, %s" % (
                compact([(a.file, a.line) for a in r.adds]), r.adds_apart))
    elif c.fn == ADD and len(r.adds) > 1 and not r.one_at_a_time:
        others = [a.where for a in r.adds if a is not c]
        detail.append("also added at %s: a second add before the remove "
                      "replaces the handle and keeps the first request, as "
                      "the old API kept a second entry" % ", ".join(others))
        notes.append("added at %s: check that no second add runs before "
                     "the remove (it would replace the handle and keep the "
                     "first request, as the old API kept a second entry)" %
                     compact([(a.file, a.line) for a in r.adds]))
    if c.fn == ADD and c.form in ("assign", "if", "return"):
        leak = leak_before(d, c)
        if leak:
            notes.append("when the add at %s fails, the request added at %s"
                         " is not removed (so before the conversion): check "
                         "the error path of %s()" % (c.where, leak, c.func))
    rm = [x for x in r.calls if x.fn == REMOVE]
    if c.fn == REMOVE and not takes_handle(r) and c is rm[0]:
        late = late_updates(d, r)
        if late:
            notes.append("an update at %s runs from %s: check that it is "
                         "stopped before the remove at %s (an update after "
                         "it uses freed memory, where the old API ignored "
                         "it)" % (late[0][0], late[0][1], c.where))
    if c.fn == REMOVE and takes_handle(r) and c is rm[0]:
        # (a note when an update may race with them, which the reader
        # must check; else what the code shows, explained once)
        ups = [(x.file, x.line) for x in r.calls if x.fn == UPDATE]
        funcs = sorted({"%s()" % x.func for x in rm})
        why = "removed in %s (%s)" % (
            ", ".join(funcs), compact([(x.file, x.line) for x in rm]))
        if r.race:
            why += ", run from %s: nothing in the files keeps two of these " \
                "from running at once, so each remove takes the handle " \
                "with xchg() and only one frees it" % ", ".join(r.race)
            again = [e.split("()")[0] for e in r.race if "with itself" in e]
            if any(e in d.graph(a).contexts(a.func)
                   for a in r.adds for e in again):
                why += "; two runs of %s() at once can still leave one " \
                    "request added, as the old API kept two entries of " \
                    "the name: serialise it to avoid that" % again[0]
        else:
            why += ", never two at once (%s): each takes the handle with " \
                "xchg() all the same" % "; ".join(r.orders)
        if ups:
            notes.append("%s; check that no update (%s) runs after a "
                         "remove" % (why, compact(ups)))
        else:
            explain.append(why)
    return "; ".join(detail + notes + explain), notes, explain


def late_updates(d, r: Request) -> List[Tuple[str, str]]:
    """(where, "f() (how)") of the updates of r reached from a timer, an
    IRQ handler or a work item that no remove of r is reached from: such
    a callback may still run when the remove has freed the handle, unless
    the function of a remove stops it first (stopped)."""
    rm = [x for x in r.calls if x.fn == REMOVE]
    ctx = set()
    for x in rm:
        ctx |= d.graph(x).contexts(x.func)
    out = []
    for x in r.calls:
        if x.fn != UPDATE:
            continue
        g = d.graph(x)
        for e in sorted(g.contexts(x.func) - ctx):
            how = g.entry.get(e, "")
            if (e in g.atomic and how.startswith((".function", "handed to"))
                    or how[len("handed to "):-2] in kernel.INIT_OBJ_FNS) \
                    and not any(stopped(d.units[y.unit], e, y) for y in rm):
                out.append((x.where, "%s() (%s)" % (
                    e, "a timer" if how == ".function" else how)))
                break
    return out


def stopped(F, fn: str, c: Call) -> bool:
    """The function of call c stops the callback fn before c: a call of
    kernel.txt's stop-callback on the object fn was handed with (the
    timer of setup_timer(), the work of INIT_WORK(), the IRQ of
    request_irq(): the same last field or name), or any, when fn was
    given by an ops field (timer.function = fn)."""
    def last(a: str) -> str:
        return re.split(r"->|\.|&", a.strip())[-1].strip()
    objs = {last(e.args.get(0, "")) for e in F.edges.values()
            if fn in e.args.values()}
    return any(e.callee in kernel.STOP_CALLBACK and e.caller == c.func and
               e.file == c.file and e.line < c.line and
               (not objs or last(e.args.get(0, "")) in objs)
               for e in F.edges.values())


def leak_before(d, c: Call) -> Optional[str]:
    """An earlier checked add in the same function whose request no remove
    in that function after c unwinds."""
    for r in d.requests:
        if c in r.calls:
            continue
        for a in r.calls:
            if a.fn != ADD or a.func != c.func or a.file != c.file or \
                    a.line >= c.line:
                continue
            if not any(x.fn == REMOVE and x.func == c.func and
                       x.line > c.line for x in r.calls):
                return a.where
    return None


def unparsed(sites: Dict[tuple, Site], texts: Dict[str, str],
             api_lines, requests: List[Request] = ()) -> None:
    """Add a NOT_PARSED site for each call of the old API in the
    candidate files that pass 1 did not see; related: the calls of the
    requests it blocks (Decider.check_unseen)."""
    blocks: Dict[str, List[str]] = {}
    for r in requests:
        for w in r.unseen:
            blocks.setdefault(w, []).extend(
                "%s:%d" % (c.file, c.line) for c in r.calls)
    seen = {(s.file, s.line) for s in sites.values()}
    fn_kind = {ADD: "add", UPDATE: "update", REMOVE: "remove",
               READER: "read"}
    for f in sorted(texts):
        dead = dead_lines(texts[f])
        for (line, fn, args) in api_lines(texts[f]):
            if (f, line) in seen:
                continue
            seen.add((f, line))
            parts = [a.strip() for a in args.split(",")]
            s = Site(f, line, 0, fn_kind[fn], parts[0] if parts else "",
                     parts[1] if len(parts) > 1 and fn != READER else "",
                     fn == READER and False, Reason.NOT_PARSED)
            if line in dead:
                s.reason = Reason.NOT_BUILT
                s.block = "%s:%d" % (f, dead[line])
                s.why = dead_why(texts[f], dead[line])
                s.detail = ("%s() is under %s of %s, which no build "
                            "compiles: nothing calls it; convert it by hand "
                            "if the block is ever enabled" % (fn, s.why, f))
                sites[(f, line, 0)] = s
                continue
            s.detail = ("the function around %s() could not be parsed "
                        "(a macro, an unknown type or a conditional that "
                        "spatch could not follow): convert by hand" % fn)
            s.related = blocks.get("%s:%d" % (f, line), [])
            if s.related:
                s.detail += ("; the calls it may name stay on the old API "
                             "with it")
            sites[(f, line, 0)] = s


@dataclass
class Finding:
    """One line of the report: a request, the readers of a class, a
    block of #if 0, or a call spatch did not parse; at file:line of its
    first call in file order, with its other calls, the explanation and
    the notes indented below it."""
    file: str
    line: int
    head: str
    reason: Optional[Reason]
    nsites: int
    also: List[Tuple[str, int]] = field(default_factory=list)
    related: List[Tuple[str, int]] = field(default_factory=list)
    explain: List[str] = field(default_factory=list)
    notes: List[str] = field(default_factory=list)

    def lines(self, full: bool = True,
              said: Optional[Dict[str, str]] = None) -> List[str]:
        """The finding as text; without full, the head, its other calls
        and the notes only.  Below the head, a file of the head's
        directory is named by its base name.  An explanation already
        given for another finding (said: text -> its file:line) is
        referred to, not repeated."""
        out = []
        if self.also:
            out.append("also: " + compact(self.also))
        if self.related and full:
            out.append("blocks the request of: " + compact(self.related))
        if full:
            for x in self.explain:
                if said is None or len(x) < 60:
                    out.append(x)
                elif x in said:
                    out.append("(the same as for %s)" % said[x])
                else:
                    said[x] = "%s:%d" % (self.file, self.line)
                    out.append(x)
        out += ["note: " + x for x in self.notes]
        here = os.path.dirname(self.file)
        if here:
            short = re.compile(r'(?<![\w/.-])%s/(?=[\w.-]+\.[ch]\b)' %
                               re.escape(here))
            out = [short.sub("", x) for x in out]
        return ["%s:%d: %s" % (self.file, self.line, self.head)] + \
            [INDENT + x for x in out]


INDENT = "    "


def compact(locs: List[Tuple[str, int]]) -> str:
    """file:line, ... grouped by file, in the order of the first line
    of each file: a.c:12,40,77; b.c:3."""
    order: List[str] = []
    lines: Dict[str, List[int]] = {}
    for f, ln in locs:
        if f not in lines:
            order.append(f)
            lines[f] = []
        if ln not in lines[f]:
            lines[f].append(ln)
    return "; ".join("%s:%s" % (f, ",".join(str(x) for x in sorted(lines[f])))
                     for f in order)


def loc(w: str) -> Tuple[str, int]:
    f, ln = w.rsplit(":", 1)
    return (f, int(ln))


def uniq(xs: List[str]) -> List[str]:
    out: List[str] = []
    for x in xs:
        if x and x not in out:
            out.append(x)
    return out


def findings(d, sites: Dict[tuple, Site]) -> List[Finding]:
    """The report: one finding per request of decider d (converted or
    not), one per class for the readers, one per #if 0 block, one per
    call spatch did not parse; every site in exactly one, sorted by
    file and line."""
    out: List[Finding] = []
    done = set()
    for r in d.requests:
        calls = sorted(r.calls, key=lambda c: (c.file, c.line, c.col))
        c0 = calls[0]
        done.update(c.key for c in calls)
        also = [(c.file, c.line) for c in calls[1:]]
        if r.ok:
            ss = [sites[c.key] for c in calls]
            f = Finding(c0.file, c0.line, "converted: (%s, %s) -> %s" % (
                c0.cls, r.shown, where_text(r)), None, len(calls), also,
                explain=uniq([why_one(r)] + [x for s in ss
                                             for x in s.explain]),
                notes=uniq([x for s in ss for x in s.notes]))
        else:
            f = Finding(c0.file, c0.line, "not converted: %s" %
                        r.reason.value, r.reason, len(calls), also,
                        explain=[r.detail])
        out.append(f)
    readers: Dict[str, List[Site]] = {}
    blocks: Dict[str, List[Site]] = {}
    for k, s in sorted(sites.items(), key=lambda x: (x[1].file, x[1].line,
                                                     x[1].col)):
        if k in done:
            continue
        if s.call == "read" and s.converted:
            readers.setdefault(s.cls, []).append(s)
        elif s.reason == Reason.NOT_BUILT:
            blocks.setdefault(s.block, []).append(s)
        else:
            out.append(Finding(s.file, s.line, "not converted: %s" %
                               s.reason.value, s.reason, 1,
                               related=[loc(w) for w in s.related],
                               explain=[s.detail]))
    for cls, ss in readers.items():
        out.append(Finding(ss[0].file, ss[0].line, "converted: "
                           "pm_qos_requirement(%s) -> pm_qos_request(%s)" %
                           (cls, cls), None, len(ss),
                           [(s.file, s.line) for s in ss[1:]]))
    for b, ss in blocks.items():
        out.append(Finding(ss[0].file, ss[0].line, "not converted: %s" %
                           Reason.NOT_BUILT.value, Reason.NOT_BUILT,
                           len(ss), [(s.file, s.line) for s in ss[1:]],
                           explain=["under %s, which no build compiles: "
                                    "nothing calls %s; convert by hand if "
                                    "the block is ever enabled" % (
                                        ss[0].why, "it" if len(ss) == 1
                                        else "them")]))
    return sorted(out, key=lambda f: (f.file, f.line))


def summary_lines(sites: Dict[tuple, Site], fs: List[Finding]
                  ) -> List[str]:
    """The counts: sites converted and not, and by reason, sites and
    findings."""
    n = len(sites)
    left = [s for s in sites.values() if not s.converted]
    out = ["%d call sites: %d converted, %d not converted%s" % (
        n, n - len(left), len(left),
        "; %d note%s to check" % (sum(len(f.notes) for f in fs),
                                  "" if sum(len(f.notes) for f in fs) == 1
                                  else "s")
        if any(f.notes for f in fs) else "")]
    for why, k in sorted(reason_counts(sites).items(),
                         key=lambda x: (-x[1], x[0].name)):
        m = sum(1 for f in fs if f.reason == why)
        what = {Reason.NOT_BUILT: "block",
                Reason.NOT_PARSED: "call"}.get(why, "request")
        out.append("  %d x %s (%d %s%s): %s" % (
            k, why.name, m, what, "" if m == 1 else "s", why.value))
    return out


def reason_counts(sites: Dict[tuple, Site]) -> Dict[Reason, int]:
    out: Dict[Reason, int] = {}
    for s in sites.values():
        if s.reason is not None:
            out[s.reason] = out.get(s.reason, 0) + 1
    return out


def unknown_structs(d, top: str) -> List[str]:
    """The structures that the functions of a request left without a
    holder (NO_HOLDER) take, and that no file spatch read declares: with
    the kernel's include/ (--ksrc) it may see them.  A structure declared
    in the driver's own files, or in any header under top (the directory
    given: a whole tree holds the kernel's headers), needs no --ksrc."""
    out = set()
    for r in d.requests:
        if r.reason != Reason.NO_HOLDER:
            continue
        for c in r.calls:
            F = d.units[c.unit]
            for (var, st, how) in F.svars.get(c.func, []):
                if not any(st in G.structs for G in d.units.values()):
                    out.add(st)
    if out:
        grep = subprocess.run(
            ["grep", "-rhoE", "--include=*.h", r"struct[[:space:]]+(%s)"
             r"[[:space:]]*\{" % "|".join(sorted(out)), top],
            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True,
            errors="replace")
        out -= set(re.findall(r"struct\s+(\w+)", grep.stdout))
    return sorted(out)


def sibling_warnings(requests: List[Request]) -> List[str]:
    """One line per request left on the old API because a call outside the
    files given names it (Reason.OUTSIDE_CALL), printed before anything
    is written."""
    return ["pmqos-convert: not converting %s (%s): also named at %s, "
            "outside the files given" % (r.shown, r.calls[0].cls,
                                         ", ".join(r.outside))
            for r in requests if r.outside]
