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
 * need hostapd).  The notifier path into mac80211 is exercised.  Also brings
 * e1000e interfaces (QEMU -device e1000e) up and down.
 */
#include <net/if.h>
#include <sys/ioctl.h>
#include <sys/socket.h>

#include "pmqos-lib.h"

#define TIME_BOUND	20
#define MAX_IFS		4

static int sock;

static int if_flags(const char *ifname)
{
	struct ifreq ifr;

	memset(&ifr, 0, sizeof(ifr));
	snprintf(ifr.ifr_name, IFNAMSIZ, "%s", ifname);
	if (ioctl(sock, SIOCGIFFLAGS, &ifr))
		return -1;
	return ifr.ifr_flags;
}

static int if_set_up(const char *ifname, int up)
{
	struct ifreq ifr;

	memset(&ifr, 0, sizeof(ifr));
	snprintf(ifr.ifr_name, IFNAMSIZ, "%s", ifname);
	if (ioctl(sock, SIOCGIFFLAGS, &ifr))
		return -1;
	if (up)
		ifr.ifr_flags |= IFF_UP;
	else
		ifr.ifr_flags &= ~IFF_UP;
	return ioctl(sock, SIOCSIFFLAGS, &ifr);
}

/*
 * e1000e is converted too, but its request exists only with FLAG_HAS_ERT
 * (ICH8/9/10 LAN), which QEMU's 82574L lacks: up and down run the
 * converted e1000e_up()/e1000e_down(), and must add no request.
 */
static void test_e1000e(void)
{
	char eths[MAX_IFS][NAME_LEN], path[192], link[256];
	int i, n, ok = 0, seen = 0;
	ssize_t len;

	n = dir_names("/sys/class/net", "eth", eths, MAX_IFS);
	for (i = 0; i < n && i < MAX_IFS; i++) {
		snprintf(path, sizeof(path), "/sys/class/net/%s/device/driver",
			 eths[i]);
		len = readlink(path, link, sizeof(link) - 1);
		if (len < 0)
			continue;
		link[len] = '\0';
		if (!strstr(link, "/e1000e"))
			continue;
		seen++;
		if (if_set_up(eths[i], 1) || !(if_flags(eths[i]) & IFF_UP)) {
			diag("%s up: %s", eths[i], strerror(errno));
			continue;
		}
		sleep_ms(100);
		if (qos_get(DEV_CPU_DMA) == PM_QOS_LAT_DEFAULT &&
		    !if_set_up(eths[i], 0) && !(if_flags(eths[i]) & IFF_UP))
			ok++;
	}
	if (!seen) {
		tap_skip("e1000e up and down", "no e1000e interface");
		return;
	}
	tap_result(ok == seen, "%d e1000e interfaces up and down, no request",
		   seen);
}

int main(void)
{
	static const int32_t steps[] = { 1000, 100000, 0, 5000, -1 };
	char ifs[MAX_IFS][NAME_LEN], phys[MAX_IFS][NAME_LEN];
	int nphy, nif, i, up = 0, bad = 0, fd;
	unsigned int s;

	setvbuf(stdout, NULL, _IOLBF, 0);
	time_bound(TIME_BOUND);
	sock = socket(AF_INET, SOCK_DGRAM, 0);

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
	test_e1000e();
	return tap_finish();
}
