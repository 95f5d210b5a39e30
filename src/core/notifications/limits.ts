/** Timings of the notification banner. */

/** SPEC §2, §9 "Notification reopen delay": an open banner closes and the new one opens after 150 ms. */
export const NOTIFICATION_REOPEN_DELAY_MS = 150

/**
 * How long a success or error banner stays before closing itself. SPEC §9 lists 3 s among "other
 * durations" without naming its use; 3 s is the banner's auto-close, the one timed UI element left
 * unassigned. Loading banners have no time limit: they stay until replaced or closed.
 */
export const NOTIFICATION_AUTO_CLOSE_MS = 3_000
