/*
 * PM QoS: drivers, subsystems and processes state how much latency they can
 * bear, or how much throughput they need, and power management code reads
 * the aggregate or is told when it changes.
 *
 * Units: latency in usec, throughput in kB/s (kilobytes per second).
 *
 * A request is a handle returned by pm_qos_add_request().  Each class keeps
 * its requests in an rbtree sorted by value, so that adding, changing and
 * removing a request costs O(log n) in the number of requests, and the
 * aggregate target is the leftmost (minimum) or rightmost (maximum) node
 * folded with the class default, as it always was: a latency request above
 * the default does not raise the target past it.  The target is cached in
 * an atomic_t: reading it is a single load.
 *
 * Processes hold requests through the misc devices /dev/cpu_dma_latency,
 * /dev/network_latency and /dev/network_throughput: each open file is one
 * request, removed when the file is released, so an exiting process cannot
 * leave one behind.
 *
 * Requests change in any context, hard IRQ included, and the new target is
 * read at once; before a change that makes the CPU DMA latency tighter
 * returns, need_resched is set on every other CPU's idle task and a
 * reschedule IPI sent to each idle CPU that does not poll the flag (it does
 * not wait for them).  The notifiers run later, in process context, from
 * pm_qos's own workqueue.
 *
 * Mark Gross <mgross@linux.intel.com>
 */

#include <linux/pm_qos_params.h>
#include <linux/sched.h>
#include <linux/spinlock.h>
#include <linux/mutex.h>
#include <linux/slab.h>
#include <linux/time.h>
#include <linux/fs.h>
#include <linux/miscdevice.h>
#include <linux/rbtree.h>
#include <linux/ctype.h>
#include <linux/debugfs.h>
#include <linux/seq_file.h>
#include <linux/ratelimit.h>
#include <linux/string.h>
#include <linux/init.h>
#include <linux/workqueue.h>

#include <linux/uaccess.h>

#define CREATE_TRACE_POINTS
#include <trace/events/pm_qos.h>

struct pm_qos_request_list {
	struct rb_node node;
	s32 value;
	int pm_qos_class;
	unsigned long caller;		/* who added it, for debugfs */
	pid_t pid;			/* opener, in the init pid ns, or 0 */
};

struct pm_qos_object {
	struct rb_root requests;	/* sorted by value, under pm_qos_lock */
	unsigned int count;		/* number of requests, likewise */
	bool max;			/* aggregate is the max, not the min */
	s32 default_value;
	/* calls the notifiers when the target has moved, on pm_qos_wq */
	struct work_struct notify_work;
	/* serialises notifications so that the last one carries the target */
	struct mutex notify_lock;
	s32 notified_value;		/* under notify_lock */
	struct blocking_notifier_head notifiers;
	struct miscdevice pm_qos_power_miscdev;
	char *name;
};

static void pm_qos_notify_work(struct work_struct *work);

#define PM_QOS_OBJECT(class, _name, _default, _max)			\
	[class] = {							\
		.requests = RB_ROOT,					\
		.max = _max,						\
		.default_value = _default,				\
		.notify_work = __WORK_INITIALIZER(			\
			pm_qos_array[class].notify_work, pm_qos_notify_work), \
		.notify_lock =						\
			__MUTEX_INITIALIZER(pm_qos_array[class].notify_lock), \
		.notified_value = _default,				\
		.notifiers =						\
			BLOCKING_NOTIFIER_INIT(pm_qos_array[class].notifiers), \
		.name = _name,						\
	}

#define PM_QOS_LATENCY_DEFAULT (2000 * USEC_PER_SEC)

static struct pm_qos_object pm_qos_array[PM_QOS_NUM_CLASSES] = {
	PM_QOS_OBJECT(PM_QOS_CPU_DMA_LATENCY, "cpu_dma_latency",
		      PM_QOS_LATENCY_DEFAULT, false),
	PM_QOS_OBJECT(PM_QOS_NETWORK_LATENCY, "network_latency",
		      PM_QOS_LATENCY_DEFAULT, false),
	PM_QOS_OBJECT(PM_QOS_NETWORK_THROUGHPUT, "network_throughput",
		      0, true),
};

/*
 * The aggregate of each class, written under pm_qos_lock and read without
 * it.  Kept apart from pm_qos_array so that pm_qos_request(), which the
 * cpuidle governors call on every idle entry, is one load from a small array.
 */
static atomic_t pm_qos_target[PM_QOS_NUM_CLASSES] = {
	[PM_QOS_CPU_DMA_LATENCY] = ATOMIC_INIT(PM_QOS_LATENCY_DEFAULT),
	[PM_QOS_NETWORK_LATENCY] = ATOMIC_INIT(PM_QOS_LATENCY_DEFAULT),
	[PM_QOS_NETWORK_THROUGHPUT] = ATOMIC_INIT(0),
};

/*
 * Protects every class's tree and count, pm_qos_wq and pm_qos_notify_ready,
 * and orders the writes of the targets.  Updating and removing a request
 * take it in any context, hard IRQ included, so it is always taken with
 * interrupts off (irqsave, or spin_lock_irq() where the caller is known to
 * be in process context with interrupts on: the debugfs file and the work
 * item), and held only for the tree operation and the store of the target:
 * nothing is allocated, nothing sleeps and no notifier runs under it.
 */
static DEFINE_SPINLOCK(pm_qos_lock);

/*
 * Runs the notifiers.  Not keventd: a notifier that calls
 * flush_scheduled_work() would wait for itself there, and keventd is a
 * thread per CPU, bound to the CPU that queued the work, which a real-time
 * task spinning on that CPU holds back for as long as it spins.  This is
 * one thread, not bound to a CPU, so items never run concurrently and it
 * runs wherever there is time.  It is freezable: a notifier (mac80211's
 * reconfigures its hardware) never runs between the freezing of tasks for
 * suspend and their thaw, while devices are suspended; a change made
 * meanwhile is delivered after the thaw.  NULL until pm_qos_power_init()
 * makes it and queues the work of each class whose target moved before, so
 * that no change made before is lost; should it fail to make it, the
 * notifiers run from keventd, and it says so (pm_qos_notify_ready).
 */
static struct workqueue_struct *pm_qos_wq;
static bool pm_qos_notify_ready;

enum pm_qos_op { PM_QOS_ADD, PM_QOS_UPDATE, PM_QOS_REMOVE };

static bool pm_qos_class_valid(int pm_qos_class)
{
	return pm_qos_class > PM_QOS_RESERVED &&
	       pm_qos_class < PM_QOS_NUM_CLASSES;
}

/*
 * Resolves PM_QOS_DEFAULT_VALUE to the class default.  Other negative values
 * mean nothing for any class: they return -EINVAL.
 */
static int pm_qos_resolve(struct pm_qos_object *o, s32 value, s32 *out)
{
	if (value == PM_QOS_DEFAULT_VALUE)
		value = o->default_value;
	else if (value < 0)
		return -EINVAL;
	*out = value;
	return 0;
}

static void pm_qos_insert(struct pm_qos_object *o,
			  struct pm_qos_request_list *req)
{
	struct rb_node **p = &o->requests.rb_node, *parent = NULL;

	while (*p) {
		parent = *p;
		if (req->value < rb_entry(parent, struct pm_qos_request_list,
					  node)->value)
			p = &parent->rb_left;
		else
			p = &parent->rb_right;
	}
	rb_link_node(&req->node, parent, p);
	rb_insert_color(&req->node, &o->requests);
}

/* The aggregate: the extreme request, folded with the class default. */
static s32 pm_qos_extreme(struct pm_qos_object *o)
{
	struct rb_node *n;
	s32 v;

	n = o->max ? rb_last(&o->requests) : rb_first(&o->requests);
	if (!n)
		return o->default_value;
	v = rb_entry(n, struct pm_qos_request_list, node)->value;
	return o->max ? max(v, o->default_value) : min(v, o->default_value);
}

/*
 * The work item of a class: delivers the current target unless it was the
 * last one delivered.  Every change of the target schedules it, and it
 * reads the target after the change, so after a burst of changes the last
 * notification carries the final target, and a burst that ends where it
 * began delivers nothing.  pm_qos_wq has one thread, so the deliveries are
 * in order; notify_lock keeps them so, each reading the target inside it,
 * should the item ever run on two threads at once, as it could on 2.6.34's
 * per-CPU workqueues when queued again while it ran.  The target is read
 * under pm_qos_lock: a change that found the item still pending (and did
 * not queue it) released that lock before, so this read sees the change;
 * one that comes after the read finds the item no longer pending and
 * queues it.
 */
static void pm_qos_notify_work(struct work_struct *work)
{
	struct pm_qos_object *o =
		container_of(work, struct pm_qos_object, notify_work);
	s32 value;

	mutex_lock(&o->notify_lock);
	spin_lock_irq(&pm_qos_lock);
	value = atomic_read(&pm_qos_target[o - pm_qos_array]);
	spin_unlock_irq(&pm_qos_lock);
	if (value != o->notified_value) {
		o->notified_value = value;
		blocking_notifier_call_chain(&o->notifiers,
					     (unsigned long)value, NULL);
	}
	mutex_unlock(&o->notify_lock);
}

/*
 * Applies @op to @req and recomputes the target, tracing both under the
 * lock so that the trace shows the changes in the order they were made.
 * @caller is the code that called the API, for the trace.  A CPU DMA
 * latency made tighter reaches the idle CPUs before this returns; every
 * move of a target queues the class's notifiers.
 */
static void pm_qos_change(struct pm_qos_request_list *req, s32 value,
			  enum pm_qos_op op, unsigned long caller)
{
	int pm_qos_class = req->pm_qos_class;
	struct pm_qos_object *o = &pm_qos_array[pm_qos_class];
	atomic_t *target = &pm_qos_target[pm_qos_class];
	struct workqueue_struct *wq;
	unsigned long flags;
	s32 prev, curr;
	bool ready;

	spin_lock_irqsave(&pm_qos_lock, flags);
	switch (op) {
	case PM_QOS_UPDATE:
		trace_pm_qos_update_request(pm_qos_class, req->value, value,
					    caller);
		rb_erase(&req->node, &o->requests);
		o->count--;
		req->value = value;
		pm_qos_insert(o, req);
		o->count++;
		break;
	case PM_QOS_ADD:
		trace_pm_qos_add_request(pm_qos_class, PM_QOS_DEFAULT_VALUE,
					 value, caller);
		req->value = value;
		pm_qos_insert(o, req);
		o->count++;
		break;
	case PM_QOS_REMOVE:
		trace_pm_qos_remove_request(pm_qos_class, req->value,
					    PM_QOS_DEFAULT_VALUE, caller);
		rb_erase(&req->node, &o->requests);
		o->count--;
		break;
	}
	prev = atomic_read(target);
	curr = pm_qos_extreme(o);
	atomic_set(target, curr);
	if (curr != prev)
		trace_pm_qos_update_target(pm_qos_class, prev, curr);
	wq = pm_qos_wq;
	ready = pm_qos_notify_ready;
	spin_unlock_irqrestore(&pm_qos_lock, flags);

	if (curr == prev)
		return;
	/*
	 * Only a tighter limit is urgent: a looser one costs power until the
	 * idle CPUs wake anyway, or until cpuidle's notifier kicks them.  The
	 * governors read pm_qos_request() when they select a state; the
	 * scheduler's wake_up_all_idle_cpus() makes every other CPU's idle
	 * task select again, under the target stored above (its smp_mb()
	 * orders that store before it sets need_resched).
	 */
	if (pm_qos_class == PM_QOS_CPU_DMA_LATENCY && curr < prev)
		wake_up_all_idle_cpus();
	if (wq)
		queue_work(wq, &o->notify_work);
	else if (ready)
		schedule_work(&o->notify_work);
}

/**
 * pm_qos_request - returns current system wide qos expectation
 * @pm_qos_class: identification of which qos value is requested
 *
 * Context: any context; lock-free, a single load.
 *
 * Return: the aggregate target of @pm_qos_class.  For an invalid class, 0
 * (with a warning, once per boot): this is called on every idle entry, and
 * a latency of 0 keeps a governor in its shallowest state, where an error
 * code, compared with an unsigned exit latency, would allow the deepest.
 */
int pm_qos_request(int pm_qos_class)
{
	if (WARN_ONCE(!pm_qos_class_valid(pm_qos_class),
		      "pm_qos: invalid class %d\n", pm_qos_class))
		return 0;
	return atomic_read(&pm_qos_target[pm_qos_class]);
}
EXPORT_SYMBOL_GPL(pm_qos_request);

/*
 * @caller is the code that adds the request and @pid the process that opened
 * a misc device, or 0, for debugfs: both are set before the request is
 * inserted, so the list never shows a request without them.
 */
static struct pm_qos_request_list *
__pm_qos_add_request(int pm_qos_class, s32 value, unsigned long caller,
		     pid_t pid)
{
	struct pm_qos_request_list *req;
	s32 v;

	might_sleep();
	if (WARN(!pm_qos_class_valid(pm_qos_class),
		 "pm_qos: invalid class %d\n", pm_qos_class))
		return NULL;
	if (WARN(pm_qos_resolve(&pm_qos_array[pm_qos_class], value, &v),
		 "pm_qos: invalid value %d\n", value))
		return NULL;

	req = kzalloc(sizeof(*req), GFP_KERNEL);
	if (!req)
		return NULL;
	req->pm_qos_class = pm_qos_class;
	req->caller = caller;
	req->pid = pid;
	pm_qos_change(req, v, PM_QOS_ADD, caller);
	return req;
}

/**
 * pm_qos_add_request - adds a qos request to a class
 * @pm_qos_class: identifies which class the request is for
 * @value: defines the qos request, or PM_QOS_DEFAULT_VALUE
 *
 * Adds a request to @pm_qos_class and recomputes the class's aggregate
 * target; if it moved, the notifiers are called from pm_qos's workqueue,
 * and for a CPU DMA latency made tighter wake_up_all_idle_cpus() has run
 * before this returns.  Costs O(log n) in the number of requests of the
 * class.
 *
 * Context: process context; may sleep (it allocates with GFP_KERNEL).
 *
 * Return: the handle of the new request, for pm_qos_update_request() and
 * pm_qos_remove_request(); NULL if memory ran out, or (with a warning) if
 * @pm_qos_class or @value is invalid.
 */
struct pm_qos_request_list *pm_qos_add_request(int pm_qos_class, s32 value)
{
	return __pm_qos_add_request(pm_qos_class, value, _RET_IP_, 0);
}
EXPORT_SYMBOL_GPL(pm_qos_add_request);

/*
 * The callers in this file name themselves: inlined, the exported functions
 * would report their caller's caller (__fput for a release, say).
 */
static void __pm_qos_update_request(struct pm_qos_request_list *pm_qos_req,
				    s32 new_value, unsigned long caller)
{
	s32 v;

	if (!pm_qos_req) {
		pr_warning_ratelimited(
			"pm_qos: update of a NULL request from %pS\n",
			(void *)caller);
		return;
	}
	if (WARN(pm_qos_resolve(&pm_qos_array[pm_qos_req->pm_qos_class],
				new_value, &v),
		 "pm_qos: invalid value %d\n", new_value))
		return;
	/*
	 * An update to the value the request has moves nothing, so it takes
	 * no lock.  Only updates of this same request change the value, and
	 * one that races with this call is simply ordered after it.
	 */
	if (v == ACCESS_ONCE(pm_qos_req->value)) {
		trace_pm_qos_update_request(pm_qos_req->pm_qos_class, v, v,
					    caller);
		return;
	}
	pm_qos_change(pm_qos_req, v, PM_QOS_UPDATE, caller);
}

static void __pm_qos_remove_request(struct pm_qos_request_list *pm_qos_req,
				    unsigned long caller)
{
	if (!pm_qos_req)
		return;
	pm_qos_change(pm_qos_req, 0, PM_QOS_REMOVE, caller);
	kfree(pm_qos_req);
}

/**
 * pm_qos_update_request - modifies an existing qos request
 * @pm_qos_req: handle returned by pm_qos_add_request()
 * @new_value: defines the qos request, or PM_QOS_DEFAULT_VALUE
 *
 * Changes the value of a request and recomputes the aggregate target, which
 * pm_qos_request() returns from then on.  If the CPU DMA latency got
 * tighter, wake_up_all_idle_cpus() has run before this returns, and each
 * other idle CPU leaves its idle state and selects one again under the new
 * target: one spinning on need_resched (idle=poll) when it next tests it,
 * one in MWAIT on its thread flags (mwait_idle, ACPI C-states entered by
 * FFH) when the flag is stored, one that halts, or sleeps in an ACPI C2 or
 * C3 entered by an I/O port read, when the reschedule IPI it was sent
 * arrives; a CPU going idle meanwhile is reached the same way.  An ACPI C1
 * entered by an I/O port read neither tests the flag nor is sent the IPI:
 * that CPU selects again at its next interrupt, or when cpuidle's notifier
 * runs from the workqueue.  This does not wait for the other CPUs.  If the
 * target moved, the notifiers are called later from pm_qos's workqueue, in
 * process context.  An update to the
 * value the request already has returns at once; any other costs O(log n).
 * A NULL @pm_qos_req or a negative @new_value other than
 * PM_QOS_DEFAULT_VALUE is ignored with a warning; the one for a NULL
 * request names the caller, ratelimited.
 *
 * Context: any context but NMI, hard IRQ and interrupts off included, with
 * any lock held but pm_qos's own and those that queue_work() takes: the
 * workqueue's, and the scheduler's runqueue locks (it wakes the worker).
 * Does not sleep.
 */
void pm_qos_update_request(struct pm_qos_request_list *pm_qos_req,
			   s32 new_value)
{
	__pm_qos_update_request(pm_qos_req, new_value, _RET_IP_);
}
EXPORT_SYMBOL_GPL(pm_qos_update_request);

/**
 * pm_qos_remove_request - removes an existing qos request
 * @pm_qos_req: handle returned by pm_qos_add_request(), or NULL
 *
 * Removes the request, frees it and recomputes the aggregate target, which
 * pm_qos_request() returns from then on; if it moved, the notifiers are
 * called later from pm_qos's workqueue, in process context (a removal only
 * loosens a limit, so no CPU is kicked).  The handle is invalid
 * afterwards.  A NULL @pm_qos_req is silently ignored, so that callers need
 * not test first.
 *
 * Context: any context but NMI, hard IRQ and interrupts off included, with
 * any lock held but pm_qos's own and those that queue_work() takes: the
 * workqueue's, and the scheduler's runqueue locks (it wakes the worker).
 * Does not sleep.
 */
void pm_qos_remove_request(struct pm_qos_request_list *pm_qos_req)
{
	__pm_qos_remove_request(pm_qos_req, _RET_IP_);
}
EXPORT_SYMBOL_GPL(pm_qos_remove_request);

/**
 * pm_qos_add_notifier - sets notification entry for changes to target value
 * @pm_qos_class: identifies which qos target changes should be notified.
 * @notifier: notifier block managed by caller.
 *
 * Registers @notifier on the chain called, with the new target as its
 * action argument, after the target of @pm_qos_class has moved.  The
 * notifier runs in process context, from pm_qos's own single-threaded
 * workqueue, which is frozen for suspend, with no lock of the caller that
 * moved the target held; it may sleep, and flush_scheduled_work() is safe
 * in it (but for a boot that could not make the workqueue and said so).
 * Changes that come faster than the work item runs are coalesced: the
 * notifier sees the target as it is when it runs, never the same value
 * twice in a row, and the last call carries the final target.  A change
 * the notifier itself makes is delivered by a later run of the work item.
 *
 * Context: process context; may sleep.
 *
 * Return: 0, or -EINVAL (with a warning) if @pm_qos_class is invalid.
 */
int pm_qos_add_notifier(int pm_qos_class, struct notifier_block *notifier)
{
	if (WARN(!pm_qos_class_valid(pm_qos_class),
		 "pm_qos: invalid class %d\n", pm_qos_class))
		return -EINVAL;
	return blocking_notifier_chain_register(
			&pm_qos_array[pm_qos_class].notifiers, notifier);
}
EXPORT_SYMBOL_GPL(pm_qos_add_notifier);

/**
 * pm_qos_remove_notifier - deletes notification entry from chain.
 * @pm_qos_class: identifies which qos target changes are notified.
 * @notifier: notifier block to be removed.
 *
 * Removes @notifier from the chain of @pm_qos_class.
 *
 * Context: process context; may sleep.
 *
 * Return: 0, -ENOENT if @notifier was not registered, or -EINVAL (with a
 * warning) if @pm_qos_class is invalid.
 */
int pm_qos_remove_notifier(int pm_qos_class, struct notifier_block *notifier)
{
	if (WARN(!pm_qos_class_valid(pm_qos_class),
		 "pm_qos: invalid class %d\n", pm_qos_class))
		return -EINVAL;
	return blocking_notifier_chain_unregister(
			&pm_qos_array[pm_qos_class].notifiers, notifier);
}
EXPORT_SYMBOL_GPL(pm_qos_remove_notifier);

static int find_pm_qos_object_by_minor(int minor)
{
	int pm_qos_class;

	for (pm_qos_class = PM_QOS_RESERVED + 1;
	     pm_qos_class < PM_QOS_NUM_CLASSES; pm_qos_class++) {
		struct pm_qos_object *o = &pm_qos_array[pm_qos_class];

		if (minor == o->pm_qos_power_miscdev.minor)
			return pm_qos_class;
	}
	return -1;
}

static int pm_qos_power_open(struct inode *inode, struct file *filp)
{
	struct pm_qos_request_list *req;
	int pm_qos_class;

	pm_qos_class = find_pm_qos_object_by_minor(iminor(inode));
	if (pm_qos_class < 0)
		return -ENODEV;

	req = __pm_qos_add_request(pm_qos_class, PM_QOS_DEFAULT_VALUE,
				   _THIS_IP_, task_tgid_nr(current));
	if (!req)
		return -ENOMEM;
	filp->private_data = req;
	return 0;
}

static int pm_qos_power_release(struct inode *inode, struct file *filp)
{
	__pm_qos_remove_request(filp->private_data, _THIS_IP_);
	return 0;
}

/* "0x" and 8 hex digits, then '\n' as echo writes it, or NUL */
#define PM_QOS_HEX_MAX 11

/*
 * Parses what a write of @count bytes other than a binary s32 holds: an
 * optional 0x, one to eight hex digits, then optionally '\n' and/or NUL,
 * and nothing else.  Only the @count bytes copied from the user are read.
 */
static int pm_qos_parse_hex(const char __user *ubuf, size_t count, s32 *value)
{
	char buf[PM_QOS_HEX_MAX];
	size_t i = 0, start;
	u32 v = 0;

	if (count == 0 || count > sizeof(buf))
		return -EINVAL;
	if (copy_from_user(buf, ubuf, count))
		return -EFAULT;

	if (count > 2 && buf[0] == '0' && tolower(buf[1]) == 'x')
		i = 2;
	for (start = i; i < count && isxdigit(buf[i]); i++) {
		if (i - start == 8)
			return -EINVAL;
		v = v << 4 | (isdigit(buf[i]) ? buf[i] - '0' :
			      tolower(buf[i]) - 'a' + 10);
	}
	if (i == start)
		return -EINVAL;
	if (i < count && buf[i] == '\n')
		i++;
	if (i < count && buf[i] == '\0')
		i++;
	if (i != count)
		return -EINVAL;

	*value = (s32)v;
	return 0;
}

static ssize_t pm_qos_power_write(struct file *filp, const char __user *buf,
		size_t count, loff_t *f_pos)
{
	s32 value;
	int ret;

	if (count == sizeof(s32)) {
		if (copy_from_user(&value, buf, sizeof(s32)))
			return -EFAULT;
	} else {
		ret = pm_qos_parse_hex(buf, count, &value);
		if (ret)
			return ret;
	}
	if (value < 0 && value != PM_QOS_DEFAULT_VALUE)
		return -EINVAL;

	__pm_qos_update_request(filp->private_data, value, _THIS_IP_);
	return count;
}

static ssize_t pm_qos_power_read(struct file *filp, char __user *buf,
		size_t count, loff_t *f_pos)
{
	struct pm_qos_request_list *req = filp->private_data;
	s32 value = pm_qos_request(req->pm_qos_class);

	return simple_read_from_buffer(buf, count, f_pos, &value, sizeof(s32));
}

static const struct file_operations pm_qos_power_fops = {
	.write = pm_qos_power_write,
	.read = pm_qos_power_read,
	.open = pm_qos_power_open,
	.release = pm_qos_power_release,
};

/*
 * debugfs: /sys/kernel/debug/pm_qos/<class> answers "who holds my latency
 * at 0?": the target, then each request's value and the code that added it.
 * It names processes and kernel symbols, so only root may read it.
 */
struct pm_qos_debug_entry {
	s32 value;
	pid_t pid;
	unsigned long caller;
};

/*
 * At most this many requests are listed, the ones that hold the target
 * first: the copy is one fixed allocation of an order-0 page whatever the
 * number of requests (each open file of the misc devices is one, so user
 * space sets it), and the walk under pm_qos_lock, with interrupts off,
 * takes at most this many steps.
 */
#define PM_QOS_DEBUG_MAX 64

/*
 * Copies the requests under pm_qos_lock and formats them after it: %pS
 * looks up a symbol, and seq_file calls this again each time its buffer
 * grows, so formatting under the lock would hold off every update, hard
 * IRQ ones included, for as long.  The target, the count and the copy are
 * taken in one critical section, so they agree.  The copy walks from the
 * request that sets the target (the lowest value, the highest for a
 * maximum class) towards the loosest and stops after PM_QOS_DEBUG_MAX; the
 * rest are counted, not listed.
 */
static int pm_qos_debug_show(struct seq_file *s, void *unused)
{
	struct pm_qos_object *o = s->private;
	struct pm_qos_debug_entry *e;
	struct rb_node *n;
	unsigned int count, listed, i = 0;
	s32 target;

	e = kcalloc(PM_QOS_DEBUG_MAX, sizeof(*e), GFP_KERNEL);
	if (!e)
		return -ENOMEM;

	spin_lock_irq(&pm_qos_lock);
	target = atomic_read(&pm_qos_target[o - pm_qos_array]);
	count = o->count;
	for (n = o->max ? rb_last(&o->requests) : rb_first(&o->requests);
	     n && i < PM_QOS_DEBUG_MAX;
	     n = o->max ? rb_prev(n) : rb_next(n), i++) {
		struct pm_qos_request_list *req =
			rb_entry(n, struct pm_qos_request_list, node);

		e[i].value = req->value;
		e[i].pid = req->pid;
		e[i].caller = req->caller;
	}
	spin_unlock_irq(&pm_qos_lock);

	seq_printf(s, "target %d, %u requests\n", target, count);
	for (listed = i, i = 0; i < listed; i++) {
		seq_printf(s, "%d %pS", e[i].value, (void *)e[i].caller);
		if (e[i].pid)
			seq_printf(s, " pid %d", e[i].pid);
		seq_putc(s, '\n');
	}
	if (count > listed)
		seq_printf(s, "(%u more, none tighter than those above)\n",
			   count - listed);
	kfree(e);
	return 0;
}

static int pm_qos_debug_open(struct inode *inode, struct file *file)
{
	return single_open(file, pm_qos_debug_show, inode->i_private);
}

static const struct file_operations pm_qos_debug_fops = {
	.open = pm_qos_debug_open,
	.read = seq_read,
	.llseek = seq_lseek,
	.release = single_release,
};

static int __init pm_qos_power_init(void)
{
	struct workqueue_struct *wq;
	struct pm_qos_object *o;
	struct dentry *dir;
	int ret;

	/*
	 * Without a thread of its own, keventd delivers: late, unfrozen for
	 * suspend, and a notifier that flushes keventd would wait for itself,
	 * but no notification is lost and the misc devices still register.
	 */
	wq = create_freezeable_workqueue("pm_qos");
	if (!wq)
		pr_err("pm_qos: no workqueue, the notifiers run from keventd\n");
	spin_lock_irq(&pm_qos_lock);
	pm_qos_wq = wq;
	pm_qos_notify_ready = true;
	spin_unlock_irq(&pm_qos_lock);
	/*
	 * Targets that moved before: their changes saw no workqueue, and
	 * made them under pm_qos_lock before it was set.  No work has run
	 * yet, so notified_value is still the class default.
	 */
	for (o = &pm_qos_array[PM_QOS_RESERVED + 1];
	     o < &pm_qos_array[PM_QOS_NUM_CLASSES]; o++) {
		if (atomic_read(&pm_qos_target[o - pm_qos_array]) ==
		    o->notified_value)
			continue;
		if (wq)
			queue_work(wq, &o->notify_work);
		else
			schedule_work(&o->notify_work);
	}

	dir = debugfs_create_dir("pm_qos", NULL);
	for (o = &pm_qos_array[PM_QOS_RESERVED + 1];
	     o < &pm_qos_array[PM_QOS_NUM_CLASSES]; o++) {
		o->pm_qos_power_miscdev.minor = MISC_DYNAMIC_MINOR;
		o->pm_qos_power_miscdev.name = o->name;
		o->pm_qos_power_miscdev.fops = &pm_qos_power_fops;
		ret = misc_register(&o->pm_qos_power_miscdev);
		if (ret < 0) {
			pr_err("pm_qos_param: %s setup failed\n", o->name);
			return ret;
		}
		if (!IS_ERR_OR_NULL(dir))
			debugfs_create_file(o->name, 0400, dir, o,
					    &pm_qos_debug_fops);
	}
	return 0;
}

late_initcall(pm_qos_power_init);
