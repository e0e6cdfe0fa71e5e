"""python3 -m pmqos plan|finish: the planner of convert/pmqos-convert.

  plan --out WORK --dir DIR --files LIST [--any-struct] FACTS
      reads the facts of pass 1 and writes WORK/report.txt (one line per
      call site: file:line: what it becomes, or "not converted: why"),
      WORK/reasons.txt (count, Reason name, text), WORK/pass2.cocci and
      WORK/pass2.files (the files pass 2 runs on), WORK/sites.json
  left --dir DIR FILE...
      prints how many calls of the old API the files hold
  finish --out WORK --seconds S --changed LIST --json FILE
      writes the JSON summary (see report.py) with the time and the
      files the conversion changed
  determinism --whole JSON --file F [--removed LIST]
      whether a run without the files of LIST may change F otherwise than
      the run over the whole tree whose summary is JSON (determinism.py)
"""

import argparse
import json
import os
import sys

from . import determinism
from . import facts as facts_mod
from .decision import Decider
from .naming import Values, name_handles, siblings
from .report import sibling_warnings
from .pass2 import pass2
from .report import reason_counts, report_lines, sites_of, unparsed


def read(path: str) -> str:
    with open(path, errors="replace") as fh:
        return fh.read()


def plan(a) -> int:
    with open(a.files) as fh:
        files = [l.strip() for l in fh if l.strip()]
    lines = []
    for fn in a.facts:
        with open(fn, errors="replace") as fh:
            lines += fh.read().split("\n")
    closure = facts_mod.include_closure(a.dir, files, a.I, a.all_includes)
    units = facts_mod.load(lines, closure, a.dir)
    for f in files:
        units.setdefault(f, facts_mod.UnitFacts(f))
    texts = {f: read(os.path.join(a.dir, f)) for f in files}
    guarded = {f: facts_mod.version_guarded(t) for f, t in texts.items()}
    outside = None
    if a.tree_files:
        with open(a.tree_files) as fh:
            tree = [l.strip() for l in fh if l.strip()]
        if set(tree) - set(files):
            def outside(names):
                return siblings(a.dir, files, names, tree)
    given = dict(texts)
    for hs in closure.values():
        for h in hs:
            if h not in given and not os.path.isabs(h):
                given[h] = read(os.path.join(a.dir, h))
    values = Values(a.dir, given, units, closure)
    d = Decider(units, a.any_struct, guarded, outside, values)
    d.decide_all()
    with open(os.path.join(a.out, "siblings.txt"), "w") as fh:
        for l in sibling_warnings(d.requests):
            fh.write(l + "\n")
    name_handles(d.requests, units, d.place)
    sites = sites_of(d)
    unparsed(sites, texts, facts_mod.api_lines)
    with open(os.path.join(a.out, "report.txt"), "w") as fh:
        for l in report_lines(sites):
            fh.write(l + "\n")
    with open(os.path.join(a.out, "reasons.txt"), "w") as fh:
        for why, n in sorted(reason_counts(sites).items(),
                             key=lambda x: (-x[1], x[0].name)):
            fh.write("%d\t%s\t%s\n" % (n, why.name, why.value))
    text, p2files = pass2(d)
    with open(os.path.join(a.out, "pass2.cocci"), "w") as fh:
        fh.write(text)
    with open(os.path.join(a.out, "pass2.files"), "w") as fh:
        fh.write("".join(f + "\n" for f in p2files))
    with open(os.path.join(a.out, "sites.json"), "w") as fh:
        json.dump({"dir": a.dir, "candidate_files": len(files),
                   "sites": [s.as_json() for k, s in sorted(sites.items())]},
                  fh)
    return 0


def finish(a) -> int:
    with open(os.path.join(a.out, "sites.json")) as fh:
        d = json.load(fh)
    with open(a.changed) as fh:
        changed = sorted({l.strip() for l in fh if l.strip()})
    out = {"version": 1, "dir": d["dir"],
           "candidate_files": d["candidate_files"],
           "seconds": round(float(a.seconds), 2), "sites": d["sites"],
           "changed_files": changed}
    with open(a.json, "w") as fh:
        json.dump(out, fh, indent=1)
        fh.write("\n")
    return 0


def left(a) -> int:
    """Print how many calls of the old API the files still hold."""
    n = 0
    for f in a.files:
        n += len(facts_mod.api_lines(read(os.path.join(a.dir, f))))
    print(n)
    return 0


def determinism_cmd(a) -> int:
    """Print "expected" and the related calls outside the files given,
    or "unexplained"."""
    with open(a.whole) as fh:
        whole = json.load(fh)
    removed = []
    if a.removed:
        with open(a.removed) as fh:
            removed = [l.strip() for l in fh if l.strip()]
    how, outside = determinism.classify(whole, a.file, removed)
    print("\t".join([how] + outside))
    return 0


def main(argv) -> int:
    ap = argparse.ArgumentParser(prog="pmqos",
                                 description=__doc__.split("\n")[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    p = sub.add_parser("plan")
    p.add_argument("--out", required=True)
    p.add_argument("--dir", required=True)
    p.add_argument("--any-struct", action="store_true")
    p.add_argument("--tree-files",
                   help="the C files of the whole tree that call the API, "
                   "when --files is a part of it (--only)")
    p.add_argument("-I", action="append", default=[],
                   help="an include directory of spatch's")
    p.add_argument("--all-includes", action="store_true",
                   help="spatch read <...> includes too")
    p.add_argument("--files", required=True,
                   help="the candidate C files, one a line")
    p.add_argument("facts", nargs="*")
    p.set_defaults(run=plan)
    p = sub.add_parser("finish")
    p.add_argument("--out", required=True)
    p.add_argument("--seconds", required=True)
    p.add_argument("--changed", required=True)
    p.add_argument("--json", required=True)
    p.set_defaults(run=finish)
    p = sub.add_parser("left")
    p.add_argument("--dir", required=True)
    p.add_argument("files", nargs="*")
    p.set_defaults(run=left)
    p = sub.add_parser("determinism")
    p.add_argument("--whole", required=True,
                   help="the --json summary of the run over the whole tree")
    p.add_argument("--file", required=True)
    p.add_argument("--removed",
                   help="the files left out of the run, one a line")
    p.set_defaults(run=determinism_cmd)
    a = ap.parse_args(argv)
    return a.run(a)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
