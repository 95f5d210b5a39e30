/**
 * The email-login cool-down (SPEC §5, §9): email login may be triggered at most once per 30 seconds.
 */

/** How long after one email login the next is refused (SPEC §9: 30 s). */
export const EMAIL_COOLDOWN_MS = 30_000

/**
 * Whole seconds left before email login may be triggered again, rounded up; 0 when it may be
 * triggered now. With no earlier login (or a time that is not a number) nothing is left. The wait
 * never exceeds the cool-down, so a clock set back does not lock the user out for longer.
 *
 * ```ts
 * emailCooldownSecondsLeft(1_000, 1_500) // 30 (29.5 s left, rounded up)
 * emailCooldownSecondsLeft(1_000, 31_000) // 0
 * emailCooldownSecondsLeft(undefined, 1_500) // 0
 * ```
 */
export function emailCooldownSecondsLeft(lastLoginAt: number | undefined, now: number): number {
  if (lastLoginAt === undefined) return 0
  const msLeft = Math.min(lastLoginAt + EMAIL_COOLDOWN_MS - now, EMAIL_COOLDOWN_MS)
  if (!Number.isFinite(msLeft) || msLeft <= 0) return 0
  return Math.ceil(msLeft / 1000)
}

/**
 * The error to show when email login is triggered during the cool-down, or `undefined` when it may
 * go ahead. The wording is SPEC §5's, word for word ("seconds" even for 1), so it stays as written.
 *
 * ```ts
 * emailCooldownError(1_000, 11_000) // 'Please try again after 20 seconds'
 * emailCooldownError(1_000, 31_000) // undefined
 * ```
 */
export function emailCooldownError(lastLoginAt: number | undefined, now: number): string | undefined {
  const secondsLeft = emailCooldownSecondsLeft(lastLoginAt, now)
  return secondsLeft > 0 ? `Please try again after ${secondsLeft} seconds` : undefined
}
