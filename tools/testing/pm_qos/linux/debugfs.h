/* SPDX-License-Identifier: GPL-2.0 */
/* CUSTOMISED: debugfs files are recorded in harness_debugfs[], where tests
 * find them; harness_debugfs_off makes debugfs absent (-ENODEV), as with
 * CONFIG_DEBUG_FS=n.
 */
#ifndef _HARNESS_LINUX_DEBUGFS_H
#define _HARNESS_LINUX_DEBUGFS_H
#include <linux/fs.h>

struct dentry;
struct dentry *debugfs_create_dir(const char *name, struct dentry *parent);
struct dentry *debugfs_create_file(const char *name, unsigned int mode,
				   struct dentry *parent, void *data,
				   const struct file_operations *fops);
#endif
