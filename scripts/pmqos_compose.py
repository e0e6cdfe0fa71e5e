#!/usr/bin/env python3
"""The core files as the last of the leading "pm_qos:" patches of series
leaves them: the new core beside the string API.  scripts/mkseries builds
that patch from them and scripts/series-check compares the patch with them
and reverse-applies the earlier core patches from them.

usage: pmqos_compose.py [--top TOP] OUT

Writes into OUT: kernel/pm_qos_params.c with compose/deprecated.c (its
leading #include lines join the core's first block of includes, the rest
is appended), include/linux/pm_qos_params.h with compose/deprecated.h
before its final #endif, and Documentation/power/pm_qos_interface.txt and
include/trace/events/pm_qos.h (the core's tracepoints) as they are.  TOP:
the repository (default: the one this script is in).
"""
import argparse
import os
import shutil
import sys

TOP = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
# The files of the last core patch that are the repository's as they are.
AS_THEY_ARE = ['Documentation/power/pm_qos_interface.txt',
               'include/trace/events/pm_qos.h']


def read(path: str) -> str:
    """The text of the file at path."""
    with open(path, encoding='utf-8') as f:
        return f.read()


def write(path: str, text: str) -> None:
    """Write text to path, making its directory."""
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, 'w', encoding='utf-8') as w:
        w.write(text)


def core_c(top: str) -> str:
    """kernel/pm_qos_params.c with compose/deprecated.c: the deprecated
    file's leading #include lines join the core's first block of
    includes, the rest of it is appended."""
    core = read(top + '/kernel/pm_qos_params.c').split('\n')
    extra = read(top + '/compose/deprecated.c').split('\n')
    inc = []
    while extra and extra[0].startswith('#include'):
        inc.append(extra.pop(0))
    first = next(i for i, line in enumerate(core)
                 if line.startswith('#include'))
    end = next(i for i in range(first, len(core))
               if not core[i].startswith('#include'))
    core[end:end] = inc
    return '\n'.join(core).rstrip('\n') + '\n' + '\n'.join(extra)


def core_h(top: str) -> str:
    """include/linux/pm_qos_params.h with compose/deprecated.h before its
    final #endif."""
    head = read(top + '/include/linux/pm_qos_params.h').split('\n')
    i = max(i for i, line in enumerate(head) if line.startswith('#endif'))
    return ('\n'.join(head[:i]) + '\n' + read(top + '/compose/deprecated.h')
            + '\n'.join(head[i:]))


def compose(top: str, out: str) -> None:
    """Write into out the files of the last core patch, from top."""
    write(out + '/kernel/pm_qos_params.c', core_c(top))
    write(out + '/include/linux/pm_qos_params.h', core_h(top))
    for f in AS_THEY_ARE:
        os.makedirs(os.path.dirname(out + '/' + f), exist_ok=True)
        shutil.copyfile(top + '/' + f, out + '/' + f)


def main() -> int:
    ap = argparse.ArgumentParser(
        prog='pmqos_compose.py',
        description='Write the core files as the last core patch leaves '
        'them.')
    ap.add_argument('--top', default=TOP, help='the repository')
    ap.add_argument('out', help='the directory to write into')
    args = ap.parse_args()
    try:
        compose(args.top, args.out)
    except (OSError, StopIteration, ValueError) as e:
        print('pmqos_compose.py: %s' % (e or 'no #include or #endif'),
              file=sys.stderr)
        return 1
    return 0


if __name__ == '__main__':
    sys.exit(main())
