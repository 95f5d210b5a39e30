/**
 * The frame host's timings (SPEC §9): no READY within 20 s → "Unable to load email login
 * dependency" (iframe_load_failed); READY, then 500 ms, then initialised; a connect, code or social
 * request unanswered within 30 s → "Embedded Wallet Request Timed Out" (iframe_request_timeout).
 * ./frameHost.ts keeps them.
 */
import type { AppEventType } from './protocol'

export const FRAME_READY_WAIT_MS = 20_000
export const FRAME_READY_DELAY_MS = 500
export const FRAME_REQUEST_TIMEOUT_MS = 30_000
/**
 * A frame whose document loaded but sent no READY within this long was refused: its server's
 * `frame-ancestors` does not list this page (the browser then shows an error document, which
 * loads but says nothing). Reported as unverified_domain at once, not after the 20 s wait.
 */
export const FRAME_SILENT_LOAD_MS = 3_000

/**
 * The requests SPEC §9 gives 30 s ("Connect, otp and social request timeout"), the social ones
 * read as every request of a social sign-in that waits for no one (the provider's URL, the
 * Farcaster link): a frame that never answers them would leave the visitor on "Loading" for good.
 * The others wait for the visitor (a device approval, the Farcaster app) or the chain.
 */
export const TIMED_REQUESTS: ReadonlySet<AppEventType> = new Set<AppEventType>([
  'CONNECT_EMAIL',
  'CONNECT_OTP',
  'CONNECT_SOCIAL',
  'GET_SOCIAL_REDIRECT_URI',
  'GET_FARCASTER_URI',
])
