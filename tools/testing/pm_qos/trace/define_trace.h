/* SPDX-License-Identifier: GPL-2.0 */
/* STUBBED: linux/tracepoint.h of the harness defines each event at its
 * first reading; there is nothing to create.
 */
