"""Whether one tree's conversion today is covered by an audited one
(eval/audit-check):

  python3 -m pmqoseval.audit ORIG WAS.json NOW.json WAS-DIR NOW-DIR TREE

ORIG is the tree as given, WAS-DIR and NOW-DIR its copies converted in
place by the audited converter and by today's, WAS.json and NOW.json their
--json summaries.  Covered when the same call sites are found, every site
converted today was converted by the audited converter, and every line
today's conversion removes and every statement it adds was removed and
added by the audited one, handle names and line breaks aside.  Prints one
line (the tree, its counts and what is not covered; counts and file names
only, no code) and exits 1 when something is not covered.
"""

import difflib
import json
import re
import sys
from typing import List, Set, Tuple


def norm(s: str) -> str:
    """A line or statement without layout, every handle named pm_qos_req
    (pm_qos_req_CLASS when a structure holds more than one)."""
    s = re.sub(r"pm_qos_req_\w+", "pm_qos_req", s)
    return re.sub(r"\s+", "", s)


def lines(path: str) -> List[str]:
    try:
        with open(path, errors="replace") as fh:
            return fh.read().splitlines()
    except FileNotFoundError:
        return []


def change(orig: str, root: str, f: str) -> Tuple[Set[str], Set[str]]:
    """The lines removed from orig/f and the statements added in root/f."""
    a, b = lines("%s/%s" % (orig, f)), lines("%s/%s" % (root, f))
    rm: Set[str] = set()
    add: List[str] = []
    for op in difflib.SequenceMatcher(None, a, b,
                                      autojunk=False).get_opcodes():
        if op[0] != "equal":
            rm.update(norm(x) for x in a[op[1]:op[2]])
            add.extend(b[op[3]:op[4]])
    stmts = {norm(s) for s in re.split(r"[;{}]", "\n".join(add))}
    return rm - {""}, stmts - {""}


def main(argv: List[str]) -> int:
    if len(argv) != 6:
        sys.stderr.write(__doc__)
        return 2
    orig, wasj, nowj, wasd, nowd, tree = argv
    with open(wasj) as fh:
        was = json.load(fh)
    with open(nowj) as fh:
        now = json.load(fh)

    def key(s):
        return (s["file"], s["line"])

    w = {key(s): s["converted"] for s in was["sites"]}
    n = {key(s): s["converted"] for s in now["sites"]}
    bad = []
    if set(w) != set(n):
        bad.append("the call sites found differ")
    new = sorted(k for k in n if n[k] and not w.get(k))
    if new:
        bad.append("%d sites converted today were not then (%s)"
                   % (len(new), ", ".join(sorted({f for f, _ in new}))))
    unaudited = []
    for f in sorted(set(now["changed_files"])):
        rm_n, add_n = change(orig, nowd, f)
        rm_w, add_w = change(orig, wasd, f)
        if not (rm_n <= rm_w and add_n <= add_w):
            unaudited.append(f)
    if unaudited:
        bad.append("changes not in the audited output: %s"
                   % ", ".join(unaudited))
    fewer = sum(1 for k in w if w[k] and not n.get(k))
    print("%-45s sites %4d  converted then %4d  now %4d  (%d fewer)%s"
          % (tree, len(n), sum(w.values()), sum(n.values()), fewer,
             "" if not bad else "  NOT AUDITED: " + "; ".join(bad)))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
