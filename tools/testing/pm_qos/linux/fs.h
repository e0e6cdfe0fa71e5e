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
	int (*open)(struct inode *, struct file *);
	int (*release)(struct inode *, struct file *);
	ssize_t (*read)(struct file *, char __user *, size_t, loff_t *);
	ssize_t (*write)(struct file *, const char __user *, size_t, loff_t *);
	loff_t (*llseek)(struct file *, loff_t, int);
};

#define S_IRUGO 0444
#define iminor(inode) ((inode)->minor)

ssize_t simple_read_from_buffer(void __user *to, size_t count,
				loff_t *ppos, const void *from, size_t available);
#endif
