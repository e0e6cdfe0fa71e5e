#!/usr/bin/env python3
"""Unit tests of eval/pmqoseval: python3 -m unittest test_pmqoseval (from
eval/tests)."""

import os
import sys
import unittest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                ".."))
from pmqoseval import determinism  # noqa: E402


class Determinism(unittest.TestCase):
    """determinism.classify: a different change of a file run without
    some files is expected only when a call related to its sites is in
    one of them."""

    SUMMARY = {"sites": [
        {"file": "a.c", "line": 10, "related": ["a.c:20", "b.c:5"]},
        {"file": "a.c", "line": 20, "related": ["a.c:10", "b.c:5"]},
        {"file": "a.c", "line": 30, "related": ["inc/a.h:3"]},
        {"file": "b.c", "line": 5, "related": ["a.c:10", "a.c:20"]},
        {"file": "c.c", "line": 9, "related": []},
        {"file": "d.c", "line": 4, "related": ["b.c:5"]}]}

    def test_related_calls(self):
        self.assertEqual(determinism.related_calls(self.SUMMARY, "a.c"),
                         ["b.c:5", "inc/a.h:3"])
        self.assertEqual(determinism.related_calls(self.SUMMARY, "c.c"), [])

    def test_related_call_left_out_is_expected(self):
        self.assertEqual(
            determinism.classify(self.SUMMARY, "a.c", ["b.c", "c.c"]),
            (determinism.EXPECTED, ["b.c:5"]))

    def test_unrelated_file_left_out_is_not(self):
        self.assertEqual(
            determinism.classify(self.SUMMARY, "a.c", ["c.c", "d.c"]),
            (determinism.UNEXPLAINED, []))
        self.assertEqual(
            determinism.classify(self.SUMMARY, "c.c", ["a.c", "b.c"]),
            (determinism.UNEXPLAINED, []))

    def test_relation_is_by_file_of_the_call(self):
        # d.c's request has a call in b.c, not in a.c
        self.assertEqual(
            determinism.classify(self.SUMMARY, "d.c", ["a.c"]),
            (determinism.UNEXPLAINED, []))
        self.assertEqual(
            determinism.classify(self.SUMMARY, "d.c", ["a.c", "b.c"]),
            (determinism.EXPECTED, ["b.c:5"]))


if __name__ == "__main__":
    unittest.main()
