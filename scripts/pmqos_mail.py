#!/usr/bin/env python3
"""The series' mails: who signs them, how they are read, what form they
must have and how mkseries finishes them.  The one parser of the mails for
scripts/series-check, scripts/mkseries and scripts/bench; the headers are
read with the standard email package (email.policy.default), as b4 does.

  ident [--placeholder] [--name | --email]
        the identity that signs the mails: the git identity of whoever
        runs the scripts, or the placeholder where none is set
  files MAIL
        the paths that MAIL's diff touches, one a line
  section FILE MAIL
        the diff of FILE in MAIL
  notes MAIL
        the text between a mail's "---" and its diffstat
  patch [--lists FILE] MAIL POS TOTAL [IDENT...]
  cover [--lists FILE] MAIL TOTAL [IDENT...]
        check the form of a patch mail (at place POS of TOTAL) or of the
        cover letter, as git format-patch and b4 write them.  IDENT: the
        identities that may sign (From:, Signed-off-by:), by default the
        runner's and the placeholder.  FILE: the mailing lists, one address
        a line (the L: entries of the tree's MAINTAINERS); without it a list
        is an address at a list host (LIST_HOSTS).  Prints one line per
        problem and exits 1 if there is any; a line starting "note:" is
        information only.
  addresses MAIL...
        fail if a person (a display name) has more than one address
        across the headers and changelogs of the MAILs
  date MAIL [N]
        the date of MAIL's Date: header plus N seconds (default 0), as
        git reads a date: "SECONDS +HHMM" (mkseries dates the commits so)
  dates MAIL...
        fail unless the Date: headers of the MAILs, given in series
        order (the cover letter first), increase from one to the next
  finish OUT NOTES OLD_COVER RCPT MAINTAINERS
        in the mails git format-patch wrote to OUT, put back each mail's
        notes (NOTES/1, NOTES/2, ...) and its recipients (RCPT/NNNN.m, .l:
        the maintainers and lists get_maintainer.pl named; a "pm_qos:"
        patch also goes to PM_ENTRY's maintainers of the tree's
        MAINTAINERS file, and each person to one address of that file),
        and give the cover letter the subject, date (as git writes a
        date) and text of OLD_COVER.

The core files the mails are built from are pmqos_compose.py's.
"""
import argparse
import datetime
import email.parser
import email.policy
import email.utils
import glob
import os
import re
import subprocess
import sys
from email.message import EmailMessage
from collections import Counter
from typing import Dict, List, Optional, Sequence, Tuple

TOP = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
# Who signs the mails where git names nobody; the committed mails carry it.
PLACEHOLDER_IDENT = 'pm-qos series <pm-qos@example.invalid>'

# Where the lists of v2.6.34's MAINTAINERS live, for a check without a tree.
LIST_HOSTS = re.compile(r'@(vger\.kernel\.org|lists\.[a-z0-9.-]+|'
                        r'alsa-project\.org)$')
# What the cover letter goes to whatever the patches touch: LKML, and the
# linux-pm list of v2.6.34's MAINTAINERS (SUSPEND TO RAM), which pm_qos
# belongs to but get_maintainer.pl finds only for patches that touch
# Documentation/power/.
COVER_LISTS = ['linux-kernel@vger.kernel.org',
               'linux-pm@lists.linux-foundation.org']
# The entry of v2.6.34's MAINTAINERS that pm_qos belongs to: it has none
# of its own, and this one holds its documentation (Documentation/power/)
# and its list.  Every "pm_qos:" patch is To: its maintainers.
PM_ENTRY = 'SUSPEND TO RAM'
# Who signed the code a patch carries before this series did: the author of
# the 2010-04-30 posting.  His Signed-off-by may precede the series' own,
# which must come last.
EARLIER_SIGNERS = ['mark gross <mgross@linux.intel.com>']
# Recipients a patch's changelog may name that the cover letter must not
# copy: stable gets only the fixes that carry its Cc:.
NOT_IN_COVER = ['stable@kernel.org']
# The first lines of a diffstat: a file's line, and the summary line.
DIFFSTAT_FILE = re.compile(r'^ \S.*\| ', re.M)
DIFFSTAT_SUM = re.compile(r'^ \d+ files? changed', re.M)


def read(path: str) -> str:
    """The text of the mail at path."""
    with open(path, encoding='utf-8') as f:
        return f.read()


def parts(text: str) -> Tuple[str, str, str, str]:
    """A mail as (head, message, sep, rest): the header block; the
    changelog; the "---" line's separator where the mail has that line,
    else ''; and what follows it (notes, diffstat, diff)."""
    head, _, body = text.partition('\n\n')
    msg, sep, rest = body.partition('\n---\n')
    return head, msg, sep, rest


def headers(head: str) -> EmailMessage:
    """The header fields of a mail's head (its mbox "From " line aside),
    parsed and unfolded by the email package."""
    parser = email.parser.HeaderParser(policy=email.policy.default)
    return parser.parsestr(head + '\n\n')  # type: ignore[return-value]


def notes(rest: str) -> str:
    """The text below a mail's "---" up to its diffstat or its diff."""
    out = []
    for line in rest.split('\n'):
        if DIFFSTAT_FILE.match(line) or DIFFSTAT_SUM.match(line) \
                or line.startswith('diff --git '):
            break
        out.append(line)
    return '\n'.join(out).strip('\n')


def subject(hdr: EmailMessage, pos: int, total: int) -> List[str]:
    """'[PATCH n/N] subsystem: summary' with n/N the place in series."""
    m = re.fullmatch(r'\[PATCH (?:v\d+ )?(\d+)/(\d+)\] '
                     r'([A-Za-z0-9_./-]+(?:: [A-Za-z0-9_./-]+)*): (\S.*)',
                     str(hdr.get('Subject', '')))
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


def recipients(hdr: EmailMessage) -> List[str]:
    """The addresses of the To: and Cc: headers, in lower case."""
    return [a.addr_spec.lower() for k in ('To', 'Cc')
            for a in getattr(hdr[k], 'addresses', ()) if a.addr_spec]


def is_list(addr: str, lists: Optional[List[str]]) -> bool:
    """A mailing list: one of lists, or without them at a list host."""
    return addr in lists if lists is not None else bool(LIST_HOSTS.search(addr))


def changelog(msg: str, rest: str, idents: Sequence[str]) -> List[str]:
    """Sign-offs, a body that can say problem, fix and testing, a note of
    what was tested, a diffstat and a diff."""
    errs = []
    sobs = re.findall(r'^Signed-off-by: (.*)$', msg, re.M)
    if not sobs:
        errs.append('no Signed-off-by:')
    errs += ['Signed-off-by: %s is neither the placeholder nor the runner' % s
             for s in sobs[-1:] if s not in idents]
    errs += ['Signed-off-by: %s is none of the placeholder, the runner and '
             'the earlier signers' % s
             for s in sobs[:-1] if s not in idents + EARLIER_SIGNERS]
    prose = re.sub(r'^[A-Za-z-]+-by: .*$', '', msg, flags=re.M).strip()
    if len(prose.split()) < 10:
        errs.append('body too short to say problem, fix and testing')
    if re.search(r'^Tested', msg, re.M):
        print('note: "Tested:" is in the changelog, not below the "---"')
    elif not re.search(r'^Tested', notes(rest), re.M) and \
            'tested' not in msg.lower():
        errs.append('says nothing of what was tested '
                    '(a "Tested:" note below the "---")')
    if not re.search(r'^ \d+ files? changed(, \d+ insertions?\(\+\))?'
                     r'(, \d+ deletions?\(-\))?$', rest, re.M):
        errs.append('no diffstat after "---"')
    if not re.search(r'^diff --git a/', rest, re.M):
        errs.append('no diff')
    return errs


def patch(path: str, pos: int, total: int, idents: Sequence[str],
          lists: Optional[List[str]] = None) -> List[str]:
    """The problems of the patch mail at path, at place pos of total."""
    head, msg, sep, rest = parts(read(path))
    hdr = headers(head)
    errs = []
    if not any(is_list(a, lists) for a in recipients(hdr)):
        errs.append('To:/Cc: name no mailing list (%s)'
                    % (', '.join(recipients(hdr)) or 'no recipients'))
    if str(hdr.get('From')) not in idents:
        errs.append('From: is %r, neither the placeholder nor the runner'
                    % hdr.get('From'))
    if getattr(hdr['Date'], 'datetime', None) is None:
        errs.append('no valid Date:')
    errs += subject(hdr, pos, total)
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


def cover(path: str, total: int, idents: Sequence[str],
          lists: Optional[List[str]] = None) -> List[str]:
    """The problems of the cover letter at path, of a series of total."""
    text = read(path)
    errs = []
    m = re.search(r'^Subject: \[PATCH (?:v(\d+) )?0+/0*%d\] \S' % total,
                  text, re.M)
    if not m:
        errs.append('no "Subject: [PATCH 0/%d] ..."' % total)
    # a vN cover letter keeps the changes of every version since v2
    for v in range(int(m.group(1)) if m and m.group(1) else 1, 1, -1):
        if not re.search(r'^Changes in v%d:$' % v, text, re.M):
            errs.append('no "Changes in v%d:" list' % v)
    have = recipients(headers(parts(text)[0]))
    errs += ['To:/Cc: lack %s' % a for a in COVER_LISTS if a not in have]
    if str(headers(parts(text)[0]).get('From')) not in idents:
        errs.append('From: is neither the placeholder nor the runner')
    errs += [e for r, e in COVER if not re.search(r, text, re.M)]
    if 'v2.6.34' not in text:
        errs.append('does not name v2.6.34 as the base')
    return errs


def lines(path: str) -> List[str]:
    """The non-empty lines of one of get_maintainer.pl's outputs."""
    return [line for line in read(path).split('\n') if line.strip()]


def unique(addrs: Sequence[str], by_name: bool = False) -> List[str]:
    """addrs in order, each mailbox once (compared by its address, and
    with by_name by its display name too: one person, one address)."""
    seen, res = set(), []
    for a in addrs:
        name, addr = email.utils.parseaddr(a)
        keys = {addr.lower()} | ({name.lower()} if by_name and name else set())
        if not keys & seen:
            seen |= keys
            res.append(a)
    return res


def not_in(addrs: Sequence[str], to: Sequence[str]) -> List[str]:
    """addrs whose address is none of to's."""
    have = {email.utils.parseaddr(a)[1].lower() for a in to}
    return [a for a in addrs
            if email.utils.parseaddr(a)[1].lower() not in have]


def trailer_cc(text: str) -> List[str]:
    """The Cc: lines of a mail's changelog (git send-email copies them)."""
    return re.findall(r'^Cc: (.*)$', parts(text)[1], re.M)


def canon_trailers(text: str, canon) -> str:
    """The mail with the Cc: lines of its changelog rewritten by canon
    (one address a person, as in its headers)."""
    head, msg, sep, rest = parts(text)
    msg = re.sub(r'^Cc: (.*)$', lambda m: 'Cc: ' + canon([m.group(1)])[0],
                 msg, flags=re.M)
    return head + '\n\n' + msg + sep + rest


def maintainer_lines(path: str) -> List[Tuple[str, str]]:
    """The M: lines of a MAINTAINERS file as (entry title, mailbox)."""
    res, title = [], ''
    for line in read(path).split('\n'):
        m = re.match(r'([A-Z]):\s*(.*)$', line)
        if not m:
            title = line.strip() or title
        elif m.group(1) == 'M':
            res.append((title, m.group(2).strip()))
    return res


def one_address(mlines: Sequence[Tuple[str, str]],
                named: Sequence[Sequence[str]] = ()) -> Dict[str, str]:
    """For each maintainer whom MAINTAINERS lists with more than one
    address, by his name in lower case, the one mailbox that every mail of
    the series gives him.  named: for each patch, in series order, the
    mailboxes that the entries of the files it touches give (what
    get_maintainer.pl prints for it, with PM_ENTRY's for a "pm_qos:"
    patch).

    The address is the one his entry gives for the code the series
    touches: v2.6.34 lists Ingo Molnar as mingo@elte.hu for SCHEDULER
    (kernel/sched.c) and as mingo@redhat.com for TRACING and x86, so a
    sched: patch goes to mingo@elte.hu.  Where the series touches files
    of two of his entries that give two addresses (Ingo Molnar: SCHEDULER
    in the sched: patch, TRACING in the tracepoints patch; Len Brown:
    SUSPEND TO RAM in the pm_qos: patches, ACPI in the ACPI one), the
    first patch of the series that names him decides, in the order
    get_maintainer.pl names him there: it is where he is first asked to
    review, and the rest of the thread reaches the same mailbox.  Someone
    whom no entry of the series' files names (a changelog's Cc: only)
    gets the mailbox that MAINTAINERS lists most often for him, the first
    of them on a tie."""
    seen: Dict[str, Counter] = {}
    for _, mbox in mlines:
        name, addr = email.utils.parseaddr(mbox)
        if name and addr:
            seen.setdefault(name.lower(), Counter())[mbox] += 1
    several = {n for n, c in seen.items()
               if len({email.utils.parseaddr(m)[1].lower() for m in c}) > 1}
    res: Dict[str, str] = {}
    for patch_named in named:
        for mbox in patch_named:
            name = email.utils.parseaddr(mbox)[0].lower()
            if name in several and name not in res:
                res[name] = mbox
    for name in several - set(res):
        res[name] = seen[name].most_common(1)[0][0]
    return res


def addresses(paths: Sequence[str]) -> List[str]:
    """A line for each person whom the headers (To:, Cc:) and changelogs
    (From:, Cc: and *-by: lines) of the mails at paths name with more than
    one address."""
    seen: Dict[str, Dict[str, set]] = {}
    for path in paths:
        head, msg, _, _ = parts(read(path))
        hdr = headers(head)
        boxes = [(a.display_name, a.addr_spec) for k in ('To', 'Cc')
                 for a in getattr(hdr[k], 'addresses', ())]
        boxes += [email.utils.parseaddr(m) for m in re.findall(
            r'^(?:From|Cc|[A-Za-z-]+-by): (.*)$', msg, re.M)]
        for name, addr in boxes:
            if name and addr:
                seen.setdefault(name.lower(), {}).setdefault(
                    addr.lower(), set()).add(os.path.basename(path)[:4])
    return ['%s: %s' % (n, '; '.join('%s in %s' % (a, ' '.join(sorted(p)))
                                     for a, p in sorted(w.items())))
            for n, w in sorted(seen.items()) if len(w) > 1]


def mail_date(path: str) -> Optional[datetime.datetime]:
    """The Date: header of the mail at path, None where it has no valid
    one."""
    return getattr(headers(parts(read(path))[0])['Date'], 'datetime', None)


def git_date(when: datetime.datetime, seconds: int = 0) -> str:
    """when plus seconds as git reads a date: "SECONDS +HHMM", the offset
    of when's own zone kept."""
    off = when.utcoffset() or datetime.timedelta(0)
    mins = int(off.total_seconds()) // 60
    return '%d %s%02d%02d' % (int(when.timestamp()) + seconds,
                              '-' if mins < 0 else '+',
                              abs(mins) // 60, abs(mins) % 60)


def rfc_date(when: datetime.datetime) -> str:
    """when as git format-patch writes a Date: header (the day of the
    month not padded), so that the cover letter's reads like the
    patches'."""
    return re.sub(r'^(\w+, )0', r'\1', email.utils.format_datetime(when))


def dates(paths: Sequence[str]) -> List[str]:
    """A line for each mail at paths (in series order, the cover letter
    first) that has no valid Date: or whose date is not later than the
    one before it: git am and a mail reader show the series in the order
    of these dates."""
    errs, last = [], None
    for path in paths:
        when = mail_date(path)
        name = os.path.basename(path)
        if when is None:
            errs.append('%s: no valid Date:' % name)
        elif last is not None and when <= last[1]:
            errs.append('%s: Date: %s is not later than %s\'s %s'
                        % (name, rfc_date(when), last[0], rfc_date(last[1])))
        if when is not None:
            last = (name, when)
    return errs


def add_recipients(text: str, to: Sequence[str],
                   cc: Sequence[str]) -> str:
    """The mail with To: and Cc: after its Subject:, folded as git does."""
    head, body = text.split('\n\n', 1)
    head = re.sub(r'^(?:To|Cc): .*(?:\n[ \t].*)*\n?', '', head, flags=re.M)
    add = ''.join('%s: %s\n' % (k, ',\n    '.join(v))
                  for k, v in (('To', to), ('Cc', cc)) if v)
    m = re.search(r'^Subject: .*(?:\n[ \t].*)*\n', head + '\n', re.M)
    at = m.end() if m else len(head) + 1  # no Subject: at the end
    head = (head + '\n')[:at] + add + (head + '\n')[at:]
    return head.rstrip('\n') + '\n\n' + body


def finish(out: str, notes_dir: str, old_cover: str, rcpt: str,
           maintainers: str) -> List[str]:
    """Finish the mails git format-patch wrote to out: each patch gets its
    notes back below its "---" and is To: its maintainers (its lists where
    it has none) and Cc: its lists and its changelog's Cc: lines; a
    "pm_qos:" patch is To: PM_ENTRY's maintainers as well and Cc:
    COVER_LISTS.  The cover letter keeps old_cover's subject, date and text
    up to its "---", and is To: every patch's maintainers and Cc: every
    list, COVER_LISTS and the changelogs' Cc:s.  Everyone goes by the one
    address one_address() gives him, in the headers and in the changelogs'
    Cc: lines."""
    mlines = maintainer_lines(maintainers)
    pm_entry = [m for t, m in mlines if t == PM_ENTRY]
    mails = sorted(glob.glob(out + '/[0-9][0-9][0-9][0-9]-*.patch'))
    # each patch's maintainers as its entries give them, in series order
    named = []
    for f in mails[1:]:
        maint = lines('%s/%s.m' % (rcpt, f.rsplit('/', 1)[1][:4]))
        if re.search(r'^Subject: \[PATCH[^]]*\] pm_qos: ', read(f), re.M):
            maint = pm_entry + maint
        named.append(maint)
    alias = one_address(mlines, named)

    def canon(addrs: Sequence[str]) -> List[str]:
        return [alias.get(email.utils.parseaddr(a)[0].lower(), a)
                for a in addrs]
    all_m, all_l, all_cc = [], [], []
    for i, f in enumerate(mails[1:], 1):
        text = read('%s/%d' % (notes_dir, i))
        s = read(f)
        pm_qos = re.search(r'^Subject: \[PATCH[^]]*\] pm_qos: ', s, re.M)
        if text:
            s = s.replace('\n---\n', '\n---\n' + text + '\n\n', 1)
        maint = canon(named[i - 1])
        lists = sorted(lines('%s/%s.l' % (rcpt, f.rsplit('/', 1)[1][:4])))
        if pm_qos:
            lists = sorted(set(lists + COVER_LISTS))
        s = canon_trailers(s, canon)
        tcc = trailer_cc(s)
        to = unique(maint or lists)
        s = add_recipients(s, to, not_in(unique((lists if maint else []) +
                                                tcc), to))
        all_m += maint
        all_l += lists
        all_cc += tcc
        with open(f, 'w', encoding='utf-8') as w:
            w.write(s)
    new = read(mails[0])
    ohead, omsg, _, _ = parts(read(old_cover))
    subj = re.search(r'^Subject: \[PATCH (?:v\d+ )?0+/\d+\] (.*(?:\n .*)*)',
                     ohead, re.M)
    date = re.search(r'^Date: (.*)$', ohead, re.M)
    if not subj:
        return ['no "[PATCH 0/N]" subject in the old cover letter']
    blurb = omsg.rstrip('\n') + '\n'
    new = new.replace('*** SUBJECT HERE ***', subj.group(1), 1)
    # b4 puts a --- line between the text and the shortlog.
    new = new.replace('*** BLURB HERE ***\n', blurb + '\n---', 1)
    if date:
        when = getattr(headers('Date: ' + date.group(1))['Date'],
                       'datetime', None)
        new = re.sub(r'^Date: .*$', 'Date: ' + (
            rfc_date(when) if when else date.group(1)), new, 1, re.M)
    all_cc = [a for a in all_cc
              if email.utils.parseaddr(a)[1].lower() not in NOT_IN_COVER]
    to = unique(all_m, by_name=True)
    new = add_recipients(new, to, not_in(
        unique(sorted(set(all_l + COVER_LISTS)) + all_cc), to))
    with open(mails[0], 'w', encoding='utf-8') as w:
        w.write(new)
    return []


def ident(placeholder: bool = False) -> str:
    """The identity that signs the mails (From:, Signed-off-by:): the git
    identity of whoever runs the scripts, or PLACEHOLDER_IDENT where none
    is set (or where placeholder asks for it)."""
    def config(key: str) -> str:
        r = subprocess.run(['git', '-C', TOP, 'config', key],
                           capture_output=True, text=True, check=False)
        return r.stdout.strip()
    if placeholder:
        return PLACEHOLDER_IDENT
    name, addr = config('user.name'), config('user.email')
    return '%s <%s>' % (name, addr) if name and addr else PLACEHOLDER_IDENT


def lines_of(path: str) -> List[str]:
    """The lines of the file at path, bytes that are not UTF-8 kept."""
    with open(path, encoding='utf-8', errors='surrogateescape') as f:
        return f.read().splitlines()


def files(path: str) -> List[str]:
    """The paths that the diff of the mail at path touches."""
    return [m.group(1) for m in
            (re.match(r'diff --git a/(.*) b/', line)
             for line in lines_of(path)) if m]


def section(file: str, path: str) -> List[str]:
    """The lines of the diff of file in the mail or patch at path.  In a
    mail of git format-patch a file's diff runs from its "diff --git" line
    to the next one or to the signature's "-- "; in a patch without
    "diff --git" lines (as convert/pmqos-convert prints it) from its
    "--- a/FILE" line to the next "--- " header."""
    want, on, git, out = 'diff --git a/%s b/%s' % (file, file), False, \
        False, []
    for line in lines_of(path):
        if line.startswith('diff --git '):
            git, on = True, line == want
        elif git and line == '-- ':
            on = False
        elif not git and line.startswith('--- '):
            on = line.split()[1:2] == ['a/' + file]
        if on:
            out.append(line)
    return out


def print_lines(lines: Sequence[str]) -> None:
    """Print lines as they were read, non-UTF-8 bytes and all."""
    sys.stdout.buffer.write(''.join(line + '\n' for line in lines)
                            .encode('utf-8', 'surrogateescape'))


def parse_args(argv: Sequence[str]) -> argparse.Namespace:
    """The command line (see the module's docstring)."""
    ap = argparse.ArgumentParser(
        prog='pmqos_mail.py', description=__doc__.split('\n\n')[0],
        formatter_class=argparse.RawDescriptionHelpFormatter,
        epilog=__doc__.split('\n\n', 1)[1])
    sub = ap.add_subparsers(dest='cmd', required=True, metavar='COMMAND')
    p = sub.add_parser('ident', help='the identity that signs the mails')
    p.add_argument('--placeholder', action='store_true')
    part = p.add_mutually_exclusive_group()
    part.add_argument('--name', action='store_true')
    part.add_argument('--email', action='store_true')
    sub.add_parser('files', help="the paths a mail's diff touches") \
        .add_argument('mail')
    p = sub.add_parser('section', help='the diff of FILE in MAIL')
    p.add_argument('file')
    p.add_argument('mail')
    sub.add_parser('notes', help="the text below a mail's ---") \
        .add_argument('mail')
    sub.add_parser('addresses', help='one address for each person') \
        .add_argument('mails', nargs='+', metavar='MAIL')
    p = sub.add_parser('date', help="a mail's Date: as git reads it")
    p.add_argument('mail')
    p.add_argument('seconds', type=int, nargs='?', default=0)
    sub.add_parser('dates', help='the dates increase in series order') \
        .add_argument('mails', nargs='+', metavar='MAIL')
    for cmd in ('patch', 'cover'):
        p = sub.add_parser(cmd, help='check the form of a %s' %
                           ('patch mail' if cmd == 'patch' else
                            'cover letter'))
        p.add_argument('--lists', metavar='FILE')
        p.add_argument('mail')
        if cmd == 'patch':
            p.add_argument('pos', type=int)
        p.add_argument('total', type=int)
        p.add_argument('idents', nargs='*', metavar='IDENT')
    p = sub.add_parser('finish', help='finish the mails of format-patch')
    for a in ('out', 'notes_dir', 'old_cover', 'rcpt', 'maintainers'):
        p.add_argument(a)
    return ap.parse_args(argv)


def main(argv: Sequence[str]) -> int:
    args = parse_args(argv)
    errs: List[str] = []
    try:
        if args.cmd == 'ident':
            who = ident(args.placeholder)
            name, addr = email.utils.parseaddr(who)
            print(name if args.name else addr if args.email else who)
        elif args.cmd == 'files':
            print_lines(files(args.mail))
        elif args.cmd == 'section':
            print_lines(section(args.file, args.mail))
        elif args.cmd == 'notes':
            sys.stdout.write(notes(parts(read(args.mail))[3]))
        elif args.cmd == 'addresses':
            errs = addresses(args.mails)
        elif args.cmd == 'date':
            when = mail_date(args.mail)
            if when is None:
                errs = ['%s: no valid Date:' % args.mail]
            else:
                print(git_date(when, args.seconds))
        elif args.cmd == 'dates':
            errs = dates(args.mails)
        elif args.cmd in ('patch', 'cover'):
            lists = None
            if args.lists:
                lists = [a.strip().lower() for a in lines(args.lists)]
            idents = args.idents or [ident(), PLACEHOLDER_IDENT]
            if args.cmd == 'patch':
                errs = patch(args.mail, args.pos, args.total, idents, lists)
            else:
                errs = cover(args.mail, args.total, idents, lists)
        else:
            errs = finish(args.out, args.notes_dir, args.old_cover,
                          args.rcpt, args.maintainers)
    except OSError as e:
        errs = [str(e)]
    if errs:
        print('\n'.join(errs))
        return 1
    return 0


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))
