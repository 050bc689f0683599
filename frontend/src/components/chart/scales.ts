/** The y scale every time chart hands chart.js (only chart.js's types here). */
import type { ChartTheme } from './chartTheme';
import { formatTick, type ValueAxis } from './valueAxis';

/**
 * A linear y scale on `axis`'s bounds and round ticks (`valueAxis`), in the theme's colours
 * and the page's font, each tick with the unit's decimals.
 */
export function yScale(axis: ValueAxis, theme: Pick<ChartTheme, 'grid' | 'axis' | 'text'>, font: { family: string } | undefined, tickDecimals: number) {
  return {
    type: 'linear' as const,
    min: axis.min,
    max: axis.max,
    grid: { color: theme.grid },
    border: { color: theme.axis },
    afterBuildTicks: (scale: { ticks: { value: number }[] }) => {
      scale.ticks = axis.ticks.map((value) => ({ value }));
    },
    ticks: { color: theme.text, font, callback: (value: string | number) => formatTick(Number(value), tickDecimals) },
  };
}
