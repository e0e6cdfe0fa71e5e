#!/usr/bin/env python3
"""Unit tests of the converter's driver (convert/pmqos/run.py,
inplace.py): python3 -m unittest test_driver (from convert/tests)."""

import contextlib
import io
import os
import shutil
import subprocess
import sys
import tempfile
import unittest
from unittest import mock

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                ".."))
from pmqos import facts, inplace, run  # noqa: E402
from pmqos.__main__ import main  # noqa: E402

TOP = os.path.dirname(os.path.dirname(os.path.dirname(
    os.path.abspath(__file__))))


class OldApiRegex(unittest.TestCase):
    """scripts/lib.sh's OLD_API_RE, the shell's form of kernel.API_CALL
    (both made from kernel.txt), finds the same lines."""
    LINES = ["\tpm_qos_add_requirement(PM_QOS_CPU_DMA_LATENCY, \"x\", 1);",
             "\tpm_qos_update_requirement (c, n, v);",
             "\tret = pm_qos_remove_requirement(c, n);",
             "\tl = pm_qos_requirement(PM_QOS_NETWORK_LATENCY);",
             "\tl = pm_qos_requirement\t(PM_QOS_NETWORK_LATENCY);",
             "EXPORT_SYMBOL_GPL(pm_qos_requirement);",
             "\th = pm_qos_add_request(PM_QOS_CPU_DMA_LATENCY, 1);",
             "\tpm_qos_update_request(h, 2);",
             "static int pm_qos_requirement_count;",
             "/* pm_qos_add_requirement */"]

    def test_same_lines(self):
        p = subprocess.run(["bash", "-c", '. "$1" && printf %s "$OLD_API_RE"',
                            "-", os.path.join(TOP, "scripts", "lib.sh")],
                           capture_output=True, text=True)
        self.assertEqual(p.returncode, 0, p.stderr)
        self.assertIn("pm_qos_requirement", p.stdout)
        text = "\n".join(self.LINES) + "\n"
        p = subprocess.run(["grep", "-nE", p.stdout], input=text,
                           capture_output=True, text=True)
        shell = [int(ln.split(":")[0]) for ln in p.stdout.split("\n") if ln]
        py = [i + 1 for i, ln in enumerate(self.LINES)
              if facts.API_CALL.search(ln)]
        self.assertEqual(shell, py)


class Driver(unittest.TestCase):
    def test_merge(self):
        """One diff per file, a/ b/ paths, a header changed alike by two
        files' conversions kept once."""
        h = "@@ -1 +1 @@\n-x\n+y\n"
        out = ("--- ./d.c\n+++ /tmp/cocci-d.c\n" + h +
               "--- /top/inc.h\n+++ /tmp/x/inc.h\n" + h +
               "diff -u -p a b\n--- e.c\n+++ /tmp/e.c\n" + h +
               "--- inc.h\n+++ /tmp/y/inc.h\n" + h)
        want = ("--- a/d.c\n+++ b/d.c\n" + h + "--- a/e.c\n+++ b/e.c\n" + h
                + "--- a/inc.h\n+++ b/inc.h\n" + h)
        self.assertEqual(run.merge(out, "/top"), want)
        self.assertEqual(run.touched(want), ["d.c", "e.c", "inc.h"])

    def test_merge_order(self):
        """The same patch whatever order spatch's workers print in, a
        header changed differently by two files too."""
        h1, h2 = "@@ -1 +1 @@\n-x\n+y\n", "@@ -1 +1 @@\n-x\n+z\r\n"
        parts = ["--- a.c\n+++ /t/a.c\n" + h2, "--- b.c\n+++ /t/b.c\n" + h1,
                 "--- inc.h\n+++ /t/inc.h\n" + h1,
                 "--- inc.h\n+++ /t/inc.h\n" + h2]
        with mock.patch.object(run, "say") as said:
            one = run.merge("".join(parts), "/top")
            two = run.merge("".join(reversed(parts)), "/top")
        self.assertEqual(one, two)
        self.assertEqual(run.touched(one), ["a.c", "b.c", "inc.h"])
        self.assertIn("+z\r\n", one)
        self.assertEqual(said.call_count, 2)

    def test_only(self):
        with tempfile.TemporaryDirectory() as top:
            os.makedirs(os.path.join(top, "a/b"))
            fs = ["a/b/x.c", "a/bc.c", "y.c"]
            self.assertEqual(run.only_files(top, fs, ["./a/b/"]), ["a/b/x.c"])
            self.assertEqual(run.only_files(top, fs, [top]), fs)
            with self.assertRaises(run.Failure):
                run.only_files(top, fs, ["a/nope"])
            with self.assertRaises(run.Failure):
                run.only_files(top, fs, ["/"])


class BrokenSmpl(unittest.TestCase):
    @unittest.skipUnless(shutil.which("spatch"), "needs spatch")
    def test_facts_do_not_parse(self):
        """Pass 1's semantic patch does not parse: one line that says so,
        with spatch's message, exit 1, and no report of the files (whose
        calls spatch never saw)."""
        with tempfile.TemporaryDirectory() as tmp:
            with open(run.FACTS) as fh:
                text = fh.read()
            sp = os.path.join(tmp, "facts.cocci")
            with open(sp, "w") as fh:
                fh.write(text.replace("@reader@\n", "@reader@ stray\n", 1))
            drv = os.path.join(tmp, "drv")
            os.mkdir(drv)
            with open(os.path.join(drv, "d.c"), "w") as fh:
                fh.write("static int __init d_init(void)\n{\n"
                         "\tpm_qos_add_requirement(PM_QOS_CPU_DMA_LATENCY, "
                         "\"d\", 10);\n\treturn 0;\n}\n"
                         "module_init(d_init);\n")
            out, err = io.StringIO(), io.StringIO()
            with mock.patch.object(run, "FACTS", sp), \
                    contextlib.redirect_stdout(out), \
                    contextlib.redirect_stderr(err):
                rc = main(["--report", drv])
        self.assertEqual(rc, 1)
        self.assertEqual(out.getvalue(), "")
        lines = err.getvalue().splitlines()
        self.assertEqual(len(lines), 1, lines)
        self.assertRegex(lines[0], r"^pmqos-convert: the semantic patch of "
                         r"pass 1 .* does not parse: .*stray")


class FreeArgument(unittest.TestCase):
    @unittest.skipUnless(shutil.which("spatch"), "needs spatch")
    def test_kfree_rcu_frees_its_first_argument(self):
        """Pass 1's free fact names the object a free takes: the last
        argument of kfree(), the first of kfree_rcu(ptr, rcu_head)."""
        with tempfile.TemporaryDirectory() as tmp:
            with open(os.path.join(tmp, "d.c"), "w") as fh:
                fh.write("void f(struct s *a, struct s *b)\n{\n"
                         "\tkfree_rcu(a, rcu);\n\tkfree(b);\n}\n")
            env = dict(os.environ, PYTHONPATH=os.path.dirname(
                os.path.dirname(run.__file__)))
            p = subprocess.run(["spatch", "--very-quiet", "--sp-file",
                                run.FACTS, "d.c"], cwd=tmp, env=env,
                               capture_output=True, text=True)
        self.assertEqual(p.returncode, 0, p.stderr)
        frees = facts.load(p.stdout.split("\n"))["d.c"].frees
        self.assertEqual(sorted((x.callee, x.arg) for x in frees),
                         [("kfree", "b"), ("kfree_rcu", "a")])


class WriteAll(unittest.TestCase):
    def setUp(self):
        self.tmp = tempfile.TemporaryDirectory()
        self.top = os.path.join(self.tmp.name, "drv")
        self.new = os.path.join(self.tmp.name, "new")
        for root, text in ((self.top, "old %s\n"), (self.new, "new %s\n")):
            os.makedirs(os.path.join(root, "sub"))
            for f in ("a.c", "sub/b.c", "sub/c.h"):
                with open(os.path.join(root, f), "w") as fh:
                    fh.write(text % f)
        os.chmod(os.path.join(self.top, "sub/b.c"), 0o640)
        self.files = ["a.c", "sub/b.c", "sub/c.h"]

    def tearDown(self):
        self.tmp.cleanup()

    def text(self, f):
        with open(os.path.join(self.top, f)) as fh:
            return fh.read()

    def leftovers(self):
        return [f for _, _, fs in os.walk(self.top) for f in fs
                if f.endswith(".pmqos")]

    def test_all_written(self):
        inplace.write_all(self.top, self.files, self.new)
        for f in self.files:
            self.assertEqual(self.text(f), "new %s\n" % f)
        self.assertEqual(os.stat(os.path.join(self.top, "sub/b.c")).st_mode
                         & 0o777, 0o640)
        self.assertEqual(self.leftovers(), [])

    def test_rename_fails_restores(self):
        """The second rename fails: the first file is put back."""
        real = os.replace
        calls = []

        def replace(src, dst):
            calls.append(dst)
            if len(calls) == 2:
                raise OSError(30, "Read-only file system")
            return real(src, dst)

        with mock.patch.object(inplace.os, "replace", replace):
            with self.assertRaises(inplace.WriteError) as e:
                inplace.write_all(self.top, self.files, self.new)
        self.assertIn("sub/b.c: Read-only file system", str(e.exception))
        for f in self.files:
            self.assertEqual(self.text(f), "old %s\n" % f)
        self.assertEqual(self.leftovers(), [])

    def test_not_a_file(self):
        """A path that is no longer a regular file: nothing written."""
        os.unlink(os.path.join(self.top, "sub/c.h"))
        os.mkdir(os.path.join(self.top, "sub/c.h"))
        with self.assertRaises(inplace.WriteError) as e:
            inplace.write_all(self.top, self.files, self.new)
        self.assertIn("sub/c.h: not a regular file", str(e.exception))
        self.assertEqual(self.text("a.c"), "old a.c\n")
        self.assertEqual(self.leftovers(), [])

    def test_symlink_followed(self):
        os.rename(os.path.join(self.top, "a.c"),
                  os.path.join(self.top, "real.c"))
        os.symlink("real.c", os.path.join(self.top, "a.c"))
        inplace.write_all(self.top, self.files, self.new)
        self.assertTrue(os.path.islink(os.path.join(self.top, "a.c")))
        self.assertEqual(self.text("real.c"), "new a.c\n")


if __name__ == "__main__":
    unittest.main()
