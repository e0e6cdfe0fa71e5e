/* SPDX-License-Identifier: GPL-2.0 */
/* CUSTOMISED: the kernel's ratelimit_state over a clock that the tests
 * drive, harness_jiffies: each test starts a fresh interval.
 */
#ifndef _HARNESS_LINUX_RATELIMIT_H
#define _HARNESS_LINUX_RATELIMIT_H

#define HZ 100
#define DEFAULT_RATELIMIT_INTERVAL (5 * HZ)
#define DEFAULT_RATELIMIT_BURST 10

extern unsigned long harness_jiffies;

struct ratelimit_state {
	int interval;
	int burst;
	int printed;
	int missed;
	unsigned long begin;
};

int __ratelimit(struct ratelimit_state *rs);
#endif
