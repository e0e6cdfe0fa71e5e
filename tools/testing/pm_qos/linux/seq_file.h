/* SPDX-License-Identifier: GPL-2.0 */
/* CUSTOMISED: single_open() seq_files; seq_printf() understands the
 * kernel's %pS (symbol+offset, through dladdr()).  seq_printf() and
 * seq_putc() with a spinlock held count into harness_format_under_lock.
 */
#ifndef _HARNESS_LINUX_SEQ_FILE_H
#define _HARNESS_LINUX_SEQ_FILE_H
#include <linux/fs.h>

struct seq_file {
	char *buf;
	size_t size, count;
	void *private;
	int (*show)(struct seq_file *m, void *v);
};

extern int harness_format_under_lock;
int seq_printf(struct seq_file *m, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
int seq_putc(struct seq_file *m, char c);
int single_open(struct file *file, int (*show)(struct seq_file *, void *),
		void *data);
int single_release(struct inode *inode, struct file *file);
ssize_t seq_read(struct file *file, char __user *buf, size_t size,
		 loff_t *ppos);
loff_t seq_lseek(struct file *file, loff_t offset, int origin);
#endif
