/**
 * The image URL (a remote one still goes through useRemoteImage) a row of a virtualised list may show now: while the list scrolls, only one shown
 * before (in the browser's memory cache, decoded); a new one waits until the scroll settles. A row
 * that only flies past then requests, parses and decodes nothing: loading each new icon (an SVG
 * is a whole document) was a third of the main thread's work scrolling 1,000 tokens. The row shows
 * its placeholder meanwhile, as for an icon it may not show. The URLs shown are remembered, the
 * most recent `SHOWN_LIMIT` of them, so scrolling back shows them at once.
 *
 * ```tsx
 * const virtualizer = useVirtualizer({ … })
 * // in the row, given virtualizer.isScrolling:
 * <TokenIcon url={imageAfterScroll(balance.iconUrl, scrolling)} />
 * ```
 */

/** How many shown URLs are remembered (a bound, so a long list does not grow it without end). */
export const SHOWN_LIMIT = 256

const shown = new Set<string>()

function remember(url: string): void {
  // Oldest first: re-adding moves the URL to the end, so the ones in view are the last evicted.
  shown.delete(url)
  shown.add(url)
  if (shown.size > SHOWN_LIMIT) shown.delete(shown.values().next().value as string)
}

export function imageAfterScroll(url: string | null | undefined, scrolling: boolean): string | undefined {
  if (!url) return undefined
  if (scrolling && !shown.has(url)) return undefined
  remember(url)
  return url
}

/** How many URLs are remembered (for tests of the bound). */
export const rememberedImageCount = (): number => shown.size
