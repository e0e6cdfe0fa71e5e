"""What eval/corpus-eval reads from the converter's JSON summary
(pmqos-convert --json FILE, report.py describes it):

  python3 -m pmqoseval.corpus check JSON
      exit 0 when JSON is version 1 of the summary, else 1
  python3 -m pmqoseval.corpus sites JSON TREE SITES CHANGED
      append a line per site to SITES (TREE, file, line, call, 1 when
      converted else 0, the reason or -), write the files changed to
      CHANGED (one a line) and print "CANDIDATE-FILES SECONDS"
  python3 -m pmqoseval.corpus files JSON
      print each file that has sites and how many files with sites its
      directory has (itself included), tab-separated: the determinism
      runs of corpus-eval
"""

import json
import os
import sys
from typing import Dict, List


def load(path: str) -> Dict:
    with open(path) as fh:
        return json.load(fh)


def is_summary(path: str) -> bool:
    """Whether path holds version 1 of the summary."""
    try:
        return load(path).get("version") == 1
    except (OSError, ValueError, AttributeError):
        return False


def site_rows(j: Dict, tree: str) -> List[str]:
    return ["\t".join([tree, s["file"], str(s["line"]), s["call"],
                       "1" if s["converted"] else "0", s["reason"] or "-"])
            for s in j["sites"]]


def files_by_dir(j: Dict) -> List[str]:
    fs = sorted({s["file"] for s in j["sites"]})
    return ["%s\t%d" % (f, sum(os.path.dirname(g) == os.path.dirname(f)
                               for g in fs)) for f in fs]


def main(argv: List[str]) -> int:
    if len(argv) == 2 and argv[0] == "check":
        return 0 if is_summary(argv[1]) else 1
    if len(argv) == 5 and argv[0] == "sites":
        j = load(argv[1])
        with open(argv[3], "a") as out:
            out.write("".join(r + "\n" for r in site_rows(j, argv[2])))
        with open(argv[4], "w") as out:
            changed = sorted(set(j["changed_files"]))
            out.write("".join(f + "\n" for f in changed))
        print(j["candidate_files"], j["seconds"])
        return 0
    if len(argv) == 2 and argv[0] == "files":
        print("\n".join(files_by_dir(load(argv[1]))))
        return 0
    sys.stderr.write(__doc__)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
