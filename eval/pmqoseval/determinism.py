"""Whether a file's conversion may depend on the other files given.

Rule (determinism): a file converted with a subset S of its tree must
change that file as the run over the whole tree does whenever every call
related to its sites lies in S.  The calls related to a site are the other
calls of its request in the run over the whole tree (the JSON's
"related": the same class and name, or a name that may alias it), which
naming.group_names gathers from the files given and nothing else.  When a
related call lies in a file outside S, the run over S cannot see it, so a
different change there is expected (the request is another one); every
other difference is a dependence on unrelated files, a failure.

    python3 -m pmqoseval.determinism --whole JSON --file F [--removed LIST]

reads the --json summary of the run over the whole tree and the files
left out of S (one a line), and prints one line: "expected" and the
file:line of each related call outside S, or "unexplained" when every
related call was given.
"""

import argparse
import json
import sys
from typing import Dict, Iterable, List, Set, Tuple

EXPECTED = "expected"
UNEXPLAINED = "unexplained"


def related_calls(summary: Dict, f: str) -> List[str]:
    """The file:line of every call related to the sites of file f in the
    summary of a run (the calls of the same requests), f's own left out,
    sorted and without repeats."""
    out: Set[str] = set()
    for s in summary.get("sites", []):
        if s.get("file") != f:
            continue
        for r in s.get("related") or []:
            if r.rsplit(":", 1)[0] != f:
                out.add(r)
    return sorted(out, key=_where_key)


def _where_key(w: str) -> Tuple[str, int]:
    f, _, n = w.rpartition(":")
    return (f, int(n)) if n.isdigit() else (w, 0)


def classify(summary: Dict, f: str, removed: Iterable[str]
             ) -> Tuple[str, List[str]]:
    """Why a run without the files removed may change f otherwise than
    the run over the whole tree (summary): (EXPECTED, the related calls
    in removed files) or (UNEXPLAINED, [])."""
    gone = set(removed)
    outside = [w for w in related_calls(summary, f)
               if w.rpartition(":")[0] in gone]
    if outside:
        return EXPECTED, outside
    return UNEXPLAINED, []


def main(argv: List[str]) -> int:
    """Print "expected" and the related calls outside the files given, or
    "unexplained", tab-separated."""
    ap = argparse.ArgumentParser(prog="python3 -m pmqoseval.determinism",
                                 description=__doc__.split("\n")[0])
    ap.add_argument("--whole", required=True,
                    help="the --json summary of the run over the whole tree")
    ap.add_argument("--file", required=True)
    ap.add_argument("--removed",
                    help="the files left out of the run, one a line")
    a = ap.parse_args(argv)
    with open(a.whole) as fh:
        whole = json.load(fh)
    removed: List[str] = []
    if a.removed:
        with open(a.removed) as fh:
            removed = [ln.strip() for ln in fh if ln.strip()]
    how, outside = classify(whole, a.file, removed)
    print("\t".join([how] + outside))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
