#!/usr/bin/env python3
"""The form of the series' mails, as git format-patch and b4 write them.

usage: mail.py patch [--lists FILE] MAIL POS TOTAL IDENT...
       mail.py cover [--lists FILE] MAIL TOTAL IDENT...

IDENT: the identities that may sign (From:, Signed-off-by:).  FILE: the
mailing lists, one address a line (the L: entries of the tree's
MAINTAINERS); without it a list is an address at a list host
(LIST_HOSTS).  Prints one line per problem and exits 1 if there is any; a
line starting "note:" is information only.
"""
import email.utils
import re
import sys

# Where the lists of v2.6.34's MAINTAINERS live, for a check without a tree.
LIST_HOSTS = re.compile(r'@(vger\.kernel\.org|lists\.[a-z0-9.-]+|'
                        r'alsa-project\.org)$')
# What the cover letter goes to whatever the patches touch.
COVER_LISTS = ['linux-kernel@vger.kernel.org',
               'linux-pm@lists.linux-foundation.org']


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


def recipients(hdr):
    """The addresses of the To: and Cc: headers, in lower case."""
    return [a.lower() for _, a in
            email.utils.getaddresses([hdr.get('To', ''), hdr.get('Cc', '')])
            if a]


def is_list(addr, lists):
    """A mailing list: one of lists, or without them at a list host."""
    return addr in lists if lists is not None else bool(LIST_HOSTS.search(addr))


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


def patch(path, pos, total, idents, lists=None):
    head, _, body = open(path, encoding='utf-8').read().partition('\n\n')
    hdr = headers(head)
    errs = []
    if not any(is_list(a, lists) for a in recipients(hdr)):
        errs.append('To:/Cc: name no mailing list (%s)'
                    % (', '.join(recipients(hdr)) or 'no recipients'))
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


def cover(path, total, idents, lists=None):
    text = open(path, encoding='utf-8').read()
    errs = []
    m = re.search(r'^Subject: \[PATCH (?:v(\d+) )?0+/0*%d\] \S' % total,
                  text, re.M)
    if not m:
        errs.append('no "Subject: [PATCH 0/%d] ..."' % total)
    # a vN cover letter keeps the changes of every version since v2
    for v in range(int(m.group(1)) if m and m.group(1) else 1, 1, -1):
        if not re.search(r'^Changes in v%d:$' % v, text, re.M):
            errs.append('no "Changes in v%d:" list' % v)
    have = recipients(headers(text.split('\n\n', 1)[0]))
    errs += ['To:/Cc: lack %s' % a for a in COVER_LISTS if a not in have]
    if not any(re.search(r'^From: %s$' % re.escape(i), text, re.M)
               for i in idents):
        errs.append('From: is neither the placeholder nor the runner')
    errs += [e for r, e in COVER if not re.search(r, text, re.M)]
    if 'v2.6.34' not in text:
        errs.append('does not name v2.6.34 as the base')
    return errs


def main(argv):
    lists = None
    try:
        if len(argv) >= 4 and argv[2] == '--lists':
            lists = [l.strip().lower() for l in open(argv[3]) if l.strip()]
            argv = argv[:2] + argv[4:]
        if len(argv) >= 5 and argv[1] == 'patch':
            errs = patch(argv[2], int(argv[3]), int(argv[4]), argv[5:], lists)
        elif len(argv) >= 4 and argv[1] == 'cover':
            errs = cover(argv[2], int(argv[3]), argv[4:], lists)
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
