export interface RateLimit {
  max: number
  windowMs: number
}

export type RateLimitName = 'mailPerIp' | 'mailPerAddress' | 'codePerIp' | 'codePerAddress' | 'noncePerIp' | 'signInPerIp' | 'eventsPerIp' | 'namesPerIp'

/** Each limit: at most `max` requests in `windowMs`. */
export const RATE_LIMITS: Readonly<Record<RateLimitName, RateLimit>>

/** `METHOD /path` → the limits it counts against, each by `ip`, `email` (the body's) or `session` (Authorization). */
export const RATE_LIMITED_ROUTES: Readonly<Record<string, readonly (readonly [RateLimitName, 'ip' | 'email' | 'session'])[]>>
