"""What the tool says about each call: the report lines, the reasons and
the JSON summary.

JSON (pmqos-convert --json FILE; version 1, read by convert/corpus-eval):

  {"version": 1, "dir": DIR, "candidate_files": N, "seconds": S,
   "sites": [{"file": PATH, "line": N, "call": "add"|"update"|"remove"|
              "read", "class": TEXT, "name": TEXT, "converted": BOOL,
              "reason": null | Reason name, "detail": TEXT,
              "related": ["FILE:LINE", ...]}],
   "changed_files": [PATH, ...]}

Every call of the old API in the candidate files is one site: what pass 1
did not see is reported as NOT_PARSED (a call spatch could not parse), or
NOT_BUILT (a call under #if 0, which blocks no request).
"related" lists the other calls of the site's request (the same class
and name, or a name that may alias it): the calls its decision rests on,
which convert/pmqos/determinism.py reads.
"""

from dataclasses import dataclass, field
from typing import Dict, List, Optional

from .facts import ADD, READER, REMOVE, UPDATE, Call, dead_lines
from .decision import Reason, Request

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
    text: str = ""

    def as_json(self) -> dict:
        return {"file": self.file, "line": self.line, "call": self.call,
                "class": self.cls, "name": self.name,
                "converted": self.converted,
                "reason": self.reason.name if self.reason else None,
                "detail": self.detail, "related": self.related}


def where_text(r: Request) -> str:
    if r.place[0] == "static":
        w = "static handle %s" % r.handle
        if r.gated:
            w += ", %s" % r.gated
        elif r.single is True:
            w += ", one instance by construction: no device reaches the add"
        elif r.single:
            w += ", one device by construction: %s" % r.single
        return w
    w = "field %s of struct %s" % (r.handle, r.place[1][0])
    if r.single and r.single is not True:
        w += ", one device by construction: %s" % r.single
    return w


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
                s.text = "not converted: %s: %s" % (r.reason.value,
                                                    r.detail)
                if related:
                    s.text += " (its other calls: %s)" % ", ".join(related)
            else:
                s.detail, s.text = converted_text(d, r, c)
            out[c.key] = s
    for k, c in sorted(d.readers.items()):
        out[k] = Site(c.file, c.line, c.col, "read", c.cls, "", True,
                      detail="pm_qos_requirement() -> pm_qos_request()",
                      text="pm_qos_requirement() -> pm_qos_request()")
    return out


def converted_text(d, r: Request, c: Call):
    h = r.handles[c.key]
    msg = "%s(%s, %s) -> %s(%s) [%s]" % (c.fn, c.cls, d.names[c.key].shown,
                                         NEW[c.fn], h, where_text(r))
    notes = []
    if r.early.get(c.key):
        a = r.adds[0]
        path = d.graph(c).entry_path(c.func, r.adds)
        if c.fn == UPDATE:
            notes.append("can run before the add at %s (from %s): guarded "
                         "with if (%s), as the old API ignored it" %
                         (a.where, path, h))
        else:
            notes.append("can run before the add at %s (from %s): removing"
                         " NULL does nothing, as before" % (a.where, path))
        if r.place[0] == "field":
            notes.append("the handle must be NULL until the add: check that"
                         " struct %s is allocated zeroed (kzalloc, "
                         "netdev_priv)" % r.place[1][0])
    if r.variants:
        notes.append("its own handle: the Makefile builds %s or %s, never "
                     "together" % (c.file, " or ".join(r.variants)))
    if r.flag_peers:
        notes.append("its own handle: %s also add%s this name, under a "
                     "flag of %s own, and with names each file's add made "
                     "an entry of its own" % (
                         " and ".join(r.flag_peers),
                         "s" if len(r.flag_peers) == 1 else "",
                         "its" if len(r.flag_peers) == 1 else "their"))
    dn = [x for x in r.calls if x.key in d.devname]
    if dn:
        x = dn[0]
        read, wheres, st = d.devname[x.key]
        same = [y for y in r.calls if y.key not in d.devname]
        if st:
            notes.append("%s holds the device's name%s: the stores into "
                         "struct %s's %s copy it (%s)" % (
                             read.shown, ", as %s" %
                             d.names[same[0].key].shown if same else "",
                             st, read.key.split(":")[-1], wheres))
        else:
            notes.append("%s holds the device's name%s: %s names the bus "
                         "by it" % (read.shown, ", as %s" %
                                    d.names[same[0].key].shown
                                    if same else "", wheres))
    if c.key in r.gaps:
        calls = r.gaps[c.key][1]
        notes.append("moved before the %s, which frees its holder; %s" % (
            r.moved[c.key], "what ran between them (%s) does not use the "
            "request" % ", ".join(calls) if calls else
            "nothing between them uses the request"))
    elif c.key in r.moved:
        notes.append("moved before the %s, which frees its holder and was "
                     "the statement right before it" % r.moved[c.key])
    if c.fn == ADD and len(r.adds) > 1 and not r.one_at_a_time:
        # (a request added one at a time by construction has no second
        # add before the remove)
        others = [a.where for a in r.adds if a is not c]
        notes.append("also added at %s: a second add before the remove "
                     "replaces the handle and keeps the first request, as "
                     "the old API kept a second entry" % ", ".join(others))
    if c.fn == ADD and c.form in ("assign", "if", "return"):
        leak = leak_before(d, c)
        if leak:
            notes.append("when it fails, the request added at %s is not "
                         "removed (so before the conversion)" % leak)
    if notes:
        msg += "; note: " + "; ".join(notes)
    return "; ".join(notes), msg


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
                s.detail = ("%s() is under the #if 0 at %s:%d, which no "
                            "build compiles: nothing calls it; convert it "
                            "by hand if the block is ever enabled" % (
                                fn, f, dead[line]))
                s.text = "not converted: %s: %s" % (s.reason.value,
                                                    s.detail)
                sites[(f, line, 0)] = s
                continue
            s.detail = ("spatch did not parse the function around %s() "
                        "(a macro, an unknown type or a conditional it "
                        "could not follow): convert by hand" % fn)
            s.related = blocks.get("%s:%d" % (f, line), [])
            if s.related:
                s.detail += ("; the calls it may name stay on the old API "
                             "with it")
            s.text = "not converted: %s: %s" % (Reason.NOT_PARSED.value,
                                                s.detail)
            if s.related:
                s.text += " (its other calls: %s)" % ", ".join(s.related)
            sites[(f, line, 0)] = s


def report_lines(sites: Dict[tuple, Site]) -> List[str]:
    return ["%s:%d: %s" % (s.file, s.line, s.text)
            for k, s in sorted(sites.items())]


def reason_counts(sites: Dict[tuple, Site]) -> Dict[Reason, int]:
    out: Dict[Reason, int] = {}
    for s in sites.values():
        if s.reason is not None:
            out[s.reason] = out.get(s.reason, 0) + 1
    return out


def sibling_warnings(requests: List[Request]) -> List[str]:
    """One line per request left on the old API because a call outside the
    files given names it (Reason.OUTSIDE_CALL), printed before anything
    is written."""
    return ["pmqos-convert: not converting %s (%s): also named at %s, "
            "outside the files given" % (r.shown, r.calls[0].cls,
                                         ", ".join(r.outside))
            for r in requests if r.outside]
