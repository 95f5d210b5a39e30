/**
 * Email addresses in frame messages (SPEC §5: "Email fields in frame messages must be valid emails").
 */
import * as t from 'io-ts'

interface EmailBrand {
  readonly Email: unique symbol
}

/** A string proven to be a valid email address. */
export type Email = t.Branded<string, EmailBrand>

// The WHATWG "valid e-mail address" (what <input type=email> accepts), plus a dot in the domain:
// the embedded wallet mails a one-time code, and a dotless host cannot receive it.
const LOCAL_PART = "[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+"
const LABEL = '[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?'
const EMAIL_PATTERN = new RegExp(`^${LOCAL_PART}@${LABEL}(?:\\.${LABEL})+$`)

/** RFC 5321 caps a forward path at 254 characters. */
const MAX_EMAIL_LENGTH = 254

/**
 * Check an email address with the rule browsers use for `<input type=email>`, requiring a dot in
 * the domain and at most 254 characters.
 *
 * ```ts
 * isValidEmail('ada@example.com') // true
 * isValidEmail('ada@localhost') // false
 * isValidEmail('ada example.com') // false
 * ```
 */
export function isValidEmail(input: unknown): input is Email {
  return typeof input === 'string' && input.length <= MAX_EMAIL_LENGTH && EMAIL_PATTERN.test(input)
}

/**
 * The io-ts codec for email fields in frame messages.
 *
 * ```ts
 * t.type({ email: EmailCodec }).decode({ email: 'ada@example.com' }) // Right
 * ```
 */
export const EmailCodec = new t.Type<Email, string, unknown>(
  'Email',
  isValidEmail,
  (input, context) => (isValidEmail(input) ? t.success(input) : t.failure(input, context, 'Invalid email address')),
  (email) => email,
)
