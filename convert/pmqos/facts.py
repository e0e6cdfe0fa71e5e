"""The facts of pass 1 (convert/smpl/facts.cocci), as typed records.

Every fact carries its unit: the candidate file whose parse produced it.
A header's facts count only for the units that include it, so that a
decision on one file never depends on an unrelated file given with it
(a structure of the same name in another driver, a function of the same
name).
"""

import json
import re
from dataclasses import dataclass, field
from typing import Dict, List, Optional, Set, Tuple

from . import schema
from .textfacts import canon, dead_lines, read
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
    # (key, function, var, getter, argument, accessor's file) of x =
    # accessor(arg) (derive)
    derives: List[tuple] = field(default_factory=list)

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

    def _f_derive(self, d):
        e = (self._key(d), d["fun"], d["var"], d["how"], d["arg"],
             relpath(d["at"]))
        if e not in self.derives:
            self.derives.append(e)

    def _f_free(self, d):
        self.frees.append(Free(relpath(d["file"]), d["fun"], d["line"],
                               d["callee"], norm(d["arg"])))


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
                    dead[f] = dead_lines(read(top, f) or "")
                if calls[k].line in dead[f]:
                    del calls[k]
