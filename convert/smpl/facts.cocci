/// Pass 1 of convert/pmqos-convert: the facts of one file, one JSON
/// object a line, for convert/pmqos to decide on.  It changes nothing.
///
/// Each call of the string-named API (position, enclosing function, class,
/// name, value, how its result is used), what the names are (#defines,
/// constant arrays), the structures the file defines and the structure
/// pointers each function holds, the functions (attributes, linkage), the
/// entry points (module_init and initcalls, ops and driver structures,
/// callbacks handed to the kernel), the file's call graph, and the calls
/// made with a spinlock held or interrupts off.
//
// Confidence: n/a (no transformation)
// Copyright: (C) 2026 pm-qos series <pm-qos@example.invalid>.
// Options: --local-includes

@initialize:python@
@@
import json

// The kinds of fact and their fields: convert/pmqos/schema.py.
from pmqos.schema import check as misfit

// The old API and the kernel's lists (allocators, getters, frees, locks,
// initcalls) are the table of convert/pmqos/kernel.txt, read by
// convert/pmqos/kernel.py, which imports nothing of the package; the
// driver puts the package on spatch's PYTHONPATH.
from pmqos.kernel import (ADD, ALLOC, ALLOC_COPY, ATOMIC_CALLBACKS,
			  EMBEDDED_GETTERS, EXCLUSIVE_LOCKS, EXCLUSIVE_UNLOCKS,
			  FREE_ARG, GETTERS, INIT_OBJ_FNS, LOCK_CALLS, OLD_API,
			  OP_WRAPPERS, REMOVE, RUN_ONCE_MACROS, STOP_CALLBACK,
			  UNLOCK_CALLS, UPDATE)

// The calls of the old API that name a request (rule call, which
// binds the callee; the others match the identifiers of rule api).
def named(f):
	return f in (ADD, UPDATE, REMOVE)

// Where a structure pointer of the driver's own comes from.
SOURCES = ALLOC | ALLOC_COPY | GETTERS

def source(f):
	return f in SOURCES

def embedded(f):
	return f in EMBEDDED_GETTERS

// The frees of the object given as their last argument, and those of
// the object at another argument (kfree_rcu(ptr, rcu_head): FREE_ARG).
def frees_last(f):
	return FREE_ARG.get(f) == -1

def frees_at(f):
	return FREE_ARG.get(f, -1) >= 0

// What arms a callback on an object (a timer, a work, an IRQ), and what
// stops it.
ARMS_OR_STOPS = INIT_OBJ_FNS | STOP_CALLBACK | {f for (f, n) in ATOMIC_CALLBACKS}

def arms_or_stops(f):
	return f in ARMS_OR_STOPS

// What a rule tells the later rules of the same unit, the candidate file
// whose parse they read (with the headers it includes): a set of names of
// each kind, the current unit's only.  A new unit starts them all empty,
// so nothing crosses from one file to the next that a spatch process
// happens to parse.
CURRENT = {"unit": None, "sets": {}}

def unit_names(kind):
	u = (cocci.files() or [""])[0]
	if CURRENT["unit"] != u:
		CURRENT["unit"] = u
		CURRENT["sets"] = {}
	return CURRENT["sets"].setdefault(kind, set())

// The variables F that the unit tests by if (F) / if (!F) (the gate
// rules), whose stores and static declarations it emits.
def gated(F):
	return str(F) in unit_names("gated")

def gate(F):
	unit_names("gated").add(str(F))

def emit(what, p=None, **kw):
	if p is not None:
		kw.update(file=p[0].file, line=int(p[0].line),
			  col=int(p[0].column), fun=p[0].current_element)
	kw["k"] = what
	kw["unit"] = (cocci.files() or [""])[0]
	why = misfit(kw)
	if why:
		raise ValueError("facts.cocci: " + why)
	print("@@F " + json.dumps(kw, sort_keys=True))

// The old API and the functions the unit defines or declares (fdef,
// fproto): the only callees whose calls under a lock convert/pmqos reads
// (it asks about the API's calls and about the functions of the unit).
// A call of any other function, under a lock, decides nothing, and
// matching every call of a file under every lock costs most of the time
// of a file with many locked sections.
def known(g):
	return g in OLD_API or g in unit_names("known")

// The functions of the unit that add a request (radd), and those that an
// initcall macro names (initcall): the rules of "run once" look at those
// only (rcbv, callback_use_first).
def adder(f):
	return str(f) in unit_names("adders")

def run_once(f):
	return str(f) in unit_names("run_once")

def is_lock(f):
	return f in LOCK_CALLS

def is_unlock(f):
	return f in UNLOCK_CALLS

def is_xlock(f):
	return f in EXCLUSIVE_LOCKS

def is_xunlock(f):
	return f in EXCLUSIVE_UNLOCKS

// "unit": the candidate file whose parse a fact comes from; a header's
// facts count only for the files that include it.

def s(x):
	return " ".join(str(x).split())

// ---------------------------------------------------------------------
// The calls.

// The functions of the old API that name a request, as identifiers for
// the rules to inherit: a rule matches a call of all three, of those
// that set a value (\(add_fn\|update_fn\)) or of those that change or
// drop a request (\(update_fn\|remove_fn\)) binding nothing, where an
// identifier metavariable with a script constraint binds the callee of
// every call it is tried on and asks Python about it: on every node of
// the file, once in each branch of a disjunction, and in a nest, with
// an environment of its own for each callee.
@script:python api@
add_fn; update_fn; remove_fn;
@@
coccinelle.add_fn = ADD
coccinelle.update_fn = UPDATE
coccinelle.remove_fn = REMOVE

@call@
identifier fn : script:python () { named(fn) };
expression C, N;
position p;
@@
fn@p(C, N, ...)

@script:python@
fn << call.fn;
C << call.C;
N << call.N;
p << call.p;
@@
emit("call", p, fn=str(fn), cls=s(C), name=s(N))

@reader@
expression C;
position p;
@@
pm_qos_requirement@p(C)

@script:python@
p << reader.p;
C << reader.C;
@@
emit("reader", p, cls=s(C))

// What the name is.
@nfield@
identifier api.add_fn, api.update_fn, api.remove_fn;
position call.p;
expression C;
type T;
idexpression T B;
@@
\(add_fn@p\|update_fn@p\|remove_fn@p\)(C, <+... B ...+>, ...)

@script:python@
p << call.p;
B << nfield.B;
T << nfield.T;
@@
emit("nroot", p, var=str(B), type=s(T))

@ndefine@
identifier x;
expression e;
position p;
@@
#define x@p e

@script:python@
x << ndefine.x;
e << ndefine.e;
p << ndefine.p;
@@
emit("define", p, name=str(x), value=s(e))

@narray@
identifier x;
expression e;
position p;
@@
(
static const char x@p[] = e;
|
static char x@p[] = e;
|
const char x@p[] = e;
|
char x@p[] = e;
|
static const char *x@p = e;
|
static const char * const x@p = e;
|
static char *x@p = e;
)

@script:python@
x << narray.x;
e << narray.e;
p << narray.p;
@@
emit("constvar", p, name=str(x), value=s(e))

// How the result is used.
@fstmt@
identifier api.add_fn, api.update_fn, api.remove_fn;
position p;
@@
\(add_fn@p\|update_fn@p\|remove_fn@p\)(...);

@script:python@
p << fstmt.p;
@@
emit("form", p, form="stmt")

@fassign@
identifier api.add_fn, api.update_fn;
position p;
expression E;
@@
E = \(add_fn@p\|update_fn@p\)(...);

@script:python@
p << fassign.p;
@@
emit("form", p, form="assign")

@freturn@
identifier api.add_fn, api.update_fn;
position p;
@@
return \(add_fn@p\|update_fn@p\)(...);

@script:python@
p << freturn.p;
@@
emit("form", p, form="return")

@fif disable neg_if@
identifier api.add_fn, api.update_fn;
position p;
statement S1, S2;
@@
(
if (\(add_fn@p\|update_fn@p\)(...) < 0) S1 else S2
|
if (\(add_fn@p\|update_fn@p\)(...) < 0) S1
|
if (\(add_fn@p\|update_fn@p\)(...)) S1 else S2
|
if (\(add_fn@p\|update_fn@p\)(...)) S1
|
if (\(add_fn@p\|update_fn@p\)(...) >= 0) S1 else S2
|
if (\(add_fn@p\|update_fn@p\)(...) >= 0) S1
|
if (!\(add_fn@p\|update_fn@p\)(...)) S1 else S2
|
if (!\(add_fn@p\|update_fn@p\)(...)) S1
)

@script:python@
p << fif.p;
@@
emit("form", p, form="if")

// A call that is the whole then-branch of an if with an else: a guard or
// a second statement there needs braces.
@fbranch@
identifier api.update_fn, api.remove_fn;
position p;
expression E;
statement S;
@@
(
if (E) \(update_fn@p\|remove_fn@p\)(...); else S
|
if (E) S else \(update_fn@p\|remove_fn@p\)(...);
|
if (E) \(update_fn@p\|remove_fn@p\)(...);
|
while (E) \(update_fn@p\|remove_fn@p\)(...);
)

@script:python@
p << fbranch.p;
@@
emit("branch", p)

// The parameters and locals of each function, of any type.
@vparam@
identifier f, x;
type T;
position p;
@@
f@p(..., T x, ...) { ... }

@script:python@
f << vparam.f;
x << vparam.x;
p << vparam.p;
@@
emit("var", p, func=str(f), var=str(x), how="param")

@vlocal@
identifier x;
type T;
expression E;
position p;
@@
(
T x@p;
|
T x@p = E;
|
T x@p[E];
)

@script:python@
x << vlocal.x;
p << vlocal.p;
@@
emit("var", p, func=p[0].current_element, var=str(x), how="local")

// ---------------------------------------------------------------------
// Structures: where each is defined and what fields it has.

@sdef@
identifier S, F;
type T;
position p;
@@
struct S@p {
...
T F;
...
};

@script:python@
S << sdef.S;
F << sdef.F;
T << sdef.T;
p << sdef.p;
@@
emit("struct", p, name=str(S), field=str(F), type=s(T))

// The structure pointers that reach each function.
@sparam@
identifier f, S, x;
position p;
@@
f@p(..., struct S *x, ...) { ... }

@script:python@
f << sparam.f;
S << sparam.S;
x << sparam.x;
p << sparam.p;
@@
emit("svar", p, func=str(f), type=str(S), var=str(x), how="param")

@slocal@
identifier S, x;
expression E;
position p;
@@
(
struct S *x@p;
|
struct S *x@p = E;
)

@script:python@
S << slocal.S;
x << slocal.x;
p << slocal.p;
@@
if p[0].current_element != "something_else":
	emit("svar", p, type=str(S), var=str(x), how="local")

@sglobal@
identifier S, x;
position p;
@@
(
static struct S *x@p;
|
struct S *x@p;
|
extern struct S *x@p;
)

@script:python@
S << sglobal.S;
x << sglobal.x;
p << sglobal.p;
@@
emit("gvar", p, type=str(S), var=str(x), ptr=True)

@sglobali@
identifier S, x;
position p;
@@
(
static struct S x@p;
|
struct S x@p;
|
extern struct S x@p;
)

@script:python@
S << sglobali.S;
x << sglobali.x;
p << sglobali.p;
@@
emit("gvar", p, type=str(S), var=str(x), ptr=False)

// Instances with an initializer, arrays and const objects: tables (of
// operations, actions, resources), never the holder of a handle.
@stable@
identifier S, x;
initializer I;
expression E;
position p;
@@
(
static struct S x@p = I;
|
struct S x@p = I;
|
static const struct S x@p = I;
|
const struct S x@p = I;
|
static struct S x@p[] = I;
|
struct S x@p[] = I;
|
static const struct S x@p[] = I;
|
const struct S x@p[] = I;
|
static struct S x@p[E];
|
struct S x@p[E];
|
extern struct S x@p[];
)

@script:python@
S << stable.S;
x << stable.x;
p << stable.p;
@@
emit("table", p, type=str(S), var=str(x))

// Of those, the single objects that may be written: struct S x = {...};
// (an instance of the driver's state, when it is its only one)
@sone@
identifier S, x;
initializer I;
position p;
@@
(
static struct S x@p = I;
|
struct S x@p = I;
)

@script:python@
S << sone.S;
x << sone.x;
p << sone.p;
@@
emit("one_instance", p, type=str(S), var=str(x))

// A variable's value stored into a name or a field of a name: x = y;
// or x.f = y;  Which names are file-scope (not a local or parameter of
// the function) is for convert/pmqos to say (a probe that keeps its
// device or its state in file statics).
@gstore@
identifier x, f, y;
position p;
@@
(
x@p = y
|
x@p.f = y
)

@script:python@
x << gstore.x;
y << gstore.y;
p << gstore.p;
@@
emit("gstore", p, var=str(x), rhs=str(y))

// A remove and a one-argument call (a free) as adjacent statements of one
// block, in either order: f(x); remove(...); or remove(...); f(x);
// (convert/pmqos moves such a remove before the free of its holder, and
// does not clear a handle whose holder is freed next).
@free_beside_remove@
identifier fr;
expression X, C, N;
position p1, p2;
@@
(
fr@p1(X);
pm_qos_remove_requirement@p2(C, N);
|
pm_qos_remove_requirement@p2(C, N);
fr@p1(X);
)

@script:python@
fr << free_beside_remove.fr;
X << free_beside_remove.X;
p1 << free_beside_remove.p1;
p2 << free_beside_remove.p2;
@@
emit("free_beside_remove", p2, callee=str(fr), arg=s(X), fline=int(p1[0].line),
     before=int(p1[0].line) < int(p2[0].line))

// A call whose first argument is the address of a name: g(&x, ...)
// (what it initialises, convert/pmqos says: INIT_WORK(&work, f) of a
// file-scope work item in a probe).
@addr0@
identifier g, x;
position p;
@@
g@p(&x, ...)

@script:python@
g << addr0.g;
x << addr0.x;
p << addr0.p;
@@
emit("addr0", p, callee=str(g), var=str(x))

// Where a structure pointer comes from: allocated by the driver, or its
// private data reached from the device (drvdata, netdev_priv,
// container_of).  Only such a structure is one per driver instance.
@src@
identifier S, x;
identifier af : script:python () { source(af) };
expression E;
position p;
@@
(
struct S *x@p = af(...);
|
x@p = af(...)
|
struct S *x@p = container_of(E, struct S, ...);
|
x@p = container_of(E, struct S, ...)
)

@script:python@
x << src.x;
af << src.af;
p << src.p;
@@
emit("src", p, var=str(x), how=str(af))

@srcc@
identifier S, x;
expression E;
position p;
@@
(
struct S *x@p = container_of(E, struct S, ...);
|
x@p = container_of(E, struct S, ...)
)

@script:python@
x << srcc.x;
S << srcc.S;
p << srcc.p;
@@
emit("src", p, var=str(x), how="container_of", type=str(S))

// The pointers taken from a private area: x = g(h) of a getter whose
// structure lives inside the object h (getter-embedded), or of the
// driver's own accessor of one, a function of one parameter whose body
// is return g(h); or return (struct S *) (h->hcd_priv);.  Freeing h
// frees x too.
@accessor@
identifier S, T, a, h;
identifier g : script:python () { embedded(g) };
position p;
@@
struct S *a@p(struct T *h) { return \( (struct S *)(g(h)) \| (void *)(g(h)) \|
  (g(h)) \| (struct S *)(h->hcd_priv) \| (void *)(h->hcd_priv) \|
  (h->hcd_priv) \); }

@derived@
identifier accessor.a, x, h, S;
position p;
@@
\( struct S *x@p = a(\(h\|&h\)); \| x@p = a(\(h\|&h\)) \)

@script:python@
x << derived.x;
h << derived.h;
g << accessor.g = "hcd_priv";
a << accessor.a;
q << accessor.p;
p << derived.p;
@@
emit("derive", p, var=str(x), how=str(g), arg=str(h), via=str(a),
     at=q[0].file)

@derived_getter@
identifier x, h, S;
identifier g : script:python () { embedded(g) };
position p;
@@
\( struct S *x@p = g(\(h\|&h\)); \| x@p = g(\(h\|&h\)) \)

@script:python@
x << derived_getter.x;
h << derived_getter.h;
g << derived_getter.g;
p << derived_getter.p;
@@
emit("derive", p, var=str(x), how=str(g), arg=str(h), via=str(g), at="")

// Flags: the branches of if (F) and if (!F) on a plain variable F, by
// their lines, and the constants stored into such a variable (F = 1;
// F = false;), with the file-scope ones declared static.  convert/pmqos
// reads from them a request that one file-scope flag keeps added at most
// once (decision.Decider.flag_gate).
//
// First the variables F tested by an if whose branch (a block) holds a
// call of the API, once each: the rules below look at those only.  One
// path through the block to such a call is what the rule asks (exists):
// the default, forall, also follows every other path of the block to
// its end, which changes no F here and costs most of the time of a
// file with large functions full of ifs.
@gates disable neg_if exists@
identifier F;
identifier api.add_fn, api.update_fn, api.remove_fn;
statement S1, S2;
@@
(
if (F) { <+... \(add_fn\|update_fn\|remove_fn\)(...) ...+> } else S2
|
if (F) S1 else { <+... \(add_fn\|update_fn\|remove_fn\)(...) ...+> }
|
if (F) { <+... \(add_fn\|update_fn\|remove_fn\)(...) ...+> }
|
if (!F) { <+... \(add_fn\|update_fn\|remove_fn\)(...) ...+> } else S2
|
if (!F) S1 else { <+... \(add_fn\|update_fn\|remove_fn\)(...) ...+> }
|
if (!F) { <+... \(add_fn\|update_fn\|remove_fn\)(...) ...+> }
)

@gate_then disable neg_if@
identifier gates.F;
statement S1, S2;
position p, q;
@@
(
if (F@q) S1@p else S2
|
if (F@q) S1@p
)

@script:python@
F << gates.F;
p << gate_then.p;
q << gate_then.q;
@@
gate(F)
emit("gate", p, var=str(F), set=True, end=int(p[0].line_end),
     at=[int(q[0].line), int(q[0].column)])

@gate_else disable neg_if@
identifier gates.F;
statement S1, S2;
position p, q;
@@
(
if (F@q) S1 else S2@p
|
if (!F@q) S1@p else S2
|
if (!F@q) S1@p
)

@script:python@
F << gates.F;
p << gate_else.p;
q << gate_else.q;
@@
gate(F)
emit("gate", p, var=str(F), set=False, end=int(p[0].line_end),
     at=[int(q[0].line), int(q[0].column)])

@gate_neg_else disable neg_if@
identifier gates.F;
statement S1, S2;
position p, q;
@@
if (!F@q) S1 else S2@p

@script:python@
F << gates.F;
p << gate_neg_else.p;
q << gate_neg_else.q;
@@
gate(F)
emit("gate", p, var=str(F), set=True, end=int(p[0].line_end),
     at=[int(q[0].line), int(q[0].column)])

@fstore@
identifier gates.F;
expression E;
position p;
@@
F@p = E

@script:python@
F << gates.F;
E << fstore.E;
p << fstore.p;
@@
if gated(F):
	emit("fstore", p, var=str(F), value=s(E))

// Every use of such a variable: one that is neither a test of a gate nor
// a constant store (F++, &F, a value read into another) leaves its value
// unknown to convert/pmqos.
@fuse@
identifier gates.F;
position p;
@@
F@p

@script:python@
F << gates.F;
p << fuse.p;
@@
if gated(F):
	emit("fuse", p, var=str(F))

@static_flag@
identifier gates.F;
type T;
position p;
@@
static T F@p;

@script:python@
F << gates.F;
p << static_flag.p;
@@
if gated(F):
	emit("static_flag", p, var=str(F), value="")

@sflagi@
identifier gates.F;
type T;
expression E;
position p;
@@
static T F@p = E;

@script:python@
F << gates.F;
E << sflagi.E;
p << sflagi.p;
@@
if gated(F):
	emit("static_flag", p, var=str(F), value=s(E))

// A global flag that is not static (u8 F = 0; at file scope): it
// counts only when no other file of the tree names it (decision.replaced).
@global_flag@
identifier gates.F;
type T;
position p;
@@
T F@p;

@script:python@
F << gates.F;
p << global_flag.p;
@@
if gated(F) and p[0].current_element in ("something_else", str(F)):
	emit("global_flag", p, var=str(F), value="")

@gflagi@
identifier gates.F;
type T;
expression E;
position p;
@@
T F@p = E;

@script:python@
F << gates.F;
E << gflagi.E;
p << gflagi.p;
@@
if gated(F) and p[0].current_element in ("something_else", str(F)):
	emit("global_flag", p, var=str(F), value=s(E))

// Replacement: what precedes each add in its function, on its control
// flow graph (decision.Decider.replaced).  An add has a bad path (add_bad_path)
// when a path from its function's entry, or from another add of the same
// (class, name), reaches it with no remove of that (class, name) between:
// then a request of that name may be live at the add.  With the clearing
// statement of a flag, if (F) { remove(C, N); F = Z; } at p, add_flag_bad_paths holds
// the adds that some path reaches avoiding both the removes and p (on a
// path through p, F is clear after it: with F's other rules, no request
// is live).  add_reached: the adds that the graph reaches at all, so that an
// add the rules could not see is never taken for one without a bad path.
@radd@
expression C, N;
position a;
@@
pm_qos_add_requirement@a(C, N, ...)

@script:python@
a << radd.a;
@@
unit_names("adders").add(str(a[0].current_element))

// The two arms of an if/else in a function that adds: an add in each arm
// runs one or the other, never both in one run (decision.Decider.apart).
@arms disable neg_if@
expression E;
statement S1, S2;
position p, p1, p2;
@@
if (E@p) S1@p1 else S2@p2

@script:python@
p << arms.p;
p1 << arms.p1;
p2 << arms.p2;
@@
if adder(p[0].current_element):
	emit("arms", p, arms=[[int(q[0].line), int(q[0].column),
			       int(q[0].line_end), int(q[0].column_end)]
			      for q in (p1, p2)])

@add_reached exists@
expression radd.C, radd.N;
position radd.a;
position b;
identifier f;
@@
f(...) {
... when any
pm_qos_add_requirement@a@b(C, N, ...)
... when any
}

@script:python@
b << add_reached.b;
@@
emit("add_reached", b)

@rbad0 exists@
expression radd.C, radd.N;
position radd.a;
position b;
identifier f;
@@
f(...) {
... when != pm_qos_remove_requirement(C, N)
pm_qos_add_requirement@a@b(C, N, ...)
... when any
}

@script:python@
b << rbad0.b;
@@
emit("add_bad_path", b, start="entry")

@rbad1 exists@
expression radd.C, radd.N;
position radd.a;
position q, b;
@@
pm_qos_add_requirement@q(C, N, ...)
... when != pm_qos_remove_requirement(C, N)
pm_qos_add_requirement@a@b(C, N, ...)

@script:python@
b << rbad1.b;
q << rbad1.q;
@@
emit("add_bad_path", b, start=int(q[0].line))

// The same paths from an add, that also take no structure pointer from
// an allocator, a getter or container_of (add_stale_path): an add of a
// field handle that a loop reaches again through such a path adds into
// the holder it added into before (decision.Decider.check_again).
@rstale exists@
expression radd.C, radd.N;
position radd.a;
position q, b;
identifier af : script:python () { source(af) };
expression X;
type T;
identifier Y;
@@
pm_qos_add_requirement@q(C, N, ...)
... when != pm_qos_remove_requirement(C, N)
    when != X = af(...)
    when != T Y = af(...);
    when != X = container_of(...)
pm_qos_add_requirement@a@b(C, N, ...)

@script:python@
b << rstale.b;
q << rstale.q;
@@
emit("add_stale_path", b, start=int(q[0].line))

// The clearing statement of a flag: exactly the remove and the store.
@rclr depends on radd@
identifier F;
expression C, N, Z;
position p, z;
@@
if@p (F) { pm_qos_remove_requirement(C, N); F@z = Z; }

@script:python@
F << rclr.F;
C << rclr.C;
N << rclr.N;
Z << rclr.Z;
p << rclr.p;
z << rclr.z;
@@
emit("clear", p, var=str(F), cls=s(C), name=s(N), value=s(Z),
     at=[int(z[0].line), int(z[0].column)])

@fbad0 exists@
expression rclr.C, rclr.N;
identifier rclr.F;
position rclr.p;
position b;
identifier f;
statement S;
@@
f(...) {
... when != pm_qos_remove_requirement(C, N)
    when != if@p (F) S
pm_qos_add_requirement@b(C, N, ...)
... when any
}

@script:python@
b << fbad0.b;
p << rclr.p;
@@
emit("add_flag_bad_paths", b, clear=[int(p[0].line), int(p[0].column)], start="entry")

@fbad1 exists@
expression rclr.C, rclr.N;
identifier rclr.F;
position rclr.p;
position q, b;
statement S;
@@
pm_qos_add_requirement@q(C, N, ...)
... when != pm_qos_remove_requirement(C, N)
    when != if@p (F) S
pm_qos_add_requirement@b(C, N, ...)

@script:python@
b << fbad1.b;
q << fbad1.q;
p << rclr.p;
@@
emit("add_flag_bad_paths", b, clear=[int(p[0].line), int(p[0].column)],
     start=int(q[0].line))

// An add followed at once by a constant store into a flag: the flag is
// set whenever the request is live.
@rset depends on radd@
expression C, N, E, K;
identifier F;
position a, z;
@@
(
pm_qos_add_requirement@a(C, N, ...);
|
E = pm_qos_add_requirement@a(C, N, ...);
)
F@z = K;

@script:python@
F << rset.F;
K << rset.K;
a << rset.a;
z << rset.z;
@@
emit("setafter", a, var=str(F), value=s(K),
     at=[int(z[0].line), int(z[0].column)])

// Frees: a converted call after one of these in the same function may
// read a handle from freed memory.  The object freed: the last argument,
// or the one at the free's position of kernel.txt.
@free@
identifier ff : script:python () { frees_last(ff) };
expression E;
position p;
@@
ff@p(..., E)

@script:python@
ff << free.ff;
E << free.E;
p << free.p;
@@
emit("free", p, callee=str(ff), arg=s(E))

@free_at@
identifier ff : script:python () { frees_at(ff) };
expression list[n] es;
expression E;
position p;
@@
ff@p(es, E, ...)

@script:python@
ff << free_at.ff;
n << free_at.n;
E << free_at.E;
p << free_at.p;
@@
if int(n) == FREE_ARG[str(ff)]:
	emit("free", p, callee=str(ff), arg=s(E))

// ---------------------------------------------------------------------
// Functions, entry points, the call graph.

@fdef@
identifier f;
type T;
position p;
@@
T f@p(...) { ... }

@script:python@
f << fdef.f;
p << fdef.p;
@@
unit_names("known").add(str(f))
emit("func", p, name=str(f))

// A prototype: a function that a header's inline function may call
// before the unit's file that defines it has been parsed (known).
@fproto@
identifier f;
type T;
@@
T f(...);

@script:python@
f << fproto.f;
@@
unit_names("known").add(str(f))

@fstatic@
identifier f;
type T;
position p;
@@
static T f@p(...) { ... }

@script:python@
f << fstatic.f;
p << fstatic.p;
@@
emit("static", p, name=str(f))

@fattr@
identifier f;
type T;
attribute name __init;
position p;
@@
(
T __init f@p(...) { ... }
|
static T __init f@p(...) { ... }
)

@script:python@
f << fattr.f;
p << fattr.p;
@@
emit("attr", p, name=str(f), attr="__init")

// Every declarer naming a function (module_init(f), EXPORT_SYMBOL(f),
// ...): which of them run a function once or at exit is
// convert/pmqos/kernel.txt's (initcall, exitcall).
@initcall@
identifier f;
declarer m;
@@
m(f);

@script:python@
f << initcall.f;
m << initcall.m;
@@
emit("initcall", name=str(f), macro=str(m))
if str(m) in RUN_ONCE_MACROS:
	unit_names("run_once").add(str(f))

@ops@
identifier sv, fl, f;
identifier w : script:python () { w in OP_WRAPPERS };
type T;
position p;
@@
(
T sv@p = { ..., .fl = f, ...};
|
T sv@p = { ..., .fl = w(f), ...};
)

@script:python@
f << ops.f;
fl << ops.fl;
T << ops.T;
sv << ops.sv;
p << ops.p;
@@
emit("op", p, name=str(f), field=str(fl), type=s(T), var=str(sv))

@opsn@
identifier sv, fl, fl2, f;
type T;
@@
T sv = { ..., .fl = { ..., .fl2 = f, ...}, ...};

@script:python@
f << opsn.f;
fl2 << opsn.fl2;
sv << opsn.sv;
@@
emit("op", name=str(f), field=str(fl2), type="", var=str(sv))

@opsa@
identifier fl, f;
expression E;
position p;
@@
(
E.fl = f@p
|
E->fl = f@p
|
E.fl = &f@p
)

@script:python@
f << opsa.f;
fl << opsa.fl;
@@
emit("op", name=str(f), field=str(fl), type="")

// Calls: the file's call graph.
@edge@
identifier g;
position p;
@@
g@p(...)

@script:python@
g << edge.g;
p << edge.p;
@@
emit("edge", p, callee=str(g))

// A function named as an argument (f or &f, the Nth) is handed to the
// kernel as a callback (timer, IRQ handler, work, notifier).
@earg@
identifier g, a;
expression list[n] es;
position p;
@@
g@p(es, \(a\|&a\), ...)

@script:python@
g << earg.g;
a << earg.a;
n << earg.n;
p << earg.p;
@@
emit("arg", p, callee=str(g), n=int(n), arg=str(a))

// The object a callback is armed on or stopped by: the timer, work or
// IRQ, the first argument of setup_timer(), INIT_WORK(), request_irq(),
// del_timer_sync(), cancel_work_sync(), free_irq() (kernel.txt's
// init-obj, atomic-callback and stop-callback).
@oarg@
identifier g : script:python () { arms_or_stops(g) };
expression E;
position p;
@@
g@p(E, ...)

@script:python@
g << oarg.g;
E << oarg.E;
p << oarg.p;
@@
emit("arg", p, callee=str(g), n=0, arg=str(E))

// Calls made with a spinlock held or interrupts off, in the same
// function, of the API and of the unit's functions (known).
@locked exists@
identifier lk : script:python () { is_lock(lk) };
identifier ul : script:python () { is_unlock(ul) };
identifier g : script:python () { known(g) };
position p;
@@
lk(...);
... when != ul(...)
    when any
g@p(...)

@script:python@
g << locked.g;
p << locked.p;
@@
emit("locked", p, callee=str(g))

// Calls of the API and of the unit's functions made with an exclusive
// lock L held (a spinlock, a mutex): held when a path from a lk(L) reaches
// the call with no unlock of L between, unheld when a path reaches it
// from the function's entry, or from an unlock of L, with no lk(L) between.
// Held and never unheld, the call runs under L on every path.
@held exists@
identifier lk : script:python () { is_xlock(lk) };
identifier ul : script:python () { is_xunlock(ul) };
identifier g : script:python () { known(g) };
expression L;
position p;
@@
lk(L, ...);
... when != ul(L, ...)
g@p(...)

@script:python@
g << held.g;
L << held.L;
p << held.p;
@@
emit("held", p, callee=str(g), lock=s(L))

@unheld0 exists@
identifier lk : script:python () { is_xlock(lk) };
identifier f, g;
expression held.L;
position held.p;
position q;
@@
f(...) {
... when != lk(L, ...)
g@p@q(...)
... when any
}

@script:python@
L << held.L;
q << unheld0.q;
@@
emit("unheld", q, lock=s(L))

@unheld1 exists@
identifier lk : script:python () { is_xlock(lk) };
identifier ul : script:python () { is_xunlock(ul) };
identifier g;
expression held.L;
position held.p;
position q;
@@
ul(L, ...);
... when != lk(L, ...)
g@p@q(...)

@script:python@
L << held.L;
q << unheld1.q;
@@
emit("unheld", q, lock=s(L))

// Run once (decision.Decider.replaced): an add in an initcall comes
// before every other add of its name when those run only in callbacks
// that a variable of the file hands over (T v = __ATTR(..., f);
// T v = { .store = f };), and the initcall's add precedes on every path
// each use of such a variable (that registers it).  The variables
// (callback_var), every place that names one (callback_ref), and the uses of one that
// a path from a function's entry reaches before any add of a name
// (callback_use_first).
@initialize:python@
@@
def callback_var(v):
	return str(v) in unit_names("cbvars")

@rinit@
identifier f : script:python () { run_once(f) and adder(f) };
@@
f(...) { ... }

@rcbv depends on rinit@
identifier sv, fl;
identifier g : script:python () { adder(g) };
type T;
position p;
@@
(
T sv@p = <+... g ...+>;
|
T sv@p = { ..., .fl = g, ...};
)

@script:python@
sv << rcbv.sv;
p << rcbv.p;
@@
if p[0].current_element in ("something_else", str(sv)):
	unit_names("cbvars").add(str(sv))
	emit("callback_var", p, var=str(sv))

@rcbref depends on rcbv@
identifier sv : script:python () { callback_var(sv) };
position r;
@@
sv@r

@script:python@
sv << rcbref.sv;
r << rcbref.r;
@@
emit("callback_ref", r, var=str(sv))

// Every place that names a function that adds, in such a file: one
// that is neither its definition, nor a call, nor the initialiser of
// such a variable may hand it over otherwise (hook = f;).
@rfref depends on rcbv@
identifier g : script:python () { adder(g) };
position r;
@@
g@r

@script:python@
g << rfref.g;
r << rfref.r;
@@
emit("func_ref", r, var=str(g))

@callback_use_first depends on rcbv exists@
expression radd.C, radd.N;
identifier sv : script:python () { callback_var(sv) };
position r;
identifier f : script:python () { run_once(f) };
@@
f(...) {
... when != pm_qos_add_requirement(C, N, ...)
sv@r
... when any
}

@script:python@
sv << callback_use_first.sv;
C << radd.C;
N << radd.N;
r << callback_use_first.r;
@@
emit("callback_use_first", r, var=str(sv), cls=s(C), name=s(N))
