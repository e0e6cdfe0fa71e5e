/*
 * An ALSA PCI sound driver: one request per card, named by the card's
 * own name field; a period timer tightens the latency while running.
 * The handle belongs in the chip structure, which only a hand
 * conversion gives it: every call is reported.
 */
#include <linux/pci.h>
#include <linux/timer.h>
#include <linux/pm_qos_params.h>
#include <sound/core.h>
#include <sound/pcm.h>

struct snd_xfi {
	struct snd_card *card;
	struct pci_dev *pci;
	struct timer_list period_timer;
	char latency_id[20];
	unsigned int period_us;
	int running;
};

static void snd_xfi_period_timer(unsigned long data)
{
	struct snd_xfi *chip = (struct snd_xfi *)data;

	if (chip->running)
		pm_qos_update_requirement(PM_QOS_CPU_DMA_LATENCY,
					  chip->latency_id, chip->period_us / 2);
	mod_timer(&chip->period_timer, jiffies + HZ);
}

static int snd_xfi_pcm_hw_params(struct snd_pcm_substream *substream,
				 struct snd_pcm_hw_params *hw_params)
{
	struct snd_xfi *chip = snd_pcm_substream_chip(substream);

	pm_qos_remove_requirement(PM_QOS_CPU_DMA_LATENCY, chip->latency_id);
	if (chip->period_us)
		pm_qos_add_requirement(PM_QOS_CPU_DMA_LATENCY,
				       chip->latency_id, chip->period_us);
	return snd_pcm_lib_malloc_pages(substream,
					params_buffer_bytes(hw_params));
}

static int snd_xfi_pcm_hw_free(struct snd_pcm_substream *substream)
{
	struct snd_xfi *chip = snd_pcm_substream_chip(substream);

	pm_qos_remove_requirement(PM_QOS_CPU_DMA_LATENCY, chip->latency_id);
	return snd_pcm_lib_free_pages(substream);
}

static int __devinit snd_xfi_create(struct snd_card *card,
				    struct pci_dev *pci,
				    struct snd_xfi **rchip)
{
	struct snd_xfi *chip;

	chip = kzalloc(sizeof(*chip), GFP_KERNEL);
	if (chip == NULL)
		return -ENOMEM;
	chip->card = card;
	chip->pci = pci;
	snprintf(chip->latency_id, sizeof(chip->latency_id), "xfi-%d",
		 card->number);
	setup_timer(&chip->period_timer, snd_xfi_period_timer,
		    (unsigned long)chip);
	*rchip = chip;
	return 0;
}
