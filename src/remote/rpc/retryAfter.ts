/**
 * `Retry-After` (RFC 9110 §10.2.3): delta-seconds or an HTTP-date.
 *
 * ```ts
 * parseRetryAfter('2', now) // 2000
 * parseRetryAfter('Wed, 21 Oct 2026 07:28:00 GMT', now) // ms until then, 0 if past
 * parseRetryAfter('soon', now) // undefined
 * ```
 */
export function parseRetryAfter(header: string | null | undefined, nowMs: number): number | undefined {
  if (header === null || header === undefined) return undefined
  const value = header.trim()
  if (/^\d+$/.test(value)) return Number(value) * 1000
  if (!/[a-z]/i.test(value)) return undefined
  const at = Date.parse(value)
  if (Number.isNaN(at)) return undefined
  return Math.max(0, at - nowMs)
}
