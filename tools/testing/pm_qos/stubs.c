// SPDX-License-Identifier: GPL-2.0
/*
 * The stub layer's code: allocation with fault injection, notifier chains,
 * misc devices, debugfs and seq_file, printk and its ratelimit,
 * might_sleep() and atomic context, interrupts, and a workqueue, as the
 * harness headers declare them.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <unistd.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <linux/slab.h>
#include <linux/notifier.h>
#include <linux/miscdevice.h>
#include <linux/debugfs.h>
#include <linux/seq_file.h>
#include <linux/mutex.h>
#include <linux/workqueue.h>
#include <linux/tracepoint.h>
#include <linux/smp.h>
#include <linux/sched.h>
#include "harness.h"

int harness_warnings, harness_quiet;
int harness_alloc_budget = -1;
int harness_alloc_under_lock, harness_sleep_under_lock;
int harness_notify_under_lock;
long harness_live_allocs;
int harness_fail_copy_from_user, harness_debugfs_off;
int harness_atomic, harness_might_sleeps;
int harness_printks;
char harness_printk_last[256];
unsigned long harness_jiffies;
pid_t harness_pid = 4242, harness_vpid = 17;
static void work_reset(void);
__thread int harness_spin_depth;
__thread int harness_irqs_off, harness_hardirq;
int harness_irq_unsafe_lock;
int harness_tracing, harness_nr_traces;
char harness_trace_log[HARNESS_TRACE_MAX][160];
int harness_traces_locked;
static pthread_mutex_t trace_lock = PTHREAD_MUTEX_INITIALIZER;
struct harness_node harness_misc[HARNESS_NODES];
struct harness_node harness_debugfs[HARNESS_NODES];
int harness_nr_misc, harness_nr_debugfs;

void harness_reset_stubs(void)
{
	harness_warnings = 0;
	harness_alloc_budget = -1;
	harness_alloc_under_lock = 0;
	harness_sleep_under_lock = 0;
	harness_notify_under_lock = 0;
	harness_fail_copy_from_user = 0;
	harness_debugfs_off = 0;
	harness_nr_misc = harness_nr_debugfs = 0;
	harness_atomic = 0;
	harness_might_sleeps = 0;
	harness_printks = 0;
	harness_printk_last[0] = '\0';
	harness_irq_unsafe_lock = 0;
	harness_irqs_off = harness_hardirq = 0;
	work_reset();
	harness_fail_create_workqueue = 0;
	harness_alloc_hook = NULL;
	harness_format_under_lock = 0;
	memset(harness_cpu_idle, 0, sizeof(int) * HARNESS_NR_CPUS);
	memset(harness_ipis, 0, sizeof(harness_ipis));
	memset(harness_cpu_polling, 0, sizeof(int) * HARNESS_NR_CPUS);
	memset(harness_need_resched, 0, sizeof(int) * HARNESS_NR_CPUS);
	harness_wake_idle_calls = 0;
	harness_alloc_largest = 0;
	harness_ipis_from_hardirq = 0;
	harness_this_cpu = 0;
	harness_tracing = 0;
	harness_nr_traces = 0;
	harness_traces_locked = 0;
	/* every ratelimit interval runs out between tests */
	harness_jiffies += 1000 * DEFAULT_RATELIMIT_INTERVAL;
}

/* A spinlock held, interrupts off, in a hard IRQ, or harness_atomic set. */
int harness_in_atomic(void)
{
	return harness_spin_depth || harness_irqs_off || harness_hardirq ||
	       __atomic_load_n(&harness_atomic, __ATOMIC_RELAXED);
}

static void sleep_check(void)
{
	if (harness_in_atomic())
		__atomic_add_fetch(&harness_sleep_under_lock, 1,
				   __ATOMIC_RELAXED);
}

void harness_might_sleep(void)
{
	__atomic_add_fetch(&harness_might_sleeps, 1, __ATOMIC_RELAXED);
	sleep_check();
}

void harness_mutex_lock(pthread_mutex_t *m)
{
	sleep_check();
	pthread_mutex_lock(m);
}

void harness_lock_used(spinlock_t *l)
{
	if (harness_hardirq)
		__atomic_store_n(&l->in_hardirq, 1, __ATOMIC_RELAXED);
	else if (!harness_irqs_off)
		__atomic_store_n(&l->irqs_on, 1, __ATOMIC_RELAXED);
	if (__atomic_load_n(&l->in_hardirq, __ATOMIC_RELAXED) &&
	    __atomic_load_n(&l->irqs_on, __ATOMIC_RELAXED))
		__atomic_add_fetch(&harness_irq_unsafe_lock, 1,
				   __ATOMIC_RELAXED);
}

static __thread int hardirq_saved_irqs;

/* A hard IRQ handler runs with interrupts off (IRQF_DISABLED). */
void harness_hardirq_enter(void)
{
	if (!harness_hardirq++) {
		hardirq_saved_irqs = harness_irqs_off;
		harness_irqs_off = 1;
	}
}

void harness_hardirq_exit(void)
{
	if (!--harness_hardirq)
		harness_irqs_off = hardirq_saved_irqs;
}

/* The CPUs: which are idle, and the IPIs each received. */
__thread int harness_this_cpu;
int harness_cpu_idle[HARNESS_NR_CPUS];
int harness_ipis[HARNESS_NR_CPUS];
int harness_ipis_from_hardirq;

int harness_cpu_polling[HARNESS_NR_CPUS];
int harness_need_resched[HARNESS_NR_CPUS];
int harness_wake_idle_calls;

/*
 * The scheduler's helper as the series adds it to kernel/sched.c: need_resched
 * on every other CPU's idle task, then, after a full barrier, a reschedule
 * IPI to each that runs it without polling need_resched.
 */
void wake_up_all_idle_cpus(void)
{
	int cpu;

	__atomic_add_fetch(&harness_wake_idle_calls, 1, __ATOMIC_RELAXED);
	/* the caller's stores before the flags */
	smp_mb();
	for (cpu = 0; cpu < HARNESS_NR_CPUS; cpu++)
		if (cpu != harness_this_cpu)
			__atomic_store_n(&harness_need_resched[cpu], 1,
					 __ATOMIC_RELAXED);
	/* the flags before the reads of what each CPU runs */
	smp_mb();
	for (cpu = 0; cpu < HARNESS_NR_CPUS; cpu++)
		if (cpu != harness_this_cpu && idle_cpu(cpu) &&
		    !__atomic_load_n(&harness_cpu_polling[cpu],
				     __ATOMIC_RELAXED))
			smp_send_reschedule(cpu);
}

void smp_send_reschedule(int cpu)
{
	if (cpu < 0 || cpu >= HARNESS_NR_CPUS || cpu == harness_this_cpu)
		abort();	/* the kernel's would BUG on it */
	__atomic_add_fetch(&harness_ipis[cpu], 1, __ATOMIC_RELAXED);
	if (harness_hardirq)
		__atomic_add_fetch(&harness_ipis_from_hardirq, 1,
				   __ATOMIC_RELAXED);
}

/* The workqueue: one FIFO, its lock taken as the kernel's is, irqsave. */
static pthread_mutex_t work_lock = PTHREAD_MUTEX_INITIALIZER;
static struct work_struct *work_head, **work_tail = &work_head;
static int work_queued;

static struct workqueue_struct keventd = { .name = "events" };
static struct workqueue_struct created_wq;
int harness_fail_create_workqueue;
static __thread struct workqueue_struct *current_wq;

struct workqueue_struct *create_freezeable_workqueue(const char *name)
{
	if (harness_fail_create_workqueue) {
		harness_fail_create_workqueue = 0;
		return NULL;
	}
	created_wq.name = name;
	created_wq.freezeable = 1;
	return &created_wq;
}

const char *harness_current_wq(void)
{
	return current_wq ? current_wq->name : NULL;
}

int harness_current_wq_freezeable(void)
{
	return current_wq && current_wq->freezeable;
}

int schedule_work(struct work_struct *work)
{
	return queue_work(&keventd, work);
}

int queue_work(struct workqueue_struct *wq, struct work_struct *work)
{
	if (__atomic_exchange_n(&work->pending, 1, __ATOMIC_ACQ_REL))
		return 0;
	pthread_mutex_lock(&work_lock);
	work->wq = wq;
	work->next = NULL;
	*work_tail = work;
	work_tail = &work->next;
	work_queued++;
	pthread_mutex_unlock(&work_lock);
	return 1;
}

static struct work_struct *work_take(void)
{
	struct work_struct *w;

	pthread_mutex_lock(&work_lock);
	w = work_head;
	if (w) {
		work_head = w->next;
		if (!work_head)
			work_tail = &work_head;
		work_queued--;
	}
	pthread_mutex_unlock(&work_lock);
	return w;
}

int harness_run_work(void)
{
	struct work_struct *w;
	int n = 0;

	if (harness_in_atomic())	/* a worker runs in process context */
		abort();
	while ((w = work_take())) {
		current_wq = w->wq;
		__atomic_store_n(&w->pending, 0, __ATOMIC_RELEASE);
		w->func(w);
		current_wq = NULL;
		n++;
	}
	return n;
}

int harness_work_pending(void)
{
	int n;

	pthread_mutex_lock(&work_lock);
	n = work_queued;
	pthread_mutex_unlock(&work_lock);
	return n;
}

/* Drops whatever is queued: each test starts with an idle workqueue. */
static void work_reset(void)
{
	struct work_struct *w;

	while ((w = work_take()))
		__atomic_store_n(&w->pending, 0, __ATOMIC_RELAXED);
}

/* The kernel's __ratelimit(): at most burst calls per interval pass. */
int __ratelimit(struct ratelimit_state *rs)
{
	if (!rs->begin || harness_jiffies - rs->begin >= (unsigned long)rs->interval) {
		rs->begin = harness_jiffies ? harness_jiffies : 1;
		rs->printed = 0;
		rs->missed = 0;
	}
	if (rs->printed < rs->burst) {
		rs->printed++;
		return 1;
	}
	rs->missed++;
	return 0;
}

struct harness_node *harness_find(struct harness_node *tab, int n,
				  const char *name)
{
	int i;

	for (i = 0; i < n; i++)
		if (!strcmp(tab[i].name, name))
			return &tab[i];
	return NULL;
}

void (*harness_alloc_hook)(void);
size_t harness_alloc_largest;

void *kmalloc(size_t size, gfp_t flags)
{
	void (*hook)(void) = harness_alloc_hook;
	void *p;

	(void)flags;
	if (hook) {
		harness_alloc_hook = NULL;
		hook();
	}
	if (harness_spin_depth)
		__atomic_add_fetch(&harness_alloc_under_lock, 1, __ATOMIC_RELAXED);
	if (flags & __GFP_WAIT)		/* GFP_KERNEL may sleep */
		sleep_check();
	{
		size_t was = __atomic_load_n(&harness_alloc_largest,
					     __ATOMIC_RELAXED);

		while (size > was &&
		       !__atomic_compare_exchange_n(&harness_alloc_largest,
						    &was, size, 0,
						    __ATOMIC_RELAXED,
						    __ATOMIC_RELAXED))
			;
	}
	if (harness_alloc_budget == 0)
		return NULL;
	if (harness_alloc_budget > 0)
		harness_alloc_budget--;
	p = malloc(size);
	if (p)
		__atomic_add_fetch(&harness_live_allocs, 1, __ATOMIC_RELAXED);
	return p;
}

void *kzalloc(size_t size, gfp_t flags)
{
	void *p = kmalloc(size, flags);

	if (p)
		memset(p, 0, size);
	return p;
}

void kfree(const void *p)
{
	if (p)
		__atomic_sub_fetch(&harness_live_allocs, 1, __ATOMIC_RELAXED);
	free((void *)p);
}

int blocking_notifier_chain_register(struct blocking_notifier_head *nh,
				     struct notifier_block *nb)
{
	struct notifier_block **p;

	pthread_rwlock_wrlock(&nh->rwsem);
	for (p = &nh->head; *p && (*p)->priority >= nb->priority;
	     p = &(*p)->next)
		;
	nb->next = *p;
	*p = nb;
	pthread_rwlock_unlock(&nh->rwsem);
	return 0;
}

int blocking_notifier_chain_unregister(struct blocking_notifier_head *nh,
				       struct notifier_block *nb)
{
	struct notifier_block **p;
	int ret = -ENOENT;

	pthread_rwlock_wrlock(&nh->rwsem);
	for (p = &nh->head; *p; p = &(*p)->next) {
		if (*p == nb) {
			*p = nb->next;
			ret = 0;
			break;
		}
	}
	pthread_rwlock_unlock(&nh->rwsem);
	return ret;
}

int blocking_notifier_call_chain(struct blocking_notifier_head *nh,
				 unsigned long val, void *v)
{
	struct notifier_block *nb;
	int ret = NOTIFY_DONE;

	if (harness_in_atomic())
		__atomic_add_fetch(&harness_notify_under_lock, 1,
				   __ATOMIC_RELAXED);
	pthread_rwlock_rdlock(&nh->rwsem);
	for (nb = nh->head; nb; nb = nb->next)
		ret = nb->notifier_call(nb, val, v);
	pthread_rwlock_unlock(&nh->rwsem);
	return ret;
}

int misc_register(struct miscdevice *misc)
{
	struct harness_node *n;

	if (harness_nr_misc == HARNESS_NODES)
		return -EBUSY;
	misc->minor = 60 + harness_nr_misc;
	n = &harness_misc[harness_nr_misc++];
	n->name = misc->name;
	n->fops = misc->fops;
	n->minor = misc->minor;
	return 0;
}

static struct dentry *harness_dentry = (struct dentry *)&harness_debugfs;

struct dentry *debugfs_create_dir(const char *name, struct dentry *parent)
{
	(void)name;
	(void)parent;
	return harness_debugfs_off ? ERR_PTR(-ENODEV) : harness_dentry;
}

struct dentry *debugfs_create_file(const char *name, unsigned int mode,
				   struct dentry *parent, void *data,
				   const struct file_operations *fops)
{
	struct harness_node *n;

	if (parent != harness_dentry || harness_nr_debugfs == HARNESS_NODES)
		return ERR_PTR(-ENODEV);
	n = &harness_debugfs[harness_nr_debugfs++];
	n->mode = mode;
	n->name = name;
	n->data = data;
	n->fops = fops;
	return harness_dentry;
}

ssize_t simple_read_from_buffer(void __user *to, size_t count,
				loff_t *ppos, const void *from, size_t available)
{
	loff_t pos = *ppos;

	if (pos < 0)
		return -EINVAL;
	if ((size_t)pos >= available || !count)
		return 0;
	if (count > available - pos)
		count = available - pos;
	memcpy(to, (const char *)from + pos, count);
	*ppos = pos + count;
	return count;
}

static void seq_add(struct seq_file *m, const char *s, size_t len)
{
	if (m->count + len + 1 > m->size) {
		m->size = (m->count + len + 1) * 2;
		m->buf = realloc(m->buf, m->size);
		if (!m->buf)
			abort();
	}
	memcpy(m->buf + m->count, s, len);
	m->count += len;
	m->buf[m->count] = '\0';
}

/*
 * The kernel's %pS prints symbol+offset.  dladdr() knows only exported
 * symbols, so read the full symbol table once with nm(1), as kallsyms would
 * hold it, and fall back to the raw pointer if that is not possible.
 */
struct sym {
	unsigned long addr;
	char name[64];
};
static struct sym *syms;
static int nr_syms;

static int sym_cmp(const void *a, const void *b)
{
	unsigned long x = ((const struct sym *)a)->addr;
	unsigned long y = ((const struct sym *)b)->addr;

	return x < y ? -1 : x > y;
}

static void load_syms(void)
{
	char line[256], exe[200], cmd[256], type;
	unsigned long addr;
	struct sym s;
	ssize_t n = readlink("/proc/self/exe", exe, sizeof(exe) - 1);
	FILE *f;
	int cap = 0;

	if (n <= 0)
		return;
	exe[n] = '\0';
	snprintf(cmd, sizeof(cmd), "nm --defined-only '%s' 2>/dev/null", exe);
	f = popen(cmd, "r");
	if (!f)
		return;
	while (fgets(line, sizeof(line), f)) {
		if (sscanf(line, "%lx %c %63s", &addr, &type, s.name) != 3 ||
		    (type != 't' && type != 'T'))
			continue;
		if (nr_syms == cap) {
			cap = cap ? cap * 2 : 1024;
			syms = realloc(syms, cap * sizeof(*syms));
			if (!syms)
				abort();
		}
		s.addr = addr;
		syms[nr_syms++] = s;
	}
	pclose(f);
	if (nr_syms)
		qsort(syms, nr_syms, sizeof(*syms), sym_cmp);
}

static void format_symbol(char *out, size_t len, void *ptr)
{
	static pthread_once_t once = PTHREAD_ONCE_INIT;
	Dl_info info;
	unsigned long off;
	int lo = 0, hi;

	pthread_once(&once, load_syms);
	if (!dladdr(ptr, &info)) {
		snprintf(out, len, "%p", ptr);
		return;
	}
	off = (unsigned long)ptr - (unsigned long)info.dli_fbase;
	for (hi = nr_syms - 1; lo < hi;) {	/* last symbol <= off */
		int mid = (lo + hi + 1) / 2;

		if (syms[mid].addr <= off)
			lo = mid;
		else
			hi = mid - 1;
	}
	if (nr_syms && syms[lo].addr <= off)
		snprintf(out, len, "%s+0x%lx", syms[lo].name,
			 off - syms[lo].addr);
	else
		snprintf(out, len, "%p", ptr);
}

/* vsnprintf() with the kernel's %pS, in pieces handed to @put */
static void vformat(void (*put)(void *, const char *, size_t), void *ctx,
		    const char *fmt, va_list ap)
{
	char spec[32], out[512];
	const char *p;
	void *ptr;
	int n;

	for (p = fmt; *p; p++) {
		if (*p != '%') {
			put(ctx, p, 1);
			continue;
		}
		n = strcspn(p + 1, "diuxXcsp%") + 2;
		if (n >= (int)sizeof(spec))
			abort();
		memcpy(spec, p, n);
		spec[n] = '\0';
		p += n - 1;
		switch (*p) {
		case 'p':
			ptr = va_arg(ap, void *);
			if (p[1] == 'S' || p[1] == 'F') {
				p++;
				format_symbol(out, sizeof(out), ptr);
			} else {
				snprintf(out, sizeof(out), "%p", ptr);
			}
			break;
		case 's':
			snprintf(out, sizeof(out), spec, va_arg(ap, char *));
			break;
		case '%':
			strcpy(out, "%");
			break;
		default:
			if (strchr(spec, 'l'))
				snprintf(out, sizeof(out), spec,
					 va_arg(ap, long));
			else
				snprintf(out, sizeof(out), spec,
					 va_arg(ap, int));
		}
		put(ctx, out, strlen(out));
	}
}

static void seq_put(void *m, const char *s, size_t len)
{
	seq_add(m, s, len);
}

int harness_format_under_lock;

int seq_printf(struct seq_file *m, const char *fmt, ...)
{
	va_list ap;

	if (harness_spin_depth)
		__atomic_add_fetch(&harness_format_under_lock, 1,
				   __ATOMIC_RELAXED);
	va_start(ap, fmt);
	vformat(seq_put, m, fmt, ap);
	va_end(ap);
	return 0;
}

struct line {
	char *buf;
	size_t len, size;
};

static void line_put(void *ctx, const char *s, size_t len)
{
	struct line *l = ctx;

	if (len > l->size - 1 - l->len)
		len = l->size - 1 - l->len;
	memcpy(l->buf + l->len, s, len);
	l->len += len;
	l->buf[l->len] = '\0';
}

/* printk(): the message, without its level, goes to harness_printk_last. */
int harness_printk(const char *fmt, ...)
{
	struct line l = { harness_printk_last, 0, sizeof(harness_printk_last) };
	va_list ap;

	if (fmt[0] == '<' && fmt[1] && fmt[2] == '>')
		fmt += 3;
	harness_printk_last[0] = '\0';
	va_start(ap, fmt);
	vformat(line_put, &l, fmt, ap);
	va_end(ap);
	__atomic_add_fetch(&harness_printks, 1, __ATOMIC_RELAXED);
	if (!harness_quiet)
		fprintf(stderr, "# printk: %s", harness_printk_last);
	return (int)l.len;
}

/* A trace event, as the trace file would show it: "<event>: <text>". */
void harness_trace(const char *event, const char *fmt, ...)
{
	char buf[sizeof(harness_trace_log[0])];
	struct line l = { buf, 0, sizeof(buf) };
	va_list ap;

	line_put(&l, event, strlen(event));
	line_put(&l, ": ", 2);
	va_start(ap, fmt);
	vformat(line_put, &l, fmt, ap);
	va_end(ap);
	pthread_mutex_lock(&trace_lock);
	if (harness_nr_traces < HARNESS_TRACE_MAX)
		strcpy(harness_trace_log[harness_nr_traces], buf);
	harness_nr_traces++;
	if (harness_spin_depth)
		harness_traces_locked++;
	pthread_mutex_unlock(&trace_lock);
}

int seq_putc(struct seq_file *m, char c)
{
	if (harness_spin_depth)
		__atomic_add_fetch(&harness_format_under_lock, 1,
				   __ATOMIC_RELAXED);
	seq_add(m, &c, 1);
	return 0;
}

int single_open(struct file *file, int (*show)(struct seq_file *, void *),
		void *data)
{
	struct seq_file *m = calloc(1, sizeof(*m));

	if (!m)
		return -ENOMEM;
	m->show = show;
	m->private = data;
	file->private_data = m;
	return 0;
}

int single_release(struct inode *inode, struct file *file)
{
	struct seq_file *m = file->private_data;

	(void)inode;
	free(m->buf);
	free(m);
	return 0;
}

ssize_t seq_read(struct file *file, char __user *buf, size_t size,
		 loff_t *ppos)
{
	struct seq_file *m = file->private_data;

	if (*ppos == 0) {
		int ret;

		m->count = 0;
		ret = m->show(m, NULL);
		if (ret)
			return ret;
	}
	return simple_read_from_buffer(buf, size, ppos, m->buf ? m->buf : "",
				       m->count);
}

loff_t seq_lseek(struct file *file, loff_t offset, int origin)
{
	(void)origin;
	file->f_pos = offset;
	return offset;
}

/* The kernel's __print_symbolic() prints the name, or the number in hex. */
const char *harness_print_symbolic(long value,
				   const struct harness_trace_symbol *syms)
{
	static __thread char buf[8][24];
	static __thread int next;
	char *b;

	for (; syms->name; syms++)
		if (syms->value == value)
			return syms->name;
	b = buf[next++ % 8];
	snprintf(b, sizeof(buf[0]), "0x%lx", value);
	return b;
}
