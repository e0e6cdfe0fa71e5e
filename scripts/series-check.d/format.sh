# Mail format (tier 1):
#   - series lists exactly the patches in patches/ (cover letter aside),
#     numbered 0001..N in series order
#   - every patch is a well-formed mail (mail.py patch): From and
#     Signed-off-by of the placeholder identity or of whoever runs this
#     (git config user.name and user.email; see scripts/mkseries) and
#     nobody else, Date, Subject "[PATCH n/N] subsystem: summary" (or
#     "[PATCH v2 n/N] ...") with n/N its place in series, a body, what was
#     tested (a "Tested:" note below the "---", or in the body, which gets
#     a "#" note), a diffstat, a diff
#   - the cover letter (mail.py cover): [PATCH 0/N], the "Changes in v2:"
#     list and the "Changes since the 2010-04-30 posting:" list, a
#     diffstat, base-commit: and v2.6.34 named
# shellcheck shell=bash

check_format() {
	local name i total msg f
	# --- series <-> patches/ ---
	series_list >"$tmp/series"
	(cd "$P" 2>/dev/null && ls -- *.patch 2>/dev/null) |
		grep -vx '0000-cover-letter.patch' >"$tmp/files" || true
	if sort "$tmp/series" | diff -u - <(sort "$tmp/files") >"$tmp/d" &&
		[ -s "$tmp/series" ] &&
		awk '{ if (substr($0, 1, 5) != sprintf("%04d-", NR)) exit 1 }' \
			"$tmp/series"; then
		ok "series lists exactly patches/*.patch, numbered in order"
	else
		notok "series lists exactly patches/*.patch, numbered in order"
		diag <"$tmp/d"
	fi
	total=$(wc -l <"$tmp/series")

	# --- each mail ---
	i=0
	while IFS= read -r name; do
		i=$((i + 1))
		f=$P/$name
		if [ ! -f "$f" ]; then
			notok "$name: well-formed mail"
			echo "# missing" ; continue
		fi
		if msg=$(python3 "$MAILPY" patch "$f" "$i" "$total" "$ident" "$PLACEHOLDER_IDENT" 2>&1); then
			ok "$name: well-formed mail"
			[ -z "$msg" ] || echo "$msg" | diag
		else
			notok "$name: well-formed mail"
			echo "$msg" | diag
		fi
	done <"$tmp/series"

	# --- cover letter ---
	f=$P/0000-cover-letter.patch
	if msg=$(python3 "$MAILPY" cover "$f" "$total" "$ident" "$PLACEHOLDER_IDENT" 2>&1); then
		ok "0000-cover-letter.patch: b4-style cover letter"
	else
		notok "0000-cover-letter.patch: b4-style cover letter"
		echo "$msg" | diag
	fi
}
