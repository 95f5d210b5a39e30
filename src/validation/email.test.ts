import { describe, expect, it } from 'vitest'
import * as t from 'io-ts'
import { isLeft, isRight } from '../kernel/either'
import { EmailCodec, isValidEmail } from './email'

describe('isValidEmail', () => {
  it('accepts ordinary email addresses (SPEC §5)', () => {
    for (const email of ['ada@example.com', 'first.last+tag@mail.example.co.uk', 'x@a-b.io', "o'brien@example.ie"]) {
      expect(isValidEmail(email)).toBe(true)
    }
  })

  it('rejects strings that are not email addresses (SPEC §5)', () => {
    for (const bad of [
      '',
      'ada',
      'ada@',
      '@example.com',
      'ada example.com',
      'ada@example',
      'ada@@example.com',
      'ada@-example.com',
      'ada@example-.com',
      'ada@exa mple.com',
      'ada@example..com',
      'ada@example.com ',
    ]) {
      expect(isValidEmail(bad)).toBe(false)
    }
  })

  it('rejects addresses over 254 characters (SPEC §5)', () => {
    const domain = `${'a'.repeat(60)}.${'b'.repeat(60)}.${'c'.repeat(60)}.com`
    expect(isValidEmail(`${'x'.repeat(254 - domain.length - 1)}@${domain}`)).toBe(true)
    expect(isValidEmail(`${'x'.repeat(255 - domain.length - 1)}@${domain}`)).toBe(false)
  })

  it('rejects non-strings (SPEC §5)', () => {
    expect(isValidEmail(undefined)).toBe(false)
    expect(isValidEmail({ email: 'ada@example.com' })).toBe(false)
  })
})

describe('EmailCodec', () => {
  it('decodes email fields of frame messages only when valid (SPEC §5)', () => {
    const Message = t.type({ email: EmailCodec })
    expect(isRight(Message.decode({ email: 'ada@example.com' }))).toBe(true)
    const bad = Message.decode({ email: 'not an email' })
    expect(isLeft(bad)).toBe(true)
    if (isLeft(bad)) expect(bad.left[0]?.message).toBe('Invalid email address')
  })
})
