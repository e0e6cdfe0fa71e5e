#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0
"""bench-extract: the part of Linux 6.1's PM QoS that the bench runs.

Linux 6.1's kernel/power/qos.c holds, beside the constraint core, the CPU
latency, device and frequency QoS front ends, debugfs and the misc device,
most of which the harness's stub headers cannot build.  The bench measures
the core alone: pm_qos_update_target() and the helpers it calls over a
struct pm_qos_constraints, and pm_qos_read_value().  This tool copies those
definitions, verbatim and in the order the bench needs them, from the
files of linux-source-6.1 into one C file in the bench's scratch
directory (never into the repository):

  from include/linux/pm_qos.h: the macros PM_QOS_DEFAULT_VALUE and
  PM_QOS_CPU_LATENCY_DEFAULT_VALUE, enum pm_qos_type, struct
  pm_qos_constraints, enum pm_qos_req_action;
  from kernel/power/qos.c: pm_qos_lock, pm_qos_read_value(),
  pm_qos_get_value(), pm_qos_set_value(), pm_qos_update_target() and
  cpu_latency_constraints (the CPU latency class's constraints).

A definition is found by its first line at column 0 and ends at the first
line that is "}" or "};" at column 0, as the kernel's style writes them.
A name that is not found is an error that names it: the tree is then not
6.1's, and the bench says so instead of measuring something else.

usage: bench-extract.py QOS_C PM_QOS_H OUT_C
"""
import re
import sys

HEADER = [("define", "PM_QOS_DEFAULT_VALUE"),
          ("define", "PM_QOS_CPU_LATENCY_DEFAULT_VALUE"),
          ("block", r"enum pm_qos_type \{"),
          ("block", r"struct pm_qos_constraints \{"),
          ("block", r"enum pm_qos_req_action \{")]
SOURCE = [("line", r"static DEFINE_SPINLOCK\(pm_qos_lock\);"),
          ("block", r"s32 pm_qos_read_value\(struct pm_qos_constraints \*c\)"),
          ("block", r"static int pm_qos_get_value\("),
          ("block", r"static void pm_qos_set_value\("),
          ("block", r"int pm_qos_update_target\("),
          ("block", r"static struct pm_qos_constraints "
                    r"cpu_latency_constraints = \{")]


def find(lines, kind, what, path):
    """The lines of one definition, as the file has them."""
    if kind == "define":
        pat = re.compile(r"#define %s\b" % what)
    else:
        pat = re.compile(what)
    for i, line in enumerate(lines):
        if not pat.match(line):
            continue
        if kind == "line":
            return [line]
        if kind == "define":
            j = i
            while lines[j].rstrip("\n").endswith("\\"):
                j += 1
            return lines[i:j + 1]
        for j in range(i + 1, len(lines)):
            if lines[j].rstrip("\n") in ("}", "};"):
                return lines[i:j + 1]
        break
    sys.exit("bench-extract: %s: no %s '%s' (is it Linux 6.1's?)" %
             (path, kind, what))


def main():
    if len(sys.argv) != 4:
        sys.exit(__doc__.strip().splitlines()[-1])
    qos_c, pm_qos_h, out = sys.argv[1:]
    text = ["/* Extracted by tools/testing/pm_qos/bench-extract.py from\n",
            " * %s and %s: never committed. */\n" % (pm_qos_h, qos_c)]
    for path, wanted in ((pm_qos_h, HEADER), (qos_c, SOURCE)):
        try:
            with open(path) as f:
                lines = f.readlines()
        except OSError as e:
            sys.exit("bench-extract: %s" % e)
        for kind, what in wanted:
            text += ["\n"] + find(lines, kind, what, path)
    with open(out, "w") as f:
        f.writelines(text)


if __name__ == "__main__":
    main()
