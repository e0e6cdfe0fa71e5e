#!/usr/bin/env python3
"""Decide how convert/pmqos-convert converts each string-named pm_qos request.

Pass 1 (convert/smpl/facts.cocci) prints the facts of each C file as
"@@F {json}" lines.  This module groups the calls of the old API into
requests (one class and one name), decides for each where its handle
lives (a static handle, or a field of the driver's own structure) or why
it cannot be converted, and writes the pass-2 semantic patch of each file,
generated from those decisions.

  pmqos.py plan --dir DIR --out WORK [--any-struct] FACTS...

writes WORK/report.txt (one line per call site: file:line: what happens,
or "not converted: why"), WORK/plan.json, and WORK/pass2.N.cocci for the
Nth file of WORK/files that has something to convert.
"""

import argparse
import json
import os
import re
import sys

ADD = "pm_qos_add_requirement"
UPDATE = "pm_qos_update_requirement"
REMOVE = "pm_qos_remove_requirement"
READER = "pm_qos_requirement"

# Structures of the kernel core that a driver must not grow: the handle
# belongs in the driver's own structure.
CORE_STRUCTS = {
	"platform_device", "device", "net_device", "pci_dev", "usb_device",
	"usb_interface", "i2c_client", "i2c_adapter", "spi_device",
	"spi_master", "file", "inode", "device_driver", "platform_driver",
	"pci_driver", "usb_driver", "work_struct", "delayed_work",
	"timer_list", "hrtimer", "tasklet_struct", "kobject", "task_struct",
	"sk_buff", "notifier_block", "device_attribute", "attribute",
	"kobj_attribute", "file_operations", "seq_file", "mmc_host",
	"mmc_card", "sdio_func", "input_dev", "fb_info", "miscdevice",
	"cdev", "mtd_info", "clk", "regulator", "resource", "wiphy",
	"ieee80211_hw", "snd_card", "snd_pcm", "snd_soc_dai",
	"snd_soc_pcm_runtime", "snd_pcm_hw_params", "sysdev_class",
	"sys_device", "usb_hcd", "usb_gadget", "usb_ep", "usb_request",
	"ctl_table", "proc_dir_entry", "vm_area_struct", "poll_table_struct",
	"uart_port", "tty_struct", "irq_desc", "completion", "mutex",
	"wait_queue_head", "list_head", "dentry", "super_block",
	"class", "bus_type", "dev_pm_ops", "pm_message", "module",
}

# What a driver gets once per device (or per open file): an add reached
# with one of these can run for two devices at once.
DEVICE_STRUCTS = {
	"platform_device", "pci_dev", "usb_interface", "usb_device",
	"i2c_client", "spi_device", "net_device", "device", "sdio_func",
	"mmc_host", "mmc_card", "amba_device", "serio", "input_dev",
	"usb_hcd", "usb_gadget", "snd_pcm_substream", "snd_card", "file",
	"inode", "fb_info", "tty_struct", "uart_port", "snd_soc_dai",
	"mtd_info", "video_device", "ieee80211_hw", "wiphy",
}

# Callbacks that run in atomic context, by the function that takes them
# and the index of the argument.
ATOMIC_CALLBACKS = {
	("setup_timer", 1), ("request_irq", 1), ("request_threaded_irq", 1),
	("devm_request_irq", 2), ("tasklet_init", 1), ("setup_timer_on_stack", 1),
	("request_any_context_irq", 1), ("hrtimer_init", -1),
}
ATOMIC_OPS = {"function"}	# timer.function = f, hrtimer.function = f
RUN_ONCE_MACROS = {
	"module_init", "late_initcall", "subsys_initcall", "arch_initcall",
	"device_initcall", "core_initcall", "postcore_initcall", "fs_initcall",
	"rootfs_initcall", "__initcall", "late_initcall_sync",
}
EXIT_MACROS = {"module_exit", "__exitcall"}

CLASS_ABBREV = {
	"PM_QOS_CPU_DMA_LATENCY": "cpu_dma",
	"PM_QOS_NETWORK_LATENCY": "net_lat",
	"PM_QOS_NETWORK_THROUGHPUT": "net_tput",
}

LITERAL = re.compile(r'^"(?:[^"\\]|\\.)*"(?:\s*"(?:[^"\\]|\\.)*")*$')
IDENT = re.compile(r'^[A-Za-z_]\w*$')
CAST = re.compile(r'^\((?:const)?(?:unsigned)?char\*\)')

# The reasons a call is reported, by category; the message that a site
# gets names its own details.
R_RUNTIME = "name computed at run time"
R_PARAM = "name passed in as a parameter"
R_NOADD = "no add in the files given"
R_FILES = "request shared across files"
R_NOSTRUCT = "no structure of the driver reaches the handle"
R_ATOMIC = "atomic context"
R_FORM = "result used in an expression"


def norm(e):
	s = " ".join(str(e).split())
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


def split_args(s):
	"""Split an argument list printed by spatch at its top-level commas."""
	out, depth, cur = [], 0, ""
	for ch in s:
		if ch in "([{":
			depth += 1
		elif ch in ")]}":
			depth -= 1
		if ch == "," and depth == 0:
			out.append(cur.strip())
			cur = ""
		else:
			cur += ch
	if cur.strip():
		out.append(cur.strip())
	return out


def relpath(f):
	return f[2:] if f.startswith("./") else f


class Facts:
	def __init__(self):
		self.calls = {}		# (file, line, col) -> call dict
		self.readers = []
		self.defines = {}
		self.constvars = {}
		self.structs = {}	# name -> {"file", "line", "fields"}
		self.svars = {}		# func -> [(var, struct, how)]
		self.gvars = {}		# file -> [(var, struct)]
		self.vars = {}		# func -> {var: how}
		self.funcs = {}		# name -> {"file", "line"}
		self.static = set()
		self.init_attr = set()
		self.initcalls = {}
		self.ops = {}		# func -> [field]
		self.edges = []		# (file, caller, line, callee, args)
		self.locked = set()	# (file, line, col)
		self.locked_calls = []	# (file, caller, callee)
		self.regs = []

	def load(self, lines):
		for l in lines:
			if not l.startswith("@@F "):
				continue
			d = json.loads(l[4:])
			getattr(self, "f_" + d["k"])(d)

	def key(self, d):
		return (relpath(d["file"]), d["line"], d["col"])

	def call(self, d):
		k = self.key(d)
		return self.calls.setdefault(k, {"file": k[0], "line": k[1],
						 "col": k[2]})

	def f_call(self, d):
		c = self.call(d)
		c.update(fn=d["fn"], cls=norm(d["cls"]), name=norm(d["name"]),
			 func=d["fun"])

	def f_value(self, d):
		self.call(d)["value"] = d["value"]

	def f_reader(self, d):
		self.readers.append(dict(file=relpath(d["file"]),
					 line=d["line"], col=d["col"],
					 func=d["fun"]))

	def f_nroot(self, d):
		c = self.call(d)
		if d["type"].startswith("struct ") and "root" not in c:
			c["root"] = (d["var"], d["type"])

	def f_form(self, d):
		self.call(d).setdefault("form", d["form"])

	def f_branch(self, d):
		self.call(d)["branch"] = True

	def f_define(self, d):
		self.defines.setdefault(d["name"], norm(d["value"]))

	def f_constvar(self, d):
		self.constvars.setdefault(d["name"], norm(d["value"]))

	def f_struct(self, d):
		s = self.structs.setdefault(d["name"], {
			"file": relpath(d["file"]), "line": d["line"],
			"fields": set(), "types": {}})
		s["fields"].add(d["field"])
		s["types"][d["field"]] = d.get("type", "")

	def f_svar(self, d):
		f = d.get("func") or d.get("fun")
		self.svars.setdefault(f, [])
		e = (d["var"], d["type"], d["how"])
		if e not in self.svars[f]:
			self.svars[f].append(e)

	def f_gvar(self, d):
		# spatch names a top-level declaration by its variable
		if d["fun"] not in ("something_else", d["var"]):
			return
		e = (d["var"], d["type"], d.get("ptr", True))
		g = self.gvars.setdefault(relpath(d["file"]), [])
		if e not in g:
			g.append(e)

	def f_var(self, d):
		f = d.get("func") or d.get("fun")
		self.vars.setdefault(f, {})[d["var"]] = d.get("how", "local")

	def f_func(self, d):
		self.funcs.setdefault(d["name"], {"file": relpath(d["file"]),
						  "line": d["line"]})

	def f_static(self, d):
		self.static.add(d["name"])

	def f_attr(self, d):
		self.init_attr.add(d["name"])

	def f_initcall(self, d):
		self.initcalls[d["name"]] = d["macro"]

	def f_op(self, d):
		self.ops.setdefault(d["name"], []).append(d["field"])

	def f_edge(self, d):
		self.edges.append((relpath(d["file"]), d["fun"], d["line"],
				   d["callee"], split_args(d.get("args", ""))))

	def f_locked(self, d):
		self.locked.add(self.key(d))
		self.locked_calls.append((relpath(d["file"]), d["fun"],
					  d["callee"]))

	def f_reg(self, d):
		self.regs.append((relpath(d["file"]), d["fun"], d["line"],
				  d["callee"]))


class Planner:
	def __init__(self, facts, any_struct=False, dirs_of=None):
		self.f = facts
		self.any_struct = any_struct
		self.callers = {}	# callee -> [(caller, line, file)]
		self.entry = {}		# func -> why it is an entry point
		self.atomic = {}	# func -> why it runs in atomic context
		self.requests = {}
		self.sites = {}		# call key -> result dict
		self.notes = []
		self._graph()

	# -- the call graph, entry points and atomic context -----------------
	def _graph(self):
		F = self.f
		for (file, caller, line, callee, args) in F.edges:
			if callee in F.funcs and caller in F.funcs:
				self.callers.setdefault(callee, []).append(
					(caller, line, file))
			for i, a in enumerate(args):
				a = a.lstrip("&").strip()
				if a in F.funcs and a != caller:
					self.entry.setdefault(
						a, "handed to %s()" % callee)
					if (callee, i) in ATOMIC_CALLBACKS:
						self.atomic.setdefault(
							a, "%s() callback" % callee)
		for f, m in F.initcalls.items():
			self.entry[f] = m
		for f, fields in F.ops.items():
			if f in F.funcs:
				self.entry.setdefault(f, "." + fields[0])
				if set(fields) & ATOMIC_OPS:
					self.atomic.setdefault(
						f, "timer callback (.function)")
		for f in F.funcs:
			if f not in F.static:
				self.entry.setdefault(f, "not static")
			elif f not in self.callers:
				self.entry.setdefault(f, "not called in its file")
		# IRQ handlers by their return type are found through
		# request_irq(); the callees of atomic functions and the
		# functions called under a lock are atomic too.
		for (file, caller, callee) in F.locked_calls:
			if callee in F.funcs:
				self.atomic.setdefault(
					callee, "called from %s() with a lock held"
					% caller)
		changed = True
		while changed:
			changed = False
			for callee, cs in self.callers.items():
				if callee in self.atomic:
					continue
				for (caller, line, file) in cs:
					if caller in self.atomic:
						self.atomic[callee] = \
							"called from %s(), %s" % (
								caller, self.atomic[caller])
						changed = True
						break

	def runs_once(self, fn, seen=None):
		"""fn runs once: an initcall, __init, or only called from such."""
		F = self.f
		if fn in F.initcalls and F.initcalls[fn] in RUN_ONCE_MACROS:
			return True
		if fn in F.init_attr:
			return True
		return self.all_callers(fn, seen, lambda c, l, seen:
					self.runs_once(c, seen))

	def all_callers(self, fn, seen, test):
		"""fn is no entry point, has callers in the file, and every call
		of it passes test(caller, line, seen); a cycle does not."""
		if seen is None:
			seen = set()
		if fn in seen or fn in self.entry or fn not in self.callers:
			return False
		seen.add(fn)
		return all(test(c, l, seen) for (c, l, f) in self.callers[fn])

	def per_device(self, fn, seen=None):
		"""How fn runs once per device: a device structure among its
		parameters or those of a function on a path to it."""
		# A structure of the driver's own (or of a header pass 1 did
		# not see) is per instance too: ieee80211_ifattach(struct
		# ieee80211com *ic) runs once per radio.
		for (var, s, how) in self.f.svars.get(fn, []):
			if how == "param" and (s in DEVICE_STRUCTS or
					       s not in CORE_STRUCTS):
				return "%s() takes struct %s *%s" % (fn, s, var)
		if seen is None:
			seen = set()
		seen.add(fn)
		for (c, l, f) in self.callers.get(fn, []):
			if c not in seen:
				r = self.per_device(c, seen)
				if r:
					return r
		return None

	def after_add(self, fn, line, adds, seen=None):
		"""A call in fn at line runs only after one of adds: an add before
		it in fn, or fn is reached only from calls that follow an add."""
		for a in adds:
			if a["func"] == fn and a["line"] < line:
				return True
		# module_exit runs only after module_init succeeded.
		if self.f.initcalls.get(fn) in EXIT_MACROS and adds and \
		   all(self.runs_once(a["func"]) for a in adds):
			return True
		return self.all_callers(fn, seen, lambda c, l, seen:
					self.after_add(c, l, adds, seen))

	def entry_path(self, fn, seen=None):
		"""An entry point that reaches fn, for the report."""
		if fn in self.entry:
			return "%s() (%s)" % (fn, self.entry[fn])
		if seen is None:
			seen = set()
		seen.add(fn)
		for (c, l, f) in self.callers.get(fn, []):
			if c not in seen:
				return self.entry_path(c, seen)
		return fn + "()"

	# -- names ------------------------------------------------------------
	def name_key(self, c):
		"""(kind, key, shown) of the name of call c."""
		F = self.f
		n = CAST.sub("", c["name"])
		if LITERAL.match(n):
			return ("const", n, n)
		if IDENT.match(n):
			how = F.vars.get(c["func"], {}).get(n)
			if how == "param":
				return ("param", n, n)
			if how == "local":
				return ("runtime", n, n)
			v = F.defines.get(n) or F.constvars.get(n)
			seen = set()
			while v and IDENT.match(v) and v not in seen:
				seen.add(v)
				v = F.defines.get(v) or F.constvars.get(v)
			if v and LITERAL.match(v):
				return ("const", v, n)
			return ("const", n, n)
		if "root" in c:
			var, typ = c["root"]
			return ("inst", self.inst_key(n, var, typ), n)
		if re.match(r'^[A-Za-z_]\w*(\.|->)', n):
			return ("inst", n, n)
		return ("runtime", n, n)

	def inst_key(self, n, var, typ):
		"""The key of a per-instance name: the structure that owns the
		string and its field, following the chain from var, so that
		nfi->pdev->name and pdev->name are one name."""
		m = re.match(r'^(dev_name\()&?(.*)\)$', n)
		if m:
			return "dev_name(%s)" % self.inst_key(m.group(2), var, typ)
		m = re.match(r'^' + re.escape(var) + r'((?:(?:->|\.)\w+)+)$', n)
		st = typ.replace("struct ", "").replace("*", "").strip()
		if not m:
			return "%s:%s" % (st, n.replace(var, "@", 1))
		fields = re.findall(r'(?:->|\.)(\w+)', m.group(1))
		for i, f in enumerate(fields[:-1]):
			t = self.f.structs.get(st, {}).get("types", {}).get(f, "")
			t = t.replace("struct ", "").replace("*", "").strip()
			if not t or not t.replace("_", "").isalnum():
				return "%s:%s" % (st, ".".join(fields[i:]))
			st = t
		return "%s:%s" % (st, ".".join(fields[-1:]))

	# -- where a handle lives ------------------------------------------
	def own_struct(self, s, file):
		st = self.f.structs.get(s)
		if not st or s in CORE_STRUCTS:
			return False
		if self.any_struct:
			return True
		d = lambda x: os.path.dirname(os.path.normpath(x))
		return d(st["file"]) == d(file)

	def reach(self, fn, file):
		"""{struct: access expression prefix} of the structures that fn
		holds a pointer to, or that the file has a global instance of."""
		out = {}
		for (var, s, how) in self.f.svars.get(fn, []):
			out.setdefault(s, var + "->")
		for (var, s, ptr) in self.globals(file):
			if s in out:
				continue
			local = self.f.vars.get(fn, {})
			if var in local:
				continue
			out[s] = var + ("->" if ptr else ".")
		return out

	def globals(self, file):
		"""The global structure variables that file sees: its own and
		those its directory's headers declare extern."""
		out = list(self.f.gvars.get(file, []))
		d = os.path.dirname(file)
		for f, gs in self.f.gvars.items():
			if f != file and f.endswith(".h") and \
			   os.path.dirname(f) == d:
				out += [g for g in gs if g not in out]
		return out

	def choose_struct(self, req):
		calls = req["calls"]
		funcs = sorted({(c["func"], c["file"]) for c in calls})
		common = None
		for (fn, file) in funcs:
			r = {s for s in self.reach(fn, file)
			     if self.own_struct(s, file)}
			common = r if common is None else (common & r)
		if not common:
			# Which function lacks the structure the add has.
			add = req["adds"][0]
			mine = {s for s in self.reach(add["func"], add["file"])
				if self.own_struct(s, add["file"])}
			if not mine:
				return None, ("%s() holds no pointer to a "
					      "structure of the driver" %
					      add["func"])
			for (fn, file) in funcs:
				r = set(self.reach(fn, file))
				if not (mine & r):
					s = sorted(mine)[0]
					return None, ("%s() (%s) holds no struct "
						      "%s pointer, which %s() "
						      "(%s:%d) has" % (
							fn, file, s,
							add["func"],
							add["file"],
							add["line"]))
			return None, "no structure of the driver is common"
		roots = {c["root"][1].replace("struct ", "").replace(
			"*", "").strip() for c in calls if "root" in c}
		pref = sorted(common, key=lambda s: (s not in roots,
						     self.f.structs[s]["file"] !=
						     calls[0]["file"], s))
		return pref[0], None

	# -- the decision -------------------------------------------------------
	def plan(self):
		F = self.f
		for k in sorted(F.calls):
			c = F.calls[k]
			if "fn" not in c:
				continue
			kind, nk, shown = self.name_key(c)
			c["kind"], c["shown"] = kind, shown
			# A request is the driver's own: the same name in
			# another directory is another driver's request.  A
			# name whose value pass 1 did not see is the file's.
			d = os.path.dirname(c["file"])
			if kind == "const" and not LITERAL.match(nk):
				d = c["file"]
			rk = (c["cls"], d, nk) if kind in ("const", "inst") else \
				(c["cls"], "%s:%s:%s" % (kind, c["file"], k))
			r = self.requests.setdefault(rk, {
				"key": rk, "calls": [], "kind": kind,
				"shown": shown})
			r["calls"].append(c)
		for rk in sorted(self.requests, key=str):
			self.decide(self.requests[rk])
		self.name_handles()
		for r in F.readers:
			self.sites[(r["file"], r["line"], r["col"])] = dict(
				r, what="reader", msg="pm_qos_requirement() -> "
				"pm_qos_request()")
		return self

	def report_all(self, req, why, msg):
		req["why"] = why
		for c in req["calls"]:
			self.sites[(c["file"], c["line"], c["col"])] = dict(
				c, what="reported", why=why,
				msg="not converted: %s: %s" % (why, msg))

	def where(self, c):
		return "%s:%d" % (c["file"], c["line"])

	def decide(self, req):
		calls = req["calls"]
		adds = [c for c in calls if c["fn"] == ADD]
		req["adds"] = adds
		first = calls[0]
		if req["kind"] == "param":
			self.report_all(req, R_PARAM, "the name is the parameter "
					"%s of %s(): pass a handle instead" % (
						first["shown"], first["func"]))
			return
		if req["kind"] == "runtime":
			self.report_all(req, R_RUNTIME, "the name %s is built "
					"at run time in %s(): keep a handle "
					"beside it" % (first["shown"],
						       first["func"]))
			return
		if not adds:
			self.report_all(req, R_NOADD, "no %s() of %s (class %s)"
					" in the files given: convert it with "
					"the file that adds it" % (
						ADD, first["shown"], first["cls"]))
			return
		for c in calls:
			k = (c["file"], c["line"], c["col"])
			why = None
			if k in self.f.locked:
				why = "called with a spinlock held or " \
				      "interrupts off"
			elif c["func"] in self.atomic:
				why = "%s() is a %s" % (c["func"],
							self.atomic[c["func"]])
			if why:
				self.report_all(req, R_ATOMIC, "%s at %s: the "
						"new API may sleep; move the "
						"request to process context" %
						(why, self.where(c)))
				return
		for c in calls:
			f = c.get("form")
			if c["fn"] == REMOVE and f != "stmt" or \
			   c["fn"] != REMOVE and f is None:
				self.report_all(req, R_FORM, "the result of "
						"%s() at %s is used in an "
						"expression: convert by hand" %
						(c["fn"], self.where(c)))
				return
		files = sorted({c["file"] for c in calls})
		once = all(self.runs_once(a["func"]) for a in adds)
		if once and len(files) == 1:
			req["place"] = ("static", files[0])
		else:
			s, why = self.choose_struct(req)
			dev = [a for a in adds if self.per_device(a["func"])]
			if s is None and not dev and len(files) == 1:
				# No device reaches the adds: one instance by
				# construction, a static handle as for init.
				req["place"] = ("static", files[0])
				req["single"] = True
			elif s is None:
				if once:
					other = [c for c in calls
						 if c["file"] != adds[0]["file"]]
					self.report_all(req, R_FILES, "added at %s"
							" and used at %s: declare "
							"one handle for both files"
							% (self.where(adds[0]),
							   self.where(other[0])))
					return
				a = dev[0] if dev else adds[0]
				self.report_all(req, R_NOSTRUCT, "added at %s in "
						"%s(), which can run once per "
						"device (%s); %s" % (
							self.where(a), a["func"],
							self.per_device(a["func"]) or
							"more than once", why))
				return
			else:
				req["place"] = ("field", s)
		# Each call: guard what can run before the add.
		for c in calls:
			c["guard"] = False
			if c["fn"] == ADD:
				continue
			if not self.after_add(c["func"], c["line"], adds):
				c["guard"] = c["fn"] == UPDATE
				c["early"] = True
		req["ok"] = True

	def name_handles(self):
		F = self.f
		taken = {}
		used = set(F.funcs) | set(F.defines) | set(F.constvars)
		for vs in F.vars.values():
			used |= set(vs)
		per_struct = {}
		for r in self.requests.values():
			if r.get("ok") and r["place"][0] == "field":
				per_struct.setdefault(r["place"][1], []).append(r)
		for r in sorted((r for r in self.requests.values()
				 if r.get("ok")), key=lambda r: str(r["key"])):
			cls = r["key"][0]
			ab = CLASS_ABBREV.get(cls, sanitize(cls.replace(
				"PM_QOS_", "")))
			if r["place"][0] == "static":
				base = sanitize(r["shown"].strip('"')) + "_qos_req"
				name = base
				n = 1
				while name in used or name in taken:
					name = "%s_%s" % (base, ab) if n == 1 \
						else "%s_%d" % (base, n)
					n += 1
				taken[name] = r
				r["handle"] = name
				for c in r["calls"]:
					c["h"] = name
			else:
				s = r["place"][1]
				fields = F.structs[s]["fields"]
				mine = per_struct[s]
				if len(mine) == 1:
					base = "pm_qos_req"
				elif len({m["key"][0] for m in mine}) == len(mine):
					base = "pm_qos_req_" + ab
				else:
					base = "pm_qos_req_" + sanitize(
						r["shown"].split("->")[-1])
				name = base
				n = 2
				while name in fields or (s, name) in taken:
					name = "%s_%d" % (base, n)
					n += 1
				taken[(s, name)] = r
				r["handle"] = name
				for c in r["calls"]:
					pre = self.reach(c["func"], c["file"])[s]
					c["h"] = pre + name
		for r in self.requests.values():
			if not r.get("ok"):
				continue
			self.site_messages(r)

	def site_messages(self, r):
		adds = r["adds"]
		where = "static handle %s" % r["handle"] if \
			r["place"][0] == "static" else \
			"field %s of struct %s" % (r["handle"], r["place"][1])
		if r.get("single"):
			where += ", one instance by construction: no device " \
				 "reaches the add"
		if r["place"][0] == "field":
			gl = {g[0] for c in r["calls"] for g in self.globals(c["file"])}
			roots = {re.split(r'->|\.', c["h"])[0] for c in r["calls"]}
			if roots & gl:
				where += ", in the global %s that holds the " \
					 "driver's state: one device by " \
					 "construction" % sorted(roots & gl)[0]
		for c in r["calls"]:
			k = (c["file"], c["line"], c["col"])
			new = {ADD: "pm_qos_add_request",
			       UPDATE: "pm_qos_update_request",
			       REMOVE: "pm_qos_remove_request"}[c["fn"]]
			msg = "%s(%s, %s) -> %s(%s) [%s]" % (
				c["fn"], c["cls"], c["shown"], new, c["h"], where)
			notes = []
			if c.get("early"):
				a = adds[0]
				path = self.entry_path(c["func"])
				if c["fn"] == UPDATE:
					notes.append("can run before the add at %s"
						     " (from %s): guarded with "
						     "if (%s), as the old API "
						     "ignored it" % (
							self.where(a), path, c["h"]))
				else:
					notes.append("can run before the add at %s"
						     " (from %s): removing NULL "
						     "does nothing, as before" % (
							self.where(a), path))
				if r["place"][0] == "field":
					notes.append("the handle must be NULL until "
						     "the add: check that struct %s "
						     "is allocated zeroed (kzalloc, "
						     "netdev_priv)" % r["place"][1])
			if c["fn"] == ADD and len(adds) > 1:
				others = [self.where(a) for a in adds
					  if a is not c]
				notes.append("also added at %s: a second add "
					     "before the remove replaces the "
					     "handle and keeps the first request,"
					     " as the old API kept a second "
					     "entry" % ", ".join(others))
			if c["fn"] == ADD and c.get("form") in ("assign", "if",
								  "return"):
				leak = self.leak_before(c)
				if leak:
					notes.append("when it fails, the request "
						     "added at %s is not removed "
						     "(so before the conversion)" %
						     leak)
			if notes:
				msg += "; note: " + "; ".join(notes)
			self.sites[k] = dict(c, what="converted", msg=msg)

	def leak_before(self, c):
		"""An earlier checked add in the same function whose request
		no remove in that function after c unwinds."""
		for r in self.requests.values():
			if c in r["calls"]:
				continue
			for a in r["calls"]:
				if a["fn"] != ADD or a["func"] != c["func"] or \
				   a["file"] != c["file"] or a["line"] >= c["line"]:
					continue
				if not any(x["fn"] == REMOVE and
					   x["func"] == c["func"] and
					   x["line"] > c["line"]
					   for x in r["calls"]):
					return self.where(a)
		return None

	# -- output ---------------------------------------------------------
	def report_lines(self):
		out = []
		for k in sorted(self.sites):
			s = self.sites[k]
			out.append("%s:%d: %s" % (k[0], k[1], s["msg"]))
		return out

	def file_plan(self, file):
		"""What pass 2 does in file: sites, statics, fields."""
		sites = [s for k, s in sorted(self.sites.items())
			 if k[0] == file and s["what"] in ("converted", "reader")]
		statics = [r for r in self.requests.values() if r.get("ok") and
			   r["place"] == ("static", file)]
		ok = [r for r in self.requests.values() if r.get("ok") and
		      r["place"][0] == "field"]
		mine = {r["place"][1] for r in ok
			if any(c["file"] == file for c in r["calls"])}
		# Every file that uses a structure adds all of its new fields,
		# so that the header's change is the same from each of them.
		fields = {}
		for r in ok:
			if r["place"][1] in mine:
				fields.setdefault(r["place"][1], set()).add(
					r["handle"])
		return sites, statics, fields


# ---------------------------------------------------------------------------
# Pass 2: the semantic patch of one file, generated from the plan.

ADD_FORMS = {
	"stmt": ("- pm_qos_add_requirement@P(C, N, V);\n"
		 "+ H = pm_qos_add_request(C, V);\n"),
	"assign": ("- E = pm_qos_add_requirement@P(C, N, V);\n"
		   "+ H = pm_qos_add_request(C, V);\n"
		   "+ E = H ? 0 : -ENOMEM;\n"),
	"return": ("- return pm_qos_add_requirement@P(C, N, V);\n"
		   "+ H = pm_qos_add_request(C, V);\n"
		   "+ return H ? 0 : -ENOMEM;\n"),
}
ADD_IF = [("pm_qos_add_requirement@P(C, N, V) < 0", "!H"),
	  ("pm_qos_add_requirement@P(C, N, V)", "!H"),
	  ("pm_qos_add_requirement@P(C, N, V) >= 0", "H"),
	  ("!pm_qos_add_requirement@P(C, N, V)", "H")]
UPDATE_FORMS = {
	"stmt": ("- pm_qos_update_requirement@P(C, N, V);\n"
		 "+ UPD\n"),
	"assign": ("- E = pm_qos_update_requirement@P(C, N, V);\n"
		   "+ UPD\n"
		   "+ E = 0;\n"),
	"return": ("- return pm_qos_update_requirement@P(C, N, V);\n"
		   "+ UPD\n"
		   "+ return 0;\n"),
	"if": ("- if (pm_qos_update_requirement@P(C, N, V) < 0) S1\n"
	       "+ UPD\n"
	       "|\n"
	       "- if (pm_qos_update_requirement@P(C, N, V)) S1\n"
	       "+ UPD\n"),
}
REMOVE_FORM = ("- pm_qos_remove_requirement@P(C, N);\n"
	       "+ pm_qos_remove_request(H);\n"
	       "+ H = NULL;\n")
REMOVE_BRANCH = ("- pm_qos_remove_requirement@P(C, N);\n"
		 "+ {\n"
		 "+ pm_qos_remove_request(H);\n"
		 "+ H = NULL;\n"
		 "+ }\n")


def branch_text(c, h):
	fn, form = c["fn"], c.get("form")
	if fn == ADD:
		if form in ADD_FORMS:
			return [ADD_FORMS[form].replace("H", h)]
		out = []
		for test, new in ADD_IF:
			for els in (" else S2", ""):
				out.append("+ H = pm_qos_add_request(C, V);\n"
					   "  if (\n- %s\n+ %s\n  ) S1%s\n" % (
						test, new, els))
		return [o.replace("H", h) for o in out]
	if fn == UPDATE:
		if c.get("guard"):
			if c.get("branch") and form == "stmt":
				upd = ("{\n+ if (H)\n+ pm_qos_update_request(H, V);"
				       "\n+ }")
			else:
				upd = "if (H)\n+ pm_qos_update_request(H, V);"
		else:
			upd = "pm_qos_update_request(H, V);"
		t = UPDATE_FORMS[form].replace("UPD", upd)
		return [t.replace("H", h)]
	t = REMOVE_BRANCH if c.get("branch") else REMOVE_FORM
	return [t.replace("H", h)]


def pass2(planner, file):
	sites, statics, fields = planner.file_plan(file)
	groups = {}
	for s in sites:
		if s["what"] != "converted":
			continue
		sig = (s["fn"], s.get("form"), s.get("guard", False),
		       bool(s.get("branch")), s["h"])
		groups.setdefault(sig, []).append((s["line"], s["col"]))
	readers = [(s["line"], s["col"]) for s in sites
		   if s["what"] == "reader"]
	if not groups and not readers:
		return None
	out = ["// Pass 2 of convert/pmqos-convert for %s, generated by "
	       "convert/pmqos.py." % file, "", "@initialize:python@", "@@",
	       "SITES = {"]
	names = []
	for i, (sig, pos) in enumerate(sorted(groups.items(), key=str)):
		out.append("\t%d: %r," % (i, sorted(set(pos))))
		names.append((i, sig))
	out += ["}", "READERS = %r" % sorted(set(readers)), "",
		"def at(p, i):",
		"\treturn (int(p[0].line), int(p[0].column)) in SITES[i]", "",
		"def reader(p):",
		"\treturn (int(p[0].line), int(p[0].column)) in READERS", ""]
	# One rule for every call: once a rule has changed a function, the
	# later rules no longer see the positions of pass 1.
	out += ["@convert disable neg_if@",
		"expression C, N, V, E;", "statement S1, S2;"]
	for i, sig in names:
		out.append("position p%d : script:python () "
			   "{ at(p%d, %d) };" % (i, i, i))
	if readers:
		out.append("position pr : script:python () { reader(pr) };")
	out += ["@@", "("]
	alts = []
	for i, sig in names:
		fn, form, guard, br, h = sig
		c = {"fn": fn, "form": form, "guard": guard, "branch": br}
		for t in branch_text(c, h):
			alts.append(t.replace("@P", "@p%d" % i))
	if readers:
		alts.append("- pm_qos_requirement@pr(C)\n+ pm_qos_request(C)\n")
	out.append("|\n".join(a.rstrip("\n") + "\n" for a in alts)
		   .rstrip("\n"))
	out += [")", ""]
	for r in sorted(statics, key=lambda r: r["handle"]):
		first = min((planner.f.funcs[c["func"]]["line"], c["func"])
			    for c in r["calls"] if c["func"] in planner.f.funcs)
		out += ["@static_%s@" % r["handle"], "@@",
			"+static struct pm_qos_request_list *%s;" % r["handle"],
			"+", "%s(...) { ... }" % first[1], ""]
	for s in sorted(fields):
		out += ["@field_%s@" % s, "@@", "struct %s {" % s, "..."]
		for h in sorted(fields[s]):
			out.append("+\tstruct pm_qos_request_list *%s;" % h)
		out += ["};", ""]
	return "\n".join(out) + "\n"


def summary_reasons(planner):
	counts = {}
	for s in planner.sites.values():
		if s["what"] == "reported":
			counts[s["why"]] = counts.get(s["why"], 0) + 1
	return counts


def main(argv):
	ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
	sub = ap.add_subparsers(dest="cmd", required=True)
	p = sub.add_parser("plan")
	p.add_argument("--out", required=True)
	p.add_argument("--any-struct", action="store_true")
	p.add_argument("--files", required=True,
		       help="the candidate C files, one a line")
	p.add_argument("facts", nargs="*")
	a = ap.parse_args(argv)
	F = Facts()
	for fn in a.facts:
		with open(fn, errors="replace") as fh:
			F.load(fh)
	pl = Planner(F, any_struct=a.any_struct).plan()
	with open(os.path.join(a.out, "report.txt"), "w") as fh:
		for l in pl.report_lines():
			fh.write(l + "\n")
	with open(a.files) as fh:
		files = [l.strip() for l in fh if l.strip()]
	for i, f in enumerate(files, 1):
		t = pass2(pl, f)
		path = os.path.join(a.out, "pass2.%d.cocci" % i)
		if t:
			with open(path, "w") as fh:
				fh.write(t)
		elif os.path.exists(path):
			os.unlink(path)
	with open(os.path.join(a.out, "reasons.txt"), "w") as fh:
		for why, n in sorted(summary_reasons(pl).items(),
				     key=lambda x: (-x[1], x[0])):
			fh.write("%d\t%s\n" % (n, why))
	return 0


if __name__ == "__main__":
	sys.exit(main(sys.argv[1:]))
