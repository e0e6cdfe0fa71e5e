#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0
"""bench-report: the pm_qos bench's verdicts, table, plots and bench.md.

Reads what `bench time` printed (ns/op of every round) and, when given, the
callgrind profiles of `bench count`; writes bench.tsv, bench.md, bench.png
and bench-instr.png to --out; prints the goals and exits 1 if one failed.

Every verdict rests on what cannot drift with the load of the machine:
ratios of two timings taken in the same round of one run (the paired
ratio of each round, then the median over the rounds), and the
instructions and data reads callgrind counts.  Absolute ns/op are shown
as information only.

usage: bench-report.py --time TSV --out DIR [--callgrind DIR]
                       [--about LINE]... [--took TEXT] [--load-start L]
                       [--target-us T] [--self-test]
"""
import argparse
import glob
import os
import platform
import re
import statistics
import subprocess
import sys

BASE_WORKLOADS = ["update_moves", "update_stays", "update_same",
                  "add_remove", "request", "call_nop"]
# the workloads on the distinct values, then on the few ("few:" + name)
VALUE_SETS = ["", "few:"]
WORKLOADS = [v + w for v in VALUE_SETS for w in BASE_WORKLOADS]
CORES = ["project", "v2.6.34", "posted", "v2.6.36", "6.1"]
PLIST_PEERS = ["v2.6.36", "6.1"]
COLOURS = {"project": "#1f5fbf", "v2.6.34": "#c0392b", "posted": "#e08e0b",
           "v2.6.36": "#2e8b57", "6.1": "#8e44ad"}

# The goals, as ratios and counts.
FASTER = 100  # update_moves at N=10000: list cores / project
GROWTH_TIME = 2.5  # update_moves, N=100000 over N=1: time ...
GROWTH_INSTR = 2.0  # ... and instructions
FLAT_TIME = 1.5  # a flat workload at any N over N=1
FLAT_INSTR = 0.02  # spread of its instructions over N, relative
READER_INSTR = 8  # pm_qos_request() beyond an empty call
READER_TIME = 1.5  # the same, time against the empty call's
MOVES_OVER_STAYS = 3  # update_moves over update_stays: time, instructions
# Against the plist cores (2.6.36, 6.1): see plist_goals().
PLIST_BIG = 64  # from this N on, distinct values: ahead
PLIST_SMALL = 64  # up to this N, either value set: equal within noise
NOISE_TIME = 1.15  # "equal within noise", time
SMALL_INSTR = 1.4  # and instructions, at those N
READER_PEER_TIME = 1.30  # pm_qos_request() against each plist core's
CHANGES = ["update_moves", "update_stays", "add_remove"]


def quantile(xs, q):
    """Linear interpolation between the sorted samples."""
    s = sorted(xs)
    pos = q * (len(s) - 1)
    i = int(pos)
    return s[-1] if i >= len(s) - 1 else s[i] + (pos - i) * (s[i + 1] - s[i])


class Run:
    """The samples of one `bench time` run and, if given, the counts."""

    def __init__(self, rows, counts):
        self.rounds = {}  # (core, workload, threads, n) -> {round: ns}
        self.ops = {}
        for r in rows:
            key = (r["variant"], r["workload"], int(r["threads"]), int(r["n"]))
            self.rounds.setdefault(key, {})[int(r["round"])] = float(r["ns"])
            self.ops[key] = int(r["ops"])
        self.counts = counts  # (core, workload, n) -> (ops, Ir/op, Dr/op)
        self.cores = [c for c in CORES if any(k[0] == c for k in self.rounds)]
        self.ns = sorted({k[3] for k in self.rounds})

    def median(self, core, w, n, threads=1):
        r = self.rounds.get((core, w, threads, n))
        return statistics.median(r.values()) if r else None

    def ratio(self, a, b):
        """Median over the rounds of a's time over b's in the same round."""
        ra, rb = self.rounds.get(a), self.rounds.get(b)
        if not ra or not rb:
            return None
        return statistics.median(ra[i] / rb[i] for i in ra if i in rb)

    def count(self, core, w, n, what):
        c = self.counts.get((core, w, n))
        return None if c is None else c[1 if what == "ir" else 2]


def verdict(parts, label):
    """One goal's line: PASS if every measured part holds, SKIP if none."""
    measured = [p for p in parts if p[0] is not None]
    if not measured:
        return "SKIP", label + ": " + "; ".join(p[1] for p in parts)
    ok = all(p[0] for p in measured)
    return "PASS" if ok else "FAIL", label + ": " + "; ".join(
        p[1] for p in parts)


def goals(run):
    """The six goals, as (verdict, text) lines, and information lines."""
    out, info = [], []
    counted = bool(run.counts)
    nocount = (None, "instructions not counted (--no-callgrind)")
    n0, big, mid = 1, 100000, 10000
    lists = [c for c in ("v2.6.34", "posted") if c in run.cores]

    # 1: far faster than the list-based cores at N=10000
    if not lists or mid not in run.ns:
        out.append(("SKIP", "1 update_moves at N=10000: needs N=10000 and "
                    "a list-based core (KSRC)"))
    for c in lists if mid in run.ns else []:
        t = run.ratio((c, "update_moves", 1, mid),
                      ("project", "update_moves", 1, mid))
        parts = [(t >= FASTER, "%s takes %.0fx project's time" % (c, t))]
        if counted:
            i = (run.count(c, "update_moves", mid, "ir") /
                 run.count("project", "update_moves", mid, "ir"))
            parts.append((i >= FASTER, "%.0fx its instructions" % i))
        else:
            parts.append(nocount)
        v, text = verdict(parts, "1 update_moves at N=10000")
        out.append((v, text + " (goal: at least %dx)" % FASTER))
        info.append("update_moves at N=10000: %s %.4g ns/op, project %.4g "
                    "ns/op" % (c, run.median(c, "update_moves", mid),
                               run.median("project", "update_moves", mid)))

    # 2: N=100000 costs at most about twice N=1
    if big in run.ns and n0 in run.ns:
        t = run.ratio(("project", "update_moves", 1, big),
                      ("project", "update_moves", 1, n0))
        parts = [(t <= GROWTH_TIME, "%.2fx the time" % t)]
        if counted:
            i = (run.count("project", "update_moves", big, "ir") /
                 run.count("project", "update_moves", n0, "ir"))
            parts.append((i <= GROWTH_INSTR, "%.2fx the instructions" % i))
        else:
            parts.append(nocount)
        v, text = verdict(parts, "2 update_moves at N=100000 against N=1")
        out.append((v, text + " (goal: at most %gx the time, %gx the "
                    "instructions)" % (GROWTH_TIME, GROWTH_INSTR)))
    else:
        out.append(("SKIP", "2 update_moves at N=100000 against N=1: "
                    "needs both"))

    # 3, 4: flat in N
    for num, w, name in (("3", "update_same", "update_same"),
                         ("4", "request", "pm_qos_request()")):
        rest = [n for n in run.ns if n != n0]
        if n0 not in run.ns or not rest:
            out.append(("SKIP", num + " " + name + ": needs N=1 and more"))
            continue
        t = max(run.ratio(("project", w, 1, n), ("project", w, 1, n0))
                for n in rest)
        parts = [(t <= FLAT_TIME, "at most %.2fx N=1's time over N=%d..%d"
                  % (t, rest[0], rest[-1]))]
        if counted:
            ir = [run.count("project", w, n, "ir") for n in run.ns]
            parts.append((max(ir) <= (1 + FLAT_INSTR) * min(ir),
                          "instructions/op %.1f..%.1f" % (min(ir), max(ir))))
        else:
            parts.append(nocount)
        v, text = verdict(parts, num + " " + name + " does not grow with N")
        out.append((v, text + " (goal: at most %gx; instructions within "
                    "%d%%)" % (FLAT_TIME, FLAT_INSTR * 100)))

    # 5: the reader is one load and a few instructions beyond an empty call
    t = max(run.ratio(("project", "request", 1, n),
                      ("project", "call_nop", 1, n)) for n in run.ns)
    parts = [(t <= READER_TIME, "at most %.2fx its time" % t)]
    if counted:
        dr = [run.count("project", "request", n, "dr") -
              run.count("project", "call_nop", n, "dr") for n in run.ns]
        ir = [run.count("project", "request", n, "ir") -
              run.count("project", "call_nop", n, "ir") for n in run.ns]
        parts.append((all(abs(d - 1) < 0.01 for d in dr),
                      "%.2f..%.2f data reads" % (min(dr), max(dr))))
        parts.append((max(ir) <= READER_INSTR,
                      "%.1f..%.1f instructions" % (min(ir), max(ir))))
    else:
        parts.append((None, "data reads not counted (--no-callgrind)"))
    v, text = verdict(parts, "5 pm_qos_request() beyond an empty call, at "
                      "every N")
    out.append((v, text + " (goal: exactly 1 data read, at most %d "
                "instructions, at most %gx the time)"
                % (READER_INSTR, READER_TIME)))
    # 6: an update that moves the target against one that does not
    rest = [n for n in run.ns if n >= 2]
    if not rest:
        out.append(("SKIP", "6 update_moves against update_stays: needs "
                    "N of 2 or more"))
    else:
        t = max(run.ratio(("project", "update_moves", 1, n),
                          ("project", "update_stays", 1, n)) for n in rest)
        parts = [(t <= MOVES_OVER_STAYS, "at most %.2fx its time over "
                  "N=%d..%d" % (t, rest[0], rest[-1]))]
        if counted:
            i = max(run.count("project", "update_moves", n, "ir") /
                    run.count("project", "update_stays", n, "ir")
                    for n in rest)
            parts.append((i <= MOVES_OVER_STAYS, "at most %.2fx its "
                          "instructions" % i))
        else:
            parts.append(nocount)
        v, text = verdict(parts, "6 update_moves against update_stays")
        out.append((v, text + " (goal: at most %gx the time and the "
                    "instructions)" % MOVES_OVER_STAYS))
    for c in run.cores:
        line = "reader of %s: %.3g ns/op, an empty call %.3g ns/op" % (
            c, statistics.median(run.median(c, "request", n)
                                 for n in run.ns),
            statistics.median(run.median(c, "call_nop", n) for n in run.ns))
        if counted:
            line += ", %+.0f instructions and %+.2f data reads beyond it" % (
                run.count(c, "request", n0, "ir") -
                run.count(c, "call_nop", n0, "ir"),
                run.count(c, "request", n0, "dr") -
                run.count(c, "call_nop", n0, "dr"))
        info.append(line + " (median over N)")
    p_out, p_info = plist_goals(run)
    return out + p_out, info + p_info


def num(x):
    """A ratio in a few characters."""
    if x is None:
        return "-"
    return "%.2f" % x if x >= 0.1 else "%.1g" % x


def peer_ratios(run, peer, w, n):
    """project over peer at one point: (paired time ratio, instruction
    ratio); either is None where it was not measured."""
    t = run.ratio(("project", w, 1, n), (peer, w, 1, n))
    a, b = run.count("project", w, n, "ir"), run.count(peer, w, n, "ir")
    return t, (a / b if a is not None and b else None)


def plist_goals(run):
    """The goals against the plist cores, and where one of them is ahead.

    7: with distinct values from N=64 on, a change (update_moves,
    update_stays, add_remove) takes less time and fewer instructions than
    on each plist core: a plist add walks its list of distinct values,
    O(N) with IRQs off, where the rbtree descends O(log N).
    8: up to N=64, the sizes that occur, on either value set, a change
    takes the time of each plist core within noise: at most NOISE_TIME
    times its time.  Its instructions are bounded, not equal: at most
    SMALL_INSTR times the plist core's.  With a few values a plist add
    walks a list of at most four values, constant in N, where the rbtree
    descends log2(N) levels and may rebalance, about a dozen instructions
    a level; so with few values and N above a handful a plist core
    executes fewer instructions (up to 1.40x fewer at N=64 in the run
    recorded), in the same time.  The "ahead" lines say where and by how
    much each core is ahead.
    9: pm_qos_request() takes at most READER_PEER_TIME times each plist
    core's time at every N.  It is one load, as theirs, but the posted
    API's reader takes a class and checks it (an invalid one returns 0
    with one warning), where 6.1's reads one fixed class: 5 instructions
    more, which on a call of about a nanosecond is a quarter of its
    time.  The "ahead" lines say so.
    update_same and the changes with few values above N=64 have no goal
    against the plist cores: they are ahead there, and the lines say so.
    """
    out, info = [], []
    peers = [c for c in PLIST_PEERS if c in run.cores]
    if not peers:
        return [("SKIP", "7-9 against the plist cores: neither v2.6.36 "
                 "(PMQOS_V2636) nor 6.1 (make deps) was built")], []
    counted = bool(run.counts)
    for peer in peers:
        # 7
        parts = []
        big = [n for n in run.ns if n >= PLIST_BIG]
        for w in CHANGES:
            rs = [peer_ratios(run, peer, w, n) for n in big]
            ts = [r[0] for r in rs if r[0] is not None]
            ins = [r[1] for r in rs if r[1] is not None]
            if ts:
                parts.append((max(ts) < 1, "%s at most %.2fx its time" %
                              (w, max(ts))))
            if ins:
                parts.append((max(ins) < 1, "%.2fx its instructions" %
                              max(ins)))
            elif ts and not counted:
                parts.append((None, "instructions not counted"))
        if not big or not parts:
            out.append(("SKIP", "7 against %s at N>=%d: needs those N" %
                        (peer, PLIST_BIG)))
        else:
            v, text = verdict(parts, "7 distinct values, N>=%d, against "
                              "%s" % (PLIST_BIG, peer))
            out.append((v, text + " (goal: below 1x both)"))
        # 8
        parts = []
        small = [n for n in run.ns if n <= PLIST_SMALL]
        for w in [pre + w for pre in VALUE_SETS for w in CHANGES]:
            rs = [peer_ratios(run, peer, w, n) for n in small]
            ts = [r[0] for r in rs if r[0] is not None]
            ins = [r[1] for r in rs if r[1] is not None]
            if ts:
                ok = max(ts) <= NOISE_TIME and (not ins or
                                                max(ins) <= SMALL_INSTR)
                parts.append((ok, "%s %.2fx/%s" % (
                    w, max(ts), "%.2fx" % max(ins) if ins else "-")))
        if not parts:
            out.append(("SKIP", "8 against %s at N<=%d: needs those N" %
                        (peer, PLIST_SMALL)))
        else:
            v, text = verdict(parts, "8 N<=%d, against %s, at most "
                              "(time/instructions)" % (PLIST_SMALL, peer))
            out.append((v, text + " (goal: at most %gx the time, %gx the "
                        "instructions)" % (NOISE_TIME, SMALL_INSTR)))
        # 9
        ts = [run.ratio(("project", w, 1, n), (peer, w, 1, n))
              for w in ("request", "few:request") for n in run.ns]
        ts = [t for t in ts if t is not None]
        if ts:
            out.append(("PASS" if max(ts) <= READER_PEER_TIME else "FAIL",
                        "9 pm_qos_request() against %s, every N: at most "
                        "%.2fx its time (goal: at most %gx)" %
                        (peer, max(ts), READER_PEER_TIME)))
        # the noise: two empty calls, the same code in two cores
        nop = [run.ratio(("project", w, 1, n), (peer, w, 1, n))
               for w in ("call_nop", "few:call_nop") for n in run.ns]
        nop = [t for t in nop if t is not None]
        if nop:
            info.append("noise against %s: an empty call, the same code, "
                        "%.2fx..%.2fx its time" % (peer, min(nop), max(nop)))
        info += ahead_lines(run, peer)
    return out, info


def ahead_lines(run, peer):
    """Where peer is ahead beyond noise: more than NOISE_TIME times its
    time, or more than its instructions (all N of a workload in one line)."""
    lines = []
    for w in WORKLOADS:
        if w.endswith("call_nop"):
            continue
        cells = []
        for n in run.ns:
            t, i = peer_ratios(run, peer, w, n)
            if (t is not None and t > NOISE_TIME) or (i is not None and
                                                      i > 1.0):
                cells.append("N=%d %s/%s" % (n, num(t), num(i)))
        if cells:
            lines.append("%s ahead on %s (project's time/instructions over "
                         "its): %s" % (peer, w, ", ".join(cells)))
    return lines


def peer_table(run):
    """Text: project's time over each other core's (paired, one run) and,
    after the slash, its instructions over that core's, per workload and
    N; below 1 project is ahead."""
    head = "%-8s %-18s" % ("peer", "workload") + "".join(
        " %11s" % ("N=%d" % n) for n in run.ns)
    lines = [head]
    for peer in [c for c in run.cores if c != "project"]:
        for w in WORKLOADS:
            if w.endswith("call_nop"):
                continue
            cells = []
            for n in run.ns:
                t, i = peer_ratios(run, peer, w, n)
                cells.append(" %11s" % (num(t) + "/" + num(i)))
            lines.append("%-8s %-18s" % (peer, w) + "".join(cells))
    return "\n".join(lines) + "\n"


TRIGGER = "desc: Trigger: Client Request: "


def read_counts(cgdir):
    """(core, workload, n) -> (ops, Ir/op, Dr/op), from the difference of
    the profiles of K and 2 K ops."""
    dumps = {}
    for f in glob.glob(os.path.join(cgdir, "*", "callgrind.out.*")):
        label = events = None
        for line in open(f):
            if line.startswith(TRIGGER):
                label = line[len(TRIGGER):].split()
            elif line.startswith("events:"):
                events = line.split()[1:]
            elif line.startswith("totals:") and label:
                tot = dict(zip(events, map(int, line.split()[1:])))
                core, w, n, ops = label
                dumps[(core, w, int(n), int(ops))] = (tot["Ir"], tot["Dr"])
    counts = {}
    for (core, w, n, ops), (ir, dr) in dumps.items():
        two = dumps.get((core, w, n, 2 * ops))
        if two:
            counts[(core, w, n)] = (ops, (two[0] - ir) / ops,
                                    (two[1] - dr) / ops)
    return counts


def summary(run):
    """bench.tsv's rows: one per core, workload, threads and N."""
    rows = []
    for n in run.ns:
        for w in WORKLOADS:
            for threads in (1, 2):
                for c in run.cores:
                    r = run.rounds.get((c, w, threads, n))
                    if not r:
                        continue
                    cnt = run.counts.get((c, w, n)) if threads == 1 else None
                    rows.append([c, w, threads, n,
                                 "%.4g" % statistics.median(r.values()),
                                 "%.4g" % quantile(r.values(), 0.25),
                                 "%.4g" % quantile(r.values(), 0.75),
                                 len(r), run.ops[(c, w, threads, n)]] +
                                (["%d" % cnt[0], "%.1f" % cnt[1],
                                  "%.2f" % cnt[2]] if cnt else ["NA"] * 3))
    return rows


TSV_HEAD = ["variant", "workload", "threads", "n", "ns_median", "ns_q1",
            "ns_q3", "reps", "ops", "cg_ops", "instr_per_op", "dr_per_op"]


def table(run, rows):
    """Markdown: per workload, threads and N, each core's median ns/op, its
    spread (half the interquartile range, relative) and instructions/op."""
    cell = {(r[1], r[2], r[3], r[0]): r for r in rows}
    head = "| workload | thr | N |" + "".join(
        " %s ns/op | +-%% | instr/op |" % c for c in run.cores)
    lines = [head, "|" + "---|" * (3 + 3 * len(run.cores))]
    for n in run.ns:
        for w in WORKLOADS:
            for threads in (1, 2):
                if (w, threads, n, run.cores[0]) not in cell:
                    continue
                line = "| %s | %d | %d |" % (w, threads, n)
                for c in run.cores:
                    r = cell[(w, threads, n, c)]
                    med = float(r[4])
                    spread = (float(r[6]) - float(r[5])) / 2 / med * 100
                    line += " %s | %.0f | %s |" % (
                        "%.2f" % med if med < 10 else "%.0f" % med,
                        spread, r[10])
                lines.append(line)
    return "\n".join(lines)


def plot(run, path, what):
    """ns/op (or instructions/op) against N, log-log, one thread: one panel
    per workload and value set (top: distinct values, bottom: few), one
    line per core."""
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    shown = [w for w in BASE_WORKLOADS if w != "call_nop"]
    fig, axes = plt.subplots(len(VALUE_SETS), len(shown),
                             figsize=(4 * len(shown), 4.2 * len(VALUE_SETS)))
    for row, pre in enumerate(VALUE_SETS):
        for ax, base in zip(axes[row], shown):
            w = pre + base
            for c in run.cores:
                pts = [(n, run.median(c, w, n) if what == "ns" else
                        run.count(c, w, n, "ir")) for n in run.ns]
                pts = [p for p in pts if p[1] is not None]
                if pts:
                    ax.plot(*zip(*pts), marker="o", markersize=3,
                            color=COLOURS[c], label=c)
            ax.set(xscale="log", yscale="log", xlabel="N",
                   title="%s (%s values)" % (
                       base, "few" if pre else "distinct"),
                   ylabel="ns/op (median)" if what == "ns" else
                   "instructions/op (callgrind)")
            ax.grid(True, which="both", alpha=0.3)
            ax.legend(fontsize=7, loc="upper left")
    fig.suptitle("pm_qos: %s against N requests (log-log, one thread)" % (
        "ns/op" if what == "ns" else "instructions/op"))
    fig.tight_layout()
    fig.savefig(path, dpi=72)
    plt.close(fig)


METHOD = """\
N requests in PM_QOS_CPU_DMA_LATENCY (aggregate: the minimum), from one of
two sets of values: distinct (request i at 100 + 2i, target 100), and few
(request i at 20, 2000000000 = the class default, 100, 500 for i mod 4 = 0,
1, 2, 3: the values real users ask for; target 20; the workloads on this
set are named few:...).  Every core is built from its source with the same
stub headers and flags into one binary (tools/testing/pm_qos/bench.c,
bench-variant.c).  Workloads (one op each) on request m = N/2:
update_moves: to 1 (few: to 0, what a process writes to
/dev/cpu_dma_latency to keep the CPUs out of deep C-states) and back, the
target moves every time; update_stays: to its value + 1 (few: to the
default, or 500 from the default) and back (none at N=1: a lone request
always moves the target); update_same: to the value it has; add_remove: add
a request (at m's value + 1; few: at the default) and remove it: an open and
a close of /dev/cpu_dma_latency, or ALSA's hw_params; request: the target,
pm_qos_request() (v2.6.34: pm_qos_requirement(); 6.1: pm_qos_read_value());
call_nop: an empty function called like request, the loop's floor.

The cores: project (an rbtree of requests); v2.6.34 (a list, requests known
by name); posted (the 2010-04-30 patch: a list of handles); v2.6.36 (a
plist: a list of the distinct values, each with the list of its requests,
the handle allocated by the caller); 6.1 (the same plist under
pm_qos_update_target()).  6.1 has no handle API of the 2010 shape over its
constraint core, so the bench's adapter (bench-variant.c) adds one: add
allocates the node, as 6.1's misc device open does, and calls
pm_qos_update_target(PM_QOS_ADD_REQ); update returns at once when the
value is the node's, as 6.1's cpu_latency_qos_update_request() does, and
else calls PM_QOS_UPDATE_REQ; remove calls PM_QOS_REMOVE_REQ and frees the
node; the reader is pm_qos_read_value(); when the target moved, the adapter
kicks every other idle CPU, as 6.1's wake_up_all_idle_cpus() does and with
the same loop as project's kick.  The 2.6.36 add and remove are wrapped
the same way (allocation and free around them, as its misc device does).

Every core but 6.1 has one notifier on the class that does nothing, as
cpuidle's is there on any SMP kernel of 2010: v2.6.34, posted and v2.6.36
call it inside each update that moves the target; project queues its class's
work item there (the harness's workqueue, whose item stays pending through a
timing, as keventd's does through a burst of moves before it runs) and the
work runs, outside the timings, when the point is torn down.  6.1's CPU
latency class has no notifier chain (cpuidle reads the target), so none is
added.  Above 1000 requests the list-based cores get their list built
directly (the list N adds would leave, then their own update_target()), as
N O(N) adds would take minutes; the plist cores are built with their own add,
the highest value first.  Every workload is checked on every core to do
what its name says, and to leave the requests and allocations as they were,
before and after it is timed.

Each of {reps} rounds sets every N and value set up afresh and runs every
point once on every core for about {target_us} us, the cores in rotating
order.  ns/op is the median of a point's {reps} rounds, +-% half their
interquartile range relative to it.  The goals compare two timings by their
paired ratio: the ratio within each round, whose two timings ran moments
apart, then the median over the rounds; so a slow phase of the machine moves
both sides of a ratio alike.  Absolute ns/op depend on the machine and its
load; the verdicts do not rest on them.

Two threads: both run the op at once on the same class (the second on request
N/2 + N/4, moving it to 2; few: to 1), so an update may find the target
already moved by the other; ns/op is wall time over one thread's ops, what
each caller pays.  While the other CPU is busy the two threads share one.
The plots show one thread.

instr/op: callgrind, one thread, a fixed number K of ops per point (2000; for
the updates and add_remove of the list and plist cores 200000/N, at least
2): the count of 2K ops less that of K ops, over K; data reads likewise.
v2.6.34's handle is the request's name: its updates include the strcmp()
walk that finds it (request N/2 sits mid-list)."""


def tool_version(cmd):
    try:
        return subprocess.run(cmd, capture_output=True, text=True,
                              check=False).stdout.splitlines()[0]
    except (OSError, IndexError):
        return "no " + cmd[0]


def machine():
    cpu = open("/proc/cpuinfo").read()
    model = re.search(r"^model name\s*: (.*)$", cpu, re.M)
    return "%s, %d CPUs%s, Linux %s" % (
        model.group(1) if model else platform.machine(), os.cpu_count(),
        " (virtual machine)" if re.search(r"\bhypervisor\b", cpu) else "",
        platform.release())


def markdown(run, args, lines, info, tab, peers):
    about = "\n".join("- " + a for a in args.about)
    load = " ".join("%.2f" % x for x in os.getloadavg())
    rows = run.rounds.values()
    return """# pm_qos bench

Produced by `scripts/bench` (`make bench`){took}.

- Machine: {machine}
- Compiler: {cc}, -O2; {valgrind}
- Load average (1, 5, 15 min) at the start: {load0}; at the end: {load}
{about}

## Method

{method}

## Goals

```
{goals}
{info}
```

## Against each core

project's time over the other core's (the paired ratio, one thread) and,
after the slash, its instructions over that core's; below 1 project is
ahead.

```
{peers}```

## Results

{table}

![ns/op against N](bench.png)
{instr}
Numbers: [bench.tsv](bench.tsv).
""".format(took=", " + args.took if args.took else "", machine=machine(),
           load0=args.load_start,
           cc=tool_version(["cc", "--version"]),
           valgrind=tool_version(["valgrind", "--version"]), load=load,
           about=about, goals="\n".join("%s %s" % g for g in lines),
           info="\n".join("info " + i for i in info), table=tab,
           peers=peers,
           method=METHOD.format(reps=max(len(r) for r in rows),
                                target_us=args.target_us),
           instr="![instructions/op against N](bench-instr.png)\n"
           if run.counts else "")


def self_test():
    """The goals on made-up runs: one that meets them, and one bad in each
    way a core could be; returns the number of wrong verdicts."""
    def make(slow_big=1.0, reader_dr=1.0, same_grows=1.0, slow_move=1.0,
             plist_big=10.0, plist_small=1.0, plist_read=1.0):
        """plist_*: 6.1's cost over project's, at N>=64, below, and of
        the reader."""
        rows, counts = [], {}
        for n in (1, 10000, 100000):
            for c in ("project", "posted", "6.1"):
                lst = c == "posted"
                cost = {"update_moves": (n if lst else 1) * 40.0 *
                        (slow_big if n == 100000 and not lst else 1) *
                        (slow_move if not lst else 1),
                        "update_same": 14.0 * (same_grows if n > 1 else 1),
                        "request": 1.6, "call_nop": 1.6,
                        "update_stays": 30.0, "add_remove": 60.0}
                if c == "6.1":
                    f = plist_big if n >= PLIST_BIG else plist_small
                    cost = {w: ns * (plist_read if w == "request" else
                                     1 if w == "call_nop" else f)
                            for w, ns in cost.items()}
                for w, ns in cost.items():
                    for r in range(5):
                        rows.append(dict(variant=c, workload=w, threads=1,
                                         n=n, round=r, ns=ns * (1 + r / 50),
                                         ops=100))
                    ir = {"request": 13, "call_nop": 8}.get(w, ns * 8)
                    dr = {"request": 1 + reader_dr, "call_nop": 1}.get(w, 9)
                    counts[(c, w, n)] = (2000, ir, dr)
        return goals(Run(rows, counts))[0]

    cases = [(make(), {"1": "PASS", "2": "PASS", "3": "PASS", "4": "PASS",
                       "5": "PASS", "6": "PASS"}),
             (make(slow_big=3.0), {"2": "FAIL"}),
             (make(slow_move=3.0), {"6": "FAIL", "1": "PASS"}),
             (make(reader_dr=2.0), {"5": "FAIL"}),
             (make(same_grows=2.0), {"3": "FAIL"}),
             (make(), {"7": "PASS", "8": "PASS", "9": "PASS"}),
             (make(plist_big=0.5), {"7": "FAIL", "8": "PASS"}),
             (make(plist_small=0.5), {"8": "FAIL", "7": "PASS"}),
             (make(plist_read=0.5), {"9": "FAIL"})]
    wrong = 0
    for lines, want in cases:
        got = {text.split()[0]: v for v, text in lines}
        for goal, v in want.items():
            if got.get(goal) != v:
                print("self-test: goal %s is %s, expected %s: %s" % (
                    goal, got.get(goal), v, lines), file=sys.stderr)
                wrong += 1
    print("bench-report self-test: %d of %d verdicts wrong" % (
        wrong, sum(len(w) for _, w in cases)))
    return wrong


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--time", help="what `bench time` printed")
    p.add_argument("--out", help="the directory for the results")
    p.add_argument("--callgrind", help="the directory of the profiles")
    p.add_argument("--about", action="append", default=[],
                   help="a line for bench.md's list of what was measured")
    p.add_argument("--took", default="", help="how long the run took")
    p.add_argument("--load-start", default="?",
                   help="/proc/loadavg's first three fields at the start")
    p.add_argument("--target-us", default="250")
    p.add_argument("--self-test", action="store_true",
                   help="check the verdicts on made-up runs and exit")
    args = p.parse_args()
    if args.self_test:
        return 1 if self_test() else 0
    if not args.time or not args.out:
        p.error("--time and --out are needed")
    with open(args.time) as f:
        head = f.readline().rstrip("\n").split("\t")
        rows = [dict(zip(head, line.rstrip("\n").split("\t"))) for line in f]
    if not rows or "round" not in head:
        sys.exit("bench-report: %s holds no rounds of `bench time`" %
                 args.time)
    counts = read_counts(args.callgrind) if args.callgrind else {}
    if args.callgrind and not counts:
        sys.exit("bench-report: no profiles of `bench count` in %s" %
                 args.callgrind)
    run = Run(rows, counts)
    lines, info = goals(run)
    rows = summary(run)
    os.makedirs(args.out, exist_ok=True)
    with open(os.path.join(args.out, "bench.tsv"), "w") as f:
        for r in [TSV_HEAD] + rows:
            f.write("\t".join(map(str, r)) + "\n")
    tab = table(run, rows)
    plot(run, os.path.join(args.out, "bench.png"), "ns")
    if run.counts:
        plot(run, os.path.join(args.out, "bench-instr.png"), "instr")
    peers = peer_table(run)
    with open(os.path.join(args.out, "peers.txt"), "w") as f:
        f.write(peers)
    with open(os.path.join(args.out, "bench.md"), "w") as f:
        f.write(markdown(run, args, lines, info, tab, peers))
    print(peers)
    for v, text in lines:
        print(v, text)
    for i in info:
        print("info", i)
    return 1 if any(v == "FAIL" for v, _ in lines) else 0


if __name__ == "__main__":
    sys.exit(main())
