/**
 * What ApproveTransaction shows for each unsafe request (SPEC §2 ApproveTransaction, §6 "Not safe
 * (approval in the ApproveTransaction view)"): the message as text, typed data's domain and fields,
 * a transaction's recipient, amount and contract call, each call of a batch; and never a throw on
 * parameters a site made up.
 */
import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { runs } from '../../tests/property/settings'
import { UNSAFE_RPC_METHODS } from '../embedded/protocol'
import { encodeBase58 } from '../validation/base58'
import { describeRequest, messageText } from './describeRequest'

const ALICE = '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266'
const TOKEN = '0x5FbDB2315678afecb367f032d93F642f64180aa3'
const hexOf = (text: string) => `0x${Buffer.from(text, 'utf8').toString('hex')}`
const word = (hex: string) => hex.replace(/^0x/, '').padStart(64, '0')
/** ERC-20 `transfer(to, amount)` calldata. */
const transfer = (to: string, amount: bigint) => `0xa9059cbb${word(to)}${word(amount.toString(16))}`

describe('personal_sign and eth_sign: the message (SPEC §2 ApproveTransaction)', () => {
  it('hex bytes that are UTF-8 text show as the text, line breaks and accents included', () => {
    expect(describeRequest('personal_sign', [hexOf('Hello'), ALICE], 'ETH')).toEqual({ kind: 'signMessage', lines: [{ label: 'message', value: 'Hello' }] })
    const siwe = 'app.example wants you to sign in:\n\tNonce: 12ab — héllo ✓'
    expect(describeRequest('personal_sign', [hexOf(siwe), ALICE], 'ETH').lines[0]!.value).toBe(siwe)
    // eth_sign has the address first and the data second.
    expect(describeRequest('eth_sign', [ALICE, hexOf('Sign me')], 'ETH').lines).toEqual([{ label: 'message', value: 'Sign me' }])
  })

  it('bytes that are not text stay hex: invalid UTF-8, control characters, an odd length', () => {
    for (const raw of ['0xdeadbeef', '0x00010203', hexOf('a\u0000b'), hexOf('bell\u0007'), '0x123', '0xc3'])
      expect(describeRequest('personal_sign', [raw, ALICE], 'ETH').lines[0]!.value, raw).toBe(raw)
  })

  it('a message that is not hex shows as it is; one that is not a string as JSON; a long one is cut at 280 characters', () => {
    expect(messageText('plain words')).toBe('plain words')
    expect(messageText({ a: 1 })).toBe('{"a":1}')
    expect(messageText(undefined)).toBe('undefined')
    const long = describeRequest('personal_sign', [hexOf('x'.repeat(400)), ALICE], 'ETH').lines[0]!.value
    expect(long).toBe(`${'x'.repeat(280)}…`)
  })
})

describe('eth_signTypedData_v4: the domain and the fields', () => {
  const typed = {
    types: { EIP712Domain: [], Permit: [] },
    domain: { name: 'USD Coin', version: '2', chainId: 1, verifyingContract: TOKEN },
    primaryType: 'Permit',
    message: { owner: ALICE, spender: TOKEN, value: '1000000', nonce: 0, deadline: { at: 99 } },
  }
  const expected = [
    { label: 'domain', value: 'USD Coin' },
    { label: 'contract', value: TOKEN },
    { label: 'primaryType', value: 'Permit' },
    { label: 'field', name: 'owner', value: ALICE },
    { label: 'field', name: 'spender', value: TOKEN },
    { label: 'field', name: 'value', value: '1000000' },
    { label: 'field', name: 'nonce', value: '0' },
    { label: 'field', name: 'deadline', value: '{"at":99}' },
  ]

  it('as a JSON string (what the method carries) and as an object, the same lines', () => {
    expect(describeRequest('eth_signTypedData_v4', [ALICE, JSON.stringify(typed)], 'ETH')).toEqual({ kind: 'signTypedData', lines: expected })
    expect(describeRequest('eth_signTypedData_v4', [ALICE, typed], 'ETH')).toEqual({ kind: 'signTypedData', lines: expected })
  })

  it('at most 12 fields, the rest summed up; a string that is not JSON is shown raw', () => {
    const message = Object.fromEntries(Array.from({ length: 15 }, (_, i) => [`f${i}`, i]))
    const lines = describeRequest('eth_signTypedData_v4', [ALICE, { message }], 'ETH').lines
    expect(lines.filter((l) => l.label === 'field')).toHaveLength(13)
    expect(lines[lines.length - 1]).toEqual({ label: 'field', name: '…', value: '+3' })
    expect(describeRequest('eth_signTypedData_v4', [ALICE, '{not json'], 'ETH').lines).toEqual([{ label: 'message', value: '{not json' }])
  })
})

describe('eth_sendTransaction: recipient, amount, contract call', () => {
  it('to and the amount in the native currency', () => {
    expect(describeRequest('eth_sendTransaction', [{ from: ALICE, to: TOKEN, value: '0xde0b6b3a7640000' }], 'ETH')).toEqual({
      kind: 'sendTransaction',
      lines: [
        { label: 'to', value: TOKEN },
        { label: 'amount', value: '1 ETH' },
      ],
    })
    expect(describeRequest('eth_sendTransaction', [{ to: TOKEN, value: '1500000000000000' }], 'POL').lines[1]).toEqual({ label: 'amount', value: '0.0015 POL' })
  })

  it('a zero or unreadable value shows no amount', () => {
    for (const value of ['0x0', 0, 'lots', -1, null])
      expect(describeRequest('eth_sendTransaction', [{ to: TOKEN, value }], 'ETH').lines).toEqual([{ label: 'to', value: TOKEN }])
  })

  it('an ERC-20 transfer or approval is spelled out with its recipient and raw amount; another call shows its selector and size', () => {
    const data = transfer(ALICE, 2_500_000n)
    expect(describeRequest('eth_sendTransaction', [{ to: TOKEN, data }], 'ETH').lines).toEqual([
      { label: 'to', value: TOKEN },
      { label: 'contractCall', value: `transfer(${ALICE}, 2500000)` },
    ])
    const approve = `0x095ea7b3${data.slice(10)}`
    expect(describeRequest('eth_sendTransaction', [{ to: TOKEN, input: approve }], 'ETH').lines[1]).toEqual({
      label: 'contractCall',
      value: `approve(${ALICE}, 2500000)`,
    })
    expect(describeRequest('eth_sendTransaction', [{ to: TOKEN, data: '0x12345678aabb' }], 'ETH').lines[1]).toEqual({
      label: 'contractCall',
      value: '0x12345678 (2 bytes of arguments)',
    })
    // A transfer selector with the wrong length is not read as a transfer.
    expect(describeRequest('eth_sendTransaction', [{ to: TOKEN, data: data.slice(0, -2) }], 'ETH').lines[1]!.value).toMatch(/^0xa9059cbb \(/)
  })

  it('a transaction that is not an object is shown raw', () => {
    expect(describeRequest('eth_sendTransaction', ['0xsigned'], 'ETH').lines).toEqual([{ label: 'transaction', value: '"0xsigned"' }])
  })
})

describe('wallet_sendCalls: each call of the batch', () => {
  it('lists every call, numbered, with its recipient, amount and contract call', () => {
    const calls = [
      { to: ALICE, value: '0xde0b6b3a7640000' },
      { to: TOKEN, data: transfer(ALICE, 7n) },
    ]
    expect(describeRequest('wallet_sendCalls', [{ version: '2.0.0', chainId: '0x1', calls }], 'ETH')).toEqual({
      kind: 'sendCalls',
      lines: [
        { label: 'call', name: '1', value: '' },
        { label: 'to', value: ALICE },
        { label: 'amount', value: '1 ETH' },
        { label: 'call', name: '2', value: '' },
        { label: 'to', value: TOKEN },
        { label: 'contractCall', value: `transfer(${ALICE}, 7)` },
      ],
    })
    expect(describeRequest('wallet_sendCalls', [{ calls: 'none' }], 'ETH')).toEqual({ kind: 'sendCalls', lines: [] })
  })
})

describe('any parameters a site sends (describeRequest trusts no shape)', () => {
  it('never throws, for any unsafe method and any JSON parameters; every line is a string, free text at most 280 characters and the ellipsis', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...UNSAFE_RPC_METHODS, 'eth_coinbase'),
        fc.oneof(
          fc.jsonValue(),
          fc.array(fc.jsonValue({ maxDepth: 3 }), { maxLength: 3 }),
          fc.constant(undefined),
          // Near-valid shapes: the right outer form with wrong insides.
          fc.tuple(fc.jsonValue(), fc.jsonValue()).map(([a, b]) => [
            { to: a, value: b, data: b, calls: [a, b] },
            { message: a, domain: b },
          ]),
          fc.tuple(fc.string(), fc.stringMatching(/^[0-9a-fA-F]{0,140}$/)).map(([to, hex]) => [{ to, data: `0xa9059cbb${hex}`, value: `0x${hex}` }]),
        ),
        (method, params) => {
          const description = describeRequest(method, params, 'ETH')
          for (const line of description.lines) {
            expect(typeof line.value).toBe('string')
            // Free text (a message, a field, a raw transaction) is clipped at 280 characters plus the ellipsis.
            if (['message', 'field', 'transaction'].includes(line.label)) expect(line.value.length).toBeLessThanOrEqual(281)
          }
        },
      ),
      runs(),
    )
  })
})

describe('describeRequest on values JSON cannot hold', () => {
  it('shows bigints as decimals and a circular object as unreadable, never throwing (the view renders it)', () => {
    const typed = describeRequest('eth_signTypedData_v4', ['0x0000000000000000000000000000000000000001', { message: { value: 10n } }], 'ETH')
    expect(typed.lines).toContainEqual({ label: 'field', name: 'value', value: '10' })
    const circular: Record<string, unknown> = {}
    circular['self'] = circular
    expect(() => describeRequest('wallet_grantPermissions', [circular], 'ETH')).not.toThrow()
    expect(describeRequest('wallet_grantPermissions', [circular], 'ETH').lines[0]?.value).toBe('[unreadable]')
  })
})

describe('describeRequest for the frame’s own questions and Solana messages', () => {
  it('a chain switch is its own kind (the network line names where to)', () => {
    expect(describeRequest('wallet_switchEthereumChain', [{ chainId: '0x539' }], 'ETH')).toEqual({ kind: 'switchChain', lines: [] })
  })

  it('a Solana message (base58 bytes) shows as its text when it is text, else as it came', () => {
    const text = encodeBase58(new TextEncoder().encode('Sign in to Airlock'))
    expect(describeRequest('solana_signMessage', { message: text }, 'SOL').lines).toEqual([{ label: 'message', value: 'Sign in to Airlock' }])
    const binary = encodeBase58(new Uint8Array([0, 1, 2, 255]))
    expect(describeRequest('solana_signMessage', { message: binary }, 'SOL').lines).toEqual([{ label: 'message', value: binary }])
    expect(describeRequest('solana_signMessage', { message: 'not base58 0OIl' }, 'SOL').lines).toEqual([{ label: 'message', value: 'not base58 0OIl' }])
  })
})
