# End state (tier 1):
#   - the series ends with kernel/pm_qos_params.c,
#     include/linux/pm_qos_params.h and
#     Documentation/power/pm_qos_interface.txt exactly as in this
#     repository: the patches touching them are reverse-applied, newest
#     first, to copies of the repository's files (patch -R, no fuzz, no
#     offset), and git hash-object of every state must equal the blob ids
#     of the patches' index lines
#   - what scripts/mkseries generates is current: the post-images of the
#     last of the leading "pm_qos:" patches are the files
#     scripts/pmqos_compose.py makes, the core files with
#     compose/deprecated.[ch] added and the tracepoint header
#     as it is, and the Coccinelle patch adds cocci/pm_qos_request.cocci
#     as it is
#   - the core at every state of the series: the files as each of the
#     leading "pm_qos:" patches leaves them (reverse-applied from the state
#     after the last) build with tools/testing/pm_qos/bisect.c, whose tests
#     for that step pass; bisect.c's list of steps is those patches'
#     subjects
# shellcheck shell=bash

# check_end_state PATCHES SERIES TMP: the mails of PATCHES/ in the order of
# the series file SERIES; TMP is a scratch directory.
check_end_state() {
	local patches=$1 series=$2 tmp=$3 file
	for file in kernel/pm_qos_params.c include/linux/pm_qos_params.h \
		Documentation/power/pm_qos_interface.txt; do
		if final_state "$file" "$patches" "$series" "$tmp" >"$tmp/log" 2>&1; then
			ok "series ends with $file as in the repository"
			grep '^chain' "$tmp/log" | diag || true
		else
			notok "series ends with $file as in the repository"
			diag <"$tmp/log"
		fi
	done

	generated_files "$patches" "$series" "$tmp"
	core_states "$patches" "$series" "$tmp"
}

# post_blob FILE MAIL: the post-image blob id of FILE in MAIL.
post_blob() {
	python3 "$TOP/scripts/pmqos_mail.py" section "$1" "$2" | sed -n 's/^index [0-9a-f]*\.\.\([0-9a-f]*\).*/\1/p' | head -n 1
}

# generated_files PATCHES SERIES TMP: what scripts/mkseries builds from files of this
# repository is up to date: the last of the leading "pm_qos:" patches
# leaves the files that pmqos_compose.py makes (the core beside the deprecated
# wrappers), and the Coccinelle patch adds cocci/'s file.
generated_files() {
	local patches=$1 series=$2 tmp=$3
	local core cocci_mail name want got ncore dep=$TOP/compose
	ncore=$(core_patches)
	core=$patches/$(series_list "$series" | sed -n "${ncore}p")
	if [ "$ncore" = 0 ]; then
		notok "series has the core's \"pm_qos:\" patches"
	elif [ -f "$dep/deprecated.c" ] && [ -f "$dep/deprecated.h" ]; then
		python3 "$TOP/scripts/pmqos_compose.py" "$tmp/composed"
		got=
		for f in kernel/pm_qos_params.c include/linux/pm_qos_params.h \
			include/trace/events/pm_qos.h \
			Documentation/power/pm_qos_interface.txt; do
			want=$(git hash-object --no-filters "$tmp/composed/$f")
			case $want in
			"$(post_blob "$f" "$core")"*) ;;
			*) got="$got $f" ;;
			esac
		done
		if [ -z "$got" ]; then
			ok "patch $ncore (the last core patch) = the repository's core files and tracepoint header + compose/deprecated.[ch]"
		else
			notok "patch $ncore (the last core patch) = the repository's core files and tracepoint header + compose/deprecated.[ch]"
			echo "# differs for:$got (run scripts/mkseries)"
		fi
	else
		notok "compose/deprecated.[ch] exist (the last core patch is built from them)"
	fi
	cocci_mail=
	for name in $(series_list "$series"); do
		if grep -Eq '^Subject: \[PATCH (v[0-9]+ )?[0-9]+/[0-9]+\] scripts/coccinelle:' "$patches/$name"; then
			cocci_mail=$patches/$name
			break
		fi
	done
	if [ -z "$cocci_mail" ]; then
		notok "the series adds the Coccinelle semantic patch"
	elif [ "$(git hash-object --no-filters "$TOP/cocci/pm_qos_request.cocci" 2>/dev/null)" = \
		"$(post_blob scripts/coccinelle/api/pm_qos_request.cocci "$cocci_mail")" ]; then
		ok "$(basename "$cocci_mail") adds cocci/pm_qos_request.cocci as it is"
	else
		notok "$(basename "$cocci_mail") adds cocci/pm_qos_request.cocci as it is"
		echo "# differs (run scripts/mkseries)"
	fi
}

# core_states PATCHES SERIES TMP: the core at the state after each of the leading "pm_qos:"
# patches, reverse-applied from the state after the last (pmqos_compose.py's,
# which generated_files checks), built with tools/testing/pm_qos/bisect.c
# and run; bisect.c's steps must be those patches' subjects.
core_states() {
	local patches=$1 series=$2 tmp=$3
	local ncore k name f out dir=$3/states harness=$TOP/tools/testing/pm_qos
	ncore=$(core_patches)
	[ "$ncore" -gt 0 ] || return 0
	series_list "$series" | head -n "$ncore" | tail -n +"$(core_first)" >"$tmp/core-list"
	ncore=$(wc -l <"$tmp/core-list")
	while IFS= read -r name; do
		git mailinfo -b /dev/null /dev/null <"$patches/$name" | sed -n 's/^Subject: //p'
	done <"$tmp/core-list" >"$tmp/core-subjects"
	if ! make -s -C "$harness" bisect >"$tmp/log" 2>&1 ||
		! "$harness/bisect" --steps >"$tmp/steps" 2>>"$tmp/log"; then
		notok "tools/testing/pm_qos/bisect builds (make deps extracts what it needs)"
		diag <"$tmp/log"
		return
	fi
	if diff -u "$tmp/steps" "$tmp/core-subjects" >"$tmp/d"; then
		ok "bisect.c's steps are the $ncore core patches of series"
	else
		notok "bisect.c's steps are the $ncore core patches of series"
		diag <"$tmp/d"
		return
	fi
	rm -rf "$dir"
	mkdir -p "$dir"
	python3 "$TOP/scripts/pmqos_compose.py" "$dir/$ncore"
	for ((k = ncore; k > 1; k--)); do
		cp -r "$dir/$k" "$dir/$((k - 1))"
		name=$(sed -n "${k}p" "$tmp/core-list")
		for f in kernel/pm_qos_params.c include/linux/pm_qos_params.h \
			include/trace/events/pm_qos.h; do
			python3 "$TOP/scripts/pmqos_mail.py" section "$f" "$patches/$name" >"$tmp/sec"
			[ -s "$tmp/sec" ] || continue
			if ! out=$(patch -R -p1 -F0 -N -s --no-backup-if-mismatch \
				-d "$dir/$((k - 1))" -i "$tmp/sec" 2>&1); then
				notok "core state $((k - 1)): patch -R of $name"
				echo "$out" | diag
				return
			fi
		done
	done
	for ((k = 1; k <= ncore; k++)); do
		name=$(sed -n "${k}p" "$tmp/core-subjects")
		if make -s -C "$harness" bisect CORE_DIR="$dir/$k" CORE_STEP="$k" \
			BISECT="$dir/bisect-$k" >"$tmp/log" 2>&1 &&
			"$dir/bisect-$k" >"$tmp/log" 2>&1; then
			ok "core after patch $k/$ncore ($name): $(tail -n 1 "$tmp/log")"
		else
			notok "core after patch $k/$ncore ($name)"
			grep -v '^ok ' "$tmp/log" | head -n 40 | diag
		fi
	done
}

# final_state FILE PATCHES SERIES TMP: reverse-apply, newest first, the
# patches of series touching FILE to a copy of the repository's FILE,
# checking blob ids.
final_state() {
	local file=$1 patches=$2 series=$3 tmp=$4
	local dir=$4/rev name idx pre post cur out touched=0 chain=
	[ -f "$TOP/$file" ] || { echo "$TOP/$file does not exist"; return 1; }
	rm -rf "$dir"
	mkdir -p "$dir/$(dirname "$file")"
	cp "$TOP/$file" "$dir/$file"
	while IFS= read -r name; do
		python3 "$TOP/scripts/pmqos_mail.py" section "$file" "$patches/$name" >"$tmp/sec"
		[ -s "$tmp/sec" ] || continue
		touched=$((touched + 1))
		idx=$(sed -n 's/^index \([0-9a-f]*\)\.\.\([0-9a-f]*\)\( .*\)\{0,1\}$/\1 \2/p' "$tmp/sec" | head -n 1)
		[ -n "$idx" ] || { echo "$name: no index line for $file"; return 1; }
		pre=${idx% *} post=${idx#* }
		cur=$(git hash-object --no-filters "$dir/$file")
		case $cur in
		"$post"*) ;;
		*) echo "$name: post-image of $file is $post, the file at that point hashes to $cur"
		   return 1 ;;
		esac
		if ! out=$(patch -R -p1 -F0 -N -s --no-backup-if-mismatch \
			-d "$dir" -i "$tmp/sec" 2>&1) ||
			echo "$out" | grep -qi 'offset\|fuzz'; then
			echo "$name: patch -R of $file did not apply cleanly:"
			echo "$out"
			return 1
		fi
		cur=$(git hash-object --no-filters "$dir/$file")
		case $cur in
		"$pre"*) ;;
		*) echo "$name: pre-image of $file is $pre, the reverse-applied file hashes to $cur"
		   return 1 ;;
		esac
		chain="${name%%-*}${chain:+ <- }$chain"
	done < <(series_list "$series" | tac)
	[ "$touched" -gt 0 ] || { echo "no patch of series touches $file"; return 1; }
	echo "chain $file: base ${pre:0:12} -> patches $chain"
}
