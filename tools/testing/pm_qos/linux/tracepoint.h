/* SPDX-License-Identifier: GPL-2.0 */
/* CUSTOMISED: the TRACE_EVENT machinery, reduced to what a header in the
 * manner of include/trace/events/ uses (DECLARE_EVENT_CLASS, DEFINE_EVENT,
 * TRACE_EVENT; TP_PROTO, TP_ARGS, TP_STRUCT__entry with __field,
 * TP_fast_assign, TP_printk, __print_symbolic).  Each event becomes a static trace_<event>()
 * that, while harness_tracing is set, fills the event's entry as
 * TP_fast_assign says and records "<event>: " and the TP_printk text in
 * harness_trace_log[] (the kernel's %pS/%pF as printk formats them).  Off,
 * it costs one load, as a disabled tracepoint does.  The real header is
 * read once, so TRACE_HEADER_MULTI_READ and CREATE_TRACE_POINTS change
 * nothing here (trace/define_trace.h is empty).
 */
#ifndef _HARNESS_LINUX_TRACEPOINT_H
#define _HARNESS_LINUX_TRACEPOINT_H
#include <linux/kernel.h>

#define HARNESS_TRACE_MAX 64
extern int harness_tracing;		/* record events */
extern int harness_nr_traces;		/* events recorded since the reset */
/* the first HARNESS_TRACE_MAX of them */
extern char harness_trace_log[HARNESS_TRACE_MAX][160];
extern int harness_traces_locked;	/* of those, emitted with a spinlock held */
void harness_trace(const char *event, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

#define TP_PROTO(args...) args
#define TP_ARGS(args...) args
#define TP_STRUCT__entry(args...) args
#define TP_fast_assign(args...) args
#define TP_printk(fmt, args...) fmt, args
#define __field(type, item) type item;
#define __entry entry

struct harness_trace_symbol {
	long value;
	const char *name;
};
/* The name of @value in @syms (ended by a NULL name), or the number. */
const char *harness_print_symbolic(long value,
				   const struct harness_trace_symbol *syms);
#define __print_symbolic(value, syms...)				\
	harness_print_symbolic((long)(value),				\
		(const struct harness_trace_symbol[]){ syms, { -1, NULL } })

#define DECLARE_EVENT_CLASS(name, proto, args, tstruct, assign, print)	\
	struct harness_trace_entry_##name { tstruct };			\
	static inline void harness_trace_class_##name(const char *event, \
						       proto)		\
	{								\
		struct harness_trace_entry_##name __e, *entry = &__e;	\
		assign;							\
		harness_trace(event, print);				\
	}

#define DEFINE_EVENT(template, name, proto, args)			\
	static inline void trace_##name(proto)				\
	{								\
		if (unlikely(__atomic_load_n(&harness_tracing,		\
					     __ATOMIC_RELAXED)))	\
			harness_trace_class_##template(#name, args);	\
	}

#define TRACE_EVENT(name, proto, args, tstruct, assign, print)		\
	DECLARE_EVENT_CLASS(name, PARAMS(proto), PARAMS(args),		\
			    PARAMS(tstruct), PARAMS(assign),		\
			    PARAMS(print))				\
	DEFINE_EVENT(name, name, PARAMS(proto), PARAMS(args))

#define PARAMS(args...) args
#endif
