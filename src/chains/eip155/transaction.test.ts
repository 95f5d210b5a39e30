import { describe, expect, it } from 'vitest'
import { AirlockError } from '../../kernel/errors'
import { rpcTransaction } from './transaction'

const FROM = '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266'
const TO = '0x70997970c51812dc3a010c7d01b50e0d17dc79c8'

describe('the eth_sendTransaction parameter', () => {
  it('sends quantities as hex whatever form they came in, addresses checksummed, from the connected address', () => {
    expect(rpcTransaction(FROM, { to: TO, value: 10n ** 15n, gas: 21000, nonce: '0x0', data: '0x' })).toEqual({
      from: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
      to: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
      value: '0x38d7ea4c68000',
      gas: '0x5208',
      nonce: '0x0',
      data: '0x',
    })
  })

  it('ignores a `from` the caller passes and fields it does not know', () => {
    expect(rpcTransaction(FROM, { from: TO, to: TO, note: 'x' })).toEqual({
      from: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
      to: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
    })
  })

  it('refuses fields of the wrong form, naming each', () => {
    const error = (() => {
      try {
        rpcTransaction(FROM, { to: 'bob', value: -1n, gas: 1.5, data: 'zz' })
      } catch (e) {
        return e
      }
    })()
    expect(error).toBeInstanceOf(AirlockError)
    expect(error).toMatchObject({ message: 'Invalid transaction' })
    for (const field of ['to', 'value', 'gas', 'data']) expect((error as AirlockError).details).toContain(field)
  })
})
