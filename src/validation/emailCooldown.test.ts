import { describe, expect, it } from 'vitest'
import { EMAIL_COOLDOWN_MS, emailCooldownError, emailCooldownSecondsLeft } from './emailCooldown'

const T = 1_700_000_000_000

describe('emailCooldownError', () => {
  it('allows email login when there was no earlier one (SPEC §5)', () => {
    expect(emailCooldownError(undefined, T)).toBeUndefined()
  })

  it('is 30 seconds long (SPEC §9)', () => {
    expect(EMAIL_COOLDOWN_MS).toBe(30_000)
  })

  it('refuses a second login at once with "Please try again after 30 seconds" (SPEC §5)', () => {
    expect(emailCooldownError(T, T)).toBe('Please try again after 30 seconds')
  })

  it('rounds the seconds left up (SPEC §5)', () => {
    expect(emailCooldownError(T, T + 1)).toBe('Please try again after 30 seconds')
    expect(emailCooldownError(T, T + 1_000)).toBe('Please try again after 29 seconds')
    expect(emailCooldownError(T, T + 10_500)).toBe('Please try again after 20 seconds')
    expect(emailCooldownError(T, T + 29_999)).toBe('Please try again after 1 seconds')
  })

  it('allows email login again exactly 30 seconds later and after (SPEC §5)', () => {
    expect(emailCooldownError(T, T + 30_000)).toBeUndefined()
    expect(emailCooldownError(T, T + 3_600_000)).toBeUndefined()
  })

  it('never asks for more than 30 seconds when the clock went back (SPEC §5)', () => {
    expect(emailCooldownError(T, T - 60_000)).toBe('Please try again after 30 seconds')
  })

  it('treats a last login that is not a number as none', () => {
    expect(emailCooldownError(Number.NaN, T)).toBeUndefined()
  })
})

describe('emailCooldownSecondsLeft', () => {
  it('counts whole seconds left, rounded up, and 0 when free (SPEC §5)', () => {
    expect(emailCooldownSecondsLeft(T, T + 500)).toBe(30)
    expect(emailCooldownSecondsLeft(T, T + 29_000)).toBe(1)
    expect(emailCooldownSecondsLeft(T, T + 30_000)).toBe(0)
    expect(emailCooldownSecondsLeft(undefined, T)).toBe(0)
  })
})
