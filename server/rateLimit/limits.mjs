// The server's rate limits (issue 24 §4), each a count of requests per window, per client IP or
// per address. Generous for a person (the demo and the tests never reach them), low enough that a
// flood of mail, of guesses at a code or of sign-ins stops short. Documented in docs/self-hosting.md
// ("Rate limits"); the auth service's own 30 s email cool-down comes on top of them.

const MINUTE = 60_000

/** Each limit: at most `max` requests in `windowMs`. */
export const RATE_LIMITS = {
  /** Mail sent at a client's request (sign-in codes and device links, email update codes), per IP. */
  mailPerIp: { max: 100, windowMs: 15 * MINUTE },
  /** The same, per address: the email in the body, or the session asking (email update). */
  mailPerAddress: { max: 10, windowMs: 15 * MINUTE },
  /** Codes and links checked (sign-in code, email update codes, device approval, a social sign-in's result), per IP. */
  codePerIp: { max: 200, windowMs: 15 * MINUTE },
  /** The same, per address (each code also dies after 5 wrong tries). */
  codePerAddress: { max: 30, windowMs: 15 * MINUTE },
  /** SIWX nonces issued, per IP. */
  noncePerIp: { max: 300, windowMs: MINUTE },
  /** SIWX sign-ins (POST /v1/sessions), per IP. */
  signInPerIp: { max: 120, windowMs: MINUTE },
  /** Analytics batches received (each at most 100 events), per IP. */
  eventsPerIp: { max: 600, windowMs: MINUTE },
  /** Name registrations (POST /v1/profile/account: each a transaction the registrar pays for), per IP. */
  namesPerIp: { max: 30, windowMs: 15 * MINUTE },
}

/**
 * Which requests count against which limit: `METHOD /path` (the path as the route names it, or as
 * the URL parser normalises it under a wildcard route or none), and the limits, each by `ip`, by
 * `email` (the body's `email`, trimmed and lower-cased) or by `session` (the Authorization header,
 * digested: the account asking, for the email update).
 */
export const RATE_LIMITED_ROUTES = {
  'POST /v1/email/connect': [
    ['mailPerIp', 'ip'],
    ['mailPerAddress', 'email'],
  ],
  'POST /v1/email/device': [
    ['mailPerIp', 'ip'],
    ['mailPerAddress', 'email'],
  ],
  'POST /v1/email/update': [
    ['mailPerIp', 'ip'],
    ['mailPerAddress', 'session'],
  ],
  'POST /v1/email/otp': [
    ['codePerIp', 'ip'],
    ['codePerAddress', 'email'],
  ],
  // Checks the code to the current address, then mails one to the new address.
  'POST /v1/email/update/primary': [
    ['codePerIp', 'ip'],
    ['codePerAddress', 'session'],
    ['mailPerIp', 'ip'],
    ['mailPerAddress', 'session'],
  ],
  'POST /v1/email/update/secondary': [
    ['codePerIp', 'ip'],
    ['codePerAddress', 'session'],
  ],
  'GET /v1/device/approve': [['codePerIp', 'ip']],
  // Spends a social sign-in's one-time result. (Wallet recovery checks no code here: the visitor's
  // recovery code never leaves the secure frame, and GET /v1/wallet needs a session.)
  'POST /v1/social/connect': [['codePerIp', 'ip']],
  'POST /v1/nonce': [['noncePerIp', 'ip']],
  'POST /v1/sessions': [['signInPerIp', 'ip']],
  'POST /v1/analytics/events': [['eventsPerIp', 'ip']],
  'POST /v1/profile/account': [['namesPerIp', 'ip']],
}
