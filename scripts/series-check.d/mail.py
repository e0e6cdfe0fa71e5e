#!/usr/bin/env python3
"""The form of the series' mails, as git format-patch and b4 write them.

usage: mail.py patch MAIL POS TOTAL IDENT...
       mail.py cover MAIL TOTAL IDENT...

IDENT: the identities that may sign (From:, Signed-off-by:).  Prints one
line per problem and exits 1 if there is any; a line starting "note:" is
information only.
"""
import email.utils
import re
import sys


def headers(head):
    """The header fields of a mail's head, continuation lines joined."""
    hdr, last = {}, None
    for line in head.split('\n'):
        if line.startswith('From ') and last is None:
            continue
        if line[:1] in (' ', '\t') and last:
            hdr[last] += ' ' + line.strip()
            continue
        k, _, v = line.partition(': ')
        last = k
        hdr[k] = v
    return hdr


def subject(hdr, pos, total):
    """'[PATCH n/N] subsystem: summary' with n/N the place in series."""
    m = re.fullmatch(r'\[PATCH (?:v\d+ )?(\d+)/(\d+)\] '
                     r'([A-Za-z0-9_./-]+(?:: [A-Za-z0-9_./-]+)*): (\S.*)',
                     hdr.get('Subject', ''))
    if not m:
        return ['Subject %r is not "[PATCH n/N] subsystem: summary"'
                % hdr.get('Subject')]
    errs = []
    if (int(m.group(1)), int(m.group(2))) != (pos, total):
        errs.append('Subject says %s/%s, series place is %d/%d'
                    % (m.group(1), m.group(2), pos, total))
    summary = m.group(4)
    if summary[0].isupper() and not re.match(r'[A-Z]{2}', summary):
        errs.append('summary should start in lower case (imperative)')
    if summary.endswith('.'):
        errs.append('summary ends with a full stop')
    return errs


def changelog(msg, rest, idents):
    """Sign-offs, a body that can say problem, fix and testing, a note of
    what was tested, a diffstat and a diff."""
    errs = []
    sobs = re.findall(r'^Signed-off-by: (.*)$', msg, re.M)
    if not sobs:
        errs.append('no Signed-off-by:')
    errs += ['Signed-off-by: %s is neither the placeholder nor the runner' % s
             for s in sobs if s not in idents]
    prose = re.sub(r'^[A-Za-z-]+-by: .*$', '', msg, flags=re.M).strip()
    if len(prose.split()) < 10:
        errs.append('body too short to say problem, fix and testing')
    notes = re.split(r'^ \S.*\| |^ \d+ files? changed', rest, maxsplit=1,
                     flags=re.M)[0]
    if re.search(r'^Tested', msg, re.M):
        print('note: "Tested:" is in the changelog, not below the "---"')
    elif not re.search(r'^Tested', notes, re.M) and 'tested' not in msg.lower():
        errs.append('says nothing of what was tested (a "Tested:" note below the "---")')
    if not re.search(r'^ \d+ files? changed(, \d+ insertions?\(\+\))?'
                     r'(, \d+ deletions?\(-\))?$', rest, re.M):
        errs.append('no diffstat after "---"')
    if not re.search(r'^diff --git a/', rest, re.M):
        errs.append('no diff')
    return errs


def patch(path, pos, total, idents):
    head, _, body = open(path, encoding='utf-8').read().partition('\n\n')
    hdr = headers(head)
    errs = []
    if hdr.get('From') not in idents:
        errs.append('From: is %r, neither the placeholder nor the runner'
                    % hdr.get('From'))
    if not hdr.get('Date') or email.utils.parsedate_tz(hdr['Date']) is None:
        errs.append('no valid Date:')
    errs += subject(hdr, pos, total)
    msg, sep, rest = body.partition('\n---\n')
    if not sep:
        errs.append('no "---" line after the message')
    return errs + changelog(msg, rest, idents)


COVER = [
    (r'^Date: ', 'no Date:'),
    (r'^Changes in v2:$', 'no "Changes in v2:" list'),
    (r'^Changes since the 2010-04-30 posting:$',
     'no "Changes since the 2010-04-30 posting:" list'),
    (r'^ \d+ files? changed', 'no diffstat of the series'),
    (r'^base-commit: [0-9a-f]{40}$', 'no base-commit: line'),
]


def cover(path, total, idents):
    text = open(path, encoding='utf-8').read()
    errs = []
    if not re.search(r'^Subject: \[PATCH (v\d+ )?0+/0*%d\] \S' % total,
                     text, re.M):
        errs.append('no "Subject: [PATCH 0/%d] ..."' % total)
    if not any(re.search(r'^From: %s$' % re.escape(i), text, re.M)
               for i in idents):
        errs.append('From: is neither the placeholder nor the runner')
    errs += [e for r, e in COVER if not re.search(r, text, re.M)]
    if 'v2.6.34' not in text:
        errs.append('does not name v2.6.34 as the base')
    return errs


def main(argv):
    try:
        if len(argv) >= 5 and argv[1] == 'patch':
            errs = patch(argv[2], int(argv[3]), int(argv[4]), argv[5:])
        elif len(argv) >= 4 and argv[1] == 'cover':
            errs = cover(argv[2], int(argv[3]), argv[4:])
        else:
            sys.exit(__doc__.strip())
    except OSError as e:
        errs = [str(e)]
    if errs:
        print('\n'.join(errs))
        return 1
    return 0


if __name__ == '__main__':
    sys.exit(main(sys.argv))
