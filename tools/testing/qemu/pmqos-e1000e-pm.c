// SPDX-License-Identifier: GPL-2.0
/*
 * pmqos-e1000e-pm - e1000e's power management and PCI error callbacks
 * leave its CPU DMA latency request right.
 *
 * Suspend and resume: /sys/power/pm_test = devices, then "mem" to
 * /sys/power/state, suspends every device (e1000e's suspend callback,
 * __e1000_shutdown(), brings the interface down), waits 5 s and resumes
 * them (e1000_resume() brings it up again), without leaving the guest
 * (CONFIG_SUSPEND, CONFIG_PM_DEBUG).  PCI error recovery: a struct
 * aer_error_inj written to /dev/aer_inject (CONFIG_PCIEAER_INJECT) fakes
 * an uncorrectable error in the AER registers of the NIC and of its PCIe
 * root port (QEMU q35, e1000e behind a pcie-root-port) and runs the AER
 * service's handler: e1000_io_error_detected() takes the interface down,
 * e1000_io_slot_reset() resets the NIC, e1000_io_resume() brings it up; a
 * fatal error resets the link first.
 *
 * After each, with the interface up at MTU 9000 (FLAG_HAS_ERT, faked on
 * QEMU's 82574L by kernel/0003-e1000e-*.patch): read() of
 * /dev/cpu_dma_latency gives 55, debugfs pm_qos/cpu_dma_latency has the
 * target 55 and exactly one e1000e request, of 55; with it down, no e1000e
 * request.  The kernel log since each step holds the step's own messages
 * (the suspend test's wait, the AER broadcasts and "successfully
 * recovered") and no report; scripts/boot's console check (lockdep on
 * the debug kernel) covers the rest.
 */
#include "pmqos-lib.h"

#define TIME_BOUND	120
#define MTU_STD		1500
#define MTU_JUMBO	9000
#define ERT_LATENCY	55	/* e1000_configure_rx() with jumbo frames */
#define MODULE_PATH	"/lib/modules/e1000e.ko"
#define SITE		"e1000"	/* %pS of the adding call site */
#define MARK		"pmqos-e1000e-pm: step begins"

/* drivers/pci/pcie/aer/aer_inject.c's input */
struct aer_error_inj {
	uint8_t bus;
	uint8_t dev;
	uint8_t fn;
	uint32_t uncor_status;
	uint32_t cor_status;
	uint32_t header_log0;
	uint32_t header_log1;
	uint32_t header_log2;
	uint32_t header_log3;
	uint16_t domain;
};

/* Uncorrectable errors; the severity is the device's (QEMU's default). */
#define PCI_ERR_UNC_COMP_ABORT	0x00008000	/* non-fatal */
#define PCI_ERR_UNC_MALF_TLP	0x00040000	/* fatal */

static char eth[IFNAMSIZ];

/* Writes @val to @path; 0 on success, with a diagnostic otherwise. */
static int write_str(const char *path, const char *val)
{
	int fd = open(path, O_WRONLY);
	ssize_t n = fd < 0 ? -1 : write(fd, val, strlen(val));

	if (n != (ssize_t)strlen(val))
		diag("write \"%s\" to %s: %s", val, path, strerror(errno));
	if (fd >= 0)
		close(fd);
	return n == (ssize_t)strlen(val) ? 0 : -1;
}

/*
 * True if the interface is @up and the latency request is right for it:
 * with jumbo frames up, target 55 through read() and debugfs and one
 * e1000e request of 55; down, no e1000e request.  Says what it saw
 * otherwise.
 */
static int request_right(int up, const char *when)
{
	int flags = if_flags(eth);
	int32_t got = qos_get(DEV_CPU_DMA);
	long target = dbg_target(DEV_CPU_DMA);
	int all = dbg_count(DEV_CPU_DMA, LONG_MIN, SITE);
	int ert = dbg_count(DEV_CPU_DMA, ERT_LATENCY, SITE);
	int32_t want = up ? ERT_LATENCY : PM_QOS_LAT_DEFAULT;

	if (flags >= 0 && !!(flags & IFF_UP) == up && got == want &&
	    target == want && all == up && ert == up)
		return 1;
	diag("%s: %s %s, read() %d, debugfs target %ld, want %d; e1000e requests %d, of %d usec %d, want %d",
	     when, eth, flags < 0 ? "gone" : flags & IFF_UP ? "up" : "down",
	     got, target, want, all, ERT_LATENCY, ert, up);
	dbg_show(DEV_CPU_DMA, LONG_MIN);
	return 0;
}

/* True if the kernel log holds no report since MARK. */
static int no_reports(const char *when)
{
	int n = kernel_reports(MARK);

	if (n)
		diag("%s: %d kernel reports since the step began", when, n);
	return n == 0;
}

/* Suspends and resumes every device through pm_test; 0 if it did. */
static int suspend_devices(void)
{
	char states[128];

	if (slurp("/sys/power/state", states, sizeof(states)) < 0 ||
	    !strstr(states, "mem")) {
		diag("/sys/power/state offers \"%s\", no mem", states);
		return -1;
	}
	mark_kernel_log(MARK);
	if (write_str("/sys/power/pm_test", "devices") ||
	    write_str("/sys/power/state", "mem"))
		return -1;
	if (kernel_log_count(MARK, "suspend debug: Waiting") != 1) {
		diag("the kernel log has no \"suspend debug: Waiting\" since the step began");
		return -1;
	}
	return 0;
}

static void test_suspend(int up)
{
	const char *state = up ? "up at MTU 9000" : "down";
	int ok;

	ok = !if_set_up(eth, up) && request_right(up, "before suspend");
	ok = ok && !suspend_devices();
	tap_result(ok && request_right(up, "after resume") &&
		   no_reports("suspend"),
		   "pm_test devices, suspend and resume with %s %s: request right after resume",
		   eth, state);
}

/* domain, bus, device and function of @eth's PCI device; 0 if found */
static int pci_address(struct aer_error_inj *e)
{
	char path[96], link[256], *base;
	unsigned int dom, bus, dev, fn;
	ssize_t len;

	snprintf(path, sizeof(path), "/sys/class/net/%s/device", eth);
	len = readlink(path, link, sizeof(link) - 1);
	if (len < 0)
		return -1;
	link[len] = '\0';
	base = strrchr(link, '/');
	if (!base || sscanf(base + 1, "%x:%x:%x.%x", &dom, &bus, &dev, &fn) != 4)
		return -1;
	e->domain = dom;
	e->bus = bus;
	e->dev = dev;
	e->fn = fn;
	return 0;
}

/* AER's recovery has ended, whichever way; "recovered" in @ok. */
static int recovery_over(int *ok)
{
	*ok = kernel_log_count(MARK, "AER driver successfully recovered") == 1;
	return *ok || kernel_log_count(MARK, "AER driver didn't recover") > 0;
}

/*
 * Injects @uncor into e1000e's PCI device and waits for the AER service
 * to end its recovery; 1 if it recovered through error_detected,
 * slot_reset and resume (and, if @fatal, a link reset).
 */
static int inject(uint32_t uncor, int fatal)
{
	static const char *const steps[] = {
		"broadcast error_detected message",
		"broadcast slot_reset message",
		"broadcast resume message",
	};
	struct aer_error_inj e;
	unsigned int i;
	int fd, recovered = 0, ok = 1;
	ssize_t n;

	memset(&e, 0, sizeof(e));
	if (pci_address(&e)) {
		diag("no PCI address for %s", eth);
		return 0;
	}
	e.uncor_status = uncor;
	mark_kernel_log(MARK);
	fd = open("/dev/aer_inject", O_WRONLY);
	n = fd < 0 ? -1 : write(fd, &e, sizeof(e));
	if (n != sizeof(e)) {
		diag("write to /dev/aer_inject (%04x:%02x:%02x.%x): %s",
		     e.domain, e.bus, e.dev, e.fn, strerror(errno));
		if (fd >= 0)
			close(fd);
		return 0;
	}
	close(fd);
	if (!wait_until(recovery_over(&recovered), slack_ms(15000))) {
		diag("AER recovery did not end");
		return 0;
	}
	for (i = 0; i < ARRAY_SIZE(steps); i++)
		if (kernel_log_count(MARK, steps[i]) < 1) {
			diag("no \"%s\" in the kernel log", steps[i]);
			ok = 0;
		}
	if (fatal && kernel_log_count(MARK, "link has been reset") < 1) {
		diag("no link reset in the kernel log");
		ok = 0;
	}
	if (!recovered)
		diag("AER driver didn't recover");
	return ok && recovered;
}

static void test_aer(int up, int fatal)
{
	const char *kind = fatal ? "fatal" : "non-fatal";
	int ok;

	ok = !if_set_up(eth, up) && request_right(up, "before the error");
	ok = ok && inject(fatal ? PCI_ERR_UNC_MALF_TLP : PCI_ERR_UNC_COMP_ABORT,
			  fatal);
	tap_result(ok && request_right(up, "after recovery") &&
		   no_reports("AER"),
		   "AER %s error injected, recovered through error_detected, %sslot_reset, resume with %s %s: request right after",
		   kind, fatal ? "link reset, " : "", eth,
		   up ? "up at MTU 9000" : "down");
}

int main(void)
{
	setvbuf(stdout, NULL, _IOLBF, 0);
	time_bound(TIME_BOUND);

	if ((access("/sys/module/e1000e", F_OK) && load_module(MODULE_PATH)) ||
	    netdev_of_driver("e1000e", eth)) {
		tap_result(0, "e1000e loaded (%s), an interface found",
			   MODULE_PATH);
		return tap_finish();
	}
	diag("interface %s", eth);
	if (if_set_up(eth, 0) || if_set_mtu(eth, MTU_JUMBO)) {
		tap_result(0, "%s: MTU %d", eth, MTU_JUMBO);
		return tap_finish();
	}

	test_suspend(1);
	test_suspend(0);
	test_aer(1, 0);
	test_aer(0, 0);
	test_aer(1, 1);

	if_set_up(eth, 0);
	if_set_mtu(eth, MTU_STD);
	write_str("/sys/power/pm_test", "none");
	tap_result(request_right(0, "at the end"),
		   "%s down at MTU %d: no e1000e request", eth, MTU_STD);
	return tap_finish();
}
