/// Find the calls of the string-named pm_qos requirement API, which
/// request handles replace: pm_qos_add_request() returns a
/// struct pm_qos_request_list * that pm_qos_update_request() and
/// pm_qos_remove_request() take, and pm_qos_requirement() becomes
/// pm_qos_request().
///
/// Patch mode changes pm_qos_requirement() to pm_qos_request() only: both
/// read the target of the class and name no request.  Which adds, updates
/// and removes name one request, and where its handle may live, one call
/// does not tell; they are reported (on stderr in patch mode) and left
/// to be converted by hand.
///
// Confidence: High
// Copyright: (C) 2010 pm-qos series.  GPLv2.
// Comments: Needs Python scripting in spatch.  A call in a function
//   that spatch cannot parse is not seen: spatch names such files when
//   it is run without -very_quiet.
// Options: -no_includes -include_headers

virtual patch
virtual context
virtual org
virtual report

@depends on patch@
expression C;
@@
- pm_qos_requirement(C)
+ pm_qos_request(C)

// The names are spelt out, not given as identifier fn = {...}, so that
// spatch takes them as keywords and skips files that call none of them.
@r depends on !patch@
position p;
@@
\(pm_qos_add_requirement@p\|pm_qos_update_requirement@p\|
  pm_qos_remove_requirement@p\|pm_qos_requirement@p\)(...)

@rp depends on patch@
position p;
@@
\(pm_qos_add_requirement@p\|pm_qos_update_requirement@p\|
  pm_qos_remove_requirement@p\)(...)

@depends on context@
position r.p;
identifier fn;
@@
* fn@p(...)

@n depends on r@
position r.p;
identifier fn;
@@
fn@p(...)

@np depends on rp@
position rp.p;
identifier fn;
@@
fn@p(...)

@script:python depends on report@
p << r.p;
fn << n.fn;
@@
how = {"pm_qos_add_requirement": " and keep the handle it returns",
       "pm_qos_update_requirement": " on the handle of the add",
       "pm_qos_remove_requirement": " on the handle of the add",
       "pm_qos_requirement": ""}
msg = "%s(): use %s()%s" % (fn, fn.replace("requirement", "request"), how[fn])
coccilib.report.print_report(p[0], msg)

@script:python depends on org@
p << r.p;
fn << n.fn;
@@
how = {"pm_qos_add_requirement": " and keep the handle it returns",
       "pm_qos_update_requirement": " on the handle of the add",
       "pm_qos_remove_requirement": " on the handle of the add",
       "pm_qos_requirement": ""}
msg = "%s(): use %s()%s" % (fn, fn.replace("requirement", "request"), how[fn])
coccilib.org.print_todo(p[0], msg)

// Messages go to stderr: the output of patch mode is the patch alone.
@script:python depends on patch@
p << rp.p;
fn << np.fn;
@@
import sys
how = {"pm_qos_add_requirement": " and keep the handle it returns",
       "pm_qos_update_requirement": " on the handle of the add",
       "pm_qos_remove_requirement": " on the handle of the add",
       "pm_qos_requirement": ""}
msg = "%s(): use %s()%s" % (fn, fn.replace("requirement", "request"), how[fn])
sys.stderr.write("%s:%s: not changed: %s\n" % (p[0].file, p[0].line, msg))
