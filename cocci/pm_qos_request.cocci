// SPDX-License-Identifier: GPL-2.0-only
/// Find the calls of the string-named PM QoS requirement API.  Request
/// handles replace it: pm_qos_add_request() returns a
/// struct pm_qos_request_list * that pm_qos_update_request() and
/// pm_qos_remove_request() take; pm_qos_requirement() is pm_qos_request().
///
/// Patch mode renames pm_qos_requirement() and makes a static handle of
/// a request whose handle no call can use once it is freed: a name that
/// is a literal or a macro, whose handle's name no other name of the file
/// makes ("foo-bar" and "foo_bar" would share one), added once in the
/// module's init function (__init or module_init(), not an __init probe
/// that platform_driver_probe() or a driver's .probe calls per device),
/// outside any loop, before anything registers there, and removed only
/// in the exit function (__exit or module_exit()) or on an error path of
/// init, last: followed there by nothing but messages, kfree() and other
/// removes.
/// An error path returns a negative constant (-ENODEV), or a variable
/// that, on every path through the remove, was last set to one (or to
/// PTR_ERR(x) in the branch of IS_ERR(x)) or was last tested by if (ret),
/// if (ret < 0) or if (ret != 0), in unlikely() or not, in whose branch
/// the path jumps out; any other return may be 0, and the exit function
/// would remove the request again.  An update or a remove after a remove
/// did nothing with names; with a handle it uses freed memory.
///
/// Every other call is reported with the reason: a name computed at run
/// time, two names that make one handle name, an add that may run more
/// than once (probe(), open(), a loop: keep a handle per device), an add
/// after pci_register_driver() and the like, a remove at run time (a
/// fault handler, a notifier, a helper of open()), a remove in init on a
/// path that may return 0, a remove before the exit function stops the
/// driver, a used value.
///
// Confidence: Moderate
// Copyright: (C) 2026 pm-qos series <pm-qos@example.invalid>.
// Comments: Every call is reported.  Registrations, and what stops the
//   driver, are known only by the callee's name.
// Options: --no-includes --include-headers
// Requires: 1.0.7
// Keywords: pm_qos_add_requirement, pm_qos_update_requirement,
//   pm_qos_remove_requirement, pm_qos_requirement

// cocci.make_ident() in Python came with Coccinelle 1.0.5; "attribute
// name" and the current_element of a position with 1.0.7.  Every rule
// depends on "old", so that spatch, --use-gitgrep or --use-idutils can
// skip the files that do not call the string API.

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

# Per file: the calls (function, class, name, caller), the calls that
# have a property, and the roles ("init", "exit") of functions.
calls, has, role = {}, {}, {}
def reset(p):
	if calls and next(iter(calls))[0] != p[0].file:
		for d in (calls, has, role):
			d.clear()

def mark(prop, p, val=True):
	for q in p:
		has.setdefault(prop, {})[key([q])] = val

def note(prop, p, val):
	has.setdefault(prop, {}).setdefault(key(p), set()).add(val)

# What a return after a remove in init returns: an error for certain
# (-ENODEV, -1), a variable (whose value the rules below follow), or
# something else, which may be 0.
NEG = re.compile(r'^-\s*(\(\s*)?([A-Z][A-Z0-9_]*|[1-9][0-9]*)(\s*\))?$')
VAR = re.compile(r'^[A-Za-z_][A-Za-z0-9_]*$')

# Whether the remove k may be followed by a return of 0: by a return of
# a value that is not a negative constant, unless it is a variable that
# every path through k last set to an error (a negative constant, or
# PTR_ERR(x) where IS_ERR(x) holds) or last tested nonzero and took that
# branch.
def may_succeed(k):
	if [e for e in has.get("ret", {}).get(k, ())
	    if not NEG.match(e) and not VAR.match(e)]:
		return True
	if k in has.get("untested", {}):
		return True
	return bool([d for d, e in has.get("setto", {}).get(k, ())
		     if not NEG.match(e) and d not in has.get("ptrerr", {})])

# Why the request of the call at p cannot become a static handle, or
# None when patch mode converts it.
def why(p):
	name = calls[key(p)][2]
	same = [k for k in calls if calls[k][2] == name]
	adds = [k for k in same if calls[k][0] == "pm_qos_add_requirement"]
	rms = sorted(k for k in same
		     if calls[k][0] == "pm_qos_remove_requirement")
	ok = lambda prop, k: k in has.get(prop, {})
	bad = lambda prop: [calls[k][3] for k in rms if ok(prop, k)]
	if not ok("const", key(p)):
		return "the name is not a literal or a macro"
	if not adds:
		return "no add of %s in this file" % name
	if len(adds) > 1:
		return "%s is added more than once: keep a handle per device" % name
	if ok("loop", adds[0]):
		return "%s is added in a loop, more than once: keep a handle " \
			"per device" % name
	if calls[adds[0]][3] in has.get("probe", {}):
		return "%s is added in %s(), a probe, once for each device: " \
			"keep a handle per device" % (name, calls[adds[0]][3])
	if role.get(calls[adds[0]][3]) != "init":
		return "%s is added outside module init, where it may run " \
			"more than once: keep a handle per device" % name
	if ok("after_reg", adds[0]):
		return "%s is added after the driver registers: add it first" % name
	if [k for k in same if calls[k][1] != calls[adds[0]][1]]:
		return "%s is used with two classes" % name
	if [k for k in same if not ok("stmt", k)]:
		return "a return value of a call of %s is used" % name
	rt = [calls[k][3] for k in rms if calls[k][3] not in role]
	if rt:
		return "%s is removed in %s(), at run time: an update or remove " \
			"after it would use the freed handle" % (name, rt[0])
	r0 = [f for f in bad("ret0") if role[f] == "init"]
	if r0:
		return "%s is removed in %s() on a path that returns 0" % \
			(name, r0[0])
	r0 = [calls[k][3] for k in rms
	      if role[calls[k][3]] == "init" and may_succeed(k)]
	if r0:
		return "%s is removed in %s() on a path that may return 0" % \
			(name, r0[0])
	if bad("again"):
		return "%s is used again after its remove in %s()" % \
			(name, bad("again")[0])
	later = [k for k in rms if ok("later", k)]
	if later:
		return "%s is removed before %s() calls %s(), which may still " \
			"use it: remove it last" % \
			(name, calls[later[0]][3], has["later"][later[0]])
	clash = sorted(set(calls[k][2] for k in calls if calls[k][2] != name
			   and handle(calls[k][2]) == handle(name)))
	if clash:
		return "%s and %s make one handle name, %s: give each " \
			"request a handle of its own" % \
			(name, " and ".join(clash), handle(name))
	if handle(name) in has.get("taken", {}):
		return "the name %s is taken" % handle(name)
	if "include" not in has:
		return "no #include <linux/pm_qos_params.h> to put a handle after"
	return None

def message(p, fn):
	if fn == "pm_qos_requirement":
		return "use pm_qos_request()"
	r, new = why(p), fn.replace("requirement", "request")
	if r is None:
		return "use %s() with the static handle %s" % \
			(new, handle(calls[key(p)][2]))
	return "convert to %s() by hand: %s" % (new, r)

// Every call of the string API.  A disjunction of the names, as spatch
// takes no keywords from identifier fn = {...}.
@old@
position p;
@@
\(pm_qos_add_requirement@p\|pm_qos_update_requirement@p\|
  pm_qos_remove_requirement@p\|pm_qos_requirement@p\)(...)

@oldfn depends on old@
identifier fn;
position old.p;
@@
fn@p(...)

// ---------------------------------------------------------------------
// The calls of named requests and where they stand.

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

@const_name depends on call@
identifier call.fn;
expression C;
constant N;
position p;
@@
fn@p(C, N, ...)

@plain depends on call@
identifier call.fn;
position p;
@@
fn@p(...);

@init_attr depends on call@
attribute name __init;
identifier f;
type T;
@@
T __init f(...) { ... }

@exit_attr depends on call@
attribute name __exit;
identifier f;
type T;
@@
T __exit f(...) { ... }

@init_decl depends on call@
declarer name module_init;
identifier f;
@@
module_init(f);

@exit_decl depends on call@
declarer name module_exit;
identifier f;
@@
module_exit(f);

// A function the bus calls once for each device it binds: the probe
// given to platform_driver_probe(), or the .probe of a driver's
// initializer.  Even when it is __init, it is not module init.
@probe_arg depends on call@
identifier f;
expression D;
@@
platform_driver_probe(D, f)

@probe_field depends on call@
identifier f, x;
type T;
@@
T x = { .probe = f, };

// pci_register_driver(), misc_register(), register_netdev() and the like:
// from there on, the driver's callbacks may run.
@after_reg depends on call exists@
identifier reg =~ "register|_add_driver$|_driver_probe$";
position p;
@@
reg(...)
... when any
pm_qos_add_requirement@p(...)

// An add that a path reaches again: a loop, a jump back.
@loop depends on call exists@
position p;
@@
pm_qos_add_requirement@p(...);
... when any
pm_qos_add_requirement@p(...);

// After a remove: a return of 0, a use of the same request, a call that
// may stop (or start) something that uses it.
@ret0 depends on call exists@
position p;
@@
pm_qos_remove_requirement@p(...);
... when any
return 0;

// Init's success path.  What each remove may return ...
@retval depends on call exists@
expression E;
position p;
@@
pm_qos_remove_requirement@p(...);
... when any
return E;

// ... and, for a variable, what sets it last (an assignment or an
// initializer) ...
@setto depends on call exists@
identifier v;
expression E0, E1;
statement S;
position p, d;
@@
v@d = E0
... when != v = E1
    when != if (\(v\|v < 0\|v != 0\|unlikely(v)\|unlikely(v < 0)\)) S
pm_qos_remove_requirement@p(...);
... when != v = E1
    when != if (\(v\|v < 0\|v != 0\|unlikely(v)\|unlikely(v < 0)\)) S
return v;

// ... or nothing in the function (a global, a macro) ...
@unset depends on call exists@
identifier f, v;
expression E1;
statement S;
position p;
@@
f(...) {
... when != v = E1
    when != if (\(v\|v < 0\|v != 0\|unlikely(v)\|unlikely(v < 0)\)) S
pm_qos_remove_requirement@p(...);
... when != v = E1
    when != if (\(v\|v < 0\|v != 0\|unlikely(v)\|unlikely(v < 0)\)) S
return v;
}

// ... or a test of it that the path leaves by its end: which branch it
// took is not known.  A path that takes the branch of if (ret) or
// if (ret < 0) and jumps out (goto, return) from there returns nonzero:
// the rules above skip the paths through such a test, these two catch
// those that fall through it.
@tested_before depends on call exists@
identifier v;
expression E1;
statement S;
position p;
@@
if (\(v\|v < 0\|v != 0\|unlikely(v)\|unlikely(v < 0)\)) S
... when != v = E1
pm_qos_remove_requirement@p(...);
... when != v = E1
return v;

@tested_after depends on call exists@
identifier v;
expression E1;
statement S;
position p;
@@
pm_qos_remove_requirement@p(...);
... when != v = E1
if (\(v\|v < 0\|v != 0\|unlikely(v)\|unlikely(v < 0)\)) S
... when != v = E1
return v;

// v = PTR_ERR(x) where IS_ERR(x) holds.
@ptrerr depends on call@
identifier v;
expression x;
position d;
@@
if (IS_ERR(x)) { <+... v@d = PTR_ERR(x) ...+> }

@again depends on call exists@
identifier fn = {pm_qos_update_requirement, pm_qos_remove_requirement};
expression C, N;
position p;
@@
pm_qos_remove_requirement@p(C, N);
... when any
fn(C, N, ...)

@later depends on call exists@
identifier h !~
  "^(pm_qos_remove_(requirement|request)|printk|pr_[a-z]+|dev_(err|warn|info|dbg)|kfree)$";
position p;
@@
pm_qos_remove_requirement@p(...);
... when any
h(...)

@include depends on call@
@@
#include <linux/pm_qos_params.h>

@script:python@
p << const_name.p;
@@
mark("const", p)

@script:python@
p << plain.p;
@@
mark("stmt", p)

@script:python@
f << init_attr.f;
@@
role[f] = "init"

@script:python@
f << init_decl.f;
@@
role[f] = "init"

@script:python@
f << exit_attr.f;
@@
role[f] = "exit"

@script:python@
f << exit_decl.f;
@@
role[f] = "exit"

@script:python@
f << probe_arg.f;
@@
role.pop(f, None)
has.setdefault("probe", {})[f] = True

@script:python@
f << probe_field.f;
@@
role.pop(f, None)
has.setdefault("probe", {})[f] = True

@script:python@
p << after_reg.p;
@@
mark("after_reg", p)

@script:python@
p << loop.p;
@@
mark("loop", p)

@script:python@
p << ret0.p;
@@
mark("ret0", p)

@script:python@
p << retval.p;
E << retval.E;
@@
note("ret", p, re.sub(r'\s+', ' ', E))

@script:python@
p << setto.p;
d << setto.d;
E0 << setto.E0;
@@
note("setto", p, (key(d), re.sub(r'\s+', ' ', E0)))

@script:python@
p << unset.p;
@@
mark("untested", p)

@script:python@
p << tested_before.p;
@@
mark("untested", p)

@script:python@
p << tested_after.p;
@@
mark("untested", p)

@script:python@
d << ptrerr.d;
@@
mark("ptrerr", d)

@script:python@
p << again.p;
@@
mark("again", p)

@script:python@
p << later.p;
h << later.h;
@@
mark("later", p, h)

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
// Report, org and context: every call.  Patch mode reports the calls it
// does not convert.

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

// Patch: the calls it leaves, as report prints them.
@script:python depends on patch@
p << old.p;
fn << oldfn.fn;
@@
if fn != "pm_qos_requirement" and why(p) is not None:
	coccilib.report.print_report(p[0], "%s(): %s" % (fn, message(p, fn)))

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

@depends on patch && old@
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
