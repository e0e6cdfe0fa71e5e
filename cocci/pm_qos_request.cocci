/// Find the calls of the string-named PM QoS requirement API, which
/// request handles replace: pm_qos_add_request() returns a
/// struct pm_qos_request_list * that pm_qos_update_request() and
/// pm_qos_remove_request() take, and pm_qos_requirement() is now
/// pm_qos_request().
///
/// Patch mode renames pm_qos_requirement() and converts one kind of
/// request: a name that is a string literal or a macro, added once in the
/// file, by a call whose value is unused, in the module's init function
/// (marked __init or named by module_init()) and before any registration
/// there.  The request becomes a static handle, declared after the
/// #include of <linux/pm_qos_params.h>; the updates and removes of that
/// name and class take it, provided they too are plain statements.
///
/// Every other call is reported, with the reason, for conversion by hand:
/// a name computed at run time or kept in a structure, an add in probe(),
/// open() or anything else that may run more than once (keep a handle
/// per device, in its structure), an add after pci_register_driver() and
/// the like (probe() may use the request first: add it before), a used
/// return value, an update or remove with no add in the file.
///
/// The old update of a name not added yet did nothing; the new one warns
/// on a NULL handle.  After patch mode, check that nothing updates the
/// request before the init function adds it.
///
// Confidence: High for pm_qos_requirement(); Moderate for the static
//   handles (see above).
// Copyright: (C) 2010 The pm_qos handle-API series authors.  GPLv2.
// Options: --no-includes --include-headers
// Keywords: pm_qos_add_requirement, pm_qos_update_requirement,
//   pm_qos_remove_requirement, pm_qos_requirement

virtual patch
virtual context
virtual org
virtual report

@initialize:python@
@@
import re

def key(p):
	return (p[0].file, p[0].line, p[0].column)

def handle(name):
	h = re.sub(r'[^a-z0-9]+', '_', name.strip('"').lower()).strip('_')
	return (h if h[:1].isalpha() else "pm_qos_" + h) + "_pm_qos_req"

# Per file: the calls, and the positions of those that have a property.
calls = {}
has = {}
def reset(p):
	if calls and next(iter(calls))[0] != p[0].file:
		calls.clear()
		has.clear()

def mark(prop, p):
	for q in p:
		has.setdefault(prop, set()).add(key([q]))

# Why the request of the call at p cannot become a static handle, or
# None when patch mode converts it.
def why(p):
	fn, cls, name = calls[key(p)]
	same = [k for k in calls if calls[k][2] == name]
	adds = [k for k in same if calls[k][0] == "pm_qos_add_requirement"]
	ok = lambda prop, k: k in has.get(prop, ())
	if not ok("const", key(p)):
		return "the name is not a literal or a macro"
	if not adds:
		return "no add of %s in this file" % name
	if len(adds) > 1:
		return "%s is added more than once: keep a handle per device" % name
	if not ok("init", adds[0]):
		return "%s is added outside module init, where it may " \
			"run more than once: keep a handle per device" % name
	if ok("after_reg", adds[0]):
		return "%s is added after the driver registers: add it first" % name
	if [k for k in same if calls[k][1] != calls[adds[0]][1]]:
		return "%s is used with two classes" % name
	if [k for k in same if not ok("stmt", k)]:
		return "a return value of a call of %s is used" % name
	if handle(name) in has.get("taken", ()):
		return "the name %s is taken" % handle(name)
	if "include" not in has:
		return "no #include <linux/pm_qos_params.h> to put a handle after"
	return None

def message(p, fn):
	if fn == "pm_qos_requirement":
		return "use pm_qos_request()"
	r = why(p)
	new = fn.replace("requirement", "request")
	if r is None:
		return "use %s() with the static handle %s" % \
			(new, handle(calls[key(p)][2]))
	return "convert to %s() by hand: %s" % (new, r)

// ---------------------------------------------------------------------
// What the calls are and where they stand.

@call@
identifier fn = {pm_qos_add_requirement, pm_qos_update_requirement,
		 pm_qos_remove_requirement};
expression C, N;
position p;
@@
fn@p(C, N, ...)

@script:python@
p << call.p;
fn << call.fn;
C << call.C;
N << call.N;
@@
reset(p)
calls[key(p)] = (fn, re.sub(r'\s+', '', C), N)

@const_name@
identifier call.fn;
expression C;
constant N;
position p;
@@
fn@p(C, N, ...)

@script:python@
p << const_name.p;
@@
mark("const", p)

@plain@
identifier call.fn;
position p;
@@
fn@p(...);

@script:python@
p << plain.p;
@@
mark("stmt", p)

@mod_init depends on call@
declarer name module_init;
identifier f;
@@
module_init(f);

@in_mod_init exists@
identifier mod_init.f;
position p;
@@
f(...) { <+... pm_qos_add_requirement@p(...) ...+> }

@script:python@
p << in_mod_init.p;
@@
mark("init", p)

@in_init depends on call exists@
attribute name __init;
identifier f;
type T;
position p;
@@
T __init f(...) { <+... pm_qos_add_requirement@p(...) ...+> }

@script:python@
p << in_init.p;
@@
mark("init", p)

// pci_register_driver(), misc_register(), register_netdev() and the like:
// from there on, the driver's callbacks may run.
@after_reg depends on call exists@
identifier reg =~ "register|_add_driver$|_driver_probe$";
position p;
@@
reg(...)
... when any
pm_qos_add_requirement@p(...)

@script:python@
p << after_reg.p;
@@
mark("after_reg", p)

@include depends on call@
@@
#include <linux/pm_qos_params.h>

@script:python depends on include@
@@
has["include"] = True

// A handle's name that the file already uses.
@script:python handle_name@
p << call.p;
H;
@@
coccinelle.H = cocci.make_ident(handle(calls[key(p)][2]))

@taken@
identifier handle_name.H;
type T;
@@
(
T H;
|
H
)

@script:python depends on taken@
H << handle_name.H;
@@
has.setdefault("taken", set()).add(H)

// ---------------------------------------------------------------------
// Report, org and context: every call.

@old@
identifier fn = {pm_qos_add_requirement, pm_qos_update_requirement,
		 pm_qos_remove_requirement, pm_qos_requirement};
position p;
@@
fn@p(...)

@script:python depends on report@
p << old.p;
fn << old.fn;
@@
coccilib.report.print_report(p[0], "%s(): %s" % (fn, message(p, fn)))

@script:python depends on org@
p << old.p;
fn << old.fn;
@@
coccilib.org.print_todo(p[0], "%s(): %s" % (fn, message(p, fn)))

@depends on context@
identifier old.fn;
position old.p;
@@
* fn@p(...)

// ---------------------------------------------------------------------
// Patch.

@script:python convert depends on patch@
p << call.p;
H;
@@
if why(p) is None:
	coccinelle.H = cocci.make_ident(handle(calls[key(p)][2]))
else:
	cocci.include_match(False)

@depends on patch@
identifier convert.H;
position call.p;
expression C, N, V;
@@
(
- pm_qos_add_requirement@p(C, N, V);
+ H = pm_qos_add_request(C, V);
|
- pm_qos_update_requirement@p(C, N, V);
+ pm_qos_update_request(H, V);
|
- pm_qos_remove_requirement@p(C, N);
+ pm_qos_remove_request(H);
)

@depends on patch@
identifier convert.H;
@@
#include <linux/pm_qos_params.h>
+
+static struct pm_qos_request_list *H;

@depends on patch@
expression C;
@@
- pm_qos_requirement(C)
+ pm_qos_request(C)
