#undef TRACE_SYSTEM
#define TRACE_SYSTEM pm_qos

#if !defined(_TRACE_PM_QOS_H) || defined(TRACE_HEADER_MULTI_READ)
#define _TRACE_PM_QOS_H

#include <linux/pm_qos_params.h>
#include <linux/tracepoint.h>

#define show_pm_qos_class(pm_qos_class)					\
	__print_symbolic(pm_qos_class,					\
		{ PM_QOS_CPU_DMA_LATENCY, "cpu_dma_latency" },		\
		{ PM_QOS_NETWORK_LATENCY, "network_latency" },		\
		{ PM_QOS_NETWORK_THROUGHPUT, "network_throughput" })

/*
 * A request added, updated or removed: its class, its value before and
 * after the call, and the code that made the call.  A request that does
 * not exist has the value -1 (PM_QOS_DEFAULT_VALUE, which a stored request
 * never holds): old_value on an add, new_value on a remove.  An update to
 * the value the request already has is traced too, with old == new.
 */
DECLARE_EVENT_CLASS(pm_qos_request,

	TP_PROTO(int pm_qos_class, s32 old_value, s32 new_value,
		 unsigned long caller),

	TP_ARGS(pm_qos_class, old_value, new_value, caller),

	TP_STRUCT__entry(
		__field(int, pm_qos_class)
		__field(s32, old_value)
		__field(s32, new_value)
		__field(unsigned long, caller)
	),

	TP_fast_assign(
		__entry->pm_qos_class = pm_qos_class;
		__entry->old_value = old_value;
		__entry->new_value = new_value;
		__entry->caller = caller;
	),

	TP_printk("class=%s old=%d new=%d caller=%pS",
		  show_pm_qos_class(__entry->pm_qos_class), __entry->old_value,
		  __entry->new_value, (void *)__entry->caller)
);

DEFINE_EVENT(pm_qos_request, pm_qos_add_request,

	TP_PROTO(int pm_qos_class, s32 old_value, s32 new_value,
		 unsigned long caller),

	TP_ARGS(pm_qos_class, old_value, new_value, caller)
);

DEFINE_EVENT(pm_qos_request, pm_qos_update_request,

	TP_PROTO(int pm_qos_class, s32 old_value, s32 new_value,
		 unsigned long caller),

	TP_ARGS(pm_qos_class, old_value, new_value, caller)
);

DEFINE_EVENT(pm_qos_request, pm_qos_remove_request,

	TP_PROTO(int pm_qos_class, s32 old_value, s32 new_value,
		 unsigned long caller),

	TP_ARGS(pm_qos_class, old_value, new_value, caller)
);

/* The aggregate target of a class moved, at the request change above it. */
TRACE_EVENT(pm_qos_update_target,

	TP_PROTO(int pm_qos_class, s32 old_target, s32 new_target),

	TP_ARGS(pm_qos_class, old_target, new_target),

	TP_STRUCT__entry(
		__field(int, pm_qos_class)
		__field(s32, old_target)
		__field(s32, new_target)
	),

	TP_fast_assign(
		__entry->pm_qos_class = pm_qos_class;
		__entry->old_target = old_target;
		__entry->new_target = new_target;
	),

	TP_printk("class=%s old=%d new=%d",
		  show_pm_qos_class(__entry->pm_qos_class),
		  __entry->old_target, __entry->new_target)
);

#endif /* _TRACE_PM_QOS_H */

/* This part must be outside protection */
#include <trace/define_trace.h>
