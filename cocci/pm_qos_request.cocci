// SPDX-License-Identifier: GPL-2.0-only
/// Find the calls of the string-named PM QoS requirement API, which
/// request handles replace: pm_qos_add_request() returns a
/// struct pm_qos_request_list * that pm_qos_update_request() and
/// pm_qos_remove_request() take, and pm_qos_requirement() is now
/// pm_qos_request().
///
/// Patch mode renames pm_qos_requirement() and converts a request named
/// by a string literal or a macro into a static handle, declared after
/// the #include of <linux/pm_qos_params.h>, when the handle can never be
/// used after it is freed: the name is added once, by a plain statement
/// in the module's init function (__init, or named by module_init())
/// before anything registers there; and every remove is a plain
/// statement in the module's exit function (__exit, or named by
/// module_exit()) or on an error path of the init function (no return 0
/// after it), after which that function calls nothing but printk() and
/// the like and other removes.  With names an update or a second remove
/// after a remove did nothing; with a handle it would use freed memory.
///
/// Every other call is reported, with the reason, for conversion by hand:
/// a name computed at run time or kept in a structure, an add in probe(),
/// open() or anything else that may run more than once (keep a handle per
/// device, in its structure), an add after pci_register_driver() and the
/// like (probe() may use the request first), a remove at run time (in an
/// error handler, a notifier, a function that open() calls), a remove
/// before the exit function stops the driver, a used return value, an
/// update or remove with no add in the file.
///
// Confidence: Moderate
// Copyright: (C) 2026 pm-qos series <pm-qos@example.invalid>.
// Comments: Every call of the string API is reported.  Patch mode knows a
//   registration, and what stops the driver, only by the callee's name.
// Options: --no-includes --include-headers
// Requires: 1.0.7
// Keywords: pm_qos_add_requirement, pm_qos_update_requirement,
//   pm_qos_remove_requirement, pm_qos_requirement

// 1.0.5 added cocci.make_ident() to Python scripts, 1.0.7 the
// "attribute name" declaration; tested with 1.1.1.  Every rule depends on
// "old", so that spatch (or --use-gitgrep, --use-idutils) skips the files
// that do not call the string API.

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

def mark(prop, p, val=True):
	for q in p:
		has.setdefault(prop, {})[key([q])] = val

# Why the request of the call at p cannot become a static handle, or
# None when patch mode converts it.
def why(p):
	fn, cls, name, where = calls[key(p)]
	same = [k for k in calls if calls[k][2] == name]
	adds = [k for k in same if calls[k][0] == "pm_qos_add_requirement"]
	rms = sorted(k for k in same
		     if calls[k][0] == "pm_qos_remove_requirement")
	ok = lambda prop, k: k in has.get(prop, {})
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
	rt = [calls[k][3] for k in rms if not ok("init", k) and not ok("exit", k)]
	if rt:
		return "%s is removed in %s(), at run time: an update or remove " \
			"after it would use the freed handle" % (name, rt[0])
	bad = lambda prop: [k for k in rms if ok(prop, k)]
	r0 = [calls[k][3] for k in bad("ret0") if ok("init", k)]
	if r0:
		return "%s is removed in %s() on a path that returns 0" % \
			(name, r0[0])
	if bad("again"):
		return "%s is used again after its remove in %s()" % \
			(name, calls[bad("again")[0]][3])
	if bad("later"):
		k = bad("later")[0]
		return "%s is removed before %s() calls %s(), which may still " \
			"use it: remove it last" % (name, calls[k][3], has["later"][k])
	if handle(name) in has.get("taken", {}):
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
// Every call of the old API; the rules below run only where there is one.

// (Written as a disjunction: spatch takes no keywords from identifier
// = {...}.)
@old@
position p;
@@
\(pm_qos_add_requirement@p\|pm_qos_update_requirement@p\|
  pm_qos_remove_requirement@p\|pm_qos_requirement@p\)(...)

@oldfn@
identifier fn;
position old.p;
@@
fn@p(...)

// ---------------------------------------------------------------------
// What the calls of named requests are and where they stand.

@call depends on old@
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
calls[key(p)] = (fn, re.sub(r'\s+', '', C), N, p[0].current_element)

@const_name depends on old@
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

@plain depends on old@
identifier call.fn;
position p;
@@
fn@p(...);

@script:python@
p << plain.p;
@@
mark("stmt", p)

// The module's init and exit functions, by attribute or by declarer.
@mod_init depends on call@
declarer name module_init;
identifier f;
@@
module_init(f);

@mod_exit depends on call@
declarer name module_exit;
identifier f;
@@
module_exit(f);

@in_init depends on call exists@
attribute name __init;
identifier f;
identifier fn = {pm_qos_add_requirement, pm_qos_remove_requirement};
type T;
position p;
@@
T __init f(...) { <+... fn@p(...) ...+> }

@in_mod_init depends on call exists@
identifier mod_init.f;
identifier fn = {pm_qos_add_requirement, pm_qos_remove_requirement};
position p;
@@
f(...) { <+... fn@p(...) ...+> }

@in_exit depends on call exists@
attribute name __exit;
identifier f;
type T;
position p;
@@
T __exit f(...) { <+... pm_qos_remove_requirement@p(...) ...+> }

@in_mod_exit depends on call exists@
identifier mod_exit.f;
position p;
@@
f(...) { <+... pm_qos_remove_requirement@p(...) ...+> }

@script:python@
p << in_init.p;
@@
mark("init", p)

@script:python@
p << in_mod_init.p;
@@
mark("init", p)

@script:python@
p << in_exit.p;
@@
mark("exit", p)

@script:python@
p << in_mod_exit.p;
@@
mark("exit", p)

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

// After a remove: a return of 0 from init, a use of the same name, or a
// call of anything that may stop (or start) something that updates it.
@ret0 depends on call exists@
position p;
@@
pm_qos_remove_requirement@p(...);
... when any
return 0;

@script:python@
p << ret0.p;
@@
mark("ret0", p)

@again depends on call exists@
identifier fn = {pm_qos_update_requirement, pm_qos_remove_requirement};
expression C, N;
position p;
@@
pm_qos_remove_requirement@p(C, N);
... when any
fn(C, N, ...)

@script:python@
p << again.p;
@@
mark("again", p)

@later depends on call exists@
identifier h !~ "^(pm_qos_remove_requirement|printk|pr_[a-z]+|dev_(err|warn|notice|info|dbg)|kfree)$";
position p;
@@
pm_qos_remove_requirement@p(...);
... when any
h(...)

@script:python@
p << later.p;
h << later.h;
@@
mark("later", p, h)

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

@taken depends on old@
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
has.setdefault("taken", {})[H] = True

// ---------------------------------------------------------------------
// Report, org and context: every call.

@script:python depends on report@
p << old.p;
fn << oldfn.fn;
@@
coccilib.report.print_report(p[0], "%s(): %s" % (fn, message(p, fn)))

@script:python depends on org@
p << old.p;
fn << oldfn.fn;
@@
coccilib.org.print_todo(p[0], "%s(): %s" % (fn, message(p, fn)))

@depends on context@
identifier oldfn.fn;
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

@depends on patch && old@
expression C;
@@
- pm_qos_requirement(C)
+ pm_qos_request(C)
