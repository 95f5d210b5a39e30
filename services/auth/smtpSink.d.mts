/** One message as one recipient got it. */
export interface Mail {
  /** The envelope recipient, lower case. */
  to: string
  /** The From header as written, e.g. `Airlock <login@airlock.local>`. */
  from: string
  subject: string
  text: string
  /** The HTML body, or null for a plain-text message. */
  html: string | null
  /** When the sink received it (ms precision). */
  date: Date
}

export interface SmtpSink {
  host: string
  port: number
  /** Every message received so far, oldest first. */
  messages(): Mail[]
  /**
   * The first message to `to` (case-insensitive) received after `since` (a Date or ms since the
   * epoch; strictly: a mail of that very millisecond counts as older) and after the mail `after` (one
   * this sink gave; exact order, for "the next one"): at once if there is one, else when it comes.
   * Rejects after `timeoutMs` (default DEFAULT_WAIT_MS) or when the sink stops.
   */
  waitForMail(options: { to: string; since?: Date | number; after?: Mail; timeoutMs?: number }): Promise<Mail>
  stop(): Promise<void>
}

export const MAX_MESSAGE_BYTES: number
/** 10 s. */
export const DEFAULT_WAIT_MS: number

/** An SMTP server on 127.0.0.1 (no AUTH, no TLS) that keeps what it receives; `port` default a free one. */
export function startSmtpSink(options?: { port?: number }): Promise<SmtpSink>
