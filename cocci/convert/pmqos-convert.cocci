/// Convert the string-named PM QoS requirement API to handle-based requests.
///
/// pm_qos_add_requirement(class, name, value), pm_qos_update_requirement()
/// and pm_qos_remove_requirement() identified a request by a string that
/// had to match between the three calls; pm_qos_add_request() instead
/// returns a handle (NULL on failure) that pm_qos_update_request() and
/// pm_qos_remove_request() take.  pm_qos_requirement() is now
/// pm_qos_request().
///
/// In patch mode, the add, update and remove calls that name one request
/// by the same expression in a file share one handle: a static
/// struct pm_qos_request_list * for a string literal, a global array or a
/// macro, or a new field in the driver's own structure for a per-instance
/// name (priv->name, adapter->netdev->name) when spatch can see the
/// definition of that structure.  A name used with two classes gets one
/// handle per class.  A used return value becomes a NULL check of the
/// handle (-ENOMEM) for add, and 0 for update; remove also clears the
/// handle.  Calls that cannot be converted safely (names built at run time
/// or passed in as parameters, an update or remove with no add of the same
/// name in the file, a request that may be named by two different
/// expressions, a return value used in an unhandled way) are left alone
/// and reported, with the reason, in report, org and context modes.
///
/// A static handle holds one request, where the old API kept one entry per
/// add: it is only used when the request has one add, in a function marked
/// __init or named by module_init().  An add in probe(), open() or any
/// other function that may run more than once, or a second add of the same
/// name, is reported: keep a handle per device.  So is an add that follows
/// the driver's registration (pci_register_driver() and the like) in the
/// same function when another function updates the request: probe() could
/// update it before it exists.  A checked add after another add in the
/// same function, with no remove of the first request after it there, is
/// reported with the first: its error path would leak the first request.
///
/// Each file is analysed on its own: a request added in one file and
/// updated or removed in another is reported there, not converted.
/// The old update ignored a name that was not added (yet); the new core
/// warns on an update of a NULL handle, so check that the add comes
/// first on every path (e1000e's open path does not).
///
// Confidence: High for the calls it converts; the others are reported.
// Copyright: (C) 2010 The pm_qos handle-API series authors.  GPLv2.
// Options: --local-includes
// Keywords: pm_qos_add_requirement, pm_qos_update_requirement,
//   pm_qos_remove_requirement, pm_qos_requirement, pm_qos_add_request
// Reference: "Reworking pm_qos", LWN.net, 2010-05-04.

virtual patch
virtual context
virtual org
virtual report
virtual any_struct

@initialize:python@
@@
import os
import re

CLASS_ABBREV = {
	"PM_QOS_CPU_DMA_LATENCY": "cpu_dma",
	"PM_QOS_NETWORK_LATENCY": "net_latency",
	"PM_QOS_NETWORK_THROUGHPUT": "net_throughput",
}
LITERAL = re.compile(r'^"(?:[^"\\]|\\.)*"$')
IDENT = re.compile(r'^[A-Za-z_]\w*$')
CHAIN = re.compile(r'^([A-Za-z_]\w*)((?:(?:->|\.)[A-Za-z_]\w*)+)$')
CONST_CLASS = re.compile(r'^(?:[A-Z][A-Z0-9_]*|\d+)$')

st = {}
MAX_NEW = 4

def reset():
	st.clear()
	st.update(calls={}, kind={}, forms={}, structs={}, structfile={},
		  funcs=[], regs=[], text={}, decided=False, any_struct=False)

# The driver's own structures: declared in the C file or in a header of
# its directory.
def own_struct(c, s):
	d = lambda f: os.path.dirname(os.path.abspath(f))
	return st["any_struct"] or d(st["structfile"][s]) == d(c["file"])

reset()

def key(p):
	return (p[0].file, p[0].line, p[0].column)

def norm(e):
	s = str(e).strip()
	if LITERAL.match(s):
		return s
	return re.sub(r'\s+', '', s)

def sanitize(s):
	s = re.sub(r'[^A-Za-z0-9]+', '_', s).strip('_').lower()
	if not s:
		s = "pm_qos"
	if s[0].isdigit():
		s = "_" + s
	return s

def text(f):
	if f not in st["text"]:
		try:
			with open(f, errors="replace") as fh:
				st["text"][f] = fh.read()
		except OSError:
			st["text"][f] = ""
	return st["text"][f]

def ifdef_depth(f, line):
	depth = 0
	for l in text(f).split("\n")[:int(line) - 1]:
		m = re.match(r'\s*#\s*(if|ifdef|ifndef|endif)\b', l)
		if m:
			depth += -1 if m.group(1) == "endif" else 1
	return depth

def add_call(p, fn, cls, name, func):
	st["calls"][key(p)] = dict(p=key(p), fn=fn, cls=norm(cls),
				   name=norm(name), file=p[0].file,
				   line=int(p[0].line), func=func)

def set_kind(p, kind):
	st["kind"].setdefault(key(p), kind)

def set_form(p, form):
	st["forms"].setdefault(key(p), form)

# What a global identifier used as a name is, from the file's own text.
def global_kind(f, n):
	t = text(f)
	if re.search(r'^\s*#\s*define\s+%s\b' % re.escape(n), t, re.M):
		return "const"
	if re.search(r'^[A-Za-z_][^;(]*\b%s\s*\[[^\]]*\]\s*[=;]' % re.escape(n),
		     t, re.M):
		return "const"
	if re.search(r'^[A-Za-z_][^;(]*\*\s*%s\s*[=;]' % re.escape(n), t, re.M):
		return "the global pointer %s, which can change at run time" % n
	if re.match(r'^[A-Z][A-Z0-9_]*$', n):
		return "const"	# a macro from a header (DRV_NAME, KBUILD_MODNAME)
	return "%s, whose definition spatch cannot see" % n

def classify(c):
	"""Set c['key'] (what identifies the request) or c['reason']."""
	classify_name(c)
	if "key" in c and not CONST_CLASS.match(c["cls"]):
		del c["key"]
		c["reason"] = "the class %s is not a constant" % c["cls"]

def classify_name(c):
	n = c["name"]
	kind = st["kind"].get(c["p"])
	if LITERAL.match(n):
		c["key"] = ("lit", n)
		c["base"] = sanitize(n[1:-1])
	elif kind == "param":
		c["reason"] = ("the name comes from the parameter %s of %s():"
			       " pass a handle instead" % (n, c["func"]))
	elif kind == "local":
		c["reason"] = ("the name is the local variable %s, built at run"
			       " time" % n)
	elif IDENT.match(n):
		g = global_kind(c["file"], n)
		if g == "const":
			c["key"] = ("id", n)
			b = n.lower()
			if b.endswith("_name") and len(b) > 5:
				b = b[:-5]
			c["base"] = sanitize(b)
		else:
			c["reason"] = "the name is " + g
	elif CHAIN.match(n):
		if not isinstance(kind, tuple):
			m = CHAIN.match(n)
			c["reason"] = ("the type of %s in %s is unknown to spatch"
				       % (m.group(1), n))
			return
		_, base, typ = kind
		path = n[len(base):]
		op = "->" if path.startswith("->") else "."
		m = re.match(r'^struct\s+(\w+)\s*(\*?)$', typ)
		if not m or (m.group(2) == "*") != (op == "->"):
			c["reason"] = ("%s has type %s: no structure of the driver to"
				       " hold the handle" % (base, typ))
		elif m.group(1) not in st["structs"]:
			c["reason"] = ("the handle for %s belongs in struct %s, whose"
				       " definition spatch cannot see" % (n, m.group(1)))
		elif not own_struct(c, m.group(1)):
			c["reason"] = ("the handle for %s would go into struct %s of"
				       " %s, which is not the driver's own" %
				       (n, m.group(1), st["structfile"][m.group(1)]))
		else:
			c["key"] = ("fld", m.group(1), path)
			c["struct"] = m.group(1)
			c["bexpr"] = base + op
	else:
		c["reason"] = "the name %s is computed at run time" % n

# A function that runs once per module load: __init, or module_init()'s.
def runs_once(f, fn):
	t, fn = text(f), re.escape(fn)
	return bool(re.search(r'\bmodule_init\s*\(\s*%s\s*\)' % fn, t) or
		    re.search(r'\b__init\b[^;{}()=]*\b%s\s*\(' % fn, t))

def once_checks(groups, bad):
	adds = {}
	for g, cs in groups.items():
		a = sorted((c for c in cs if c["fn"] == "pm_qos_add_requirement"),
			   key=lambda c: c["line"])
		if not a or g in bad:
			continue
		for c in a:
			adds.setdefault((c["file"], c["func"]), []).append((c, g))
		if g[0][0] == "fld":
			continue
		# A static handle holds one request: one add, run once.
		a0 = a[0]
		if len(a) > 1:
			bad[g] = ("added more than once (lines %s): a second add"
				  " would overwrite one static handle; keep a"
				  " handle per request" %
				  " and ".join(str(c["line"]) for c in a))
		elif not runs_once(a0["file"], a0["func"]):
			bad[g] = ("added where it can run more than once, not in"
				  " __init or module_init() (%s() at line %d): a"
				  " second device would overwrite one static"
				  " handle; keep a handle per device" %
				  (a0["func"], a0["line"]))
		elif [c for c in cs if c["fn"] == "pm_qos_update_requirement" and
		      c["func"] != a0["func"]]:
			regs = [r for r in st["regs"] if r[:2] ==
				(a0["file"], a0["func"]) and r[2] < a0["line"]]
			if regs:
				bad[g] = ("the driver's probe can run before the"
					  " add: add the request before registering"
					  " the driver (%s() at line %d, add at line"
					  " %d)" % (regs[0][3], regs[0][2], a0["line"]))
	# A checked add after another one in the same function: its error
	# path must remove the first request.
	for fa in adds.values():
		for c2, g2 in fa:
			if c2["form"] == "stmt":
				continue
			for c1, g1 in fa:
				if c1["line"] >= c2["line"] or g1 == g2:
					continue
				if not [c for c in groups[g1] if c["func"] == c1["func"]
					and c["fn"] == "pm_qos_remove_requirement"
					and c["line"] > c2["line"]]:
					why = ("when the second of two adds fails, the"
					       " first request is not removed (%s() at"
					       " lines %d and %d): write the unwind by"
					       " hand" % (c1["func"], c1["line"],
							   c2["line"]))
					bad.setdefault(g1, why)
					bad.setdefault(g2, why)

FORMS = {
	"pm_qos_add_requirement": ("stmt", "assign", "return", "if"),
	"pm_qos_update_requirement": ("stmt", "assign", "return", "if_fail"),
	"pm_qos_remove_requirement": ("stmt",),
}

def last(k):
	if k[0] == "fld":
		return re.split(r'->|\.', k[2])[-1]
	return k[1]

def show(k):
	return k[1] if k[0] != "fld" else "struct %s %s" % (k[1], k[2])

def unique(name, taken):
	n, i = name, 2
	while n in taken:
		n = "%s%d" % (name, i)
		i += 1
	taken.add(n)
	return n

def decide():
	if st["decided"]:
		return
	st["decided"] = True
	calls = st["calls"]
	for c in calls.values():
		classify(c)
		form = st["forms"].get(c["p"])
		if "key" in c and form not in FORMS[c["fn"]]:
			c["reason"] = ("its return value is used in a way the"
				       " semantic patch does not rewrite")
		c["form"] = form
	groups = {}
	for c in calls.values():
		if "key" in c:
			groups.setdefault((c["key"], c["cls"]), []).append(c)
	bad = {}
	orphans = []
	for g, cs in groups.items():
		adds = [c for c in cs if c["fn"] == "pm_qos_add_requirement"]
		if not adds:
			orphans.append(g)
		for c in cs:
			if "reason" in c:
				bad[g] = ("the call at line %d of the same request is"
					  " not converted" % c["line"])
	for og in orphans:
		bad[og] = ("no pm_qos_add_requirement() of %s in this file"
			   % show(og[0]))
	# An update or remove whose name has no add in this file, but ends
	# like the name of an add (net->name, adapter->netdev->name), may
	# well be the same request under another expression.
	for c in calls.values():
		if c["fn"] == "pm_qos_add_requirement":
			continue
		g = ("key" in c) and (c["key"], c["cls"]) or None
		if g in groups and g not in orphans:
			continue
		tail = re.split(r'->|\.', c["name"])[-1]
		for ag in groups:
			if ag in orphans or ag[1] != c["cls"] or last(ag[0]) != tail:
				continue
			mine = groups[ag][0]
			bad[ag] = ("the same request may also be named %s (line %d)"
				   % (c["name"], c["line"]))
			c["reason"] = ("the same request may also be named %s"
				       " (line %d)" % (mine["name"], mine["line"]))
	once_checks(groups, bad)
	for g, why in bad.items():
		for c in groups[g]:
			c.setdefault("reason", why)
	# Handles: one per (name, class); the class joins the name only
	# when one name is used with several classes.
	classes = {}
	for (k, cls) in groups:
		classes.setdefault(k, set()).add(cls)
	perstruct = {}
	for (k, cls) in groups:
		if k[0] == "fld":
			perstruct.setdefault(k[1], set()).add(k[2])
	taken = set(re.findall(r'\b\w+\b',
			       "".join(text(f) for f in
				       set(c["file"] for c in calls.values()))))
	for g, cs in sorted(groups.items()):
		if g in bad:
			continue
		k, cls = g
		suffix = "pm_qos_req"
		if len(classes[k]) > 1:
			suffix = CLASS_ABBREV.get(cls, sanitize(cls)) + "_" + suffix
		if k[0] == "fld":
			if len(perstruct[k[1]]) > 1:
				suffix = sanitize(k[2]) + "_" + suffix
			fields = st["structs"][k[1]]
			if suffix in fields and not suffix.startswith(sanitize(k[2])):
				suffix = sanitize(k[2]) + "_" + suffix
			fld = unique(suffix, fields)
			for c in cs:
				c["field"] = fld
				c["handle"] = c["bexpr"] + fld
		else:
			h = unique(cs[0]["base"] + "_" + suffix, taken)
			for c in cs:
				c["static"] = h
				c["handle"] = h
	place_statics()
	# The patch has MAX_NEW rules for new declarations at one place.
	nfld = {}
	for g, cs in sorted(groups.items()):
		c0 = cs[0]
		if "field" in c0:
			n = nfld.setdefault(c0["struct"], [])
			if c0["field"] not in n:
				n.append(c0["field"])
			idx = n.index(c0["field"])
		elif "static" in c0:
			idx = st["anchor"][c0["file"]][1].index(c0["static"])
		else:
			continue
		for c in cs:
			c["index"] = idx
			if idx >= MAX_NEW:
				del c["handle"]
				c["reason"] = ("more than %d new handles in one place:"
					       " convert by hand" % MAX_NEW)

def call(p):
	decide()
	return st["calls"].get(key(p))

def convertible(p):
	c = call(p)
	return c is not None and "handle" in c

def conv(p, h, form):
	c = call(p)
	return (c is not None and c.get("handle") == norm(h) and
		c["form"] == form)

# Where the static handles are declared: before the first function of
# the file that is outside any #if and not after the handles' first use.
def place_statics():
	users = {}
	for c in st["calls"].values():
		if "static" in c:
			users.setdefault(c["file"], []).append(c)
	st["anchor"] = {}
	for f, cs in users.items():
		first = min(c["line"] for c in cs)
		funcs = sorted((l, n) for (ff, l, n) in st["funcs"] if ff == f)
		cands = [n for (l, n) in funcs if l <= first and
			 ifdef_depth(f, l) == 0]
		if not cands:
			# Every function up to the first use is under #if: a
			# declaration there could vanish with the #if.
			for c in cs:
				del c["handle"], c["static"]
				c["reason"] = ("no function outside #if comes before"
					       " line %d to declare the handle at" % first)
			continue
		order = []
		for c in sorted(cs, key=lambda c: c["line"]):
			if c["static"] not in order:
				order.append(c["static"])
		st["anchor"][f] = (cands[0], order)

def anchor(f, h, k, last):
	decide()
	a = [a for a in st["anchor"].values() if a[0] == str(f)]
	if not a:
		return False
	a = a[0]
	return (k < len(a[1]) and a[1][k] == str(h) and
		(k == len(a[1]) - 1) == last)

def describe(p):
	c = call(p)
	if c is None:
		return None
	new = c["fn"].replace("requirement", "request")
	if "handle" in c:
		return "%s() -> %s(), handle %s" % (c["fn"], new, c["handle"])
	return "%s() not converted: %s" % (c["fn"], c.get("reason", "?"))

@script:python depends on patch || report || org || context@
@@
reset()

// ---------------------------------------------------------------------
// Collection: every call, what its name is, and how its value is used.

@c@
identifier fn = {pm_qos_add_requirement, pm_qos_update_requirement,
		 pm_qos_remove_requirement};
expression C, N;
position p;
@@
fn@p(C, N, ...)

@script:python@
p << c.p;
fn << c.fn;
C << c.C;
N << c.N;
@@
add_call(p, fn, C, N, p[0].current_element)

@c_local@
identifier fn = {pm_qos_add_requirement, pm_qos_update_requirement,
		 pm_qos_remove_requirement};
position p;
expression C;
local idexpression L;
@@
fn@p(C, L, ...)

@script:python@
p << c_local.p;
@@
set_kind(p, "local")

@c_param@
identifier fn = {pm_qos_add_requirement, pm_qos_update_requirement,
		 pm_qos_remove_requirement};
identifier f, I;
position p;
expression C;
type T;
@@
f(..., T I, ...) {
<+...
fn@p(C, I, ...)
...+>
}

@script:python@
p << c_param.p;
@@
st["kind"][key(p)] = "param"

@c_field@
identifier fn = {pm_qos_add_requirement, pm_qos_update_requirement,
		 pm_qos_remove_requirement};
position p;
expression C;
type T;
idexpression T B;
identifier f1, f2, f3;
@@
(
fn@p(C, B->f1->f2->f3, ...)
|
fn@p(C, B->f1.f2->f3, ...)
|
fn@p(C, B->f1->f2, ...)
|
fn@p(C, B->f1.f2, ...)
|
fn@p(C, B.f1.f2, ...)
|
fn@p(C, B.f1->f2, ...)
|
fn@p(C, B->f1, ...)
|
fn@p(C, B.f1, ...)
)

@script:python@
p << c_field.p;
B << c_field.B;
T << c_field.T;
@@
set_kind(p, ("field", str(B), str(T)))

@c_struct@
identifier S, F;
type T;
position pf;
@@
struct S {
...
T F@pf;
...
};

@script:python@
S << c_struct.S;
F << c_struct.F;
pf << c_struct.pf;
@@
st["structs"].setdefault(str(S), set()).add(str(F))
st["structfile"][str(S)] = pf[0].file

// -D any_struct: a handle may also go into a structure declared outside
// the driver's directory (include/...), for a conversion of the kernel
// itself, where such a structure belongs to the subsystem converted.
@script:python depends on any_struct@
@@
st["any_struct"] = True

@c_func@
identifier f;
position pf;
@@
f@pf(...) { ... }

@script:python@
pf << c_func.pf;
f << c_func.f;
@@
st["funcs"].append((pf[0].file, int(pf[0].line), str(f)))

// Driver registrations: after them, probe() can run at once.
@c_reg@
identifier r = {pci_register_driver, platform_driver_register,
		platform_driver_probe, usb_register, i2c_add_driver,
		spi_register_driver, driver_register};
position p;
@@
r@p(...)

@script:python@
p << c_reg.p;
r << c_reg.r;
@@
st["regs"].append((p[0].file, p[0].current_element, int(p[0].line), str(r)))

@c_stmt@
identifier fn = {pm_qos_add_requirement, pm_qos_update_requirement,
		 pm_qos_remove_requirement};
position p;
@@
fn@p(...);

@script:python@
p << c_stmt.p;
@@
set_form(p, "stmt")

@c_assign@
identifier fn = {pm_qos_add_requirement, pm_qos_update_requirement,
		 pm_qos_remove_requirement};
position p;
expression E;
@@
E = fn@p(...);

@script:python@
p << c_assign.p;
@@
set_form(p, "assign")

@c_return@
identifier fn = {pm_qos_add_requirement, pm_qos_update_requirement,
		 pm_qos_remove_requirement};
position p;
@@
return fn@p(...);

@script:python@
p << c_return.p;
@@
set_form(p, "return")

// if (call < 0), if (call): failure tests; if (call >= 0), if (!call):
// success tests.  Update always returned 0: only "if (update) S" is taken.
@c_iffail disable neg_if@
identifier fn = {pm_qos_add_requirement, pm_qos_update_requirement,
		 pm_qos_remove_requirement};
position p;
statement S1;
@@
(
if (fn@p(...) < 0) S1
|
if (fn@p(...)) S1
)

@script:python@
p << c_iffail.p;
fn << c_iffail.fn;
@@
set_form(p, "if_fail" if fn == "pm_qos_update_requirement" else "if")

@c_ifelse disable neg_if@
identifier fn = {pm_qos_add_requirement, pm_qos_update_requirement,
		 pm_qos_remove_requirement};
position p;
statement S1, S2;
@@
(
if (fn@p(...) < 0) S1 else S2
|
if (fn@p(...)) S1 else S2
|
if (fn@p(...) >= 0) S1 else S2
|
if (!fn@p(...)) S1 else S2
|
if (fn@p(...) >= 0) S1
|
if (!fn@p(...)) S1
)

@script:python@
p << c_ifelse.p;
@@
set_form(p, "if")

@r_reader@
position p;
@@
pm_qos_requirement@p(...)

// ---------------------------------------------------------------------
// Report and org: every call, with the reason when it is left alone.

@script:python depends on report@
p << c.p;
@@
coccilib.report.print_report(p[0], describe(p))

@script:python depends on org@
p << c.p;
@@
coccilib.org.print_todo(p[0], describe(p))

@script:python depends on report@
p << r_reader.p;
@@
coccilib.report.print_report(p[0],
	"pm_qos_requirement() -> pm_qos_request()")

@script:python depends on org@
p << r_reader.p;
@@
coccilib.org.print_todo(p[0], "pm_qos_requirement() -> pm_qos_request()")

// ---------------------------------------------------------------------
// Patch.

// One script rule for all outputs: a rule that drops a binding with
// include_match(False) drops it for every later rule too.  S0..S3 name
// the structure only for the rule that adds the field with that index,
// so that one rule never adds two things at one place.
@script:python mk depends on patch@
p << c.p;
H;
SH;
S0;
S1;
S2;
S3;
F;
@@
none = "__pm_qos_none"
if convertible(p):
	c = call(p)
	coccinelle.H = cocci.make_expr(c["handle"])
	coccinelle.SH = cocci.make_ident(c.get("static", none))
	coccinelle.F = cocci.make_ident(c.get("field", none))
	for k in range(MAX_NEW):
		s = none
		if "field" in c and c["index"] == k:
			s = c["struct"]
		setattr(coccinelle, "S%d" % k, cocci.make_ident(s))
else:
	cocci.include_match(False)

// All calls in one rule: once a rule has changed a function, spatch
// reparses it and later rules no longer see the original positions.
@depends on patch disable neg_if@
expression mk.H;
expression C, N, V, E;
statement S1, S2;
position p1 : script:python(H) { conv(p1, H, "stmt") };
position p2 : script:python(H) { conv(p2, H, "assign") };
position p3 : script:python(H) { conv(p3, H, "return") };
position p4 : script:python(H) { conv(p4, H, "if") };
position p5 : script:python(H) { conv(p5, H, "if_fail") };
@@
(
- pm_qos_add_requirement@p1(C, N, V);
+ H = pm_qos_add_request(C, V);
|
- E = pm_qos_add_requirement@p2(C, N, V);
+ H = pm_qos_add_request(C, V);
+ E = H ? 0 : -ENOMEM;
|
- return pm_qos_add_requirement@p3(C, N, V);
+ H = pm_qos_add_request(C, V);
+ return H ? 0 : -ENOMEM;
|
+ H = pm_qos_add_request(C, V);
  if (
- pm_qos_add_requirement@p4(C, N, V) < 0
+ !H
  ) S1 else S2
|
+ H = pm_qos_add_request(C, V);
  if (
- pm_qos_add_requirement@p4(C, N, V) < 0
+ !H
  ) S1
|
+ H = pm_qos_add_request(C, V);
  if (
- pm_qos_add_requirement@p4(C, N, V)
+ !H
  ) S1 else S2
|
+ H = pm_qos_add_request(C, V);
  if (
- pm_qos_add_requirement@p4(C, N, V)
+ !H
  ) S1
|
+ H = pm_qos_add_request(C, V);
  if (
- pm_qos_add_requirement@p4(C, N, V) >= 0
+ H
  ) S1 else S2
|
+ H = pm_qos_add_request(C, V);
  if (
- pm_qos_add_requirement@p4(C, N, V) >= 0
+ H
  ) S1
|
+ H = pm_qos_add_request(C, V);
  if (
- !pm_qos_add_requirement@p4(C, N, V)
+ H
  ) S1 else S2
|
+ H = pm_qos_add_request(C, V);
  if (
- !pm_qos_add_requirement@p4(C, N, V)
+ H
  ) S1
|
- pm_qos_update_requirement@p1(C, N, V);
+ pm_qos_update_request(H, V);
|
- E = pm_qos_update_requirement@p2(C, N, V);
+ pm_qos_update_request(H, V);
+ E = 0;
|
- return pm_qos_update_requirement@p3(C, N, V);
+ pm_qos_update_request(H, V);
+ return 0;
|
- if (pm_qos_update_requirement@p5(C, N, V) < 0) S1
+ pm_qos_update_request(H, V);
|
- if (pm_qos_update_requirement@p5(C, N, V)) S1
+ pm_qos_update_request(H, V);
|
- pm_qos_remove_requirement@p1(C, N);
+ pm_qos_remove_request(H);
+ H = NULL;
)

@depends on patch@
identifier mk.SH;
identifier f : script:python(SH) { anchor(f, SH, 0, False) };
@@
+static struct pm_qos_request_list *SH;
f(...) { ... }

@depends on patch@
identifier mk.SH;
identifier f : script:python(SH) { anchor(f, SH, 0, True) };
@@
+static struct pm_qos_request_list *SH;
+
f(...) { ... }

@depends on patch@
identifier mk.SH;
identifier f : script:python(SH) { anchor(f, SH, 1, False) };
@@
+static struct pm_qos_request_list *SH;
f(...) { ... }

@depends on patch@
identifier mk.SH;
identifier f : script:python(SH) { anchor(f, SH, 1, True) };
@@
+static struct pm_qos_request_list *SH;
+
f(...) { ... }

@depends on patch@
identifier mk.SH;
identifier f : script:python(SH) { anchor(f, SH, 2, False) };
@@
+static struct pm_qos_request_list *SH;
f(...) { ... }

@depends on patch@
identifier mk.SH;
identifier f : script:python(SH) { anchor(f, SH, 2, True) };
@@
+static struct pm_qos_request_list *SH;
+
f(...) { ... }

@depends on patch@
identifier mk.SH;
identifier f : script:python(SH) { anchor(f, SH, 3, False) };
@@
+static struct pm_qos_request_list *SH;
f(...) { ... }

@depends on patch@
identifier mk.SH;
identifier f : script:python(SH) { anchor(f, SH, 3, True) };
@@
+static struct pm_qos_request_list *SH;
+
f(...) { ... }

@depends on patch@
identifier mk.S0, mk.F;
@@
struct S0 {
...
+	struct pm_qos_request_list *F;
};

@depends on patch@
identifier mk.S1, mk.F;
@@
struct S1 {
...
+	struct pm_qos_request_list *F;
};

@depends on patch@
identifier mk.S2, mk.F;
@@
struct S2 {
...
+	struct pm_qos_request_list *F;
};

@depends on patch@
identifier mk.S3, mk.F;
@@
struct S3 {
...
+	struct pm_qos_request_list *F;
};

@depends on patch@
expression C;
@@
- pm_qos_requirement(C)
+ pm_qos_request(C)

// ---------------------------------------------------------------------
// Context.

@depends on context@
identifier fn = {pm_qos_add_requirement, pm_qos_update_requirement,
		 pm_qos_remove_requirement, pm_qos_requirement};
@@
* fn(...)
