# Applying the series (tier 2):
#   - git am of the series onto KSRC's tree, patch by patch, and quilt
#     push -a onto another copy, both with no fuzz and no offset; the
#     pre-images of the first patches equal the tree's blobs.  The two
#     trees are scripts/kbuild's (--prepare --patches 0 --no-compat:
#     compat/ is for building only), variants series-am and series-quilt
#   - after the last patch, git grep finds no caller of the string API
#   A missing quilt is a "not ok" that says what to install.
# shellcheck shell=bash

# check_apply PATCHES SERIES TMP: git am and quilt of the mails of
# PATCHES/ in the order of the series file SERIES (TMP/series: its list of
# names); fails if git am stopped, as the checks after it need the whole
# series.  git am applies the series to the tree of variant series-am,
# whose path goes to TMP/am, with the state after patch i tagged p$i.
check_apply() {
	local patches=$1 series=$2 tmp=$3 name i total f pre have out bad quilt am
	total=$(wc -l <"$tmp/series")
	if ! am=$(prepared_tree series-am 0 --no-compat 2>"$tmp/err"); then
		notok "KSRC's tree from scripts/kbuild --prepare (variant series-am)"
		diag <"$tmp/err"
		return 1
	fi
	echo "$am" >"$tmp/am"
	git -C "$am" tag -l 'p[0-9]*' | xargs -r git -C "$am" tag -d >/dev/null
	# --- git am, checking every index line against the real tree ---
	git -C "$am" config user.name "$(python3 "$TOP/scripts/pmqos_mail.py" ident --placeholder --name)"
	git -C "$am" config user.email "$(python3 "$TOP/scripts/pmqos_mail.py" ident --placeholder --email)"
	i=0
	: >"$tmp/series-c"
	while IFS= read -r name; do
		i=$((i + 1))
		bad=
		while read -r f; do
			pre=$(python3 "$TOP/scripts/pmqos_mail.py" section "$f" "$patches/$name" | sed -n 's/^index \([0-9a-f]*\)\.\..*/\1/p' | head -n 1)
			have=$(git -C "$am" rev-parse -q --verify "HEAD:$f" 2>/dev/null || echo 0000000000000000000000000000000000000000)
			case $have in "$pre"*) ;; *) bad="$bad $f" ;; esac
			case $f in *.c) echo "$f" >>"$tmp/series-c" ;; esac
		done < <(python3 "$TOP/scripts/pmqos_mail.py" files "$patches/$name")
		if out=$(git -C "$am" am -q --whitespace=error-all "$patches/$name" 2>&1) && [ -z "$bad" ]; then
			ok "git am $i/$total $name"
		else
			notok "git am $i/$total $name"
			[ -z "$bad" ] || echo "# pre-image blob differs from the tree for:$bad"
			echo "$out" | diag
			git -C "$am" am --abort >/dev/null 2>&1 || true
			break
		fi
		git -C "$am" tag -f "p$i" >/dev/null
	done <"$tmp/series"
	if ! git -C "$am" rev-parse -q --verify "p$total" >/dev/null; then
		echo "# git am stopped; the checks below need the whole series"
		return 1
	fi

	# --- quilt push -a: no fuzz, no offset, same tree as git am ---
	if ! command -v quilt >/dev/null 2>&1; then
		notok "quilt push -a: quilt is installed"
		echo "# quilt missing: run 'make deps' (or apt-get install quilt)"
	elif ! quilt=$(prepared_tree series-quilt 0 --no-compat 2>"$tmp/err"); then
		notok "quilt push -a: KSRC's tree from scripts/kbuild --prepare (variant series-quilt)"
		diag <"$tmp/err"
	else
		grep -qx .pc "$quilt/.git/info/exclude" 2>/dev/null ||
			echo .pc >>"$quilt/.git/info/exclude"
		if out=$(cd "$quilt" && QUILT_PATCHES=$patches QUILT_SERIES=$series quilt push -a 2>&1) &&
			! echo "$out" | grep -qi 'fuzz\|offset' &&
			[ "$(git -C "$quilt" add -A && git -C "$quilt" write-tree)" = \
			  "$(git -C "$am" rev-parse "HEAD^{tree}")" ]; then
			ok "quilt push -a: $(echo "$out" | grep -c '^Applying patch') patches, no fuzz, no offset, same tree as git am"
		else
			notok "quilt push -a: no fuzz, no offset, same tree as git am"
			echo "$out" | grep -i 'fuzz\|offset\|fail\|error\|hunk' | head -n 20 | diag
		fi
	fi
}

# check_callers AM: no caller of the string API in the tree AM.
check_callers() {
	local am=$1 out
	out=$(git -C "$am" grep -n -E "$OLD_API_RE" || true)
	if [ -z "$(echo "$out" | grep -v -e '^Documentation/' -e '^scripts/coccinelle/' || true)" ]; then
		ok "no caller of the string API after the last patch"
		[ -z "$out" ] || echo "$out" | cut -d: -f1 | uniq -c |
			awk '{ print "allowed: " $1 " mentions in " $2 }' | diag
	else
		notok "no caller of the string API after the last patch"
		echo "$out" | diag
	fi
}
