#!/usr/bin/env python3
"""Unit tests of convert/pmqos: python3 -m unittest test_pmqos (from
convert/tests)."""

import json
import os
import sys
import unittest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                ".."))
from pmqos import facts as F  # noqa: E402
from pmqos import textfacts as T  # noqa: E402
from pmqos import schema  # noqa: E402
from pmqos.decision import Decider, Reason  # noqa: E402
from pmqos.naming import (CONST, INST, PARAM, RUNTIME, name_handles,  # noqa
                          name_of, sanitize, static_handle)
from pmqos.rewrite import pass2  # noqa: E402


def row(k, unit="d.c", **kw):
    """A fact of kind k as pass 1 prints it (pmqos/schema.py), seen in
    unit at line 1 outside any function unless kw says otherwise."""
    if "file" in schema.fields(k)[0]:
        for f, v in (("file", unit), ("line", 1), ("col", 1),
                     ("fun", "something_else")):
            kw.setdefault(f, v)
    kw.update(k=k, unit=unit)
    why = schema.check(kw)
    if why:
        raise ValueError(why)
    return kw


def call(fn, func, line, name, cls="PM_QOS_CPU_DMA_LATENCY", form="stmt",
         unit="d.c"):
    return [row("call", unit, fn=fn, fun=func, line=line, col=1, cls=cls,
                name=name),
            row("form", unit, form=form, fun=func, line=line, col=1)]


def func(name, line, static=True, unit="d.c"):
    r = [row("func", unit, name=name, line=line, col=1, fun=name)]
    if static:
        r.append(row("static", unit, name=name))
    return r


def decide(rows, guarded=None, any_struct=False):
    units = F.load("@@F " + json.dumps(r) for r in rows)
    d = Decider(units, any_struct, guarded or {})
    d.decide_all()
    name_handles(d.requests, units, d.place)
    return d


def probe_rows(name='"x"'):
    """A platform driver: probe() allocates struct drv_priv and adds,
    remove() reaches it through drvdata and removes."""
    return func("drv_probe", 5) + func("drv_remove", 20) + \
        call(F.ADD, "drv_probe", 8, name) + \
        call(F.REMOVE, "drv_remove", 22, name) + \
        [row("op", name="drv_probe", field="probe", type="platform_driver",
             var="drv"),
         row("op", name="drv_remove", field="remove",
             type="platform_driver", var="drv"),
         row("svar", func="drv_probe", var="pdev", type="platform_device",
             how="param"),
         row("svar", func="drv_probe", var="priv", type="drv_priv",
             how="local"),
         row("svar", func="drv_remove", var="priv", type="drv_priv",
             how="local"),
         row("src", fun="drv_probe", var="priv", how="kzalloc", line=6,
             col=1),
         row("src", fun="drv_remove", var="priv",
             how="platform_get_drvdata", line=21, col=1),
         row("struct", name="drv_priv", field="a", type="int", line=1,
             col=1, fun="something_else")]


class Schema(unittest.TestCase):
    def test_one_reader_per_kind(self):
        """facts.UnitFacts reads each kind of pmqos/schema.py, no other."""
        readers = {m[3:] for m in dir(F.UnitFacts) if m.startswith("_f_")}
        self.assertEqual(readers, set(schema.FACTS))

    def test_emitted_kinds_declared(self):
        """Each kind facts.cocci emits is declared, and each declared
        kind is emitted."""
        import re
        with open(os.path.join(os.path.dirname(F.__file__), "..", "smpl",
                               "facts.cocci")) as f:
            emitted = set(re.findall(r'\bemit\("(\w+)"', f.read()))
        self.assertEqual(emitted, set(schema.FACTS))

    def test_misfit_refused(self):
        """A fact of an unknown kind, without a field of its kind or with
        a field not of its kind, is refused on reading."""
        good = row("free", callee="kfree", arg="p")
        bad = [dict(good, k="frees"), {k: v for k, v in good.items()
                                       if k != "arg"}, dict(good, n=1)]
        for d in bad:
            with self.assertRaises(ValueError):
                F.load(["@@F " + json.dumps(d)])
        F.load(["@@F " + json.dumps(good)])


class Names(unittest.TestCase):
    def test_sanitize(self):
        self.assertEqual(sanitize('"pmqos-demo.0"'), "pmqos_demo_0")
        self.assertEqual(sanitize("9x"), "_9x")

    def test_static_handle_as_the_semantic_patch(self):
        self.assertEqual(static_handle('"wl_pm"'), "wl_pm_pm_qos_req")
        self.assertEqual(static_handle('"3d"'), "pm_qos_3d_pm_qos_req")

    def test_kinds(self):
        u = F.UnitFacts("d.c")
        u.add(row("define", name="DRV", value='"drv"', line=1, col=0,
                  fun="something_else"))
        u.add(row("var", func="f", var="who", how="param"))
        u.add(row("var", func="g", var="buf", how="local"))
        c = F.Call("d.c", 1, 1, "d.c", name="DRV", func="f")
        self.assertEqual(name_of(c, u).kind, CONST)
        c.name = "who"
        self.assertEqual(name_of(c, u).kind, PARAM)
        c.name, c.func = "buf", "g"
        self.assertEqual(name_of(c, u).kind, RUNTIME)
        c.name, c.root = "pdev->name", ("pdev", "struct platform_device *")
        self.assertEqual(name_of(c, u).kind, INST)

    def test_version_guard_lines(self):
        t = ("int a;\n#if LINUX_VERSION_CODE < KERNEL_VERSION(2,6,35)\n"
             "x();\n#else\ny();\n#endif\nz();\n#ifdef CONFIG_PM\nw();\n"
             "#endif\n")
        g = T.version_guarded(t)
        self.assertEqual(sorted(g), [3, 5])

    def test_version_guard_compat_macros(self):
        # Intel's kcompat.h: the string call in the branch taken when
        # HAVE_PM_QOS_REQUEST_LIST is undefined is the old kernels' one
        t = ("#ifdef HAVE_PM_QOS_REQUEST_LIST_NEW\na();\n"
             "#elif defined(HAVE_PM_QOS_REQUEST_LIST)\nb();\n#else\n"
             "c();\n#endif\n#ifndef HAVE_PM_QOS_REQUEST_LIST\nd();\n"
             "#endif\n#ifdef HAVE_NETDEV_NAPI\ne();\n#endif\n")
        g = T.version_guarded(t)
        self.assertEqual(sorted(g), [2, 4, 6, 9])
        self.assertEqual(g[6], 1)
        self.assertEqual(g[9], 8)

    def test_dead_lines(self):
        # the lines (directives aside) of the first branch of an #if 0,
        # nested or not; not its #else, nor #ifdef, nor #if 0 || X
        t = ("#if 0 /* old */\na();\n#ifdef X\nb();\n#endif\n#else\n"
             "c();\n#endif\n#ifdef Y\n#if 0\nd();\n#endif\ne();\n"
             "#endif\n#if 0 || defined(Z)\nf();\n#endif\n")
        g = T.dead_lines(t)
        self.assertEqual(sorted(g), [2, 4, 11])
        self.assertEqual(g[4], 1)
        self.assertEqual(g[11], 10)

    def test_cpp_apart(self):
        # lines in two branches of one #if chain, at any depth below it;
        # not lines of one branch, nor of two separate #if blocks
        t = ("#ifdef A\na();\n#ifdef B\nb();\n#endif\n#elif C\n"
             "c();\n#else\nd();\n#endif\n#ifdef A\ne();\n#endif\n")
        self.assertEqual(T.cpp_apart(t, 2, 7), 1)
        self.assertEqual(T.cpp_apart(t, 4, 9), 1)
        self.assertEqual(T.cpp_apart(t, 7, 9), 1)
        self.assertEqual(T.cpp_apart(t, 2, 4), 0)
        self.assertEqual(T.cpp_apart(t, 2, 12), 0)

    def test_cond_blocks(self):
        # the conditions of each line's blocks (one reader with
        # cpp_apart): an #if's branches so far, #ifdef X as defined(X);
        # two blocks of the same conditions are alike
        t = ("#ifdef A\na();\n#elif B\nb();\n#else\nc();\n#endif\n"
             "#if defined (A)\nd();\n#endif\n")
        b = T.cond_blocks(t)
        self.assertEqual(b[1], (("defined(A)",),))
        self.assertEqual(b[3], (("defined(A)", "B"),))
        self.assertEqual(b[5], (("defined(A)", "B", "else"),))
        self.assertEqual(b[6], ())
        self.assertEqual(b[8], b[1])

    def test_table_positions(self):
        # kernel.txt's NAME:N:M: the names without their positions, and
        # the positions by name (a copy's bound only where it has one)
        from pmqos import kernel
        self.assertIn("strncpy", kernel.names("copy"))
        self.assertEqual(kernel.COPY_CALLS["strncpy"], (0, 1, False))
        self.assertEqual(kernel.COPY_CALLS["snprintf"], (0, 2, True))
        self.assertEqual(kernel.COPY_BOUND.get("strncpy"), 2)
        self.assertNotIn("strcpy", kernel.COPY_BOUND)
        self.assertIn(("devm_request_irq", 2), kernel.ATOMIC_CALLBACKS)
        # a free frees its last argument unless the table says which
        self.assertEqual(kernel.FREE_ARG["kfree"], -1)
        self.assertEqual(kernel.FREE_ARG["kfree_rcu"], 0)

    def test_api_lines_skip_comments(self):
        t = "/* pm_qos_add_requirement(a, b, c) */\n" \
            'printk("pm_qos_remove_requirement (x) failed");\n' \
            "pm_qos_update_requirement(C,\n N, 3);\n"
        self.assertEqual(T.api_lines(t),
                         [(3, F.UPDATE, "C, N, 3")])

    def test_api_lines_skip_definitions(self):
        t = "int pm_qos_add_requirement(int c, char *n, s32 v);\n" \
            "void\npm_qos_remove_requirement(int c, char *n)\n{\n}\n" \
            "#define pm_qos_requirement(c) 0\n" \
            "\treturn pm_qos_update_requirement(C, N, 3);\n" \
            "\telse pm_qos_remove_requirement(C, N);\n" \
            "\tx = y + pm_qos_requirement(C);\n" \
            "#else\n\tif (on) {\n#endif\n\n" \
            "\t\tpm_qos_update_requirement(C, N, 4);\n" \
            "#ifdef X\nstatic int\n#endif\n" \
            "pm_qos_requirement(int c)\n"
        self.assertEqual([x[0] for x in T.api_lines(t)], [7, 8, 9, 14])


class Rules(unittest.TestCase):
    def reason(self, d):
        return [r.reason for r in d.requests]

    def test_static_in_module_init(self):
        rows = func("drv_init", 5) + func("drv_exit", 12) + \
            call(F.ADD, "drv_init", 6, '"x"') + \
            call(F.REMOVE, "drv_exit", 13, '"x"') + \
            [row("initcall", name="drv_init", macro="module_init"),
             row("initcall", name="drv_exit", macro="module_exit")]
        r = decide(rows).requests[0]
        self.assertEqual(r.place, ("static", "d.c"))
        self.assertEqual(r.handle, "x_pm_qos_req")

    def test_added_again_in_a_loop_or_after_an_add(self):
        rows = func("drv_init", 5) + func("drv_exit", 12) + \
            call(F.ADD, "drv_init", 6, '"x"') + \
            call(F.ADD, "drv_init", 8, '"x"') + \
            call(F.REMOVE, "drv_exit", 13, '"x"') + \
            [row("initcall", name="drv_init", macro="module_init"),
             row("initcall", name="drv_exit", macro="module_exit")]
        self.assertEqual(self.reason(decide(rows)), [None])
        again = row("add_bad_path", fun="drv_init", line=8, col=1, start=6)
        r = decide(rows + [again]).requests[0]
        self.assertEqual(r.reason, Reason.ADDED_AGAIN)
        self.assertIn("after the add at d.c:6", r.detail)
        again.update(line=6, start=6)
        r = decide(rows + [again]).requests[0]
        self.assertEqual(r.reason, Reason.ADDED_AGAIN)
        self.assertIn("at d.c:6 runs again in a loop", r.detail)

    def test_added_again_into_the_same_holder(self):
        # a field handle: a loop that allocates the holder of each run
        # (no add_stale_path) adds into a new one each time
        again = row("add_bad_path", fun="drv_probe", line=8, col=1, start=8)
        r = decide(probe_rows() + [again]).requests[0]
        self.assertEqual(r.place, ("field", ("drv_priv", "d.c")))
        stale = row("add_stale_path", fun="drv_probe", line=8, col=1,
                    start=8)
        r = decide(probe_rows() + [again, stale]).requests[0]
        self.assertEqual(r.reason, Reason.ADDED_AGAIN)

    def test_probe_field_in_allocated_struct(self):
        r = decide(probe_rows()).requests[0]
        self.assertEqual(r.place, ("field", ("drv_priv", "d.c")))
        self.assertEqual(r.handles[("d.c", 8, 1)], "priv->pm_qos_req")

    def test_table_type_never_holds(self):
        """A structure with an initialized instance is a table."""
        rows = probe_rows() + [row("table", type="drv_priv", var="t",
                                   line=30, col=1, fun="t")]
        self.assertEqual(self.reason(decide(rows)), [Reason.NO_HOLDER])

    def test_non_pointer_global_never_holds(self):
        rows = func("start", 5) + func("stop", 9) + \
            call(F.ADD, "start", 6, '"x"') + \
            call(F.REMOVE, "stop", 10, '"x"') + \
            [row("op", name="start", field="start", type="act_ops",
                 var="ops"),
             row("op", name="stop", field="stop", type="act_ops",
                 var="ops"),
             row("svar", func="start", var="ss", type="snd_pcm_substream",
                 how="param"),
             row("gvar", var="ops", type="act_ops", ptr=False, line=20,
                 col=1, fun="ops"),
             row("struct", name="act_ops", field="start", type="int",
                 line=1, col=1, fun="something_else")]
        self.assertEqual(self.reason(decide(rows)), [Reason.NO_HOLDER])

    def test_runtime_name_aliases_the_class(self):
        rows = probe_rows() + func("store", 30) + \
            call(F.UPDATE, "store", 31, "buf") + \
            [row("var", func="store", var="buf", how="local")]
        d = decide(rows)
        self.assertEqual(len(d.requests), 1)
        self.assertEqual(self.reason(d), [Reason.RUNTIME_NAME])

    def test_other_class_not_aliased(self):
        rows = probe_rows() + func("store", 30) + \
            call(F.UPDATE, "store", 31, "buf", cls="PM_QOS_NETWORK_LATENCY") + \
            [row("var", func="store", var="buf", how="local")]
        d = decide(rows)
        self.assertEqual(sorted(map(str, self.reason(d))),
                         ["None", "Reason.RUNTIME_NAME"])

    def test_two_fields_alias(self):
        rows = probe_rows("dev_name(&pdev->dev)")
        rows += func("susp", 40) + call(F.UPDATE, "susp", 41,
                                        "hcd->self.bus_name")
        rows += [row("nroot", fun="susp", line=41, col=1, var="hcd",
                     type="struct usb_hcd *"),
                 row("nroot", fun="drv_probe", line=8, col=1, var="pdev",
                     type="struct platform_device *"),
                 row("nroot", fun="drv_remove", line=22, col=1, var="pdev",
                     type="struct platform_device *")]
        self.assertEqual(self.reason(decide(rows)), [Reason.ALIASED_NAME])

    def test_field_names_alias_across_the_files_given(self):
        """netdev->name of one driver may hold the literal name of another
        driver's request: given together, both are reported; the literal's
        driver given alone converts."""
        up = func("up", 40, unit="e/n.c") + \
            call(F.ADD, "up", 41, "nd->name", unit="e/n.c") + \
            [row("nroot", unit="e/n.c", fun="up", line=41, col=1, var="nd",
                 type="struct net_device *")]
        d = decide(probe_rows() + up)
        self.assertEqual(len(d.requests), 1)
        self.assertEqual(self.reason(d), [Reason.ALIASED_NAME])
        self.assertEqual(self.reason(decide(probe_rows())), [None])

    def test_update_in_atomic_context_converts_add_does_not(self):
        rows = func("tmo", 1) + func("init", 10) + \
            call(F.UPDATE, "tmo", 2, '"x"') + call(F.ADD, "init", 11, '"x"') + \
            [row("arg", fun="init", line=12, col=1, callee="setup_timer",
                 n=1, arg="tmo"),
             row("initcall", name="init", macro="module_init")]
        self.assertEqual(self.reason(decide(rows)), [None])
        rows = func("tmo", 1) + call(F.ADD, "tmo", 2, '"x"') + \
            [row("arg", fun="init", line=12, col=1, callee="setup_timer",
                 n=1, arg="tmo")] + func("init", 10)
        self.assertEqual(self.reason(decide(rows)), [Reason.ATOMIC_ADD])

    def test_remove_after_free(self):
        rows = probe_rows() + [row("free", fun="drv_remove", line=21,
                                   col=1, callee="kfree", arg="priv")]
        self.assertEqual(self.reason(decide(rows)), [Reason.USE_AFTER_FREE])

    def test_version_guard(self):
        d = decide(probe_rows(), guarded={"d.c": {8: 7}})
        self.assertEqual(self.reason(d), [Reason.VERSION_GUARD])

    def test_unit_scope(self):
        """Another unit's struct of the same name changes nothing."""
        alone = decide(probe_rows())
        other = [row("struct", unit="a.c", name="drv_priv", field="pm_qos_req",
                     type="int", line=1, col=1, fun="something_else"),
                 row("table", unit="a.c", type="drv_priv", var="t", line=3,
                     col=1, fun="t")]
        beside = decide(other + probe_rows())
        self.assertEqual(alone.requests[0].handles,
                         beside.requests[0].handles)

    def test_static_name_of_one_unit(self):
        """A static handle's name does not change with another file that
        adds the same name in another class."""
        def init(unit, cls):
            return func("drv_init", 5, unit=unit) + \
                call(F.ADD, "drv_init", 6, '"x"', cls=cls, unit=unit) + \
                [row("initcall", unit=unit, name="drv_init",
                     macro="module_init")]
        b = init("b.c", "PM_QOS_NETWORK_LATENCY")
        alone = decide(b).requests[0].handle
        d = decide(init("a.c", "PM_QOS_CPU_DMA_LATENCY") + b)
        beside = [r.handle for r in d.requests if r.calls[0].unit == "b.c"]
        self.assertEqual([alone], beside)

    def test_update_before_add_guarded(self):
        rows = func("cfg", 1) + func("up", 10, static=False) + \
            call(F.UPDATE, "cfg", 2, '"x"') + call(F.ADD, "up", 12, '"x"') + \
            [row("edge", fun="up", line=11, col=1, callee="cfg"),
             row("initcall", name="up", macro="module_init")]
        d = decide(rows)
        self.assertTrue(d.requests[0].guard[("d.c", 2, 1)])
        self.assertIn("if (x_pm_qos_req)", pass2(d)[0])

    def test_pass2_generated_from_data(self):
        rows = func("drv_init", 5) + \
            call(F.ADD, "drv_init", 6, '"x"', form="assign") + \
            [row("initcall", name="drv_init", macro="module_init")]
        t, files = pass2(decide(rows))
        self.assertEqual(files, ["d.c"])
        self.assertIn("x_pm_qos_req = pm_qos_add_request(C, V);", t)
        self.assertIn("E = x_pm_qos_req ? 0 : -ENOMEM;", t)
        self.assertIn("+static struct pm_qos_request_list *x_pm_qos_req;", t)
        self.assertIn("[('d.c', 6, 1)]", t)


class CppSkipOnly(unittest.TestCase):
    """Decider.cpp_skip_only: a path skips the add only by skipping the
    #ifdef that also leaves out the lines."""
    HEAD = "static int __init pm_init(void)\n{\n\tint rc = 0;\n"

    def check(self, body):
        text = self.HEAD + body + "\treturn rc;\n}\n"
        src = text.split("\n")
        ln = [i + 1 for i, t in enumerate(src) if "pm_qos_add" in t][0]
        col = src[ln - 1].index("pm_qos_add")
        rows = func("pm_init", 1) + \
            [row("call", fn=F.ADD, fun="pm_init", line=ln, col=col,
                 cls="C", name='"x"')]
        d = decide(rows)
        d.values = type("V", (), {"texts": {"d.c": text}})()
        a = d.requests[0].calls[0]
        return d.cpp_skip_only(a, [i + 1 for i, t in enumerate(src)
                                   if "knob_attr" in t])

    ADD = "\tpm_qos_add_requirement(C, \"x\", 1);\n"
    REG = "\trc = sysfs_create_file(power_kobj, &knob_attr.attr);\n"

    def test_same_ifdef(self):
        self.assertEqual(self.check(
            "#ifdef CONFIG_X\n" + self.ADD + "#endif\n\tfoo();\n"
            "#ifdef CONFIG_X\n" + self.REG + "#endif\n"),
            ["ifdef CONFIG_X"])

    def test_other_ifdef(self):
        self.assertEqual(self.check(
            "#ifdef CONFIG_X\n" + self.ADD + "#endif\n"
            "#ifdef CONFIG_Y\n" + self.REG + "#endif\n"), [])

    def test_no_ifdef(self):
        self.assertEqual(self.check(self.ADD + self.REG), [])

    def test_else(self):
        self.assertEqual(self.check(
            "#ifdef CONFIG_X\n" + self.ADD + "#else\n\tfoo();\n"
            "#endif\n#ifdef CONFIG_X\n" + self.REG + "#endif\n"),
            ["ifdef CONFIG_X"])

    def test_in_else(self):
        self.assertEqual(self.check(
            "#ifdef CONFIG_X\n\tfoo();\n#else\n" + self.ADD +
            "#endif\n#ifdef CONFIG_X\n\tfoo();\n#else\n" + self.REG +
            "#endif\n"), ["else of #ifdef CONFIG_X"])

    def test_other_elif(self):
        self.assertEqual(self.check(
            "#if A\n\tfoo();\n#elif B\n" + self.ADD +
            "#endif\n#if A\n\tfoo();\n#elif C\n" + self.REG +
            "#endif\n"), [])

    def test_ref_in_else(self):
        self.assertEqual(self.check(
            "#ifdef CONFIG_X\n" + self.ADD + "#endif\n"
            "#ifdef CONFIG_X\n\tfoo();\n#else\n" + self.REG +
            "#endif\n"), [])

    def test_braceless_if(self):
        self.assertEqual(self.check(
            "\tif (rc)\n#ifdef CONFIG_X\n" + self.ADD + "#endif\n"
            "#ifdef CONFIG_X\n" + self.REG + "#endif\n"), [])

    def test_goto_before(self):
        self.assertEqual(self.check(
            "\tif (rc)\n\t\tgoto out;\n#ifdef CONFIG_X\n" + self.ADD +
            "#endif\nout:\n#ifdef CONFIG_X\n" + self.REG + "#endif\n"), [])

    def test_in_block(self):
        self.assertEqual(self.check(
            "#ifdef CONFIG_X\n\tif (rc) {\n" + self.ADD + "\t}\n"
            "#endif\n#ifdef CONFIG_X\n" + self.REG + "#endif\n"),
            [])

    def test_brace_across(self):
        self.assertEqual(self.check(
            "#ifdef CONFIG_X\n" + self.ADD + "\tif (rc) {\n#endif\n"
            "\t\tfoo();\n#ifdef CONFIG_X\n\t}\n" + self.REG +
            "#endif\n"), [])


class KeepsResource(unittest.TestCase):
    """Decider.keeps_resource: a probe that stores a resource of its
    device in file scope on every run that succeeds."""
    HEAD = "static int xyz_probe(struct platform_device *pdev)\n{\n"

    def check(self, body, helper=""):
        text = helper + self.HEAD + body + "\treturn 0;\n}\n"
        src = text.split("\n")
        line = [i + 1 for i, t in enumerate(src) if "xyz_probe(" in t][0]
        rows = func("xyz_probe", line) + \
            [row("svar", func="xyz_probe", var="pdev",
                 type="platform_device", how="param"),
             row("var", func="xyz_probe", var="pdev", how="param"),
             row("gvar", var="xyz_clk", type="clk", ptr=True, line=1,
                 col=1, fun="xyz_clk")]
        if helper:
            rows += func("xyz_start", 1, static=False)
        d = decide(rows)
        d.values = type("V", (), {"texts": {"d.c": text}})()
        return d.keeps_resource("d.c", "xyz_probe")

    STORE = "\txyz_clk = clk_get(&pdev->dev, \"usb\");\n"

    def test_store(self):
        self.assertEqual(self.check(self.STORE),
                         "xyz_probe() stores the result of clk_get(), "
                         "handed its pdev, in the file-scope xyz_clk")

    def test_after_error_return(self):
        self.assertTrue(self.check(
            "\tif (usb_disabled())\n\t\treturn -ENODEV;\n" + self.STORE))

    def test_after_success_return(self):
        self.assertIsNone(self.check(
            "\tif (usb_disabled())\n\t\treturn 0;\n" + self.STORE))

    def test_conditional(self):
        self.assertIsNone(self.check("\tif (!xyz_clk)\n" + self.STORE))

    def test_not_the_device(self):
        self.assertIsNone(self.check(
            "\txyz_clk = clk_get(NULL, \"usb\");\n"))

    def test_in_helper(self):
        helper = ("int xyz_start(int n, struct platform_device *dev)\n{\n"
                  "\txyz_clk = clk_get(&dev->dev, \"usb\");\n"
                  "\treturn 0;\n}\n")
        self.assertEqual(self.check("\treturn xyz_start(1, pdev);\n",
                                    helper),
                         "xyz_start() stores the result of clk_get(), "
                         "handed its dev, in the file-scope xyz_clk")

    def test_in_helper_after_return(self):
        helper = ("int xyz_start(int n, struct platform_device *dev)\n{\n"
                  "\tif (n)\n\t\treturn -EINVAL;\n"
                  "\txyz_clk = clk_get(&dev->dev, \"usb\");\n"
                  "\treturn 0;\n}\n")
        self.assertIsNone(self.check("\txyz_start(1, pdev);\n", helper))


class HeldLock(unittest.TestCase):
    """Decider.held_lock: the mutex a caller holds at its call."""

    def check(self, body):
        text = "static int acc_read(u8 *val)\n{\n\tint ret;\n" + body + \
            "\treturn ret;\n}\n"
        src = text.split("\n")
        line = [i + 1 for i, t in enumerate(src) if "acc_cmd(" in t][0]
        d = decide(func("acc_read", 1))
        d.values = type("V", (), {"texts": {"d.c": text}})()
        return d.held_lock("d.c", "acc_read", line)

    LOCK = "\tmutex_lock(&the_acc->lock);\n"
    UNLOCK = "\tmutex_unlock(&the_acc->lock);\n"
    CALL = "\tret = acc_cmd(1);\n"

    def test_held(self):
        self.assertEqual(self.check(self.LOCK + self.CALL + self.UNLOCK),
                         "the_acc->lock")

    def test_in_loop(self):
        self.assertEqual(self.check(
            self.LOCK + "\tfor (;;) {\n" + self.CALL + "\t\tif (!ret)\n"
            "\t\t\tbreak;\n\t}\n" + self.UNLOCK), "the_acc->lock")

    def test_unlocked_in_loop(self):
        self.assertEqual(self.check(
            self.LOCK + "\tfor (;;) {\n" + self.CALL + "\t" +
            self.UNLOCK + "\t\tmsleep(1);\n\t" + self.LOCK + "\t}\n" +
            self.UNLOCK), "")

    def test_conditional_lock(self):
        self.assertEqual(self.check(
            "\tif (val)\n\t" + self.LOCK + self.CALL + self.UNLOCK), "")

    def test_unlock_before(self):
        self.assertEqual(self.check(
            self.LOCK + "\tif (!val) {\n\t" + self.UNLOCK +
            "\t\treturn -EINVAL;\n\t}\n" + self.CALL + self.UNLOCK), "")

    def test_label_between(self):
        self.assertEqual(self.check(
            self.LOCK + "again:\n" + self.CALL + self.UNLOCK), "")

    def test_other_unlock(self):
        self.assertEqual(self.check(
            self.LOCK + self.CALL + "\tmutex_unlock(&other);\n" +
            self.UNLOCK), "")


class CallsSeen(unittest.TestCase):
    """Decider.calls_seen: every place that names a function is a call
    the call graph holds."""
    TEXT = ("static int acc_cmd(u8 cmd);\n"            # 1
            "static int acc_cmd(u8 cmd)\n{\n\treturn 0;\n}\n"   # 2-5
            "int acc_read(void)\n{\n"                 # 6-7
            "\treturn acc_cmd(1);\n}\n"                # 8-9
            "int acc_write(void)\n{\n"                # 10-11
            "\treturn acc_cmd(2);\n}\n"                # 12-13
            "static int (*acc_fn)(u8) = acc_cmd;\n")   # 14

    def check(self, text, edges):
        rows = func("acc_cmd", 2) + func("acc_read", 6, static=False) + \
            func("acc_write", 10, static=False) + \
            [row("edge", fun=c, line=ln, col=8, callee="acc_cmd")
             for c, ln in edges]
        d = decide(rows)
        d.values = type("V", (), {"texts": {"d.c": text}})()
        return d.calls_seen("d.c", "acc_cmd")

    def test_all_seen(self):
        text = self.TEXT.rsplit("static int (*", 1)[0]
        self.assertTrue(self.check(text, [("acc_read", 8),
                                          ("acc_write", 12)]))

    def test_call_not_seen(self):
        text = self.TEXT.rsplit("static int (*", 1)[0]
        self.assertFalse(self.check(text, [("acc_read", 8)]))

    def test_address_taken(self):
        self.assertFalse(self.check(self.TEXT, [("acc_read", 8),
                                                ("acc_write", 12)]))


class Values(unittest.TestCase):
    """What a name read from a field may hold (naming.Values)."""

    def test_old_kernel_lines(self):
        t = "\n".join([
            "#if (LINUX_VERSION_CODE <= KERNEL_VERSION(2,6,34))",   # 1
            "pm_qos_requirement(PM_QOS_CPU_DMA_LATENCY);",
            "#endif",
            "#ifdef HAVE_PM_QOS_REQUEST_LIST_NEW",                  # 4
            "b();",
            "#elif defined(HAVE_PM_QOS_REQUEST_LIST)",
            "c();",
            "#else",
            "d();",                                                 # 9
            "#endif",
            "#if LINUX_VERSION_CODE >= KERNEL_VERSION(2,6,35) && X",
            "e();",
            "#else",
            "f();",                                                 # 14
            "#endif",
            "#if LINUX_VERSION_CODE < KERNEL_VERSION(2,6,36)",
            "g();",
            "#endif",
            "#if !(LINUX_VERSION_CODE > KERNEL_VERSION(2,6,34)) && Y",
            "h();",                                                 # 20
            "#endif"])
        k = "\n".join([
            "#if ( LINUX_VERSION_CODE < KERNEL_VERSION(2,6,35) )",
            "#define OTHER",
            "#else /* < 2.6.35 */",
            "#define HAVE_PM_QOS_REQUEST_LIST",
            "#endif"])
        self.assertEqual(T.old_kernel_lines({"a.c": t, "k.h": k})["a.c"],
                         {2: 1, 9: 4, 20: 19})
        # the feature macro unseen, or defined for old kernels too
        self.assertEqual(T.old_kernel_lines({"a.c": t})["a.c"],
                         {2: 1, 20: 19})
        # before 2.6.34: neither <= 2.6.34 nor the macro tells it
        self.assertEqual(T.old_kernel_lines({"a.c": t, "k.h": k},
                                            (2, 6, 34))["a.c"], {})
        b = "#if LINUX_VERSION_CODE < KERNEL_VERSION(2,6,28)\n" \
            "pm_qos_requirement(C);\n#endif\n"
        self.assertEqual(T.old_kernel_lines({"b.c": b}, (2, 6, 34)),
                         {"b.c": {2: 1}})
        k2 = k + "\n#define HAVE_PM_QOS_REQUEST_LIST\n"
        self.assertEqual(T.old_kernel_lines({"a.c": t, "k.h": k2})["a.c"],
                         {2: 1, 20: 19})

    def test_string_args(self):
        from pmqos.naming import string_args
        a = ["p->index", "p->tag", "dev_name(&pdev->dev)", "w", "s"]
        self.assertEqual(string_args('"Q%d-%c"', a), [])
        self.assertEqual(string_args('"Q%d-%s"', a), ["p->tag"])
        self.assertEqual(string_args('"%lu%%s:%s"', a), ["p->tag"])
        self.assertEqual(string_args('"%*d%.*s"', a),
                         ["w"])
        self.assertEqual(string_args('"%02x" "-%s"', a), ["p->tag"])
        # a conversion not known: every argument may print a name
        self.assertEqual(string_args('"%d%f"', a), a)

    def test_may_equal(self):
        from pmqos.naming import may_equal
        self.assertTrue(may_equal(("lit", '"eth0"'), ("fmt", '"eth%d"')))
        self.assertFalse(may_equal(("lit", '"wl0"'), ("fmt", '"eth%d"')))
        self.assertFalse(may_equal(("dev", "a/x"), ("dev", "b/y")))
        self.assertTrue(may_equal(("dev", "a/x"), ("dev", "a/x")))
        self.assertFalse(may_equal(("dev", "a/x"), ("lit", '"x"')))
        self.assertTrue(may_equal(("devlit", "lit", '"x"'), ("lit", '"x"')))
        self.assertTrue(may_equal(("any", ""), ("dev", "a/x")))

    def test_stores_and_drivers(self):
        import tempfile
        from pmqos.naming import Values as V
        from pmqos.textfacts import driver_of
        with tempfile.TemporaryDirectory() as top:
            os.makedirs(os.path.join(top, "d"))
            with open(os.path.join(top, "d", "Makefile"), "w") as fh:
                fh.write("obj-m += drv.o e.o\ndrv-objs := a.o \\\n\tb.o\n")
            self.assertEqual(driver_of(top, "d/b.c", {}), "d/drv")
            self.assertEqual(driver_of(top, "d/e.c", {}), "d/e")
            self.assertEqual(driver_of(top, "d/c.c", {}), "d")
            texts = {"d/a.c": 'strlcpy(p->label, "x0", 8);\n'
                              'q->tag = (char *)pdev->name;\n'
                              'r->who = buf;\n'}
            v = V(top, texts, {})
            kinds = {f: sorted(a[0][0] for a in v.stores[f])
                     for f in v.stores}
            self.assertEqual(kinds, {"label": ["lit"], "tag": ["dev"],
                                     "who": ["any"]})

    def test_object_files(self):
        import tempfile
        from pmqos.textfacts import object_files
        with tempfile.TemporaryDirectory() as top:
            os.makedirs(os.path.join(top, "d"))
            with open(os.path.join(top, "d", "Makefile"), "w") as fh:
                fh.write("obj-m += drv.o e.o\ndrv-objs := a.o b.o\n")
            for f in ("a.c", "b.c", "e.c"):
                open(os.path.join(top, "d", f), "w").close()
            self.assertEqual(object_files(top, "d/a.c", {}),
                             ["d/a.c", "d/b.c"])
            self.assertEqual(object_files(top, "d/e.c", {}), ["d/e.c"])
            self.assertEqual(object_files(top, "d/z.c", {}), ["d/z.c"])

    def test_store_targets(self):
        from pmqos.naming import decl_type, dup_source, init_type
        t = ("static struct i2c_adapter tmpl = {\n\t.name = \"x\",\n};\n"
             "static struct platform_driver drv = {\n"
             "\t.driver = { .name = \"y\" },\n};\n")
        self.assertEqual(init_type(t, t.index(".name")), ("i2c_adapter",
                                                          False))
        self.assertEqual(init_type(t, t.rindex(".name")),
                         ("platform_driver", True))
        self.assertIsNone(init_type("int f(void) {\n\tp.name = 0;",
                                    20))
        self.assertEqual(decl_type("int f(struct port *p)", "p"), "port")
        # declared in a list too: not known
        self.assertIsNone(decl_type("struct a *x, *p; struct b *p;", "p"))
        self.assertEqual(dup_source("kstrdup(pdev->name,GFP_KERNEL)"),
                         "pdev->name")
        self.assertEqual(dup_source("devm_kstrdup(&pdev->dev,pdev->name,"
                                    "GFP_KERNEL)"), "pdev->name")
        self.assertIsNone(dup_source("kstrndup(pdev->name,4,GFP_KERNEL)"))


class ArchIncludeTest(unittest.TestCase):
    """textfacts.arch_dirs: the machine include directories of a file,
    from the <mach/...> and <plat/...> headers it includes."""

    def tree(self, top, files):
        for f, text in files.items():
            os.makedirs(os.path.dirname(os.path.join(top, f)), exist_ok=True)
            with open(os.path.join(top, f), "w") as fh:
                fh.write(text)

    def test_resolve(self):
        import tempfile
        from pmqos.textfacts import arch_dirs
        m = "arch/arm/mach-%s/include/mach/%s"
        with tempfile.TemporaryDirectory() as top:
            self.tree(top, {
                m % ("a", "hardware.h"): "", m % ("b", "hardware.h"): "",
                m % ("a", "a_only.h"): "",
                "arch/arm/plat-p/include/mach/clock.h": "",
                "arch/arm/plat-p/include/plat/res.h": "",
                m % ("b", "clock.h"): "",
                # a header only machine a has, through a local header
                "drivers/x/one.c": '#include "one.h"\n',
                "drivers/x/one.h": "#include <mach/hardware.h>\n"
                                   "#include <mach/a_only.h>\n",
                # mach/hardware.h of a or of b: no telling which
                "drivers/x/two.c": "#include <mach/hardware.h>\n",
                # a file of a machine without include/ (mach-omap2 of
                # 2.6.2x): its platform's mach/clock.h, not machine b's
                "arch/arm/mach-o/pm.c": "#include <mach/clock.h>\n"
                                        "#include <plat/res.h>\n",
                # mach/clock.h of machine b, or of platform p with a
                # machine that lacks one: no telling which
                "drivers/x/three.c": "#include <mach/clock.h>\n",
                "drivers/x/none.c": "#include <linux/kernel.h>\n"})
            got = arch_dirs(top, ["drivers/x/one.c", "drivers/x/two.c",
                                  "arch/arm/mach-o/pm.c",
                                  "drivers/x/three.c", "drivers/x/none.c"])
            self.assertEqual(got, {
                "drivers/x/one.c": ["arch/arm/mach-a/include"],
                "arch/arm/mach-o/pm.c": ["arch/arm/plat-p/include"]})

    def test_machine_struct_global(self):
        """A structure of a machine's header may hold a handle through a
        global pointer only when the driver declares that pointer, not
        when the machine's header does (board data)."""
        from pmqos.placement import Placement
        h = "arch/arm/mach-a/include/mach/brd.h"
        dirs = {"d/x.c": ["arch/arm/mach-a/include"]}
        base = [row("struct", "d/x.c", file=h, name="brd", field="irq",
                    type="int", line=3, col=1)]
        for where, want in ((h, None), ("d/x.c", "global")):
            rows = base + [row("gvar", "d/x.c", file=where, var="brd_data",
                               type="brd", ptr=True, fun="brd_data",
                               line=9, col=1)]
            units = F.load("@@F " + json.dumps(r) for r in rows)
            got = Placement(units, False, dirs).instance("brd", "d/x.c",
                                                         "d/x.c")
            self.assertEqual(got, want, where)

    def test_old_layout(self):
        import tempfile
        from pmqos.textfacts import arch_headers
        a = "include/asm-arm/arch-%s/%s"
        with tempfile.TemporaryDirectory() as top:
            self.tree(top, {
                a % ("a", "hardware.h"): "", a % ("b", "hardware.h"): "",
                a % ("a", "uart.h"): "",
                "drivers/x/one.c": "#include <asm/arch/hardware.h>\n"
                                   "#include <asm/arch/uart.h>\n",
                "drivers/x/two.c": "#include <asm/arch/hardware.h>\n",
                # its own machine's, whatever another provides
                "arch/arm/mach-b/pm.c": "#include <asm/arch/hardware.h>\n"})
            got = arch_headers(top, ["drivers/x/one.c", "drivers/x/two.c",
                                     "arch/arm/mach-b/pm.c"])
            self.assertEqual(got, {
                "drivers/x/one.c": [a % ("a", "hardware.h"),
                                    a % ("a", "uart.h")],
                "arch/arm/mach-b/pm.c": [a % ("b", "hardware.h")]})


if __name__ == "__main__":
    unittest.main()
