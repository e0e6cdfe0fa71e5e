// SPDX-License-Identifier: GPL-2.0
/*
 * Unit tests of kernel/pm_qos_params.c, compiled from the real file against
 * the harness's stub headers.  Built with ASan and UBSan by default.
 *
 * The tests live in tests/, a file per subject, each ending with its table.
 * They are included, not linked, so that they reach the core's static
 * functions and objects.  A new test is a function in the file of its
 * subject and a line in that file's table; a new subject is a file, an
 * #include and a line in suites[] below.
 */
#include "test.h"
#include <linux/tracepoint.h>		/* the events the core records */
#include "tests/shared.h"

#include "tests/aggregate.c"
#include "tests/notify.c"
#include "tests/misuse.c"
#include "tests/context.c"
#include "tests/trace.c"
#include "tests/dev.c"
#include "tests/debugfs.c"
#include "tests/model.c"
#ifdef PMQOS_STAGE1
#include "tests/stage1.c"
#endif

#define SUITE(t) { t, ARRAY_SIZE(t) }

static const struct suite suites[] = {
	SUITE(aggregate_tests),
	SUITE(notify_tests),
	SUITE(misuse_tests),
	SUITE(context_tests),
	SUITE(trace_tests),
	SUITE(dev_tests),
	SUITE(debugfs_tests),
	SUITE(model_tests),
#ifdef PMQOS_STAGE1
	SUITE(stage1_tests),
#endif
};

int main(void)
{
	return run_suites(suites, ARRAY_SIZE(suites));
}
