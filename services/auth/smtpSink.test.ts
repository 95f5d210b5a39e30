/**
 * The SMTP sink spoken to by nodemailer over real SMTP on 127.0.0.1: what it records per
 * recipient, waitForMail for a message already there, one still to come, one after `since`, and its
 * time-out; stop() closes the port.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { randomUUID } from 'node:crypto'
import nodemailer from 'nodemailer'
import { startSmtpSink, type SmtpSink } from './smtpSink.mjs'

let sink: SmtpSink
let transport: ReturnType<typeof nodemailer.createTransport>

beforeAll(async () => {
  sink = await startSmtpSink()
  transport = nodemailer.createTransport({ host: sink.host, port: sink.port, secure: false, ignoreTLS: true })
})

afterAll(async () => {
  transport?.close()
  await sink?.stop()
})

const address = (name: string) => `${name}-${randomUUID()}@example.com`

describe('startSmtpSink', () => {
  it('listens on loopback and records a message with its sender, subject, text and time, once per recipient', async () => {
    expect(sink.host).toBe('127.0.0.1')
    const [alice, bob] = [address('alice'), address('bob')]
    const before = Date.now()
    await transport.sendMail({ from: 'Airlock <login@airlock.local>', to: [alice, bob.toUpperCase()], subject: 'Hello', text: 'line one\n123456\n' })
    const mine = sink.messages().filter((mail) => mail.to === alice || mail.to === bob)
    expect(mine.map((mail) => mail.to).sort()).toEqual([alice, bob].sort())
    for (const mail of mine) {
      expect(mail).toMatchObject({ from: 'Airlock <login@airlock.local>', subject: 'Hello', html: null })
      expect(mail.text).toMatch(/^123456$/m)
      expect(mail.date.getTime()).toBeGreaterThanOrEqual(before)
      expect(mail.date.getTime()).toBeLessThanOrEqual(Date.now())
    }
  })

  it('keeps an HTML body as HTML', async () => {
    const to = address('html')
    await transport.sendMail({ from: 'x@example.com', to, subject: 'Both', text: 'plain', html: '<p>rich</p>' })
    const mail = await sink.waitForMail({ to })
    expect(mail.html).toContain('<p>rich</p>')
    expect(mail.text).toContain('plain')
    expect(mail.from).toBe('x@example.com')
  })

  it('waitForMail answers a message already there at once, and one still to come when it comes', async () => {
    const to = address('wait')
    await transport.sendMail({ from: 'a@example.com', to, subject: 'first', text: 'one' })
    expect((await sink.waitForMail({ to: to.toUpperCase() })).subject).toBe('first')

    const later = address('later')
    const waiting = sink.waitForMail({ to: later, timeoutMs: 5000 })
    await transport.sendMail({ from: 'a@example.com', to: address('someone-else'), subject: 'not this', text: 'x' })
    await transport.sendMail({ from: 'a@example.com', to: later, subject: 'this one', text: 'y' })
    expect((await waiting).subject).toBe('this one')
  })

  it('waitForMail with `since` skips what came up to that millisecond; with `after`, everything up to that mail', async () => {
    const to = address('since')
    await transport.sendMail({ from: 'a@example.com', to, subject: 'old', text: 'old' })
    // Taken in the millisecond the old mail came in, or later: the old one is not "since".
    const since = new Date()
    const old = await sink.waitForMail({ to })
    const waiting = sink.waitForMail({ to, since, timeoutMs: 5000 })
    const next = sink.waitForMail({ to, after: old, timeoutMs: 5000 })
    await transport.sendMail({ from: 'a@example.com', to, subject: 'new', text: 'new' })
    expect((await waiting).subject).toBe('new')
    expect((await next).subject).toBe('new')
    expect((await sink.waitForMail({ to, since: old.date.getTime() - 1 })).subject).toBe('old')
    expect((await sink.waitForMail({ to, since: old.date.getTime() })).subject).toBe('new')
    await expect(sink.waitForMail({ to, after: { ...old } })).rejects.toThrow('`after` is not a mail of this sink')
  })

  it('waitForMail rejects after its time-out when nothing comes', async () => {
    const started = Date.now()
    await expect(sink.waitForMail({ to: address('nobody'), timeoutMs: 150 })).rejects.toThrow(/No mail to .* within 150 ms/)
    expect(Date.now() - started).toBeGreaterThanOrEqual(140)
  })

  it('stop() rejects waiting callers and closes the port', async () => {
    const other = await startSmtpSink()
    const waiting = other.waitForMail({ to: address('never'), timeoutMs: 10_000 })
    await other.stop()
    await expect(waiting).rejects.toThrow('The SMTP sink stopped')
    const late = nodemailer.createTransport({ host: other.host, port: other.port, secure: false, ignoreTLS: true, connectionTimeout: 1000 })
    await expect(late.sendMail({ from: 'a@example.com', to: address('late'), subject: 's', text: 't' })).rejects.toThrow()
  })
})
