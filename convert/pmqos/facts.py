"""The facts of pass 1 (convert/smpl/facts.cocci), as typed records.

Every fact carries its unit: the candidate file whose parse produced it.
A header's facts count only for the units that include it, so that a
decision on one file never depends on an unrelated file given with it
(a structure of the same name in another driver, a function of the same
name).
"""

import functools
import json
import os
import re
import subprocess
from dataclasses import dataclass, field
from typing import Dict, Iterator, List, Optional, Set, Tuple

from . import kernel, schema
from .kernel import ADD, API_CALL, READER, REMOVE, UPDATE  # noqa: F401
CALL_KIND = {ADD: "add", UPDATE: "update", REMOVE: "remove", READER: "read"}

LITERAL = re.compile(r'^"(?:[^"\\]|\\.)*"(?:\s*"(?:[^"\\]|\\.)*")*$')


def norm(e: str) -> str:
    """The text of an expression without layout: literals kept as
    written, everything else without blanks."""
    s = " ".join(str(e).split())
    if LITERAL.match(s):
        return s
    return re.sub(r'\s+', '', s)


def relpath(f: str) -> str:
    return f[2:] if f.startswith("./") else f


Key = Tuple[str, int, int]


@dataclass
class Call:
    """One call of the old API (a reader too)."""
    file: str
    line: int
    col: int
    unit: str
    fn: str = ""
    cls: str = ""
    name: str = ""
    func: str = ""
    root: Optional[Tuple[str, str]] = None
    form: Optional[str] = None
    branch: bool = False

    @property
    def key(self) -> Key:
        return (self.file, self.line, self.col)

    @property
    def where(self) -> str:
        return "%s:%d" % (self.file, self.line)

    @property
    def kind(self) -> str:
        return CALL_KIND.get(self.fn, "read")


@dataclass
class StructDef:
    name: str
    file: str
    line: int
    fields: Dict[str, str] = field(default_factory=dict)


@dataclass
class GlobalVar:
    var: str
    struct: str
    ptr: bool
    file: str


@dataclass
class Edge:
    file: str
    caller: str
    line: int
    callee: str
    args: Dict[int, str] = field(default_factory=dict)


@dataclass
class Free:
    file: str
    func: str
    line: int
    callee: str
    arg: str


@dataclass
class Gate:
    """The lines (line to end) of a branch taken when the variable var
    is set (if (var) ...) or, with set False, when it is clear (if (!var)
    ..., or the else of if (var))."""
    file: str
    func: str
    var: str
    set: bool
    line: int
    end: int
    at: Tuple[int, int] = (0, 0)    # line, column of var in the test


@dataclass
class UnitFacts:
    """What pass 1 saw in one candidate file and the headers it includes."""
    unit: str
    calls: Dict[Key, Call] = field(default_factory=dict)
    readers: Dict[Key, Call] = field(default_factory=dict)
    defines: Dict[str, str] = field(default_factory=dict)
    constvars: Dict[str, str] = field(default_factory=dict)
    structs: Dict[str, StructDef] = field(default_factory=dict)
    svars: Dict[str, List[Tuple[str, str, str]]] = field(default_factory=dict)
    gvars: List[GlobalVar] = field(default_factory=list)
    tables: Set[str] = field(default_factory=set)
    vars: Dict[str, Dict[str, str]] = field(default_factory=dict)
    funcs: Dict[str, Tuple[str, int]] = field(default_factory=dict)
    static: Set[str] = field(default_factory=set)
    init_attr: Set[str] = field(default_factory=set)
    initcalls: Dict[str, str] = field(default_factory=dict)
    ops: Dict[str, List[Tuple[str, str]]] = field(default_factory=dict)
    edges: Dict[Tuple[str, int, int], Edge] = field(default_factory=dict)
    locked: Set[Key] = field(default_factory=set)
    locked_calls: List[Tuple[str, str, str]] = field(default_factory=list)
    # {(file, line, column, callee): locks held there on some path} and
    # {(file, line, column, lock)} of the calls a path reaches without it
    # (held_locks)
    held: Dict[Tuple[str, int, int, str], Set[str]] = field(
        default_factory=dict)
    unheld: Set[Tuple[str, int, int, str]] = field(default_factory=set)
    # (file, line, column of the test, [then, else]) of the if/else
    # statements of the functions that add, each arm as [line, column,
    # end line, end column]
    arms: List[tuple] = field(default_factory=list)
    srcs: Dict[Tuple[str, str], str] = field(default_factory=dict)
    frees: List[Free] = field(default_factory=list)
    gstores: Set[Tuple[str, str, str]] = field(default_factory=set)
    addr0: Set[Tuple[str, str, str]] = field(default_factory=set)
    free_beside_remove: Dict[Key, List[Tuple[str, str, int, bool]]] = field(
        default_factory=dict)
    # {struct: its instances with an initialiser, arrays, const objects}
    table_vars: Dict[str, Set[str]] = field(default_factory=dict)
    # the structures with an instance that is a local of a function
    stack_types: Set[str] = field(default_factory=set)
    # {struct: its instances struct S x = { ... }; (not const, no array)}
    one_instance_vars: Dict[str, Set[str]] = field(default_factory=dict)
    gates: List[Gate] = field(default_factory=list)
    # (file, func, line, var, value, column) of a value stored into a
    # variable that a gate tests
    fstores: List[Tuple[str, str, int, str, str, int]] = field(
        default_factory=list)
    # {var: {(file, line, column)}} of every use of such a variable
    fuses: Dict[str, Set[Tuple[str, int, int]]] = field(default_factory=dict)
    # {var: (file, initial value or "")} of the static variables gates test
    sflags: Dict[str, Tuple[str, str]] = field(default_factory=dict)
    # {var: (file, initial value or "")} of the file-scope variables
    # gates test, static or not (sflags tells which are static)
    gflags: Dict[str, Tuple[str, str]] = field(default_factory=dict)
    # Replacement (decision.Decider.replaced), by the key of an add:
    # the adds the control flow graph reaches (add_reached); those that a path
    # reaches with no remove of their (class, name) since the function's
    # entry or since another add (add_bad_path), and with neither such a
    # remove nor the clearing statement at (line, column)
    # (add_flag_bad_paths: {add: {clear}})
    add_reached: Set[Key] = field(default_factory=set)
    add_bad_path: Set[Key] = field(default_factory=set)
    add_flag_bad_paths: Dict[Key, Set[Tuple[int, int]]] = field(
        default_factory=dict)
    # {add: where the bad paths start ("entry" or the line of an add)}
    add_bad_path_from: Dict[Key, Set[object]] = field(default_factory=dict)
    # {add: the lines of the adds from which a bad path reaches it taking
    # no structure pointer from an allocator, getter or container_of}
    add_stale_from: Dict[Key, Set[int]] = field(default_factory=dict)
    # the file-scope variables whose initialiser hands over a function
    # of the unit; {var: {(file, func, line)}} of the places naming one;
    # (var, file, func, class, name) of a variable named on a path from
    # func's entry that passes no add of (class, name)
    cbvars: Set[str] = field(default_factory=set)
    cbrefs: Dict[str, Set[Tuple[str, str, int]]] = field(
        default_factory=dict)
    callback_use_first: Set[Tuple[str, str, str, str, str]] = field(
        default_factory=set)
    # {function that adds: {(file, func, line)}} of the places naming it
    frefs: Dict[str, Set[Tuple[str, str, int]]] = field(
        default_factory=dict)
    # the statements if (F) { remove(C, N); F = Z; }: (file, func, line,
    # column, F, C, N, Z, (line, column) of the store)
    clears: List[tuple] = field(default_factory=list)
    # {add: [(F, K, (line, column) of F = K;)]} of an add followed at once
    # by a constant store into a flag
    setafter: Dict[Key, List[tuple]] = field(default_factory=dict)

    def _call(self, d) -> Call:
        k = (relpath(d["file"]), d["line"], d["col"])
        if k not in self.calls:
            self.calls[k] = Call(file=k[0], line=k[1], col=k[2],
                                 unit=self.unit)
        return self.calls[k]

    def add(self, d) -> None:
        """Record one fact (a dict of pass 1)."""
        k = d["k"]
        getattr(self, "_f_" + k)(d)

    def _f_call(self, d):
        c = self._call(d)
        c.fn, c.cls, c.name, c.func = (d["fn"], norm(d["cls"]),
                                       norm(d["name"]), d["fun"])

    def _f_reader(self, d):
        k = (relpath(d["file"]), d["line"], d["col"])
        self.readers[k] = Call(file=k[0], line=k[1], col=k[2],
                               unit=self.unit, fn=READER,
                               cls=norm(d.get("cls", "")), func=d["fun"])

    def _f_nroot(self, d):
        c = self._call(d)
        if d["type"].startswith("struct ") and c.root is None:
            c.root = (d["var"], d["type"])

    def _f_form(self, d):
        c = self._call(d)
        if c.form is None:
            c.form = d["form"]

    def _f_branch(self, d):
        self._call(d).branch = True

    def _f_define(self, d):
        self.defines.setdefault(d["name"], norm(d["value"]))

    def _f_constvar(self, d):
        self.constvars.setdefault(d["name"], norm(d["value"]))

    def _f_struct(self, d):
        s = self.structs.get(d["name"])
        if s is None:
            s = self.structs[d["name"]] = StructDef(
                d["name"], relpath(d["file"]), d["line"])
        if s.file == relpath(d["file"]) and s.line == d["line"]:
            s.fields[d["field"]] = d.get("type", "")

    def _f_svar(self, d):
        f = d.get("func") or d.get("fun")
        e = (d["var"], d["type"], d["how"])
        lst = self.svars.setdefault(f, [])
        if e not in lst:
            lst.append(e)

    def _f_gvar(self, d):
        # spatch names a top-level declaration by its variable
        if d["fun"] not in ("something_else", d["var"]):
            if not d.get("ptr", True):
                self.stack_types.add(d["type"])
            return
        g = GlobalVar(d["var"], d["type"], d.get("ptr", True),
                      relpath(d["file"]))
        if g not in self.gvars:
            self.gvars.append(g)

    def _f_one_instance(self, d):
        self.one_instance_vars.setdefault(d["type"], set()).add(d["var"])

    def _f_table(self, d):
        self.tables.add(d["type"])
        self.table_vars.setdefault(d["type"], set()).add(d["var"])

    def _f_var(self, d):
        f = d.get("func") or d.get("fun")
        self.vars.setdefault(f, {})[d["var"]] = d.get("how", "local")

    def _f_func(self, d):
        self.funcs.setdefault(d["name"], (relpath(d["file"]), d["line"]))

    def _f_static(self, d):
        self.static.add(d["name"])

    def _f_attr(self, d):
        self.init_attr.add(d["name"])

    def _f_initcall(self, d):
        from .kernel import EXIT_MACROS, RUN_ONCE_MACROS
        if d["macro"] in RUN_ONCE_MACROS | EXIT_MACROS:
            self.initcalls[d["name"]] = d["macro"]

    def _f_op(self, d):
        e = (d["field"], d.get("var", ""))
        lst = self.ops.setdefault(d["name"], [])
        if e not in lst:
            lst.append(e)

    def _f_edge(self, d):
        k = (relpath(d["file"]), d["line"], d["col"])
        e = self.edges.get(k)
        if e is None:
            self.edges[k] = Edge(k[0], d["fun"], d["line"], d["callee"])
        else:
            e.caller, e.callee = d["fun"], d["callee"]

    def _f_arg(self, d):
        k = (relpath(d["file"]), d["line"], d["col"])
        e = self.edges.setdefault(k, Edge(k[0], d["fun"], d["line"],
                                          d["callee"]))
        e.args[int(d["n"])] = d["arg"]

    def _f_locked(self, d):
        self.locked.add((relpath(d["file"]), d["line"], d["col"]))
        self.locked_calls.append((relpath(d["file"]), d["fun"],
                                  d["callee"]))

    def _f_held(self, d):
        k = (relpath(d["file"]), d["line"], d["col"], d["callee"])
        self.held.setdefault(k, set()).add(norm(d["lock"]))

    def _f_unheld(self, d):
        self.unheld.add((relpath(d["file"]), d["line"], d["col"],
                         norm(d["lock"])))

    def _f_arms(self, d):
        e = (relpath(d["file"]), d["line"], d["col"],
             tuple(tuple(a) for a in d["arms"]))
        if e not in self.arms:
            self.arms.append(e)

    def held_locks(self, file: str, line: int, callee: str,
                   col: Optional[int] = None) -> Set[str]:
        """The exclusive locks held on every path to the call of callee
        at file:line (at col, else every such call on the line): held
        there on some path and unheld on none."""
        cols = [col] if col is not None else [
            k[2] for k, e in self.edges.items()
            if k[:2] == (file, line) and e.callee == callee]
        out: Optional[Set[str]] = None
        for c in cols:
            mine = {x for x in self.held.get((file, line, c, callee), ())
                    if (file, line, c, x) not in self.unheld}
            out = mine if out is None else out & mine
        return out or set()

    def _f_src(self, d):
        self.srcs[(d["fun"], d["var"])] = d["how"]

    def _f_gstore(self, d):
        self.gstores.add((d["fun"], d["var"], d["rhs"]))

    def _f_addr0(self, d):
        self.addr0.add((d["fun"], d["callee"], d["var"]))

    def _f_free_beside_remove(self, d):
        k = (relpath(d["file"]), d["line"], d["col"])
        e = (d["callee"], norm(d["arg"]), d["fline"], bool(d["before"]))
        lst = self.free_beside_remove.setdefault(k, [])
        if e not in lst:
            lst.append(e)

    def _f_gate(self, d):
        g = Gate(relpath(d["file"]), d["fun"], d["var"], bool(d["set"]),
                 d["line"], d["end"], tuple(d.get("at", (0, 0))))
        if g not in self.gates:
            self.gates.append(g)

    def _f_fstore(self, d):
        if d["fun"] == d["var"]:
            return          # the initialiser of its declaration (static_flag)
        e = (relpath(d["file"]), d["fun"], d["line"], d["var"],
             norm(d["value"]), d["col"])
        if e not in self.fstores:
            self.fstores.append(e)

    def _f_fuse(self, d):
        self.fuses.setdefault(d["var"], set()).add(
            (relpath(d["file"]), d["line"], d["col"]))

    def _f_static_flag(self, d):
        # a top-level declaration (spatch names it by its variable), not a
        # static local of a function
        if d["fun"] not in ("something_else", d["var"]):
            return
        self.sflags.setdefault(d["var"], (relpath(d["file"]),
                                          norm(d["value"])))

    def _f_global_flag(self, d):
        self.gflags.setdefault(d["var"], (relpath(d["file"]),
                                          norm(d["value"])))

    def _key(self, d) -> Key:
        return (relpath(d["file"]), d["line"], d["col"])

    def _f_add_reached(self, d):
        self.add_reached.add(self._key(d))

    def _f_add_bad_path(self, d):
        self.add_bad_path.add(self._key(d))
        self.add_bad_path_from.setdefault(self._key(d), set()).add(d["start"])

    def _f_add_stale_path(self, d):
        self.add_stale_from.setdefault(self._key(d), set()).add(d["start"])

    def _f_callback_var(self, d):
        self.cbvars.add(d["var"])

    def _f_callback_ref(self, d):
        self.cbrefs.setdefault(d["var"], set()).add(
            (relpath(d["file"]), d["fun"], d["line"]))

    def _f_func_ref(self, d):
        self.frefs.setdefault(d["var"], set()).add(
            (relpath(d["file"]), d["fun"], d["line"]))

    def _f_callback_use_first(self, d):
        self.callback_use_first.add((d["var"], relpath(d["file"]),
                                     d["fun"], norm(d["cls"]),
                                     norm(d["name"])))

    def _f_add_flag_bad_paths(self, d):
        self.add_flag_bad_paths.setdefault(self._key(d), set()).add(
            tuple(d["clear"]))

    def _f_clear(self, d):
        e = (relpath(d["file"]), d["fun"], d["line"], d["col"], d["var"],
             norm(d["cls"]), norm(d["name"]), norm(d["value"]),
             tuple(d["at"]))
        if e not in self.clears:
            self.clears.append(e)

    def _f_setafter(self, d):
        e = (d["var"], norm(d["value"]), tuple(d["at"]))
        lst = self.setafter.setdefault(self._key(d), [])
        if e not in lst:
            lst.append(e)

    def _f_free(self, d):
        self.frees.append(Free(relpath(d["file"]), d["fun"], d["line"],
                               d["callee"], norm(d["arg"])))


@functools.lru_cache(maxsize=None)
def canon(top: str, f: str) -> str:
    """A file's path as the facts name it: relative to the tree given when
    under it, else absolute.  (Cached: load() asks it for every fact, of
    a few hundred paths at most.)"""
    a = os.path.normpath(os.path.join(top, f))
    r = os.path.relpath(a, top)
    return a if r.startswith("..") else r


INCLUDE = re.compile(r'^\s*#\s*include\s*([<"])([^>"]+)[>"]', re.M)


def include_closure(top: str, files: List[str], idirs: List[str] = (),
                    all_includes: bool = False,
                    archdirs: Optional[Dict[str, List[str]]] = None
                    ) -> Dict[str, Set[str]]:
    """{candidate file: the headers it includes, directly or through other
    headers}, found as spatch finds them: "x.h" beside the including file
    or beside the candidate file, then in the -I directories; <x.h> in
    the -I directories with --all-includes only, or in the candidate
    file's machine include directories (archdirs, after the -I ones).
    Paths as canon()."""
    texts: Dict[str, Optional[str]] = {}

    def text(f: str) -> Optional[str]:
        if f not in texts:
            try:
                with open(os.path.join(top, f), errors="replace") as fh:
                    texts[f] = fh.read()
            except OSError:
                texts[f] = None
        return texts[f]

    out: Dict[str, Set[str]] = {}
    for c in files:
        mine = list(idirs) + list((archdirs or {}).get(c, ()))
        every = all_includes or bool((archdirs or {}).get(c))
        c = canon(top, c)
        seen: Set[str] = set()
        todo = [c]
        while todo:
            f = todo.pop()
            t = text(f)
            if t is None:
                continue
            for m in INCLUDE.finditer(t):
                q, inc = m.group(1), m.group(2).strip()
                if q == "<" and not every:
                    continue
                dirs = ([os.path.dirname(f), os.path.dirname(c)]
                        if q == '"' else []) + mine
                for d in dirs:
                    h = canon(top, os.path.join(d, inc))
                    if os.path.isfile(os.path.join(top, h)):
                        if h not in seen and h != c:
                            seen.add(h)
                            todo.append(h)
                        break
        out[c] = seen
    return out


def load(lines, closure: Optional[Dict[str, Set[str]]] = None,
         top: str = ".") -> Dict[str, UnitFacts]:
    """The facts of "@@F {json}" lines, by unit.

    spatch prints the facts of a header (its structures, #defines,
    functions) only for the first file of a run that includes it: with
    closure (include_closure()), every unit that includes a header gets
    the header's facts that another unit printed, so that what a file's
    facts hold does not depend on the files run before it in the same
    spatch process (-j)."""
    units: Dict[str, UnitFacts] = {}
    hdr: Dict[str, Dict[str, List[dict]]] = {}
    seen: Dict[str, Set[str]] = {}
    for line in lines:
        if not line.startswith("@@F "):
            continue
        d = json.loads(line[4:])
        why = schema.check(d)
        if why:
            raise ValueError("pass 1: " + why)
        u = relpath(d.get("unit", ""))
        if u not in units:
            units[u] = UnitFacts(u)
        units[u].add(d)
        if d.get("file") is not None:
            f = canon(top, d["file"])
            seen.setdefault(u, set()).add(f)
            if f != canon(top, u):
                hdr.setdefault(f, {}).setdefault(u, []).append(d)
    for u in sorted(closure or {}):
        for h in sorted(closure[u]):
            if h in seen.get(u, ()) or h not in hdr:
                continue
            if u not in units:
                units[u] = UnitFacts(u)
            # the facts one unit printed of h, the first by name
            for d in hdr[h][min(hdr[h])]:
                units[u].add(dict(d, unit=u))
    drop_dead(units, top)
    return units


def drop_dead(units: Dict[str, "UnitFacts"], top: str) -> None:
    """The calls that spatch parsed in code no build compiles (an
    #ifdef X after #undef X: dead_lines) are no calls: the report says
    they are never built, and no request holds them."""
    dead: Dict[str, Dict[int, int]] = {}
    for F in units.values():
        for calls in (F.calls, F.readers):
            for k in list(calls):
                f = calls[k].file
                if f not in dead:
                    try:
                        with open(os.path.join(top, f),
                                  errors="replace") as fh:
                            dead[f] = dead_lines(fh.read())
                    except OSError:
                        dead[f] = {}
                if calls[k].line in dead[f]:
                    del calls[k]


# A test of the kernel's version, or of a kernel-compat feature macro of
# the request API (Intel's kcompat.h: HAVE_PM_QOS_REQUEST_LIST, _NEW):
# the string calls under #ifndef HAVE_PM_QOS_REQUEST_LIST are the branch
# for old kernels.
VERSION_COND = re.compile(r'LINUX_VERSION_CODE|KERNEL_VERSION|'
                          r'\b(?:HAVE|NEED)_\w*PM_QOS\w*')
CPP = re.compile(r'^\s*#\s*(if|ifdef|ifndef|elif|else|endif)\b(.*)$')


def grep_files(top: str, text: str, globs: List[str],
               word: bool = False) -> Optional[List[str]]:
    """The files under top matching globs (["*.c", "*.h"]) that contain
    text (a whole word with word), relative to top: by git grep when top
    is the top of a git work tree (it skips what git ignores), else by
    grep -r; cheap on a whole kernel tree.  None when grep fails."""
    w = ["-w"] if word else []
    git = subprocess.run(["git", "-C", top, "rev-parse", "--show-prefix"],
                         capture_output=True, text=True)
    if git.returncode == 0 and git.stdout.strip() == "":
        cmd = ["git", "-C", top, "grep", "-l", "-F"] + w + \
            ["-e", text, "--"] + globs
    else:
        cmd = ["grep", "-rlF"] + w + ["--include=%s" % g for g in globs] + \
            ["-e", text, "."]
    p = subprocess.run(cmd, cwd=top, capture_output=True, text=True,
                       errors="surrogateescape")
    if p.returncode not in (0, 1):
        return None
    return [ln[2:] if ln.startswith("./") else ln
            for ln in p.stdout.split("\n") if ln]


def cpp_lines(text: str) -> Iterator[Tuple[int, Optional[str], str]]:
    """(line, directive, rest) for each logical line of text (a line
    continued by a backslash is one, at its first line): directive is
    if/ifdef/ifndef/elif/else/endif, or None for a line of code."""
    lines = text.split("\n")
    i = 0
    while i < len(lines):
        ln, start = lines[i], i
        while ln.endswith("\\") and i + 1 < len(lines):
            i += 1
            ln = ln[:-1] + lines[i]
        m = CPP.match(ln)
        yield (start + 1, m.group(1), m.group(2)) if m else \
            (start + 1, None, ln)
        i += 1


def cond_lines(text: str, opens, elif_keeps: bool) -> Dict[int, int]:
    """{line: line of its #if} for the lines of code under a conditional
    that opens(directive, rest) marks; with elif_keeps, an #elif that
    opens() marks also marks its branch and a marked #if stays marked in
    every branch, else #elif and #else end the marked branch."""
    out: Dict[int, int] = {}
    stack: List[Tuple[int, bool]] = []
    for line, d, rest in cpp_lines(text):
        if d in ("if", "ifdef", "ifndef"):
            stack.append((line, opens(d, rest)))
        elif d in ("elif", "else") and stack:
            ln0, v = stack[-1]
            stack[-1] = (ln0, (v or (d == "elif" and opens("if", rest)))
                         if elif_keeps else False)
        elif d == "endif" and stack:
            stack.pop()
        elif d is None:
            for ln0, v in stack:
                if v:
                    out[line] = ln0
                    break
    return out


def cpp_branches(text: str) -> Dict[int, Tuple[Tuple[int, int], ...]]:
    """{line: the conditionals it is under, outermost first, each as
    (line of its #if, which branch of it: 0 for the #if, 1 for the
    first #elif or #else, ...)} for the lines of code of text."""
    out: Dict[int, Tuple[Tuple[int, int], ...]] = {}
    stack: List[Tuple[int, int]] = []
    for line, d, rest in cpp_lines(text):
        if d in ("if", "ifdef", "ifndef"):
            stack.append((line, 0))
        elif d in ("elif", "else") and stack:
            stack[-1] = (stack[-1][0], stack[-1][1] + 1)
        elif d == "endif" and stack:
            stack.pop()
        elif d is None:
            out[line] = tuple(stack)
    return out


def cpp_apart(text: str, a: int, b: int) -> int:
    """The line of the #if whose different branches hold lines a and b
    of text (no build has both), or 0."""
    br = cpp_branches(text)
    for (ia, na), (ib, nb) in zip(br.get(a, ()), br.get(b, ())):
        if ia != ib:
            return 0
        if na != nb:
            return ia
    return 0


def cond_blocks(text: str) -> List[Tuple[Tuple[str, ...], ...]]:
    """The conditional blocks around each line of text (index: line - 1),
    outermost first, each the conditions of its #if and of the #elif
    branches up to its own ("else" for #else), spaces left out and
    #ifdef X written defined(X): two blocks of the same conditions are
    built together (no #define between them is looked at)."""
    def cond(d: str, rest: str) -> str:
        c = re.sub(r'\bdefined\s*\(?\s*(\w+)\s*\)?', r'defined(\1)',
                   rest.strip())
        c = {"ifdef": "defined(%s)", "ifndef": "!defined(%s)"}.get(
            d, "%s") % c
        return re.sub(r'\s+', '', c)

    out: List[Tuple[Tuple[str, ...], ...]] = []
    stack: List[Tuple[str, ...]] = []
    for line, d, rest in cpp_lines(text):
        if d in ("if", "ifdef", "ifndef"):
            stack.append((cond(d, rest),))
        elif d == "elif" and stack:
            stack[-1] += (cond("if", rest),)
        elif d == "else" and stack:
            stack[-1] += ("else",)
        elif d == "endif" and stack:
            stack.pop()
        while len(out) < line:
            out.append(tuple(stack))
    return out


def version_guarded(text: str) -> Dict[int, int]:
    """{line: line of its #if} for the lines under a conditional on the
    kernel version (LINUX_VERSION_CODE, KERNEL_VERSION, a compat macro
    HAVE_PM_QOS_REQUEST_LIST), in any branch."""
    return cond_lines(text, lambda d, rest: bool(VERSION_COND.search(rest)),
                      True)


# The string API's last kernel is 2.6.34: 2.6.35 has the request API.
NEW_API = (2, 6, 35)
KV_CMP = re.compile(r'^LINUX_VERSION_CODE\s*(<=|<|>=|>)\s*KERNEL_VERSION\s*'
                    r'\(\s*(\d+)\s*,\s*(\d+)\s*,\s*(\d+)\s*\)$')
DEFINED = re.compile(r'^defined\s*(?:\(\s*(\w+)\s*\)|\s(\w+))$')
# kcompat's feature macro of the request API, which it defines from 2.6.35
# (kernel.txt's api-macro; used only when every #define of it in the
# files is in such a branch)
API_MACROS = kernel.API_MACROS
NEGATE = {"<": ">=", "<=": ">", ">=": "<", ">": "<="}


def split_top(e: str, op: str) -> List[str]:
    """e split at the op (&& or ||) outside parentheses."""
    out, depth, start, i = [], 0, 0, 0
    while i < len(e):
        c = e[i]
        depth += {"(": 1, ")": -1}.get(c, 0)
        if depth == 0 and e.startswith(op, i):
            out.append(e[start:i])
            start = i = i + len(op)
            continue
        i += 1
    return out + [e[start:]]


def strip_parens(e: str) -> str:
    """e without the parentheses that enclose all of it."""
    e = e.strip()
    while e.startswith("(") and e.endswith(")"):
        depth = 0
        for i, c in enumerate(e):
            depth += {"(": 1, ")": -1}.get(c, 0)
            if depth == 0 and i < len(e) - 1:
                return e
        e = e[1:-1].strip()
    return e


def implies(e: str, neg: bool, atom) -> bool:
    """Whether the #if expression e (negated with neg) implies what
    atom(a, neg) says of a single test a: through !, the && of e or
    the || of a negated e; anything else implies nothing."""
    e = strip_parens(re.sub(r'/\*.*?\*/|//.*$', '', e))
    if not e:
        return False
    parts = split_top(e, "||" if neg else "&&")
    if len(parts) > 1:
        return any(implies(x, neg, atom) for x in parts)
    if len(split_top(e, "&&" if neg else "||")) > 1:
        return False
    if e.startswith("!") and not e.startswith("!="):
        return implies(e[1:], not neg, atom)
    return atom(re.sub(r'\s+', ' ', e), neg)


def version_atom(macros, new: bool, below=NEW_API):
    """atom() for implies(): a single test implies a kernel before below
    (new: from 2.6.35 on)."""
    def atom(a: str, neg: bool) -> bool:
        m = KV_CMP.match(a)
        if m:
            op = NEGATE[m.group(1)] if neg else m.group(1)
            v = tuple(int(x) for x in m.group(2, 3, 4))
            if new:
                return (op == ">=" and v >= NEW_API) or \
                    (op == ">" and v >= (2, 6, 34))
            return (op == "<" and v <= below) or \
                (op == "<=" and v < below)
        m = DEFINED.match(a)
        if m and (m.group(1) or m.group(2)) in macros:
            return neg != new
        return False
    return atom


def branch_lines(text: str, atom) -> Dict[int, int]:
    """{line: line of the #if of its chain} for the lines (of code, and
    #define lines) in a branch whose condition implies what atom says:
    an #if or #elif by its own test, an #elif or #else also by the
    negation of the tests before it in the chain."""
    out: Dict[int, int] = {}
    stack: List[list] = []
    for line, d, rest in cpp_lines(text):
        if d in ("if", "ifdef", "ifndef"):
            w = rest.split()
            e = rest if d == "if" else \
                ("%sdefined(%s)" % ("!" if d == "ifndef" else "",
                                    w[0]) if w else "")
            stack.append([line, [e], implies(e, False, atom)])
        elif d in ("elif", "else") and stack:
            prev = stack[-1][1]
            v = any(implies(e, True, atom) for e in prev)
            if d == "elif":
                v = v or implies(rest, False, atom)
                prev.append(rest)
            stack[-1][2] = v
        elif d == "endif" and stack:
            stack.pop()
        elif d is None:
            for ln0, _, v in stack:
                if v:
                    out[line] = ln0
                    break
    return out


def old_kernel_lines(texts: Dict[str, str], below=NEW_API
                     ) -> Dict[str, Dict[int, int]]:
    """{file: {line: line of its #if}} for the lines of each text that
    only kernels before 2.6.35 build (upstream's kernels of the string
    API, and 2.6.34 with this series): under LINUX_VERSION_CODE <
    KERNEL_VERSION(2,6,35) (or what implies it), or where kcompat's
    HAVE_PM_QOS_REQUEST_LIST is not defined, when every #define of it in
    texts is in a branch for 2.6.35 and later.  With below, the lines
    only kernels before that version build (the macro then tells
    nothing)."""
    new = version_atom((), True)
    macros = []
    for mac in API_MACROS if below == NEW_API else ():
        d = re.compile(r'^[ \t]*#[ \t]*define[ \t]+%s\b' % mac, re.M)
        defs = {f: [t.count("\n", 0, m.start()) + 1 for m in d.finditer(t)]
                for f, t in texts.items() if mac in t}
        defs = {f: lns for f, lns in defs.items() if lns}
        if defs and all(set(lns) <= set(branch_lines(texts[f], new))
                        for f, lns in defs.items()):
            macros.append(mac)
    old = version_atom(tuple(macros), False, below)
    return {f: branch_lines(t, old) for f, t in texts.items()
            if "#" in t and API_CALL.search(t)}


IF0 = re.compile(r'^\s*0\s*(?:/\*.*\*/\s*|//.*)?$')


UNDEF = re.compile(r'^\s*#\s*undef\s+(\w+)')
DEFINE = re.compile(r'^\s*#\s*(?:define\s+(\w+)|include\b)')


def dead_lines(text: str) -> Dict[int, int]:
    """{line: line of its #if} for the lines no build compiles: the
    first branch of an #if 0 (up to its #elif, #else or #endif), and of
    an #ifdef X (or #if defined(X)) that follows an #undef X outside any
    conditional with no #define X, nor #include, between them."""
    undef: Dict[str, int] = {}

    def opens(d, rest):
        if d == "if" and IF0.match(rest):
            return True
        m = re.match(r'^\s*(\w+)\s*$', rest) if d == "ifdef" else \
            DEFINED.match(rest.strip()) if d == "if" else None
        x = m and (m.group(1) or (m.group(2) if d == "if" else None))
        return bool(x) and x in undef

    out: Dict[int, int] = {}
    stack: List[Tuple[int, bool]] = []
    for line, d, rest in cpp_lines(text):
        if d in ("if", "ifdef", "ifndef"):
            stack.append((line, opens(d, rest)))
        elif d in ("elif", "else") and stack:
            stack[-1] = (stack[-1][0], False)
        elif d == "endif" and stack:
            stack.pop()
        elif d is None:
            m = UNDEF.match(rest)
            if m and not stack:
                undef[m.group(1)] = line
            m = DEFINE.match(rest)
            if m:
                if m.group(1):
                    undef.pop(m.group(1), None)
                else:
                    undef.clear()
            for ln0, v in stack:
                if v:
                    out[line] = ln0
                    break
    return out


def dead_why(text: str, ln0: int) -> str:
    """The directive at line ln0 that opens dead code (dead_lines), as
    the report says it: the #if 0, or the #ifdef X and the #undef X
    before it."""
    lines = text.split("\n")
    d = " ".join(lines[ln0 - 1].split()) if ln0 <= len(lines) else "#if 0"
    m = re.match(r'^#\s*(?:ifdef\s+(\w+)|if\s+defined\s*\(?\s*(\w+))', d)
    if not m:
        return "the #if 0 at line %d" % ln0
    x = m.group(1) or m.group(2)
    at = [i + 1 for i, ln in enumerate(lines[:ln0])
          if UNDEF.match(ln) and UNDEF.match(ln).group(1) == x]
    return "the %s at line %d, after the #undef %s at line %d" % (
        d, ln0, x, at[-1] if at else 0)


def declared(text: str, i: int) -> bool:
    """The name at i is declared, not called: #define NAME, or a type
    before it (a definition or a prototype), the token before it found
    on its line or the lines above, skipping blank and directive
    lines."""
    ls = text.rfind("\n", 0, i) + 1
    back = text[ls:i]
    if re.match(r'\s*#', back):
        return bool(re.match(r'\s*#\s*define\s*$', back))
    for _ in range(20):
        if back.strip() or ls == 0:
            break
        k = text.rfind("\n", 0, ls - 1) + 1
        ln, ls = text[k:ls - 1], k
        if not re.match(r'\s*#', ln):
            back = ln
    w = re.search(r'\b(\w+)\s*$', back)
    return bool(w) and w.group(1) not in ("return", "else", "do", "case")


def api_lines(text: str) -> List[Tuple[int, str, str]]:
    """(line, function, argument text) of every call of the old API in
    text, found without parsing (comments and string literals blanked):
    what the report must mention."""
    out = []
    orig = text
    text = re.sub(r'/\*.*?\*/|//[^\n]*|"(?:[^"\\\n]|\\.)*"|'
                  r"'(?:[^'\\\n]|\\.)*'",
                  lambda m: re.sub(r'[^\n]', ' ', m.group(0)), text,
                  flags=re.S)
    for m in API_CALL.finditer(text):
        if declared(text, m.start()):
            continue
        line = text.count("\n", 0, m.start()) + 1
        depth, j = 1, m.end()
        while j < len(text) and depth:
            depth += {"(": 1, ")": -1}.get(text[j], 0)
            j += 1
        out.append((line, m.group(1), " ".join(orig[m.end():j - 1].split())))
    return out
