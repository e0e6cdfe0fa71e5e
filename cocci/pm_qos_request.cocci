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
//   here do.  Without -include_headers a call in a header is not seen.
//   A call in code that spatch cannot parse matches no rule: report
//   mode names it from the text of the file if another call there
//   matched, and -parse_error_msg (not under -very_quiet) names the
//   file.  A file that spatch gives up on
//   (an exception) is named on stderr, "EXN: ... in FILE", when spatch
//   runs over a directory or several files, and its exit status is
//   still 0; on one file alone spatch stops with "Fatal error".  Code
//   under #if 0 is taken for a comment, and not looked at.
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

@initialize:python@
@@
import re
how = {"pm_qos_add_requirement": " and keep the handle it returns",
       "pm_qos_update_requirement": " on the handle of the add",
       "pm_qos_remove_requirement": " on the handle of the add",
       "pm_qos_requirement": ""}
call = re.compile(r"\b(pm_qos_(add|update|remove)_requirement|"
                  r"pm_qos_requirement)\s*\(")
noise = re.compile(r"/\*.*?\*/|//[^\n]*|"
                   r"\"(\\.|[^\"\\\n])*\"|'(\\.|[^'\\\n])*'", re.S)
seen = set()

def msg(fn):
    return "%s(): use %s()%s" % (fn, fn.replace("requirement", "request"),
                                 how[fn])

# The calls in the text of a file, outside comments, strings and #if 0,
# as (line, column, name); not the definitions and prototypes, which
# start in column 0, nor the #define of a name.
def calls(name):
    text = noise.sub(lambda m: re.sub(r"[^\n]", " ", m.group(0)),
                     open(name, errors="replace").read())
    ifs = []
    for no, line in enumerate(text.split("\n"), 1):
        d = re.match(r"\s*#\s*(if|ifdef|ifndef|elif|else|endif)\b\s*(\S*)",
                     line)
        if d and d.group(1).startswith("if"):
            ifs.append(d.group(1) == "if" and d.group(2) == "0")
        elif d and d.group(1) == "endif":
            ifs = ifs[:-1]
        elif d and ifs:
            ifs[-1] = False
        elif True not in ifs:
            for m in call.finditer(line):
                pre = line[:m.start()]
                if not re.match(r"\s*#\s*define\s+$|([\w*][\w\s*]*)?$", pre):
                    yield no, m.start(), m.group(1)

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
seen.add((p[0].file, int(p[0].line)))
coccilib.report.print_report(p[0], msg(fn))

@script:python depends on org@
p << r.p;
fn << n.fn;
@@
cocci.print_main(msg(fn), p)

// The calls that patch mode leaves, on stderr: its output is the patch.
@script:python depends on patch@
p << r.p;
fn << n.fn;
@@
import sys
sys.stderr.write("%s:%s: not changed: %s\n" %
                 (p[0].file, p[0].line, msg(fn)))

// Once per file where r matched, after the rules above: the calls that
// no rule matched, in code that spatch could not parse, found in the
// text.  On r, so that spatch still skips the files without the names.
@script:python depends on report && r@
@@
for f in cocci.files():
    for line, col, fn in calls(f):
        if (f, line) not in seen:
            print("%s:%d:%d-%d: %s, in code spatch could not parse" %
                  (f, line, col, col + len(fn), msg(fn)))
seen.clear()
