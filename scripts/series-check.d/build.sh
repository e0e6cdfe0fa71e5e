# Build per patch (tier 2):
#   - after every patch, the objects of the C files it touches (for a
#     header: the objects of the series that include it) build with
#     scripts/kbuild --variant bisect and show no compiler warning that
#     the same objects do not show at --patches 0
#   - sparse (make C=2) on the same objects: no new report in the touched
#     files compared with the base
#   A missing sparse (or scripts/kbuild) is a "not ok" that says what to
#   install (make deps installs them), never a check left out.
# shellcheck shell=bash

# objects_for TREE REV SERIES_C FILE...: make targets to build for the
# FILEs that the patch at REV touches: a .c file's object; for a header, the
# objects of the C files that include it at REV (for widely used headers:
# of the C files the series touches, listed in the file SERIES_C).
objects_for() {
	local tree=$1 rev=$2 series_c=$3 f base hits
	shift 3
	for f in "$@"; do
		case $f in
		*.c) echo "${f%.c}.o" ;;
		include/*.h)
			hits=$(git -C "$tree" grep -l "#include <${f#include/}>" "$rev" -- '*.c' |
				sed "s|^$rev:||" |
				awk '!/^arch\// || /^arch\/x86\//' || true)
			if [ "$(echo "$hits" | grep -c .)" -gt 20 ]; then
				hits=$(echo "$hits" | grep -xF -f "$series_c" || true)
			fi
			echo "$hits" | sed -n 's/\.c$/.o/p' ;;
		*.h)
			base=$(basename "$f")
			git -C "$tree" grep -l "#include \"$base\"" "$rev" -- "$(dirname "$f")/*.c" |
				sed -e "s|^$rev:||" -e 's/\.c$/.o/' || true ;;
		esac
	done | sort -u
}

# warnings LOG SRC: "tool<TAB>file<TAB>message" of every warning and error
# in a kbuild log made with -j1 C=2: what follows a CHECK line is sparse's,
# what follows a CC line the compiler's.  Line numbers are dropped so that a
# report that only moved is not new.
warnings() {
	awk -v src="$2/" '
		/^  CHECK / { tool = "sparse"; next }
		/^  [A-Z]+ / { tool = "cc"; next }
		/^[^ :]+:[0-9]+:([0-9]+:)? (warning|error): / {
			split($0, a, ":")
			file = a[1]; sub("^" src, "", file)
			msg = $0; sub(/^[^ :]+:[0-9]+:([0-9]+:)? /, "", msg)
			print (tool == "" ? "cc" : tool) "\t" file "\t" msg
		}' "$1" | sort
}

# run_kbuild N TARGETS OUT TMP: at --patches N, build TARGETS, recompiling
# them even if up to date, with sparse on each (make C=2); OUT gets the
# reports, TMP/kbuild.out kbuild's output.  -j1 (the last -j wins over
# kbuild's -j2) keeps each tool's lines together.
run_kbuild() {
	local np=$1 targets=$2 res=$3 tmp=$4 dir t
	dir=$("$TOP/scripts/kbuild" --print-dir --variant bisect)
	for t in $targets; do rm -f "$dir/$t"; done
	if "$TOP/scripts/kbuild" --variant bisect --patches "$np" \
		--targets "-j1 C=2 CHECK=sparse $targets" >"$tmp/kbuild.out" 2>&1; then
		warnings "$CACHE/logs/kbuild-bisect.log" "$CACHE/src/bisect" >"$res"
		grep -q '^  CHECK ' "$CACHE/logs/kbuild-bisect.log" && return 0
		echo "sparse did not run (no CHECK line in $CACHE/logs/kbuild-bisect.log)"
		return 1
	fi
	tail -n 25 "$tmp/kbuild.out"
	return 1
}

# check_builds AM PATCHES TMP WORK: build after every patch of the series
# (TMP/series), AM being the tree git am applied it to (check_apply); the
# reports are kept in WORK.
check_builds() {
	local am=$1 patches=$2 tmp=$3 work=$4
	local name i total t targets all_targets base_targets new
	total=$(wc -l <"$tmp/series")
	# a missing tool is a failure, never fewer checks that pass
	if [ ! -x "$TOP/scripts/kbuild" ]; then
		notok "build and sparse after every patch: scripts/kbuild exists"
		echo "# $TOP/scripts/kbuild is missing or not executable"
	elif ! command -v sparse >/dev/null 2>&1; then
		notok "build and sparse after every patch: sparse is installed"
		echo "# sparse missing: run 'make deps' (or apt-get install sparse)"
	else
		all_targets=
		i=0
		while IFS= read -r name; do
			i=$((i + 1))
			# shellcheck disable=SC2046
			objects_for "$am" "p$i" "$tmp/series-c" \
				$(python3 "$TOP/scripts/pmqos_mail.py" files "$patches/$name") >"$tmp/obj.$i"
			all_targets="$all_targets $(cat "$tmp/obj.$i")"
		done <"$tmp/series"
		all_targets=$(echo "$all_targets" | tr ' ' '\n' | sort -u | tr '\n' ' ')
		# objects of files that only exist after the series fail at the base
		base_targets=
		for t in $all_targets; do
			[ -f "$KSRC/${t%.o}.c" ] && base_targets="$base_targets $t"
		done
		if run_kbuild 0 "$base_targets" "$work/warn-0" "$tmp" >"$tmp/err"; then
			echo "# base: $(grep -c '^cc' "$work/warn-0" || true) compiler and $(grep -c '^sparse' "$work/warn-0" || true) sparse reports in$base_targets"
			i=0
			while IFS= read -r name; do
				i=$((i + 1))
				targets=$(tr '\n' ' ' <"$tmp/obj.$i")
				if [ -z "${targets// }" ]; then
					echo "# patch $i/$total touches no C object: nothing to build"
					continue
				fi
				if ! run_kbuild "$i" "$targets" "$work/warn-$i" "$tmp" >"$tmp/err"; then
					notok "build after patch $i/$total: $targets"
					diag <"$tmp/err"
					continue
				fi
				new=$(comm -13 "$work/warn-0" "$work/warn-$i" | grep '^cc' || true)
				if [ -z "$new" ]; then
					ok "build after patch $i/$total, no new compiler warning: $targets"
				else
					notok "build after patch $i/$total, no new compiler warning: $targets"
					echo "$new" | diag
				fi
				python3 "$TOP/scripts/pmqos_mail.py" files "$patches/$name" >"$tmp/touched"
				new=$(comm -13 "$work/warn-0" "$work/warn-$i" | grep '^sparse' |
					awk -F '\t' 'NR == FNR { t[$0]; next } ($2 in t)' "$tmp/touched" - || true)
				if [ -z "$new" ]; then
					ok "sparse after patch $i/$total: nothing new in the touched files"
				else
					notok "sparse after patch $i/$total: nothing new in the touched files"
					echo "$new" | diag
				fi
			done <"$tmp/series"
		else
			notok "base build (--patches 0) of$base_targets"
			diag <"$tmp/err"
		fi
	fi
}
