"""python3 -m pmqos [OPTION]... [DIR]: the converter (convert/pmqos-convert
hands over to it).  The options are read here; run.py does the run."""

import os
import sys
from typing import List

from .run import Failure, Options, Run, say
from .inplace import WriteError

TOP = os.path.dirname(os.path.dirname(os.path.dirname(
    os.path.abspath(__file__))))


def ncpu() -> int:
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:
        return os.cpu_count() or 1


USAGE = """\
usage: convert/pmqos-convert [--report | --in-place] [-j N] [--ksrc TREE]
                             [-I DIR]... [--all-includes] [--any-struct]
                             [--json FILE] [--only PATH]... [DIR]

Converts the C files of DIR (default: the example out-of-tree driver,
examples/pmqos-demo) that call the old pm_qos requirement API.

  (default)       print the conversion as a patch (apply with patch -p1 in
                  DIR, or git apply)
  --in-place      apply the conversion to the files in DIR: all of them or,
                  when one cannot be written, none (one line says which
                  and why)
  --report        print one line per request, at its first call,
                  file:line: what it becomes, or "not converted:" and the
                  reason; below it its other calls, why, and the notes
                  that ask for a check; then the counts by reason.  Exit
                  0 when nothing is left unconverted, 1 otherwise.  The
                  lines are those of the files as given (with --in-place:
                  as they were before it)
  -j N            spatch processes in parallel (default: %(ncpu)d)
  --ksrc TREE     (or KSRC=TREE) the kernel tree the driver builds against:
                  -I TREE/include -I TREE/arch/ARCH/include --all-includes
                  (a TREE without include/ is refused)
  -I DIR          include directory (repeatable); implies --all-includes
  --all-includes  let spatch read <...> includes too, so that a handle can
                  go into a structure declared under include/
  --json FILE     also write every call site, converted or not and why, and
                  the files changed, as JSON to FILE (convert/pmqos/report.py
                  describes the format)
  --only PATH     only the C files under DIR/PATH are candidates (repeatable):
                  one driver of a tree whose headers the conversion may
                  change (with --any-struct, the kernel's include/); a
                  request that a call in another C file of DIR also names
                  (the same class and name) is said before anything is
                  written and left on the old API, unless the Makefile
                  builds that file only instead of those given
                  (ifeq/else)
  --any-struct    a handle may go into a structure declared outside the
                  driver's directory (for converting the kernel itself:
                  struct snd_pcm_substream of include/sound/pcm.h)

A file whose <mach/...> and <plat/...> headers are all found in one
machine's arch/ARCH/mach-*/include (and platform's plat-*/include) of DIR
is read with those directories, as Kbuild builds it: a structure of the
driver declared there may hold a handle.

All files of DIR are decided together, so a request added in one file and
updated in another is converted when the handle can live in a structure
both reach.  A name built at run time or passed in may name any request
of its class among the files given; a name read from a field only the
strings that its driver's stores can put there (in the files its Kbuild
object is built from), or that driver's device names (a field that holds
only copies of its device's name is that name, and so is
hcd->self.bus_name, named by usb_create_hcd()).  A request is converted
only when every call that may name it is
found and parsed by spatch (none in a function it could not parse, none
in a file with merge-conflict markers), it has one handle per instance
(static only when it exists once: module init, a probe of a driver for
one device, or one variant of those the Makefile builds one at a time;
else a field of the driver's own per-instance structure; no add runs
again, in a loop or after another add, before a remove; a static handle
is declared outside any #if that not all its calls are in), the holder is
alive at each call (a remove after the free of its holder is moved
before it when nothing between them uses the request), no add runs in
atomic context and no call is under a kernel version guard; else all its
calls are reported with the reason (the rules: convert/pmqos/*.py).  A
request whose calls are all in branches only kernels before 2.6.35 build
(OLD_KERNEL) is right upstream, not on 2.6.34 with this series: the
report says what to change.
Updates and removes in atomic context are converted: that needs the
series' core (v3 on).  An update that can run before the add is guarded
with if (handle), as the old API ignored an unknown name; a remove
clears the handle.  The summary goes to stderr; on a terminal, a run of
more than a few seconds shows its progress there.
"""


class Usage(Exception):
    pass


def absdir(p: str) -> str:
    """p as an absolute path the way the shell's cd and pwd give it:
    .. taken away by name, symbolic links kept."""
    if not os.path.isabs(p):
        here = os.environ.get("PWD", "")
        try:
            if not here or not os.path.samefile(here, "."):
                here = os.getcwd()
        except OSError:
            here = os.getcwd()
        p = os.path.join(here, p)
    return os.path.normpath(p)


def add_ksrc(o: Options, tree: str) -> None:
    k = absdir(tree)
    if not os.path.isdir(k):
        raise Failure("no kernel tree at %s" % tree)
    # A tree without include/ would give spatch nothing more to read:
    # refuse it rather than convert as if no tree had been given.
    if not os.path.isdir(os.path.join(k, "include")):
        raise Failure("--ksrc %s: no include/ there, so not a kernel tree "
                      "(give the tree that holds include/linux/, or leave "
                      "out --ksrc)" % k)
    o.idirs += ["-I", os.path.join(k, "include")]
    arch = os.path.join(k, "arch")
    for a in sorted(os.listdir(arch)) if os.path.isdir(arch) else []:
        if os.path.isdir(os.path.join(arch, a, "include")):
            o.idirs += ["-I", os.path.join(arch, a, "include")]
    o.incl = "--all-includes"


def parse(argv: List[str]) -> Options:
    o = Options(jobs=0)
    jobs = str(ncpu())
    args = list(argv)

    def value(opt: str, what: str) -> str:
        if not args:
            raise Failure("%s needs %s" % (opt, what))
        return args.pop(0)

    while args:
        a = args.pop(0)
        if a == "--report":
            o.mode = "report"
        elif a == "--in-place":
            o.mode = "inplace"
        elif a == "-j":
            jobs = value("-j", "a number")
        elif a.startswith("-j"):
            jobs = a[2:]
        elif a == "--all-includes":
            o.incl = "--all-includes"
        elif a == "-I":
            d = value("-I", "a directory")
            if not os.path.isdir(d):
                raise Failure("-I %s: no such directory" % d)
            o.idirs += ["-I", absdir(d)]
            o.incl = "--all-includes"
        elif a == "--ksrc":
            add_ksrc(o, value("--ksrc", "a directory"))
        elif a.startswith("KSRC="):
            add_ksrc(o, a[len("KSRC="):])
        elif a == "--any-struct":
            o.any_struct = True
        elif a == "--json":
            o.json_out = value("--json", "a file")
        elif a == "--only":
            o.only.append(value("--only", "a path under DIR"))
        elif a in ("-h", "--help"):
            sys.stdout.write(USAGE % {"ncpu": ncpu()})
            sys.exit(0)
        elif a == "--":
            if len(args) > 1 or (args and o.dir):
                raise Usage()
            if args:
                o.dir = args.pop(0)
        elif a.startswith("-"):
            raise Usage()
        else:
            if o.dir:
                raise Usage()
            o.dir = a
    if o.json_out and not os.path.isabs(o.json_out):
        o.json_out = absdir(o.json_out)
    if not jobs.isdigit() or int(jobs) == 0:
        raise Failure("-j wants a positive number, not '%s'" % jobs)
    o.jobs = int(jobs)
    if not o.dir:
        o.dir = os.path.join(TOP, "examples", "pmqos-demo")
    if not os.path.isdir(o.dir):
        raise Failure("no directory %s" % o.dir)
    o.dir = absdir(o.dir)
    return o


def need_tool(cmd: str, package: str) -> None:
    for d in os.environ.get("PATH", "").split(os.pathsep):
        if d and os.access(os.path.join(d, cmd), os.X_OK):
            return
    raise Failure("missing '%s': run 'make deps' (or apt-get install %s)"
                  % (cmd, package))


def main(argv: List[str]) -> int:
    try:
        o = parse(argv)
        need_tool("spatch", "coccinelle")
        if o.mode != "report":
            need_tool("patch", "patch")
        return Run(o).main()
    except Usage:
        sys.stderr.write(USAGE % {"ncpu": ncpu()})
        return 2
    except (Failure, WriteError) as e:
        say(str(e))
        return 1
    except KeyboardInterrupt:
        say("interrupted")
        return 130


def entry() -> None:
    """The console script of pyproject.toml."""
    sys.exit(main(sys.argv[1:]))


if __name__ == "__main__":
    entry()
