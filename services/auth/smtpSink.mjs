// A local SMTP server that keeps every message it is given, so the auth service sends its codes by
// real SMTP (nodemailer, as it would to a provider) while the tests and the demo read them back.
// Loopback only, no AUTH, no STARTTLS: nothing leaves the machine, and nothing here is a real mailbox.
//
// A message is recorded once per envelope recipient, so `waitForMail({ to })` finds it whichever
// address a test watches. `date` is when the sink received it (the Date header has whole seconds
// only, too coarse for `since`). `since` is strict: the usual `since = Date.now()` just before an
// action must not catch the previous mail received in that same millisecond, while the mail the
// action causes cannot arrive within it (an SMTP exchange takes longer). `after: <a mail>` says
// "the next one" exactly.
import { SMTPServer } from 'smtp-server'
import { simpleParser } from 'mailparser'

/** The largest message accepted. */
export const MAX_MESSAGE_BYTES = 1024 * 1024
/** How long waitForMail waits by default. */
export const DEFAULT_WAIT_MS = 10_000

/** `Name <address>` (or the bare address) for each sender, as a person writes it. */
const senders = (from) => (from?.value ?? []).map(({ name, address }) => (name ? `${name} <${address}>` : address)).join(', ')
const toTime = (value) => (value instanceof Date ? value.getTime() : (value ?? -Infinity))

/** Start the sink on 127.0.0.1 at `port` (default a free one). */
export async function startSmtpSink({ port = 0 } = {}) {
  const mails = []
  const waiters = new Set()
  /** Each mail's place in the order received, for `after` (dates tie within a millisecond). */
  const order = new WeakMap()

  const deliver = (mail) => {
    order.set(mail, mails.length)
    mails.push(mail)
    for (const waiter of waiters) {
      if (waiter.accepts(mail)) waiter.resolve(mail)
    }
  }

  const server = new SMTPServer({
    secure: false,
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    disableReverseLookup: true,
    size: MAX_MESSAGE_BYTES,
    logger: false,
    closeTimeout: 500,
    onData(stream, session, callback) {
      simpleParser(stream).then(
        (parsed) => {
          if (stream.sizeExceeded) return callback(Object.assign(new Error('Message too large'), { responseCode: 552 }))
          const date = new Date()
          for (const recipient of session.envelope.rcptTo) {
            deliver({
              to: recipient.address.toLowerCase(),
              from: senders(parsed.from),
              subject: parsed.subject ?? '',
              text: parsed.text ?? '',
              html: typeof parsed.html === 'string' ? parsed.html : null,
              date,
            })
          }
          callback()
        },
        (error) => callback(error),
      )
    },
  })

  // A sender that vanishes mid-message (a server killed in a test) resets its connection: that
  // ends the message, not the sink (an 'error' without a listener would throw in the process).
  server.on('error', () => undefined)
  await new Promise((resolve, reject) => {
    server.server.once('error', reject)
    server.listen(port, '127.0.0.1', () => {
      server.server.off('error', reject)
      resolve()
    })
  })
  const actualPort = server.server.address().port

  return {
    host: '127.0.0.1',
    port: actualPort,
    messages: () => [...mails],
    waitForMail({ to, since, after, timeoutMs = DEFAULT_WAIT_MS }) {
      const address = to.toLowerCase()
      const from = toTime(since)
      const afterIndex = after === undefined ? -1 : order.get(after)
      if (afterIndex === undefined) return Promise.reject(new TypeError('`after` is not a mail of this sink'))
      const accepts = (mail) => mail.to === address && mail.date.getTime() > from && order.get(mail) > afterIndex
      const already = mails.find(accepts)
      if (already) return Promise.resolve(already)
      return new Promise((resolve, reject) => {
        const waiter = {
          accepts,
          resolve: (mail) => {
            clearTimeout(waiter.timer)
            waiters.delete(waiter)
            resolve(mail)
          },
          reject: (error) => {
            clearTimeout(waiter.timer)
            waiters.delete(waiter)
            reject(error)
          },
        }
        waiter.timer = setTimeout(() => waiter.reject(new Error(`No mail to ${address} within ${timeoutMs} ms`)), timeoutMs)
        waiters.add(waiter)
      })
    },
    async stop() {
      for (const waiter of [...waiters]) waiter.reject(new Error('The SMTP sink stopped'))
      await new Promise((resolve) => server.close(resolve))
    },
  }
}
