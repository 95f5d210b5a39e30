import { describe, expect, it } from 'vitest'
import { isLeft } from '../kernel/either'
import { SendCallsCodec, sendCallsErrors } from './sendCalls'

describe('sendCallsErrors', () => {
  it('accepts entries whose to starts with 0x, with or without data (SPEC §5)', () => {
    expect(sendCallsErrors([{ to: '0xabc' }, { to: '0x1', data: '0x' }, { to: '0x1', data: undefined, value: '0x1' }])).toEqual([])
    expect(sendCallsErrors([])).toEqual([])
  })

  it('needs a to address starting with 0x (SPEC §5)', () => {
    expect(sendCallsErrors([{ data: '0x' }])).toEqual(['calls[0].to must be an address starting with 0x'])
    expect(sendCallsErrors([{ to: 'abc' }])).toEqual(['calls[0].to must be an address starting with 0x'])
    expect(sendCallsErrors([{ to: '0X12' }])).toEqual(['calls[0].to must be an address starting with 0x'])
    expect(sendCallsErrors([{ to: 12 }])).toEqual(['calls[0].to must be an address starting with 0x'])
  })

  it('needs data, when given, to start with 0x (SPEC §5)', () => {
    expect(sendCallsErrors([{ to: '0x1', data: 'ff' }])).toEqual(['calls[0].data must start with 0x'])
    expect(sendCallsErrors([{ to: '0x1', data: null }])).toEqual(['calls[0].data must start with 0x'])
  })

  it('reports every problem with the index of its entry (SPEC §5)', () => {
    expect(sendCallsErrors([{ to: '0x1' }, { to: 'x', data: 'y' }, 'call'])).toEqual([
      'calls[1].to must be an address starting with 0x',
      'calls[1].data must start with 0x',
      'calls[2] must be an object, got string',
    ])
  })

  it('needs a list of entries', () => {
    expect(sendCallsErrors({ to: '0x1' })).toEqual(['calls must be an array, got object'])
  })
})

describe('SendCallsCodec', () => {
  it('decodes valid entries and fails with the same messages as sendCallsErrors (SPEC §5)', () => {
    const calls = [{ to: '0x1', data: '0xab' }]
    expect(SendCallsCodec.decode(calls)).toEqual({ _tag: 'Right', right: calls })
    const bad = SendCallsCodec.decode([{ to: 'x', data: 'y' }])
    expect(isLeft(bad)).toBe(true)
    if (isLeft(bad)) expect(bad.left.map((e) => e.message)).toEqual(sendCallsErrors([{ to: 'x', data: 'y' }]))
    expect(SendCallsCodec.is([{ to: '0x' }])).toBe(true)
  })
})
