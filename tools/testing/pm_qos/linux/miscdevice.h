/* SPDX-License-Identifier: GPL-2.0 */
/* STUBBED: misc_register() hands out minors from 60 up and records the
 * device in harness_misc[], where tests find the fops to call.
 */
#ifndef _HARNESS_LINUX_MISCDEVICE_H
#define _HARNESS_LINUX_MISCDEVICE_H
#include <linux/kernel.h>

#define MISC_DYNAMIC_MINOR 255
struct file_operations;

struct miscdevice {
	int minor;
	const char *name;
	const struct file_operations *fops;
};

int misc_register(struct miscdevice *misc);
#endif
