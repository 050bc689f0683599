/** The y axis of the charts: bounds and round ticks (no chart.js here: cheap to test). */

export interface ValueAxis {
  min: number;
  max: number;
  /** Round values from min to max, one step apart. */
  ticks: number[];
}

/**
 * At most this many intervals between ticks (11 labels on a 240 px chart; chart.js skips
 * labels that would overlap). Room enough that widening 60-180 mmHg to a 48 diastolic gives
 * 40-220 by 20, not 0-250 by 50.
 */
const MAX_INTERVALS = 10;

/** Round steps, in units of the axis precision: 1, 2 and 5 times a power of ten. */
function* roundSteps(): Generator<number> {
  for (let magnitude = 1; ; magnitude *= 10) {
    yield magnitude;
    yield 2 * magnitude;
    yield 5 * magnitude;
  }
}

/**
 * The y axis of a chart. With a default `domain` (the spec's fixed ranges) the axis shows
 * at least that domain and widens, up or down, to every value: no point is ever drawn off
 * the chart. Without one the axis fits the values with a step of room above and below.
 * Ends and ticks sit on round values (multiples of 1, 2 or 5 times a power of ten) with
 * `tickDecimals` places, the unit's tick precision.
 */
export function valueAxis(
  values: ReadonlyArray<number>,
  tickDecimals: number,
  domain?: { min: number; max: number },
): ValueAxis {
  const finite = values.filter((v) => Number.isFinite(v));
  const scale = 10 ** tickDecimals;
  // Work in whole multiples of the precision, so 0.1 steps never drift (3.3 + 0.1 ...).
  const vmin = finite.length > 0 ? Math.min(...finite) * scale : Number.POSITIVE_INFINITY;
  const vmax = finite.length > 0 ? Math.max(...finite) * scale : Number.NEGATIVE_INFINITY;
  let lo = Math.min(vmin, domain ? domain.min * scale : Number.POSITIVE_INFINITY);
  let hi = Math.max(vmax, domain ? domain.max * scale : Number.NEGATIVE_INFINITY);
  if (!Number.isFinite(lo) || !Number.isFinite(hi)) {
    lo = 0;
    hi = scale;
  }
  const epsilon = 1e-6;
  let start = 0;
  let end = 0;
  let step = 1;
  for (step of roundSteps()) {
    start = Math.floor(lo / step + epsilon) * step;
    end = Math.ceil(hi / step - epsilon) * step;
    if (!domain) {
      // An automatic axis keeps a step of room beyond the lowest and highest values.
      if (start >= lo - epsilon) start -= step;
      if (end <= hi + epsilon) end += step;
    }
    if ((end - start) / step <= MAX_INTERVALS) break;
  }
  const ticks: number[] = [];
  for (let t = start; t <= end + epsilon; t += step) ticks.push(Number((t / scale).toFixed(tickDecimals)));
  return {
    min: Number((start / scale).toFixed(tickDecimals)),
    max: Number((end / scale).toFixed(tickDecimals)),
    ticks,
  };
}

/** A tick label: every tick of an axis with the same decimals ('4.0', '6.0', ...). */
export function formatTick(value: number, tickDecimals: number): string {
  return value.toFixed(tickDecimals);
}
