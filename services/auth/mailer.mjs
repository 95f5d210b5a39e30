// The auth service's outgoing mail: nodemailer over plain SMTP to the configured server (the local
// sink in tests and the demo, a provider's relay in a deployment). Plain text only, with the code
// or the link on a line of its own, so a person can copy it and a test can read it with /^\d{6}$/m.
//
// The recipient goes in as an address object, never as a string nodemailer would parse: an
// address such as "a@x.example, b@y.example" must not become two recipients. The callers check
// the address first as well.
import nodemailer from 'nodemailer'

export const MAIL_FROM = 'Airlock <login@airlock.local>'
const TIMEOUT_MS = 5000

export function createMailer({ host, port }) {
  const transport = nodemailer.createTransport({
    host,
    port,
    secure: false,
    ignoreTLS: true,
    connectionTimeout: TIMEOUT_MS,
    greetingTimeout: TIMEOUT_MS,
    socketTimeout: TIMEOUT_MS,
  })
  const send = (to, subject, lines) => transport.sendMail({ from: MAIL_FROM, to: { name: '', address: to }, subject, text: `${lines.join('\n')}\n` })

  return {
    sendLoginCode: (to, code) =>
      send(to, 'Your Airlock sign-in code', [
        'Your Airlock sign-in code:',
        '',
        code,
        '',
        'It works once, for 10 minutes. If you did not ask to sign in, ignore this email.',
      ]),

    sendDeviceLink: (to, link) =>
      send(to, 'Approve a new device for Airlock', [
        'Someone is signing in to Airlock with this address on a device it has not seen before.',
        'If it is you, open this link to approve the device, then enter the code we send next:',
        '',
        link,
        '',
        'The link works once, for 10 minutes. If it is not you, ignore this email: nothing changes.',
      ]),

    /** To the current address: the code that says its owner asks for the change. */
    sendUpdatePrimaryCode: (to, code, newEmail) =>
      send(to, 'Confirm your Airlock email change', [
        `Your code to change your Airlock email to ${newEmail}:`,
        '',
        code,
        '',
        'It works once, for 10 minutes. If you did not ask for this, ignore this email: your email stays as it is.',
      ]),

    /** To the new address: the code that says the new address is theirs. */
    sendUpdateSecondaryCode: (to, code) =>
      send(to, 'Confirm your new Airlock email', [
        'Your code to make this address your Airlock email:',
        '',
        code,
        '',
        'It works once, for 10 minutes. If you did not ask for this, ignore this email.',
      ]),

    close: () => transport.close(),
  }
}
