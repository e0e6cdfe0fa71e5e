// SPDX-License-Identifier: GPL-2.0
/*
 * libFuzzer target on the misc device's write path: any byte string, written
 * at once, either sets the request to exactly the value an independent
 * reference parser finds in it, or fails with -EINVAL and changes nothing.
 * ASan sees any read past the bytes written (the buffer has exactly that
 * size).
 */
#include "test.h"

static s32 ref_default = 2000 * USEC_PER_SEC;

/* The accepted syntax, written independently of the kernel's parser. */
static int reference(const unsigned char *d, size_t n, s32 *out)
{
	size_t i, len = n, start = 0;
	u32 v = 0;

	if (n == 4) {
		memcpy(out, d, 4);
		goto check;
	}
	if (n == 0 || n > 11)
		return -EINVAL;
	if (len && d[len - 1] == '\0')
		len--;
	if (len && d[len - 1] == '\n')
		len--;
	if (len > 2 && d[0] == '0' && (d[1] == 'x' || d[1] == 'X'))
		start = 2;
	if (len - start < 1 || len - start > 8)
		return -EINVAL;
	for (i = start; i < len; i++) {
		unsigned char c = d[i];

		if (c >= '0' && c <= '9')
			v = v * 16 + c - '0';
		else if (c >= 'a' && c <= 'f')
			v = v * 16 + c - 'a' + 10;
		else if (c >= 'A' && c <= 'F')
			v = v * 16 + c - 'A' + 10;
		else
			return -EINVAL;
	}
	*out = (s32)v;
check:
	if (*out < -1)
		return -EINVAL;
	if (*out == -1 || *out > ref_default)	/* the default is folded in */
		*out = ref_default;
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static struct dev d;
	static int opened;
	s32 start = 77, want;
	ssize_t ret;
	int ok;

	if (!opened) {
		pm_qos_reset();
		if (misc_open(&d, "cpu_dma_latency"))
			abort();
		opened = 1;
	}
	if (dev_write(&d, &start, 4) != 4 || pm_qos_request(1) != 77)
		abort();
	ret = dev_write(&d, data, size);
	ok = reference(data, size, &want) == 0;
	if (ok ? ret != (ssize_t)size || pm_qos_request(1) != want
	       : ret != -EINVAL || pm_qos_request(1) != 77) {
		fprintf(stderr, "write of %zu bytes: got %zd, target %d; "
			"reference says %s %d\n", size, ret, pm_qos_request(1),
			ok ? "accept" : "reject", ok ? want : 77);
		abort();
	}
	return 0;
}
