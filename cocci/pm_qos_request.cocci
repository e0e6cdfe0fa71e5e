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
// URL: http://coccinelle.lip6.fr/
// Comments: Needs spatch with Python scripting, as the other scripts
//   here do.  A call in a function that spatch cannot parse is not
//   seen: spatch -parse_error_msg names the files where that happens.
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
// In patch mode the rule above has renamed pm_qos_requirement().
@r@
position p;
@@
\(pm_qos_add_requirement@p\|pm_qos_update_requirement@p\|
  pm_qos_remove_requirement@p\|pm_qos_requirement@p\)(...)

@depends on context@
position r.p;
identifier fn;
@@
* fn@p(...)

@n@
position r.p;
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
msg = "%s(): use %s()%s" % (fn, fn.replace("requirement", "request"),
                            how.get(fn, ""))
coccilib.report.print_report(p[0], msg)

@script:python depends on org@
p << r.p;
fn << n.fn;
@@
how = {"pm_qos_add_requirement": " and keep the handle it returns",
       "pm_qos_update_requirement": " on the handle of the add",
       "pm_qos_remove_requirement": " on the handle of the add",
       "pm_qos_requirement": ""}
msg = "%s(): use %s()%s" % (fn, fn.replace("requirement", "request"),
                            how.get(fn, ""))
cocci.print_main(msg, p)

// The calls that patch mode leaves, on stderr: its output is the patch.
@script:python depends on patch@
p << r.p;
fn << n.fn;
@@
import sys
how = {"pm_qos_add_requirement": " and keep the handle it returns",
       "pm_qos_update_requirement": " on the handle of the add",
       "pm_qos_remove_requirement": " on the handle of the add"}
msg = "%s(): use %s()%s" % (fn, fn.replace("requirement", "request"),
                            how.get(fn, ""))
sys.stderr.write("%s:%s: not changed: %s\n" % (p[0].file, p[0].line, msg))
