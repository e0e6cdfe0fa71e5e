/* SPDX-License-Identifier: GPL-2.0 */
/* STUBBED: the file and inode fields that a misc device driver touches */
#ifndef _HARNESS_LINUX_FS_H
#define _HARNESS_LINUX_FS_H
#include <linux/kernel.h>



struct inode {
	unsigned int minor;
	void *i_private;
};

struct file {
	void *private_data;
	loff_t f_pos;
};

struct file_operations {
	int (*open)(struct inode *inode, struct file *file);
	int (*release)(struct inode *inode, struct file *file);
	ssize_t (*read)(struct file *file, char __user *buf, size_t count,
			loff_t *pos);
	ssize_t (*write)(struct file *file, const char __user *buf,
			 size_t count, loff_t *pos);
	loff_t (*llseek)(struct file *file, loff_t offset, int whence);
};

#define S_IRUGO 0444
#define iminor(inode) ((inode)->minor)

ssize_t simple_read_from_buffer(void __user *to, size_t count,
				loff_t *ppos, const void *from, size_t available);
#endif
