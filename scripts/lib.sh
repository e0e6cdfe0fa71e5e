# Common shell definitions for the project's scripts; sourced, never run.
# shellcheck shell=bash

TOP=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
CACHE=${PMQOS_CACHE:-$HOME/.cache/pm-qos}
KSRC=${KSRC:-$CACHE/linux-2.6.34}
prog=${prog:-$(basename "$0")}

# Toolchain flags a 2010 tree needs with gcc 12 (DESIGN.md), and the lock
# that keeps kernel builds on this machine one at a time.
KCC="gcc -fno-pie -no-pie -std=gnu89 -fno-stack-protector"
KHOSTCC="gcc -std=gnu89"
KBUILD_LOCK=$CACHE/build/.kbuild.lock

die() { echo "$prog: $*" >&2; exit 1; }
say() { echo "$prog: $*" >&2; }

# have_tree: true when KSRC is a git checkout of a 2.6.34-era tree: tier 2
# makes its scratch copies with git.
have_tree() {
	[ -f "$KSRC/Makefile" ] && [ -f "$KSRC/kernel/pm_qos_params.c" ] &&
		git -C "$KSRC" rev-parse --verify -q HEAD >/dev/null 2>&1
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

# timed LABEL CMD...: run CMD, then report how long it took.
timed() {
	local label=$1 t0 rc=0
	shift
	t0=$(date +%s)
	"$@" || rc=$?
	say "$label: $(( $(date +%s) - t0 )) s"
	return $rc
}
