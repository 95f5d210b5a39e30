import { useEffect, useRef } from 'react'
import uPlot from 'uplot'

/**
 * A per-day bar chart with uPlot (canvas): an image to assistive technology, labelled; the same
 * figures are in the table below it. Redrawn on resize and when `theme` changes (its colours come
 * from the page's CSS variables).
 */
export function Chart({ label, days, values, theme }: { label: string; days: readonly string[]; values: readonly number[]; theme: string }) {
  const box = useRef<HTMLDivElement>(null)
  useEffect(() => {
    const element = box.current
    if (!element) return
    const css = getComputedStyle(document.documentElement)
    const color = (name: string) => css.getPropertyValue(name).trim()
    const xs = days.map((d) => Date.parse(`${d}T00:00:00Z`) / 1000)
    const axis = { stroke: color('--muted'), grid: { stroke: color('--grid'), width: 1 }, ticks: { stroke: color('--grid'), width: 1 } }
    const plot = new uPlot(
      {
        width: Math.max(200, element.clientWidth),
        height: 160,
        legend: { show: false },
        cursor: { show: false },
        // Half a day of room each side, so the first and last days' bars are whole.
        scales: { x: { time: true, range: (_u, min, max) => [min - 43_200, max + 43_200] }, y: { range: (_u, _min, max) => [0, Math.max(1, max)] } },
        axes: [
          { ...axis, size: 30 },
          { ...axis, size: 40, incrs: [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000, 10000] },
        ],
        series: [
          {},
          { label, stroke: color('--accent'), fill: color('--accent'), width: 1, paths: uPlot.paths.bars?.({ size: [0.7, 40] }), points: { show: false } },
        ],
      },
      [xs, [...values]],
      element,
    )
    const resize = new ResizeObserver(() => plot.setSize({ width: Math.max(200, element.clientWidth), height: 160 }))
    resize.observe(element)
    return () => {
      resize.disconnect()
      plot.destroy()
    }
  }, [label, days, values, theme])
  return <div ref={box} className="chart" role="img" aria-label={label} />
}
