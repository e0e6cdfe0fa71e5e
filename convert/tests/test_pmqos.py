#!/usr/bin/env python3
"""Unit tests of convert/pmqos.py: python3 -m unittest convert/tests/test_pmqos.py"""

import json
import os
import sys
import unittest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
import pmqos  # noqa: E402


def facts(*rows):
	return ["@@F " + json.dumps(r) for r in rows]


def call(fn, func, line, name, cls="PM_QOS_CPU_DMA_LATENCY", form="stmt",
	 file="d.c"):
	return [dict(k="call", fn=fn, fun=func, file=file, line=line, col=1,
		     cls=cls, name=name),
		dict(k="form", form=form, fun=func, file=file, line=line, col=1)]


def plan(rows, **kw):
	F = pmqos.Facts()
	F.load(facts(*rows))
	return pmqos.Planner(F, **kw).plan()


def func(name, line, static=True, file="d.c"):
	r = [dict(k="func", name=name, file=file, line=line, col=1,
		  fun=name)]
	if static:
		r.append(dict(k="static", name=name))
	return r


class Names(unittest.TestCase):
	def test_sanitize(self):
		self.assertEqual(pmqos.sanitize('"pmqos-demo.0"'), "pmqos_demo_0")
		self.assertEqual(pmqos.sanitize("9x"), "_9x")

	def test_split_args(self):
		self.assertEqual(pmqos.split_args("a, f(b, c), d"),
				 ["a", "f(b, c)", "d"])

	def test_define_resolves_to_literal(self):
		F = pmqos.Facts()
		F.load(facts(dict(k="define", name="DRV", value='"drv"', file="d.c",
				  line=1, col=0, fun="something_else")))
		p = pmqos.Planner(F)
		c = dict(name="DRV", func="f")
		self.assertEqual(p.name_key(c), ("const", '"drv"', "DRV"))

	def test_param_and_local(self):
		F = pmqos.Facts()
		F.load(facts(dict(k="var", func="f", var="who", how="param"),
			     dict(k="var", func="g", var="buf", how="local")))
		p = pmqos.Planner(F)
		self.assertEqual(p.name_key(dict(name="who", func="f"))[0], "param")
		self.assertEqual(p.name_key(dict(name="buf", func="g"))[0],
				 "runtime")


class Placement(unittest.TestCase):
	def test_static_in_module_init(self):
		rows = func("drv_init", 5) + func("drv_exit", 12) + \
			call(pmqos.ADD, "drv_init", 6, '"x"') + \
			call(pmqos.REMOVE, "drv_exit", 13, '"x"') + \
			[dict(k="initcall", name="drv_init", macro="module_init"),
			 dict(k="initcall", name="drv_exit", macro="module_exit")]
		p = plan(rows)
		r = list(p.requests.values())[0]
		self.assertEqual(r["place"], ("static", "d.c"))

	def test_probe_never_static(self):
		"""An add in probe() must not share one static handle."""
		rows = func("drv_probe", 5) + call(pmqos.ADD, "drv_probe", 6, '"x"') + \
			[dict(k="op", name="drv_probe", field="probe", type=""),
			 dict(k="svar", func="drv_probe", var="pdev",
			      type="platform_device", how="param")]
		p = plan(rows)
		r = list(p.requests.values())[0]
		self.assertNotIn("place", r)
		self.assertEqual(r["why"], pmqos.R_NOSTRUCT)

	def test_probe_field_in_own_struct(self):
		rows = func("drv_probe", 5) + call(pmqos.ADD, "drv_probe", 6, '"x"') + \
			[dict(k="op", name="drv_probe", field="probe", type=""),
			 dict(k="svar", func="drv_probe", var="pdev",
			      type="platform_device", how="param"),
			 dict(k="svar", func="drv_probe", var="priv",
			      type="drv_priv", how="local"),
			 dict(k="struct", name="drv_priv", field="a", file="d.c",
			      line=1, col=1, fun="something_else"),
			 dict(k="struct", name="platform_device", field="name",
			      file="d.c", line=1, col=1, fun="something_else")]
		p = plan(rows)
		r = list(p.requests.values())[0]
		self.assertEqual(r["place"], ("field", "drv_priv"))
		self.assertEqual(r["calls"][0]["h"], "priv->pm_qos_req")

	def test_no_device_single_instance(self):
		"""A sysfs store of platform code: no device, one static handle."""
		rows = func("store", 5) + call(pmqos.REMOVE, "store", 6, '"x"') + \
			call(pmqos.ADD, "store", 7, '"x"') + \
			[dict(k="op", name="store", field="store", type="")]
		r = list(plan(rows).requests.values())[0]
		self.assertEqual(r["place"], ("static", "d.c"))
		self.assertTrue(r["single"])

	def test_own_struct_param_is_per_instance(self):
		"""attach(struct radio *r) runs once per radio: no static handle,
		even where the header of struct radio was not seen."""
		rows = func("attach", 5, static=False) + \
			call(pmqos.ADD, "attach", 6, '"x"') + \
			[dict(k="svar", func="attach", var="r", type="radio",
			      how="param")]
		r = list(plan(rows).requests.values())[0]
		self.assertNotIn("place", r)
		self.assertEqual(r["why"], pmqos.R_NOSTRUCT)

	def test_chain_key(self):
		"""nfi->pdev->name and pdev->name name one request."""
		F = pmqos.Facts()
		F.load(facts(dict(k="struct", name="nfi", field="pdev",
				  type="struct platform_device *", file="d.c",
				  line=1, col=1, fun="something_else")))
		p = pmqos.Planner(F)
		self.assertEqual(p.inst_key("nfi->pdev->name", "nfi", "struct nfi *"),
				 p.inst_key("pdev->name", "pdev",
					    "struct platform_device *"))

	@staticmethod
	def update_of(add_line, edge_line):
		"""cfg() updates at line 2; up(), module_init, adds at add_line
		and calls cfg() at edge_line."""
		rows = func("cfg", 1) + func("up", 10, static=False) + \
			call(pmqos.UPDATE, "cfg", 2, '"x"') + \
			call(pmqos.ADD, "up", add_line, '"x"') + \
			[dict(k="edge", fun="up", file="d.c", line=edge_line,
			      col=1, callee="cfg", args=""),
			 dict(k="initcall", name="up", macro="module_init")]
		p = plan(rows)
		upd = [c for c in list(p.requests.values())[0]["calls"]
		       if c["fn"] == pmqos.UPDATE][0]
		return p, upd

	def test_update_before_add_guarded(self):
		p, upd = self.update_of(12, 11)
		self.assertTrue(upd["guard"])
		self.assertIn("if (x_qos_req)", pmqos.pass2(p, "d.c"))

	def test_update_after_add_not_guarded(self):
		p, upd = self.update_of(11, 12)
		self.assertFalse(upd["guard"])

	def test_atomic_reported(self):
		rows = func("tmo", 1) + func("init", 10) + \
			call(pmqos.UPDATE, "tmo", 2, '"x"') + \
			call(pmqos.ADD, "init", 11, '"x"') + \
			[dict(k="edge", fun="init", file="d.c", line=12, col=1,
			      callee="setup_timer", args="&t, tmo, 0"),
			 dict(k="initcall", name="init", macro="module_init")]
		p = plan(rows)
		self.assertEqual(list(p.requests.values())[0]["why"],
				 pmqos.R_ATOMIC)

	def test_no_add(self):
		p = plan(func("f", 1) + call(pmqos.UPDATE, "f", 2, '"x"'))
		self.assertEqual(list(p.requests.values())[0]["why"],
				 pmqos.R_NOADD)

	def test_pass2_generated_from_data(self):
		rows = func("drv_init", 5) + call(pmqos.ADD, "drv_init", 6, '"x"',
						  form="assign") + \
			[dict(k="initcall", name="drv_init", macro="module_init")]
		t = pmqos.pass2(plan(rows), "d.c")
		self.assertIn("x_qos_req = pm_qos_add_request(C, V);", t)
		self.assertIn("E = x_qos_req ? 0 : -ENOMEM;", t)
		self.assertIn("+static struct pm_qos_request_list *x_qos_req;", t)
		self.assertIn("0: [(6, 1)]", t)


if __name__ == "__main__":
	unittest.main()
