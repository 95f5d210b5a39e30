/**
 * The social sign-in's own failures, as the flow records them (English, the fallback) and the
 * strings key each view shows instead, so they read in the visitor's language. The frame's and
 * the providers' messages are shown as they come.
 */
export const POPUP_CLOSED = 'The sign-in window was closed'
export const POPUP_BLOCKED = 'The sign-in window was blocked'

const KEYS: Readonly<Record<string, string>> = { [POPUP_CLOSED]: 'popupClosed', [POPUP_BLOCKED]: 'popupBlocked' }

/** What a view shows of a failure: one of the flow's own in the visitor's language (`t`), any other as it came. */
export function failureText(error: string | null, t: (key: string) => string): string {
  const key = error === null ? undefined : KEYS[error]
  return key === undefined ? (error ?? '') : t(key)
}
