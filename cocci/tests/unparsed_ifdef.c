/*
 * A handset's panel driver whose resume picks, by board, which panel
 * of two to light: the two branches of an #ifdef open the same block
 * with two different conditions.  spatch cannot parse that function
 * and no rule sees its call; report mode finds it in the text of the
 * file, and spatch names the file (--parse-error-msg).  The calls of
 * the functions it parses are flagged in every mode.
 */
#include <linux/module.h>
#include <linux/platform_device.h>
#include <linux/pm_qos_params.h>

#define LCD_QOS		"lcd_axi"
#define LCD_AXI_MAX	160000

struct lcd_state {
	int on;
	int lid;
	struct lcd_state *peer;
	struct {
		int on;
	} saved;
};

static int lcd_lid_open(void);
static int lcd_power(struct lcd_state *lcd, int on);

static int lcd_resume_panel(struct lcd_state *lcd)
{
	int ret = 0;

	lcd->on = lcd->saved.on;

#ifdef CONFIG_LCD_DUAL_PANEL
	lcd->saved.on = 1;
	lcd->peer->saved.on = lcd->saved.on;

	/* the outer panel when the lid is shut */
	lcd->peer->on = lcd->peer->saved.on;

	if (lcd_lid_open()) {	/* open */
		lcd = lcd->peer;
	}

	if (!lcd->saved.on) {
#else
	if (lcd->saved.on) {
#endif

#ifdef CONFIG_LCD_AXI_BOOST
		pm_qos_update_requirement(PM_QOS_SYSTEM_BUS_FREQ, LCD_QOS,
					  LCD_AXI_MAX);
#endif
		ret = lcd_power(lcd, 1);
		if (ret)
			printk(KERN_ERR "lcd: cannot light the panel\n");
	}

	return ret;
}

static int lcd_probe(struct platform_device *pdev)
{
	return pm_qos_add_requirement(PM_QOS_SYSTEM_BUS_FREQ, LCD_QOS,
				      PM_QOS_DEFAULT_VALUE);
}

static int lcd_remove(struct platform_device *pdev)
{
	pm_qos_remove_requirement(PM_QOS_SYSTEM_BUS_FREQ, LCD_QOS);
	return 0;
}
