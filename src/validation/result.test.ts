import { describe, expect, it } from 'vitest'
import { fail, ok } from './result'

describe('result', () => {
  it('ok carries a value and fail carries an error', () => {
    expect(ok(1)).toEqual({ ok: true, value: 1 })
    expect(fail('bad')).toEqual({ ok: false, error: 'bad' })
  })
})
