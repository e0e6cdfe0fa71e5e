"""The driver: one run of the converter over a directory, from the
candidate files to the patch, the rewritten files or the report.

  candidates  the C files that call the old API (facts.API_CALL)
  spatch      one spatch process per pass over all the files it needs,
              each file a group of its own, -j at a time
  plan        pass 1's facts -> decisions -> sites, reasons and pass 2
  merge       pass 2's diffs, one per file, paths a/PATH b/PATH
  measure     the patch applied to a copy: the calls it really converts
  write       --in-place, all files or none (inplace.py)
  summary     the lines on stderr, and --json (report.py's format)

The rules (which calls are converted, and how) are not here: they are in
facts, callgraph, naming, placement, decision, rewrite and report.
"""

import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from typing import Dict, List, Optional, Tuple

from . import facts as facts_mod
from . import textfacts
from . import inplace
from .decision import Decider
from .naming import Values, name_handles, siblings, \
    split_args
from .rewrite import pass2
from .report import (Finding, Site, findings, reason_counts,
                     sibling_warnings, sites_of, summary_lines, unknown_structs,
                     unparsed)

PROG = "pmqos-convert"
PKG = os.path.dirname(os.path.abspath(__file__))
FACTS = os.path.join(os.path.dirname(PKG), "smpl", "facts.cocci")
# spatch prints these on stderr when it is not --very-quiet: progress, not
# failures
SPATCH_CHATTER = re.compile(r"^(HANDLING: |init_defs_builtins: )")
SPATCH_FAILED = re.compile(r"^EXN|^Fatal error|Python failure", re.M)
# A Python error of the converter's own SmPL (a fact that does not fit
# pmqos/schema.py, a bug): the facts of that file are incomplete, and a
# decision on them could be wrong, so the run stops.
SCRIPT_FAILED = re.compile(r"^(\w*Error: .*)$", re.M)


class Failure(Exception):
    """A run that stops with one line on stderr and exit status 1."""


def say(msg: str) -> None:
    sys.stderr.write("%s: %s\n" % (PROG, msg))


@dataclass
class Options:
    mode: str = "patch"             # patch, inplace or report
    jobs: int = 1
    incl: str = "--local-includes"
    idirs: List[str] = field(default_factory=list)
    any_struct: bool = False
    json_out: str = ""
    only: List[str] = field(default_factory=list)
    dir: str = ""
    # {candidate file: the machine include directories Kbuild gives it,
    # relative to dir} (textfacts.arch_dirs)
    archdirs: Dict[str, List[str]] = field(default_factory=dict)
    # {candidate file: its machine's headers of the layout before 2.6.26,
    # include/asm-ARCH/arch-MACH/x.h, which spatch reads with the file}
    archhdrs: Dict[str, List[str]] = field(default_factory=dict)


@dataclass
class Plan:
    """What pass 1 and the rules decided for the candidate files."""
    files: List[str]
    sites: List[Site]               # one per call of the old API
    findings: List[Finding]         # the report: one per request
    summary: List[str]              # its counts, by reason
    reasons: List[Tuple[int, str, str]]
    pass2_text: str
    pass2_files: List[str]
    sites_json: List[dict]
    decider: Decider

    @property
    def found(self) -> int:
        return len(self.sites)

    @property
    def left(self) -> List[Site]:
        return [s for s in self.sites if not s.converted]

    @property
    def notes(self) -> List[Finding]:
        return [f for f in self.findings if f.notes]

    def report(self) -> List[str]:
        """--report: every finding, then the counts."""
        said: Dict[str, str] = {}
        return [ln for f in self.findings for ln in f.lines(said=said)] + \
            self.summary

    @property
    def nconv(self) -> int:
        return self.found - len(self.left)


def read(path: str) -> str:
    """A C file or spatch's facts as the rules read them (lines as
    Python's text mode splits them, a byte that is not UTF-8 replaced)."""
    with open(path, errors="replace") as fh:
        return fh.read()


def candidates(top: str) -> List[str]:
    """The C files of top that call the old API (facts.API_CALL, the one
    definition of a call of it), relative to top, sorted."""
    return sorted(f for f in textfacts.grep_files(top, "pm_qos_", ["*.c"])
                  or []
                  if facts_mod.API_CALL.search(read(os.path.join(top, f))))


def only_files(top: str, files: List[str], only: List[str]) -> List[str]:
    """The files under one of the paths of --only; a path that is not in
    top is a Failure."""
    keep = set()
    for p in only:
        q = p[2:] if p.startswith("./") else p
        q = q.rstrip("/") or q
        if os.path.isabs(q):
            rel = os.path.relpath(q, top)
            if rel == ".." or rel.startswith("../"):
                raise Failure("--only %s: not under %s" % (p, top))
            q = "" if rel == "." else rel
        if not os.path.exists(os.path.join(top, q)):
            raise Failure("--only %s: no such file or directory under %s"
                          % (q, top))
        keep.update(f for f in files
                    if q == "" or f == q or f.startswith(q + "/"))
    return sorted(keep)


class Progress:
    """The files of a pass that spatch has started of those it has to do,
    on stderr, only when stderr is a terminal and only once the pass has
    taken more than a few seconds (spatch says "HANDLING: FILE" as it
    starts each, when it is --quiet rather than --very-quiet)."""
    # PMQOS_PROGRESS_AFTER (seconds, default 3): when it starts showing
    DELAY = float(os.environ.get("PMQOS_PROGRESS_AFTER", "3"))

    def __init__(self, label: str, total: int):
        self.label, self.total, self.done = label, total, 0
        self.t0 = time.monotonic()
        self.shown = False
        self.on = sys.stderr.isatty()

    def step(self) -> None:
        self.done += 1
        if self.on and time.monotonic() - self.t0 >= self.DELAY:
            sys.stderr.write("\r%s: %s: %d of %d files" %
                             (PROG, self.label, min(self.done, self.total),
                              self.total))
            sys.stderr.flush()
            self.shown = True

    def end(self) -> None:
        if self.shown:
            sys.stderr.write("\r\033[K")
            sys.stderr.flush()


def ocamlrunparam() -> str:
    """spatch's OCAMLRUNPARAM: the user's (OCAMLRUNPARAM, else
    CAMLRUNPARAM) after a space_overhead of 400.  spatch spends a quarter
    of its time on a large file in the major collector, which at the
    default (120) keeps the heap small: at 400 it takes some 15% less
    time for half as much memory again (a 20000-line file: 340 MB
    rather than 230).  A setting of the user's, o= included, comes
    after ours and wins."""
    user = os.environ.get("OCAMLRUNPARAM", os.environ.get("CAMLRUNPARAM"))
    return "o=400" + ("," + user if user else "")


class Spatch:
    """spatch over a directory with the options of a run."""

    def __init__(self, o: Options, work: str):
        self.o, self.work = o, work
        self.failed: Dict[str, List[str]] = {}
        self.err: Dict[str, str] = {}

    def run(self, tag: str, sp: str, files: List[str], label: str) -> str:
        """spatch over files (run_set()), one process for each set of
        machine include directories among them (Options.archdirs): a
        file whose <mach/...> headers are found is parsed with its own
        machine's directories, as Kbuild builds it.  Returns the outputs
        one after the other, the set without directories first."""
        sets: Dict[Tuple[str, ...], List[str]] = {}
        for f in files:
            sets.setdefault(tuple(self.o.archdirs.get(f, ())),
                            []).append(f)
        prog = Progress(label, len(files))
        out = []
        for i, dirs in enumerate(sorted(sets)):
            out.append(self.run_set(tag, "%s.%d" % (tag, i), sp, sets[dirs],
                                    list(dirs), prog))
        prog.end()
        return "".join(out)

    def group(self, f: str) -> str:
        """f's group of --file-groups: f, then the headers of its machine
        that no include directory finds (Options.archhdrs): spatch reads
        them with f, so that pass 1 sees their structures (as facts of
        f) and pass 2 can add a field to one."""
        return "".join(x + "\n" for x in [f] + self.o.archhdrs.get(f, []))

    def schedule(self, files: List[str]) -> List[str]:
        """The order of files for spatch: with -j 2 or more, the largest
        first.  Each worker takes the next file when it has done one, so
        that in the order of the paths a large file near the end kept one
        worker busy long after the others had run out of files (a tree of
        seven files, the largest last: pass 1 took as long as that file
        and half the others, rather than about half of all).  With -j 1
        the order stays that of the paths: one process parses them one
        after the other, each with the typedefs spatch inferred from the
        files before it."""
        if self.o.jobs < 2:
            return files
        return sorted(files, key=lambda f: -os.path.getsize(
            os.path.join(self.o.dir, f)))

    def run_set(self, tag: str, sub: str, sp: str, files: List[str],
                dirs: List[str], prog: Progress) -> str:
        """One spatch process over files, each file a group of its own
        (its facts and changes do not depend on the others), -j at a
        time: spatch starts its Python once, not once a file.  dirs: the
        machine include directories of these files, searched after
        those of the options for <...> includes.  Its workers' output
        goes to directories under the work directory (--tmp-dir): by
        default spatch makes them in the driver's tree, where an
        interrupted run left them.  Returns spatch's stdout."""
        groups = os.path.join(self.work, sub + ".groups")
        with open(groups, "w", errors="surrogateescape") as fh:
            fh.write("".join(self.group(f) + "\n"
                             for f in self.schedule(files)))
        incl, idirs = self.o.incl, list(self.o.idirs)
        if dirs:
            incl = "--all-includes"
            for d in dirs:
                idirs += ["-I", d]
        # The Python that runs this, by its path: without --python spatch
        # finds the interpreter again at each start by running "python3"
        # several times (--version, a probe script, ldd), which through a
        # wrapper such as a pyenv shim costs seconds a pass.
        cmd = ["spatch", "--quiet" if prog.on else "--very-quiet",
               "--python", sys.executable, "-j", str(self.o.jobs),
               "--sp-file", sp, "--tmp-dir", os.path.join(self.work, sub),
               incl] + idirs + ["--file-groups", groups]
        out = os.path.join(self.work, sub + ".out")
        err_lines = []
        # facts.cocci imports the kernel knowledge of this package
        # (kernel.py, kernel.txt): spatch's Python finds it first
        pp = os.environ.get("PYTHONPATH")
        env = dict(os.environ, PYTHONPATH=os.path.dirname(PKG) +
                   (os.pathsep + pp if pp else ""),
                   OCAMLRUNPARAM=ocamlrunparam())
        with open(out, "wb") as fo:
            p = subprocess.Popen(cmd, cwd=self.o.dir, stdout=fo,
                                 stderr=subprocess.PIPE, env=env)
            assert p.stderr is not None
            for raw in p.stderr:
                line = raw.decode(errors="replace")
                if line.startswith("HANDLING: "):
                    prog.step()
                elif not SPATCH_CHATTER.match(line):
                    err_lines.append(line)
            rc = p.wait()
            p.stderr.close()
        err = "".join(err_lines)
        self.err[tag] = self.err.get(tag, "") + err
        if "Python failure" in err:
            m = SCRIPT_FAILED.search(err)
            raise Failure("%s failed in its own Python: %s" % (
                os.path.basename(sp), m.group(1) if m else
                err.strip().split("\n")[-1]))
        if rc != 0 or SPATCH_FAILED.search(err):
            # (a semantic patch that does not parse fails every file: no
            # file's report would say why)
            bad = smpl_error(sp, env)
            if bad:
                prog.end()
                raise Failure("the semantic patch of %s (%s) does not "
                              "parse: %s" % (prog.label, sp if tag == "facts"
                                             else "generated", bad))
            self.failed.setdefault(tag, []).extend(files)
        if tag == "facts":
            return read(out)
        # a patch: every byte as it is (\r, \f, not UTF-8)
        with open(out, newline="", errors="surrogateescape") as fh:
            return fh.read()

    def report_failures(self, tag: str) -> None:
        if not self.failed.get(tag):
            return
        say("spatch failed on %d files of %s:" % (len(self.failed[tag]),
                                                  self.o.dir))
        lines = [ln for ln in self.err[tag].split("\n") if ln][:5]
        sys.stderr.write("".join(ln + "\n" for ln in lines))


def smpl_error(sp: str, env: Dict[str, str]) -> str:
    """spatch's message, on one line, when the semantic patch sp does
    not parse (spatch --parse-cocci), else ""."""
    p = subprocess.run(["spatch", "--parse-cocci", sp], env=env,
                       stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    if p.returncode == 0:
        return ""
    lines = [ln.strip() for ln in
             p.stderr.decode(errors="replace").split("\n")]
    return " ".join(ln for ln in lines if ln and
                    not SPATCH_CHATTER.match(ln) and
                    not ln.startswith("Warning: "))


def unseen_calls(units: Dict[str, "facts_mod.UnitFacts"],
                 texts: Dict[str, str]) -> List["facts_mod.Call"]:
    """The calls of the old API (add, update, remove) in the files given
    that pass 1 did not see: found in the text (textfacts.api_lines), each
    as a Call of its file without a function, for Decider.check_unseen
    (a call that does not split into class and name is one of no
    class, and blocks nothing: its site is reported all the same; nor
    does a call under #if 0, which no build compiles)."""
    seen = {(c.file, c.line) for F in units.values()
            for c in list(F.calls.values()) + list(F.readers.values())}
    out = []
    for f in sorted(texts):
        dead = textfacts.dead_lines(texts[f])
        for line, fn, args in textfacts.api_lines(texts[f]):
            if (f, line) in seen or fn == facts_mod.READER or line in dead:
                continue
            a = split_args(args)
            if len(a) < 2:
                continue
            out.append(facts_mod.Call(file=f, line=line, col=0, unit=f,
                                      fn=fn, cls=facts_mod.norm(a[0]),
                                      name=facts_mod.norm(a[1])))
    return out


def plan(o: Options, files: List[str], facts_text: str,
         tree: List[str]) -> Plan:
    """Decide every request of the files from the facts of pass 1; tree:
    every candidate file of the directory, files among them (a superset
    when --only gave a part), for the rules that look outside the files
    given."""
    closure = textfacts.include_closure(o.dir, files, o.idirs[1::2],
                                        o.incl == "--all-includes",
                                        o.archdirs)
    for f, hs in o.archhdrs.items():
        closure.setdefault(facts_mod.canon(o.dir, f), set()).update(hs)
    units = facts_mod.load(facts_text.split("\n"), closure, o.dir)
    for f in files:
        units.setdefault(f, facts_mod.UnitFacts(f))
    texts = {f: read(os.path.join(o.dir, f)) for f in files}
    guarded = {f: textfacts.version_guarded(t) for f, t in texts.items()}
    outside = None
    if set(tree) - set(files):
        def outside(names):
            return siblings(o.dir, files, names, tree)
    given = dict(texts)
    for hs in closure.values():
        for h in hs:
            if h not in given and not os.path.isabs(h):
                given[h] = read(os.path.join(o.dir, h))
    # the files built into the same object as a candidate file store
    # into its fields too, though they call no pm_qos function
    mk: Dict[str, Dict[str, str]] = {}
    for f in files:
        for g in textfacts.object_files(o.dir, f, mk):
            if g not in given:
                given[g] = read(os.path.join(o.dir, g))
    values = Values(o.dir, given, units, closure)
    old = textfacts.old_kernel_lines(given)
    older = textfacts.old_kernel_lines(given, (2, 6, 34))
    archdirs = {f: o.archdirs.get(f, []) + o.archhdrs.get(f, [])
                for f in set(o.archdirs) | set(o.archhdrs)}
    d = Decider(units, o.any_struct, guarded, outside, values,
                archdirs=archdirs, unseen=unseen_calls(units, texts),
                conflicts=textfacts.conflict_markers(texts), old=old,
                older=older)
    d.decide_all()
    name_handles(d.requests, units, d.place)
    sites = sites_of(d)
    unparsed(sites, texts, textfacts.api_lines, d.requests)
    reasons = [(n, why.name, why.value) for why, n in
               sorted(reason_counts(sites).items(),
                      key=lambda x: (-x[1], x[0].name))]
    text, p2files = pass2(d)
    fs = findings(d, sites)
    return Plan(files, [s for k, s in sorted(sites.items())], fs,
                summary_lines(sites, fs), reasons, text, p2files,
                [s.as_json() for k, s in sorted(sites.items())], d)


def check_outside(o: Options, p: Plan, outside: List[str]) -> List[str]:
    """Where a run over part of a tree (--only) says which calls in the
    candidate files it was not given (outside) name a request of the
    files given, before anything is printed or written: converted, such a
    request would leave those calls reaching nothing.  The lines to print
    on stderr, each whole ("pmqos-convert: ..."); which calls those are
    is a rule of naming (report.sibling_warnings)."""
    return sibling_warnings(p.decider.requests)


# An added line indented with tabs and then 8 spaces or more: spatch's
# alignment of an argument in a block it opened (else { if (H) ...).
MISINDENT = re.compile(r'^\+(\t+)( {8,})(?=\S)')


def retab(line: str) -> str:
    """An added line's indentation as the kernel writes it, tabs and then
    fewer than 8 spaces, where spatch put 8 spaces or more after the tabs:
    the same column."""
    m = MISINDENT.match(line)
    if not m:
        return line
    col = 8 * len(m.group(1)) + len(m.group(2))
    return "+" + "\t" * (col // 8) + " " * (col % 8) + line[m.end():]


def merge(patch_out: str, top: str) -> str:
    """Pass 2's diffs as one patch: paths rewritten to a/PATH b/PATH, the
    added lines indented with tabs (retab), one diff per file, in the
    order of the paths (spatch -j prints them as its workers finish).  A
    header that two files' conversions change differently is kept once,
    with a warning: the change that sorts first, so that the result does
    not depend on which worker finished first."""
    seen: Dict[str, List[str]] = {}
    name, buf = "", []

    def flush() -> None:
        if name:
            text = "".join(buf)
            if text not in seen.setdefault(name, []):
                seen[name].append(text)

    prefix = top + "/"
    # lines end at a newline only: a C file may hold \r or \f
    for line in re.split(r"(?<=\n)", patch_out):
        if not line:
            continue
        if line.startswith("--- "):
            flush()
            name = line.split()[1]
            if name.startswith("./"):
                name = name[2:]
            if name.startswith(prefix):
                name = name[len(prefix):]
            buf = ["--- a/%s\n" % name]
        elif line.startswith("+++ "):
            buf.append("+++ b/%s\n" % name)
        elif line.startswith("diff "):
            continue
        else:
            if not line.endswith("\n"):
                line += "\n"
            buf.append(retab(line))
    flush()
    out = []
    for name in sorted(seen):
        if len(seen[name]) > 1:
            say("%s is changed by the conversion of more than one file; only"
                " one change is kept (re-run after applying)" % name)
        out.append(min(seen[name]))
    return "".join(out)


def touched(diff: str) -> List[str]:
    return sorted({ln[6:] for ln in diff.split("\n")
                   if ln.startswith("+++ b/")})


def apply_to_copy(o: Options, diff: str, files: List[str],
                  after: str) -> None:
    """The patch applied to a copy of the files it touches, under after."""
    for f in files:
        if os.path.isabs(f) or f == ".." or f.startswith("../"):
            raise Failure("the conversion changes %s, outside %s: give the "
                          "directory that holds it" % (f, o.dir))
        os.makedirs(os.path.dirname(os.path.join(after, f)), exist_ok=True)
        shutil.copyfile(os.path.join(o.dir, f), os.path.join(after, f))
    p = subprocess.run(["patch", "-s", "-p1", "-d", after],
                       input=diff.encode(errors="surrogateescape"),
                       capture_output=True)
    if p.returncode != 0:
        raise Failure("the generated patch does not apply to a copy of %s"
                      % o.dir)


def converted_count(p: Plan, changed: List[str], after: str) -> int:
    """The sites of the changed C files minus the calls of the old API
    left in them after the patch."""
    cfiles = [f for f in changed if f.endswith(".c")]
    before = sum(1 for f in cfiles for s in p.sites if s.file == f)
    left = sum(len(textfacts.api_lines(read(os.path.join(after, f))))
               for f in cfiles)
    return before - left


class Run:
    def __init__(self, o: Options):
        self.o = o
        self.t0 = time.monotonic()

    def elapsed(self) -> float:
        return time.monotonic() - self.t0

    def summary(self, p: Plan, converted: Optional[int]) -> None:
        """The numbers; with a patch or --in-place, also the requests
        left alone, by reason, and the notes to act on (--report prints
        the same with the explanations, and only the numbers here)."""
        o = self.o
        # (--report ends with the counts)
        if o.mode != "report":
            say("%d call sites in %d files of %s (%.1f s, -j %d)"
                % (p.found, len(p.files), o.dir, self.elapsed(), o.jobs))
        if p.found == 0:
            return
        unknown = unknown_structs(p.decider, o.dir)
        if o.incl != "--all-includes" and unknown:
            say("hint: --ksrc TREE lets spatch see structures declared "
                "under TREE/include (here struct %s)" % ", ".join(unknown))
        if o.mode == "report":
            return
        say("converted: %d of %d call sites" % (converted or 0, p.found))
        say("not converted: %d call sites" % len(p.left))
        for n, name, why in p.reasons:
            say("  %d x %s (%s)" % (n, name, why))
        shown = [f for f in p.findings if f.reason is not None or f.notes]
        if o.mode == "inplace" and shown:
            say("file:line below: the files as they were before --in-place")
        sys.stderr.write("".join("  %s\n" % ln for f in shown
                                 for ln in f.lines(full=False)))
        if shown:
            say("--report explains each")

    def write_json(self, p: Plan, changed: List[str]) -> None:
        """The summary of --json FILE (report.py describes it)."""
        if not self.o.json_out:
            return
        out = {"version": 1, "dir": self.o.dir,
               "candidate_files": len(p.files),
               "seconds": round(self.elapsed(), 2), "sites": p.sites_json,
               "changed_files": sorted(set(changed))}
        try:
            with open(self.o.json_out, "w") as fh:
                json.dump(out, fh, indent=1)
                fh.write("\n")
        except OSError as e:
            raise Failure("cannot write %s: %s" % (self.o.json_out,
                                                   e.strerror))

    def main(self) -> int:
        with tempfile.TemporaryDirectory(prefix="pmqos.") as work:
            return self._main(work)

    def _main(self, work: str) -> int:
        o = self.o
        every = candidates(o.dir)
        files = only_files(o.dir, every, o.only) if o.only else every
        o.archdirs = textfacts.arch_dirs(o.dir, files)
        o.archhdrs = textfacts.arch_headers(o.dir, files)
        sp = Spatch(o, work)
        facts_out = ""
        if files:
            facts_out = sp.run("facts", FACTS, files, "pass 1")
            sp.report_failures("facts")
        try:
            p = plan(o, files, facts_out, every)
        except Exception as e:          # a bug of the rules: say where
            raise Failure("convert/pmqos failed on the facts of %s: %s: %s"
                          % (o.dir, type(e).__name__, e)) from e
        # Calls outside the files given (--only) that name a request of
        # theirs: said here, before anything is printed or written.
        outside = sorted(set(every) - set(files))
        sys.stderr.write("".join(ln + "\n" for ln in
                                 check_outside(o, p, outside)))
        facts_failed = bool(sp.failed.get("facts"))

        if o.mode == "report":
            # what pass 2 would change, without running it: the files of
            # the converted calls
            would = sorted({s.file for s in p.sites if s.converted})
            self.write_json(p, would)
            if p.found == 0:
                print("%s: no calls of the old pm_qos requirement API in %s"
                      % (PROG, o.dir))
                sys.stdout.flush()
                self.summary(p, None)
                return 1 if facts_failed else 0
            sys.stdout.write("".join(ln + "\n" for ln in p.report()))
            sys.stdout.flush()
            self.summary(p, None)
            return 0 if not p.left and not facts_failed else 1

        patch_out = ""
        if p.pass2_text:
            path = os.path.join(work, "pass2.cocci")
            with open(path, "w") as fh:
                fh.write(p.pass2_text)
            patch_out = sp.run("patch", path, p.pass2_files, "pass 2")
            sp.report_failures("patch")
        diff = merge(patch_out, o.dir)
        changed = touched(diff)
        after = os.path.join(work, "after")
        converted = 0
        if diff:
            apply_to_copy(o, diff, changed, after)
            converted = converted_count(p, changed, after)
        if o.mode == "inplace":
            inplace.write_all(o.dir, changed, after)
            say("applied to %d file%s in %s" % (
                len(changed), "" if len(changed) == 1 else "s", o.dir))
        else:
            sys.stdout.flush()
            sys.stdout.buffer.write(diff.encode(errors="surrogateescape"))
            sys.stdout.flush()
        self.summary(p, converted)
        self.write_json(p, changed)
        if converted != p.nconv:
            say("warning: the rules converted %d sites but the patch "
                "converts %d" % (p.nconv, converted))
        if facts_failed or sp.failed.get("patch"):
            return 1
        return 0 if converted == p.nconv else 1
