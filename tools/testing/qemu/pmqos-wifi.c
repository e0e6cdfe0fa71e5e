// SPDX-License-Identifier: GPL-2.0
/*
 * pmqos-wifi - mac80211 and network_latency, on mac80211_hwsim radios.
 *
 * mac80211 registers a network_latency notifier per hardware; on a change
 * it recomputes the power-save setup of a running station interface, which
 * reads the aggregate with pm_qos_request().  With the hwsim radios (built
 * in, they exist at boot) the test brings the station interfaces up and
 * moves the network_latency aggregate while they run, then down again.
 * The power-save branch that reads pm_qos_request() is not reachable with
 * hwsim: 2.6.34's hwsim lacks IEEE80211_HW_SUPPORTS_PS, so
 * ieee80211_recalc_ps() returns first, associated or not (and an AP would
 * need hostapd).  The notifier path into mac80211 is exercised.
 */
#include "pmqos-lib.h"

#define TIME_BOUND	20
#define MAX_IFS		4

int main(void)
{
	static const int32_t steps[] = { 1000, 100000, 0, 5000, -1 };
	char ifs[MAX_IFS][NAME_LEN], phys[MAX_IFS][NAME_LEN];
	int nphy, nif, i, up = 0, bad = 0, fd;
	unsigned int s;

	setvbuf(stdout, NULL, _IOLBF, 0);
	time_bound(TIME_BOUND);

	nphy = dir_names("/sys/class/ieee80211", "phy", phys, MAX_IFS);
	nif = dir_names("/sys/class/net", "wlan", ifs, MAX_IFS);
	if (nif > MAX_IFS)
		nif = MAX_IFS;
	tap_result(nphy >= 2 && nif >= 2,
		   "mac80211_hwsim radios at boot: %d phys, %d wlan interfaces",
		   nphy, nif);

	for (i = 0; i < nif; i++) {
		if (if_set_up(ifs[i], 1))
			diag("%s up: %s", ifs[i], strerror(errno));
		else if (if_flags(ifs[i]) & IFF_UP)
			up++;
	}
	tap_result(nif > 0 && up == nif, "%d of %d station interfaces up",
		   up, nif);

	/* every change of the aggregate runs mac80211's notifier */
	fd = qos_open(DEV_NET_LAT);
	for (s = 0; fd >= 0 && s < ARRAY_SIZE(steps); s++) {
		int32_t want = steps[s] == -1 ? PM_QOS_LAT_DEFAULT : steps[s];
		int32_t got;

		if (qos_set(fd, steps[s]))
			bad++;
		got = qos_get(DEV_NET_LAT);
		if (got != want) {
			bad++;
			diag("network_latency %d, want %d", got, want);
		}
	}
	tap_result(fd >= 0 && !bad,
		   "network_latency changes with running interfaces");
	if (fd >= 0)
		close(fd);
	for (i = 0, bad = 0; i < nif; i++)
		if (!(if_flags(ifs[i]) & IFF_UP))
			bad++;
	tap_result(nif > 0 && !bad, "interfaces still up after the changes");

	for (i = 0, bad = 0; i < nif; i++)
		if (if_set_up(ifs[i], 0) || (if_flags(ifs[i]) & IFF_UP))
			bad++;
	fd = qos_open(DEV_NET_LAT);
	qos_set(fd, 2000);
	close(fd);
	tap_result(nif > 0 && !bad &&
		   qos_get(DEV_NET_LAT) == PM_QOS_LAT_DEFAULT,
		   "interfaces down, network_latency back at the default");
	return tap_finish();
}
