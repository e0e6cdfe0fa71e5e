# Checkpatch:
#   - tier 1: checkpatch.pl of Debian's linux-source-6.1 (--no-tree): no
#     error and no warning on any patch (scripts/deps extracts it into
#     $L61/scripts/)
#   - tier 2: the tree's own scripts/checkpatch.pl: it dies under
#     Perl >= 5.26 on unescaped braces in regexes; run on a copy in $CACHE
#     with those regexes escaped (never on the tree), and reported as not
#     runnable if even that copy fails
# shellcheck shell=bash

# Modern checkpatch.  Every ignored type carries its reason here:
#   SPDX_LICENSE_TAG    SPDX tags came with v4.14; no file of v2.6.34 has
#                       one, and the series keeps the files' own headers.
#   PREFER_FALLTHROUGH  the fallthrough pseudo-keyword came with v5.7;
#                       v2.6.34 has only the comment.
#   FILE_PATH_CHANGES   only for a patch whose new files are all under
#                       scripts/coccinelle/ (the semantic patches there have
#                       no MAINTAINERS entry in v2.6.34) or include/trace/
#                       (TRACING's F: include/trace/ in v2.6.34 covers
#                       them already): --no-tree, checkpatch asks of every
#                       new file without reading MAINTAINERS.
checkpatch_ignore=SPDX_LICENSE_TAG,PREFER_FALLTHROUGH
# new_files MAIL: the paths that MAIL's diff creates.
new_files() {
	awk '/^diff --git / { f = $4; sub("^b/", "", f) }
		/^new file mode / { print f }' "$1"
}

# checkpatch_modern PATCHES SERIES TMP: 6.1's checkpatch on the mails of
# PATCHES/ that the series file SERIES lists; TMP is a scratch directory.
checkpatch_modern() {
	local patches=$1 series=$2 tmp=$3 cp=$L61/scripts name out ign
	if [ ! -f "$cp/checkpatch.pl" ]; then
		notok "checkpatch.pl of Linux 6.1 at $cp"
		echo "# missing: run 'make deps' (it extracts it from linux-source-6.1)"
		return
	fi
	need_tool perl perl
	while IFS= read -r name; do
		ign=$checkpatch_ignore
		if ! new_files "$patches/$name" | grep -qv -e '^scripts/coccinelle/' \
			-e '^include/trace/'; then
			ign=$ign,FILE_PATH_CHANGES
		fi
		# from outside any git work tree: 6.1's checkpatch checks a
		# git-tracked file given by its relative path as a source file
		if out=$(cd "$tmp" && perl "$cp/checkpatch.pl" --no-tree --no-color \
			--show-types --ignore "$ign" "$patches/$name" 2>&1) &&
			echo "$out" | grep -q '^total: 0 errors, 0 warnings'; then
			ok "$name: checkpatch (6.1, --no-tree): $(echo "$out" | sed -n 's/^total: //p')"
		else
			notok "$name: checkpatch (6.1, --no-tree)"
			echo "$out" | grep -v '^$' | head -n 60 | diag
		fi
	done < <(series_list "$series")
}

# old_checkpatch PATCHES SERIES: the tree's scripts/checkpatch.pl on a copy in $CACHE with
# the regex braces that Perl >= 5.26 rejects escaped, one line at a time as
# perl names it, at compile time (perl -c) or at run time (regexes built
# from variables, found by running the copy on every patch).  Prints the
# path of the runnable copy, or fails.
old_checkpatch() {
	local patches=$1 series=$2 dir cp line i err name
	dir=$CACHE/checkpatch-$(basename "$KSRC")
	cp=$dir/checkpatch.pl
	mkdir -p "$dir"
	cp "$KSRC/scripts/checkpatch.pl" "$cp"
	for i in $(seq 1 30); do
		err=$(perl -c "$cp" 2>&1) || true
		if ! echo "$err" | grep -q 'Unescaped left brace in regex is illegal'; then
			err=$(for name in $(series_list "$series"); do
				perl "$cp" --no-tree "$patches/$name" 2>&1 >/dev/null || true
			done)
		fi
		echo "$err" | grep -q 'Unescaped left brace in regex is illegal' || break
		line=$(echo "$err" | perl -0ne \
			'print $1 if /left brace in regex is illegal.*? at \S+ line (\d+)\./s')
		[ -n "$line" ] || { echo "$err" | head -n 5 >&2; return 1; }
		# escape a { that follows \s, \) or "do" and is not escaped yet
		sed -i "${line}s/\\(\\\\s\\|\\\\)\\|do\\){/\\1\\\\{/g" "$cp"
	done
	if perl -c "$cp" 2>&1 | grep -q 'Unescaped left brace in regex is illegal'; then
		echo "still dies after $i rounds of escaping" >&2
		return 1
	fi
	echo "$cp"
}

# check_old_checkpatch PATCHES SERIES TMP: the tree's checkpatch on every
# mail of the series (TMP/series), from a copy that runs.
check_old_checkpatch() {
	local patches=$1 series=$2 tmp=$3 cp name out
	if cp=$(old_checkpatch "$patches" "$series" 2>"$tmp/err"); then
		while IFS= read -r name; do
			out=$(cd "$tmp" && perl "$cp" --no-tree "$patches/$name" 2>&1 |
				grep -v 'Unescaped left brace.*passed through')
			if echo "$out" | grep -q '^total: 0 errors, 0 warnings'; then
				ok "$name: checkpatch ($(basename "$KSRC"), braces escaped): $(echo "$out" | sed -n 's/^total: //p')"
			else
				notok "$name: checkpatch ($(basename "$KSRC"), braces escaped)"
				echo "$out" | grep -v '^$' | head -n 30 | diag
			fi
		done <"$tmp/series"
	else
		notok "the tree's scripts/checkpatch.pl runs (not runnable even with braces escaped)"
		diag <"$tmp/err"
	fi
}
