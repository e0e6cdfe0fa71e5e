# Mail format (tier 1):
#   - series lists exactly the patches in patches/ (cover letter aside),
#     numbered 0001..N in series order
#   - every patch is a well-formed mail (pmqos_mail.py patch): From and
#     Signed-off-by of the placeholder identity or of whoever runs this
#     (git config user.name and user.email; see scripts/mkseries) and
#     nobody else, Date, Subject "[PATCH n/N] subsystem: summary" (or
#     "[PATCH v2 n/N] ...") with n/N its place in series, a body, what was
#     tested (a "Tested:" note below the "---", or in the body, which gets
#     a "#" note), a diffstat, a diff; To: or Cc: name at least one
#     mailing list (an address of an L: line of KSRC's MAINTAINERS;
#     without a tree, an address at a list host: vger.kernel.org,
#     lists.*, alsa-project.org)
#   - the cover letter (pmqos_mail.py cover): [PATCH 0/N], a "Changes in vK:"
#     list for every K from its version down to 2 and the "Changes since
#     the 2010-04-30 posting:" list, a diffstat, base-commit: and v2.6.34
#     named, linux-kernel@vger.kernel.org and
#     linux-pm@lists.linux-foundation.org among To: and Cc:
#   - each person has one address across the mails, headers and
#     changelogs (pmqos_mail.py addresses)
#   - the Date: headers increase in series order, the cover letter's
#     first (pmqos_mail.py dates), as git am and a mail reader order them
# shellcheck shell=bash

# check_format PATCHES SERIES TMP: the mails of PATCHES/ as the series file
# SERIES lists them; TMP is a scratch directory.
check_format() {
	local patches=$1 series=$2 tmp=$3 name i total msg f lists
	local mailpy=$TOP/scripts/pmqos_mail.py
	# --- series <-> patches/ ---
	series_list "$series" >"$tmp/series"
	(cd "$patches" 2>/dev/null && ls -- *.patch 2>/dev/null) |
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

	# the mailing lists: the L: entries of the tree's MAINTAINERS
	lists=()
	if [ -f "$KSRC/MAINTAINERS" ]; then
		sed -n 's/^L:[[:space:]]*\([^[:space:]]*@[^[:space:]]*\).*/\1/p' \
			"$KSRC/MAINTAINERS" | sort -u >"$tmp/lists"
		lists=(--lists "$tmp/lists")
		echo "# mailing lists: the $(wc -l <"$tmp/lists") L: addresses of $KSRC/MAINTAINERS"
	else
		echo "# mailing lists: no MAINTAINERS at KSRC=$KSRC, so addresses at a list host"
	fi

	# --- each mail ---
	i=0
	while IFS= read -r name; do
		i=$((i + 1))
		f=$patches/$name
		if [ ! -f "$f" ]; then
			notok "$name: well-formed mail"
			echo "# missing" ; continue
		fi
		if msg=$(python3 "$mailpy" patch "${lists[@]}" "$f" "$i" "$total" 2>&1); then
			ok "$name: well-formed mail"
			[ -z "$msg" ] || echo "$msg" | diag
		else
			notok "$name: well-formed mail"
			echo "$msg" | diag
		fi
	done <"$tmp/series"

	# --- cover letter ---
	f=$patches/0000-cover-letter.patch
	if msg=$(python3 "$mailpy" cover "${lists[@]}" "$f" "$total" 2>&1); then
		ok "0000-cover-letter.patch: b4-style cover letter"
	else
		notok "0000-cover-letter.patch: b4-style cover letter"
		echo "$msg" | diag
	fi

	# --- dates in series order ---
	# shellcheck disable=SC2046 # the mails, in series order
	if msg=$(cd "$patches" && python3 "$mailpy" dates \
		0000-cover-letter.patch $(cat "$tmp/series") 2>&1); then
		ok "the mails' dates increase in series order"
	else
		notok "the mails' dates increase in series order"
		echo "$msg" | diag
	fi

	# --- one address a person ---
	if msg=$(cd "$patches" && python3 "$mailpy" addresses -- *.patch 2>&1); then
		ok "each person has one address in all mails"
	else
		notok "each person has one address in all mails"
		echo "$msg" | diag
	fi
}
