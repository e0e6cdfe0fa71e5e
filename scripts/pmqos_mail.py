#!/usr/bin/env python3
"""The series' mails: how they are read, what form they must have, how
mkseries finishes them, and the core files they are composed from.  The one
parser of the mails for scripts/series-check and scripts/mkseries.

usage: pmqos_mail.py patch [--lists FILE] MAIL POS TOTAL IDENT...
       pmqos_mail.py cover [--lists FILE] MAIL TOTAL IDENT...
       pmqos_mail.py notes MAIL
       pmqos_mail.py finish OUT NOTES OLD_COVER RCPT
       pmqos_mail.py compose TOP OUT

patch, cover: check the form of a patch mail (at place POS of TOTAL) or of
the cover letter, as git format-patch and b4 write them.  IDENT: the
identities that may sign (From:, Signed-off-by:).  FILE: the mailing
lists, one address a line (the L: entries of the tree's MAINTAINERS);
without it a list is an address at a list host (LIST_HOSTS).  Prints one
line per problem and exits 1 if there is any; a line starting "note:" is
information only.

notes: print the text between a mail's "---" and its diffstat.

finish: in the mails git format-patch wrote to OUT, put back each mail's
notes (NOTES/1, NOTES/2, ...) and its recipients (RCPT/NNNN.m, .l: the
maintainers and lists get_maintainer.pl named), and give the cover letter
the subject, date and text of OLD_COVER.

compose: write into OUT the core files as the last of the leading
"pm_qos:" patches leaves them, from the repository at TOP (see
compose_core in scripts/lib.sh).
"""
import email.utils
import glob
import re
import sys

# Where the lists of v2.6.34's MAINTAINERS live, for a check without a tree.
LIST_HOSTS = re.compile(r'@(vger\.kernel\.org|lists\.[a-z0-9.-]+|'
                        r'alsa-project\.org)$')
# What the cover letter goes to whatever the patches touch: LKML, and the
# linux-pm list of v2.6.34's MAINTAINERS (SUSPEND TO RAM), which pm_qos
# belongs to but get_maintainer.pl finds only for patches that touch
# Documentation/power/.
COVER_LISTS = ['linux-kernel@vger.kernel.org',
               'linux-pm@lists.linux-foundation.org']
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


def read(path):
    """The text of the mail at path."""
    with open(path, encoding='utf-8') as f:
        return f.read()


def parts(text):
    """A mail as (head, message, sep, rest): the header block; the
    changelog; the "---" line's separator where the mail has that line,
    else ''; and what follows it (notes, diffstat, diff)."""
    head, _, body = text.partition('\n\n')
    msg, sep, rest = body.partition('\n---\n')
    return head, msg, sep, rest


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


def notes(rest):
    """The text below a mail's "---" up to its diffstat or its diff."""
    out = []
    for line in rest.split('\n'):
        if DIFFSTAT_FILE.match(line) or DIFFSTAT_SUM.match(line) \
                or line.startswith('diff --git '):
            break
        out.append(line)
    return '\n'.join(out).strip('\n')


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
        errs.append('says nothing of what was tested (a "Tested:" note below the "---")')
    if not re.search(r'^ \d+ files? changed(, \d+ insertions?\(\+\))?'
                     r'(, \d+ deletions?\(-\))?$', rest, re.M):
        errs.append('no diffstat after "---"')
    if not re.search(r'^diff --git a/', rest, re.M):
        errs.append('no diff')
    return errs


def patch(path, pos, total, idents, lists=None):
    """The problems of the patch mail at path, at place pos of total."""
    head, msg, sep, rest = parts(read(path))
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
    if not any(re.search(r'^From: %s$' % re.escape(i), text, re.M)
               for i in idents):
        errs.append('From: is neither the placeholder nor the runner')
    errs += [e for r, e in COVER if not re.search(r, text, re.M)]
    if 'v2.6.34' not in text:
        errs.append('does not name v2.6.34 as the base')
    return errs


def lines(path):
    """The non-empty lines of one of get_maintainer.pl's outputs."""
    return [l for l in read(path).split('\n') if l.strip()]


def unique(addrs, by_name=False):
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


def not_in(addrs, to):
    """addrs whose address is none of to's."""
    have = {email.utils.parseaddr(a)[1].lower() for a in to}
    return [a for a in addrs
            if email.utils.parseaddr(a)[1].lower() not in have]


def trailer_cc(text):
    """The Cc: lines of a mail's changelog (git send-email copies them)."""
    return re.findall(r'^Cc: (.*)$', parts(text)[1], re.M)


def add_recipients(text, to, cc):
    """The mail with To: and Cc: after its Subject:, folded as git does."""
    head, body = text.split('\n\n', 1)
    head = re.sub(r'^(?:To|Cc): .*(?:\n[ \t].*)*\n?', '', head, flags=re.M)
    add = ''.join('%s: %s\n' % (k, ',\n    '.join(v))
                  for k, v in (('To', to), ('Cc', cc)) if v)
    m = re.search(r'^Subject: .*(?:\n[ \t].*)*\n', head + '\n', re.M)
    head = (head + '\n')[:m.end()] + add + (head + '\n')[m.end():]
    return head.rstrip('\n') + '\n\n' + body


def finish(out, notes_dir, old_cover, rcpt):
    """Finish the mails git format-patch wrote to out: each patch gets its
    notes back below its "---" and is To: its maintainers (its lists where
    it has none) and Cc: its lists and its changelog's Cc: lines; the cover
    letter keeps old_cover's subject, date and text up to its "---", and is
    To: every patch's maintainers and Cc: every list, COVER_LISTS and the
    changelogs' Cc:s."""
    all_m, all_l, all_cc = [], [], []
    mails = sorted(glob.glob(out + '/[0-9][0-9][0-9][0-9]-*.patch'))
    for i, f in enumerate(mails[1:], 1):
        text = read('%s/%d' % (notes_dir, i))
        s = read(f)
        if text:
            s = s.replace('\n---\n', '\n---\n' + text + '\n\n', 1)
        n = f.rsplit('/', 1)[1][:4]
        maint = lines('%s/%s.m' % (rcpt, n))
        lists = sorted(lines('%s/%s.l' % (rcpt, n)))
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
        new = re.sub(r'^Date: .*$', 'Date: ' + date.group(1), new, 1, re.M)
    all_cc = [a for a in all_cc
              if email.utils.parseaddr(a)[1].lower() not in NOT_IN_COVER]
    to = unique(all_m, by_name=True)
    new = add_recipients(new, to, not_in(
        unique(sorted(set(all_l + COVER_LISTS)) + all_cc), to))
    with open(mails[0], 'w', encoding='utf-8') as w:
        w.write(new)
    return []


def compose(top, out):
    """Write into out the core files as the last of the leading "pm_qos:"
    patches leaves them: kernel/pm_qos_params.c with compose/deprecated.c
    (its leading #include lines join the core's first block of includes,
    the rest is appended), include/linux/pm_qos_params.h with
    compose/deprecated.h before its final #endif."""
    dep = top + '/compose/deprecated'
    core = read(top + '/kernel/pm_qos_params.c').split('\n')
    extra = read(dep + '.c').split('\n')
    inc = []
    while extra and extra[0].startswith('#include'):
        inc.append(extra.pop(0))
    first = next(i for i, l in enumerate(core) if l.startswith('#include'))
    end = next(i for i in range(first, len(core))
               if not core[i].startswith('#include'))
    core[end:end] = inc
    with open(out + '/kernel/pm_qos_params.c', 'w', encoding='utf-8') as w:
        w.write('\n'.join(core).rstrip('\n') + '\n' + '\n'.join(extra))
    head = read(top + '/include/linux/pm_qos_params.h').split('\n')
    i = max(i for i, l in enumerate(head) if l.startswith('#endif'))
    with open(out + '/include/linux/pm_qos_params.h', 'w',
              encoding='utf-8') as w:
        w.write('\n'.join(head[:i]) + '\n' + read(dep + '.h') +
                '\n'.join(head[i:]))
    return []


def main(argv):
    lists = None
    cmd, args = (argv[1], argv[2:]) if len(argv) > 1 else ('', [])
    try:
        if cmd in ('patch', 'cover') and args[:1] == ['--lists'] and \
                len(args) >= 2:
            lists = [l.strip().lower() for l in open(args[1]) if l.strip()]
            args = args[2:]
        if cmd == 'patch' and len(args) >= 3:
            errs = patch(args[0], int(args[1]), int(args[2]), args[3:], lists)
        elif cmd == 'cover' and len(args) >= 2:
            errs = cover(args[0], int(args[1]), args[2:], lists)
        elif cmd == 'notes' and len(args) == 1:
            sys.stdout.write(notes(parts(read(args[0]))[3]))
            errs = []
        elif cmd == 'finish' and len(args) == 4:
            errs = finish(*args)
        elif cmd == 'compose' and len(args) == 2:
            errs = compose(*args)
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
