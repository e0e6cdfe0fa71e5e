# Common shell definitions for the project's scripts; sourced, never run.
# shellcheck shell=bash disable=SC2034 # settings, read where it is sourced

# The settings below are defined here and nowhere else: the Makefiles read
# them from this file (make -C tools/testing/pm_qos -pn | grep CACHE).
TOP=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
# Cache root: scratch trees, builds, logs, the files of linux-source-6.1.
CACHE=${PMQOS_CACHE:-$HOME/.cache/pm-qos}
# The v2.6.34 tree (any git checkout, a git worktree too); never modified.
KSRC=${KSRC:-$CACHE/linux-2.6.34}
# Files of Debian's linux-source-6.1, extracted by scripts/deps only.
L61=$CACHE/linux-6.1
# A call of the string API (extended regex), its names from the table of
# convert/pmqos/kernel.txt (the api-* lists), as the converter's
# API_CALL (convert/pmqos/kernel.py) has them; convert/tests/test_driver.py
# checks that the two find the same lines.
OLD_API_RE="\\<($(awk '$1 ~ /^api-/ { for (i = 2; i <= NF; i++) { printf "%s%s", s, $i; s = "|" } }' \
	"$TOP/convert/pmqos/kernel.txt"))[[:space:]]*\\("
prog=${prog:-$(basename "$0")}

# Toolchain flags a 2010 tree needs with Debian 12's gcc 12, whose defaults
# it predates: -fno-pie -no-pie, as 2.6.34 links a kernel at fixed
# addresses and knows nothing of PIE; -std=gnu89 for the tree and its host
# tools, whose inline functions have GNU89 semantics (gcc 12's default
# dialect would define them in every unit); -fno-stack-protector, as
# Debian's gcc turns the protector on where 2.6.34 does not set it up.
# And the lock that keeps kernel builds on this machine one at a time.
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

# kernel_make SRC OUT ARG...: make in the kernel tree SRC with O=OUT and the
# toolchain flags above, under the build lock (one kernel build at a time
# on this machine), niced.  scripts/kbuild builds the same way.
kernel_make() {
	local src=$1 out=$2
	shift 2
	(
		mkdir -p "$(dirname "$KBUILD_LOCK")"
		exec 9>"$KBUILD_LOCK"
		flock 9
		nice -n 10 make -C "$src" O="$out" CC="$KCC" HOSTCC="$KHOSTCC" "$@"
	)
}

# TAP (kselftest style) for a test script: tap_plan N announces N results
# (optional), ok/notok NAME count a result, diag turns its stdin into
# comments, tap_skip_all says in one line why nothing ran and exits 77,
# tap_finish prints the plan (unless announced) and "N passed, N failed",
# and fails if anything failed.
# A result's name reads the same on any machine (tap_name): a path of the
# repository is relative to it, a path of the cache starts with $CACHE.
TAP_N=0 TAP_PASS=0 TAP_FAIL=0 TAP_PLAN=
tap_plan() { TAP_PLAN=$1; echo "1..$1"; }
tap_name() {
	local s=$*
	s=${s//"$TOP/"/} s=${s//"$TOP"/.}
	echo "${s//"$CACHE"/\$CACHE}"
}
ok() {
	TAP_N=$((TAP_N + 1)) TAP_PASS=$((TAP_PASS + 1))
	echo "ok $TAP_N - $(tap_name "$*")"
}
notok() {
	TAP_N=$((TAP_N + 1)) TAP_FAIL=$((TAP_FAIL + 1))
	echo "not ok $TAP_N - $(tap_name "$*")"
}
diag() { sed 's/^/# /'; }
tap_skip_all() { echo "1..0 # SKIP $*"; exit 77; }
tap_finish() {
	[ -n "$TAP_PLAN" ] || echo "1..$TAP_N"
	echo "$TAP_PASS passed, $TAP_FAIL failed"
	[ "$TAP_FAIL" = 0 ]
}

# The line that closes every test program's TAP, "N passed, N failed",
# optionally after a step's label ("LABEL: N passed, N failed"), as an awk
# (extended) regular expression; tap_count is its one parser.
TAP_COUNT_RE='^([A-Za-z0-9_-]+: )?[0-9]+ passed, [0-9]+ failed'
# tap_count [FILE...]: print "P F", the counts of the last such line of
# FILE (or stdin); print nothing when there is none.
tap_count() {
	awk -v re="$TAP_COUNT_RE" '$0 ~ re {
		sub(/^[A-Za-z0-9_-]+: /, ""); p = $1; f = $3; seen = 1 }
		END { if (seen) print p, f }' "$@"
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

# section FILE DIFF: the diff of FILE in DIFF (a mail, or a patch as
# convert/pmqos-convert prints it), on stdout.
section() { python3 "$TOP/scripts/pmqos_mail.py" section "$1" "$2"; }

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
