import { describe, expect, it } from 'vitest'
import { isValidName } from './name'

describe('isValidName', () => {
  it('accepts letters, digits and hyphens from 4 characters (SPEC §5)', () => {
    for (const name of ['abcd', 'Alice', 'my-name-2', '1234', '----']) expect(isValidName(name)).toBe(true)
  })

  it('rejects names shorter than 4 characters (SPEC §5)', () => {
    for (const name of ['', 'a', 'ab', 'abc']) expect(isValidName(name)).toBe(false)
  })

  it('rejects characters other than letters, digits and hyphens (SPEC §5)', () => {
    for (const name of ['ali ce', 'al.ice', 'alice_', 'alicé', 'ali@ce', 'alice\n', 'alice.reown.id']) expect(isValidName(name)).toBe(false)
  })

  it('rejects non-strings (SPEC §5)', () => {
    expect(isValidName(12345)).toBe(false)
    expect(isValidName(null)).toBe(false)
  })
})
