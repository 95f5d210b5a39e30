/** SPEC §5's origins every project allows: loopback on any port (http and https), and https `*.pages.dev`, `*.vercel.app`, `*.ngrok.io`, `*.ngrok-free.app`. */
export const DEFAULT_ALLOWED_ORIGINS: readonly string[]

/**
 * Whether `origin`, a serialised origin (`event.origin`, the Origin header), matches one of
 * `patterns` (`https://shop.example`, `https://*.example.com`, `http://127.0.0.1:*`). The scheme is
 * exact; `*.` is one or more labels in front of the rest (never the bare domain); `:*` is any port
 * and no port is the scheme's default. Anything else, a malformed pattern or origin, is false.
 */
export function originAllowed(patterns: readonly string[], origin: string): boolean
