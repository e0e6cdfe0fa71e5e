"""The facts of pass 1, declared once.

convert/smpl/facts.cocci prints each fact as one JSON object: "k", its
kind; "unit", the candidate file whose parse produced it; where it was
seen, "file", "line", "col" and "fun" (the enclosing function as spatch
names it: the variable of a top-level declaration, "something_else"
elsewhere), which every kind has unless its fields start with "-"; and
the fields of its kind, below ("?": may be left out).  emit() in
facts.cocci and facts.load() both check each fact against this table,
and facts.UnitFacts has one reader for each kind.  Imports nothing of
the package: facts.cocci's Python imports it.
"""

POSITION = ("file", "line", "col", "fun")

FACTS = {
    # The calls of the old API and how their results are used.
    "call": ("fn cls name", "a call that names a request: its function, "
             "class and name as written"),
    "reader": ("cls", "a call of pm_qos_requirement(class)"),
    "form": ("form", "how a call's result is used: stmt, assign, return "
             "or if"),
    "branch": ("", "a call that is the whole branch of an if"),
    "arms": ("arms", "an if/else in a function that adds: the two arms, "
             "each [line, column, end line, end column]"),
    "nroot": ("var type", "the structure pointer a call's name is read "
              "from"),
    # Names: #defines and constant strings.
    "define": ("name value", "a #define"),
    "constvar": ("name value", "a constant string variable"),
    # Structures, variables and where their pointers come from.
    "struct": ("name field type", "a field of a structure definition"),
    "var": ("func var how", "a variable of a function: a param or a "
            "local"),
    "svar": ("func? type var how", "a structure pointer a function holds: "
             "a param or a local"),
    "gvar": ("type var ptr", "a file-scope structure (ptr: a pointer to "
             "one)"),
    "table": ("type var", "a file-scope array of a structure"),
    "one_instance": ("type var", "a file-scope structure the unit uses as "
                     "its one instance"),
    "src": ("var how type?", "where a function's structure pointer comes "
            "from: an allocator, a getter, container_of (with its type)"),
    "derive": ("var how arg via at", "x = via(arg): a pointer into the "
               "private area of arg, from the getter how (hcd_priv: "
               "arg->hcd_priv) directly or through the driver's accessor "
               "via, defined in file at"),
    "gstore": ("var rhs", "a store of a pointer into a file-scope "
               "variable"),
    "addr0": ("callee var", "&var given as the first argument of callee "
              "(an init of a file-scope object)"),
    # Frees.
    "free": ("callee arg", "a call of a free (kernel.txt's free list)"),
    "free_beside_remove": ("callee arg fline before", "a free of the "
                           "holder at line fline before (or after) a "
                           "remove"),
    # Flags that gate a request.
    "gate": ("var set end at", "an if (var) or if (!var) branch, lines "
             "line to end; at: (line, column) of var in the test"),
    "fstore": ("var value", "a store of a constant into a flag"),
    "fuse": ("var", "a use of a flag that is not a test or a store"),
    "static_flag": ("var value", "a static flag's declaration and its "
                    "initial value (\"\": none)"),
    "global_flag": ("var value", "a global flag's declaration and its "
                    "initial value (\"\": none)"),
    "clear": ("var cls name value at", "if (var) { remove(cls, name); "
              "var = value; }, the store at (line, column) at"),
    "setafter": ("var value at", "an add followed at once by var = "
                 "value; at (line, column)"),
    # The paths of the control flow graph to an add (the position is the
    # add's).
    "add_reached": ("", "an add the control flow graph reaches"),
    "add_bad_path": ("start", "an add reached by a path with no remove "
                     "of its request since start (\"entry\" or a line "
                     "of an earlier add)"),
    "add_stale_path": ("start", "an add reached from the earlier add at "
                       "line start by a path that neither removes its "
                       "request nor takes a structure pointer anew (from "
                       "an allocator, a getter or container_of)"),
    "add_flag_bad_paths": ("clear start", "an add reached from start by a "
                           "path that neither removes its request nor "
                           "passes the clear statement at clear"),
    # Functions and entry points.
    "func": ("name", "a function definition"),
    "static": ("name", "a static function"),
    "attr": ("name attr", "a function with an attribute (__init)"),
    "initcall": ("-name macro", "a function an initcall or exitcall macro "
                 "names"),
    "op": ("-name field type var? file? line? col? fun?", "a function in "
           "field of an ops or driver structure (type) variable var"),
    "edge": ("callee", "a call of a function"),
    "arg": ("callee n arg", "argument n of a call"),
    "locked": ("callee", "a call with a spinlock held or interrupts off"),
    "held": ("callee lock", "a call that a path reaches from a take of "
             "the exclusive lock (a spinlock, a mutex) with no release "
             "between"),
    "unheld": ("lock", "a call that a path reaches from the entry or a "
               "release of lock with no take between"),
    # Callbacks handed to the kernel by a variable.
    "callback_var": ("var", "a variable that holds a callback"),
    "callback_ref": ("var", "a place that names such a variable"),
    "func_ref": ("var", "a function named other than by a call"),
    "callback_use_first": ("var cls name", "a use of a callback variable "
                           "that may run before the add of cls, name"),
}


def fields(kind):
    """(required, optional) field names of a kind, position included."""
    req, opt = set(), set()
    spec = FACTS[kind][0].split()
    if not spec or not spec[0].startswith("-"):
        req.update(POSITION)
    for f in spec:
        f = f.lstrip("-")
        (opt if f.endswith("?") else req).add(f.rstrip("?"))
    return req, opt


def check(d):
    """The reason a fact (a dict) does not fit the table, or None."""
    k = d.get("k")
    if k not in FACTS:
        return "unknown kind of fact %r" % (k,)
    req, opt = fields(k)
    keys = set(d) - {"k", "unit"}
    if not req <= keys:
        return "fact %s lacks %s" % (k, ", ".join(sorted(req - keys)))
    if not keys <= req | opt:
        return "fact %s has %s, not in its kind" % (
            k, ", ".join(sorted(keys - req - opt)))
    return None
