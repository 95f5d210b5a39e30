/**
 * `Retry-After` (RFC 9110 §10.2.3) as a delay in milliseconds: delta-seconds ("2", "0") or an
 * HTTP-date in any of the three forms RFC 9110 §5.6.7 asks recipients to accept (IMF-fixdate,
 * RFC 850, asctime). A date in the past gives 0; anything else (negative or fractional seconds,
 * prose, ISO dates) gives undefined. The caller caps the result (RETRY_AFTER_CAP_MS).
 *
 * The date forms are matched before `Date.parse` sees them: V8's parser is lenient and reads
 * "soon 5" as a date in 2001.
 *
 * ```ts
 * parseRetryAfter('2', Date.now()) // 2000
 * parseRetryAfter('Wed, 21 Oct 2026 07:28:00 GMT', now) // ms from now until then, 0 if past
 * parseRetryAfter('soon', now) // undefined
 * ```
 */
const DELTA_SECONDS = /^\d+$/
const DAY = '(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun)'
const LONG_DAY = '(?:Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday)'
const MONTH = '(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)'
const TIME = '\\d{2}:\\d{2}:\\d{2}'
const HTTP_DATE = new RegExp(
  [
    `^${DAY}, \\d{2} ${MONTH} \\d{4} ${TIME} GMT$`, // IMF-fixdate: Sun, 06 Nov 1994 08:49:37 GMT
    `^${LONG_DAY}, \\d{2}-${MONTH}-\\d{2} ${TIME} GMT$`, // RFC 850: Sunday, 06-Nov-94 08:49:37 GMT
    `^${DAY} ${MONTH} [ \\d]\\d ${TIME} \\d{4}$`, // asctime: Sun Nov  6 08:49:37 1994 (GMT)
  ].join('|'),
)

export function parseRetryAfter(header: string | null | undefined, nowMs: number): number | undefined {
  if (header === null || header === undefined) return undefined
  const value = header.trim()
  if (DELTA_SECONDS.test(value)) return Number(value) * 1000
  if (!HTTP_DATE.test(value)) return undefined
  // asctime carries no zone; it is GMT by definition.
  const at = Date.parse(value.endsWith('GMT') ? value : `${value} GMT`)
  if (Number.isNaN(at)) return undefined
  return Math.max(0, at - nowMs)
}
