# Common shell definitions for the project's scripts; sourced, never run.
# shellcheck shell=bash

# The settings below are defined here and nowhere else: the Makefiles read
# them from this file (make -C tools/testing/pm_qos -pn | grep CACHE).
TOP=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
# Cache root: scratch trees, builds, logs, the files of linux-source-6.1.
CACHE=${PMQOS_CACHE:-$HOME/.cache/pm-qos}
# The v2.6.34 tree (any git checkout, a git worktree too); never modified.
KSRC=${KSRC:-$CACHE/linux-2.6.34}
# Files of Debian's linux-source-6.1, extracted by scripts/deps only.
L61=$CACHE/linux-6.1
# A call of the string API (extended regex).
OLD_API_RE='pm_qos_(add|update|remove)_requirement|pm_qos_requirement[[:space:]]*\('
prog=${prog:-$(basename "$0")}

# Toolchain flags a 2010 tree needs with gcc 12 (DESIGN.md), and the lock
# that keeps kernel builds on this machine one at a time.
KCC="gcc -fno-pie -no-pie -std=gnu89 -fno-stack-protector"
KHOSTCC="gcc -std=gnu89"
KBUILD_LOCK=$CACHE/build/.kbuild.lock

die() { echo "$prog: $*" >&2; exit 1; }
say() { echo "$prog: $*" >&2; }

# have_tree: true when KSRC holds a 2.6.34-era tree at the top of a git
# work tree, as git itself says: a clone, or a `git worktree` (whose .git is
# a file).  Tier 2 makes its scratch copies with git.
have_tree() {
	local top

	[ -f "$KSRC/Makefile" ] && [ -f "$KSRC/kernel/pm_qos_params.c" ] &&
		git -C "$KSRC" rev-parse --verify -q HEAD >/dev/null 2>&1 &&
		top=$(git -C "$KSRC" rev-parse --show-toplevel 2>/dev/null) &&
		[ "$(cd "$top" && pwd -P)" = "$(cd "$KSRC" && pwd -P)" ]
}

# tree_missing_msg: the one line that says what is missing and how to get it.
tree_missing_msg() {
	local what="no kernel tree"

	[ -f "$KSRC/Makefile" ] && what="no git checkout of a kernel tree"
	echo "$what at KSRC=$KSRC (get v2.6.34: git clone --depth 1 --branch v2.6.34 https://git.kernel.org/pub/scm/linux/kernel/git/torvalds/linux.git $KSRC, or set KSRC=)"
}

need_tree() { have_tree || die "$(tree_missing_msg)"; }

# need_tool CMD PACKAGE: fail with one line naming the Debian package.
need_tool() {
	command -v "$1" >/dev/null 2>&1 ||
		die "missing '$1': run 'make deps' (or apt-get install $2)"
}

# TAP (kselftest style) for a test script: tap_plan N announces N results
# (optional), ok/notok NAME count a result, diag turns its stdin into
# comments, tap_skip_all says in one line why nothing ran and exits 77,
# tap_finish prints the plan (unless announced) and "N passed, N failed",
# and fails if anything failed.
TAP_N=0 TAP_PASS=0 TAP_FAIL=0 TAP_PLAN=
tap_plan() { TAP_PLAN=$1; echo "1..$1"; }
ok() { TAP_N=$((TAP_N + 1)) TAP_PASS=$((TAP_PASS + 1)); echo "ok $TAP_N - $*"; }
notok() { TAP_N=$((TAP_N + 1)) TAP_FAIL=$((TAP_FAIL + 1)); echo "not ok $TAP_N - $*"; }
diag() { sed 's/^/# /'; }
tap_skip_all() { echo "1..0 # SKIP $*"; exit 77; }
tap_finish() {
	[ -n "$TAP_PLAN" ] || echo "1..$TAP_N"
	echo "$TAP_PASS passed, $TAP_FAIL failed"
	[ "$TAP_FAIL" = 0 ]
}

# timed LABEL CMD...: run CMD, then report how long it took.
timed() {
	local label=$1 t0 rc=0
	shift
	t0=$(date +%s)
	"$@" || rc=$?
	say "$label: $(( $(date +%s) - t0 )) s"
	return $rc
}

# The identity that signs the mails (From:, Signed-off-by:): the git identity
# of whoever runs the script, or this placeholder where none is set.
PLACEHOLDER_IDENT='pm-qos series <pm-qos@example.invalid>'
mail_ident() {
	local name email
	name=$(git -C "$TOP" config user.name 2>/dev/null || true)
	email=$(git -C "$TOP" config user.email 2>/dev/null || true)
	if [ -n "$name" ] && [ -n "$email" ]; then
		echo "$name <$email>"
	else
		echo "$PLACEHOLDER_IDENT"
	fi
}

# ident_name IDENT, ident_email IDENT: the parts of "Name <email>".
ident_name() { echo "${1% <*}"; }
ident_email() { echo "$1" | sed 's/.*<\(.*\)>$/\1/'; }

# compose_core DIR: write into DIR the core files as the last of the
# leading "pm_qos:" patches of series leaves them, the new core beside the
# string API: kernel/pm_qos_params.c with compose/deprecated.c
# (its leading #include lines join the core's first block of includes, the
# rest is appended), include/linux/pm_qos_params.h with deprecated.h before
# its final #endif, and Documentation/power/pm_qos_interface.txt and
# include/trace/events/pm_qos.h (the core's tracepoints) as they are.
compose_core() {
	mkdir -p "$1/kernel" "$1/include/linux" "$1/include/trace/events" \
		"$1/Documentation/power"
	cp "$TOP/Documentation/power/pm_qos_interface.txt" "$1/Documentation/power/"
	cp "$TOP/include/trace/events/pm_qos.h" "$1/include/trace/events/"
	python3 "$TOP/scripts/pmqos_mail.py" compose "$TOP" "$1"
}

# mail_files MAIL: the paths a mail's diff touches.
mail_files() { sed -n 's|^diff --git a/\(.*\) b/.*$|\1|p' "$1"; }

# section FILE MAIL: the diff of FILE in MAIL, on stdout.
section() {
	awk -v want="diff --git a/$1 b/$1" '
		/^diff --git / { on = ($0 == want) }
		/^-- $/ { on = 0 }
		on' "$2"
}

# prepared_tree VARIANT N [OPTION...]: print the path of the worktree
# that scripts/kbuild --prepare brings to KSRC + compat/ + the first N
# patches of series (N: all, none or a count; OPTION: --no-compat for
# KSRC's own tree), $CACHE/src/VARIANT.  kbuild's messages go to stderr.
# The caller may commit in the worktree or change it: the next call resets
# it.  One variant serves one caller at a time.
prepared_tree() {
	local variant=$1 n=$2 out
	shift 2
	out=$("$TOP/scripts/kbuild" --prepare --variant "$variant" \
		--patches "$n" "$@") || return 1
	echo "${out##*$'\n'}"
}

# core_patches: the place in series of the last of the first run of
# "pm_qos:" subjects (0 if none): the tree the patches up to it leave has
# the new core beside the string API.  core_first: the place of the first
# of that run.  Patches before the run are fixes of other code, for stable.
core_patches() { core_run | cut -d' ' -f2; }
core_first() { core_run | cut -d' ' -f1; }
core_run() {
	local name i=0 first=0 last=0
	while IFS= read -r name; do
		case $name in ''|'#'*) continue ;; esac
		i=$((i + 1))
		if git mailinfo -b /dev/null /dev/null <"$TOP/patches/$name" |
			grep -q '^Subject: pm_qos: '; then
			[ "$first" != 0 ] || first=$i
			last=$i
		elif [ "$first" != 0 ]; then
			break
		fi
	done <"$TOP/series"
	echo "$first $last"
}

# get_maintainer_copy: print the path of a runnable copy of KSRC's
# scripts/get_maintainer.pl, made in $CACHE (the tree is never modified).
# v2.6.34's copy reads MAINTAINERS with m/^(\C):/, and Perl >= 5.24 refuses
# \C in a regex: the copy matches the one-letter tag with ([A-Z]) instead,
# as upstream's later get_maintainer.pl does.  Run it from the top of
# KSRC (it reads ./MAINTAINERS) with gm_run.
get_maintainer_copy() {
	local dir cp
	dir=$CACHE/get_maintainer-$(basename "$KSRC")
	cp=$dir/get_maintainer.pl
	[ -f "$KSRC/scripts/get_maintainer.pl" ] && [ -f "$KSRC/MAINTAINERS" ] || {
		echo "no scripts/get_maintainer.pl or MAINTAINERS in KSRC=$KSRC" >&2
		return 1
	}
	mkdir -p "$dir"
	sed 's/(\\C):/([A-Z]):/g' "$KSRC/scripts/get_maintainer.pl" >"$cp"
	if ! perl -c "$cp" >"$dir/perl-c.log" 2>&1; then
		echo "$KSRC/scripts/get_maintainer.pl does not compile under $(perl -e 'print $^V') even with \\C replaced:" >&2
		head -n 5 "$dir/perl-c.log" >&2
		return 1
	fi
	echo "$cp"
}

# gm_run COPY ARGS...: run get_maintainer.pl's copy at the top of KSRC, with
# no git history (KSRC's history is an import, not upstream's) and Perl's
# hash order fixed, so that the same patch gives the same lines every time.
gm_run() {
	local cp=$1
	shift
	(cd "$KSRC" && PERL_HASH_SEED=0 PERL_PERTURB_KEYS=0 perl "$cp" --nogit "$@")
}
