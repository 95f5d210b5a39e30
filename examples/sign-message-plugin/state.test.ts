/** The plugin's reducer, through a kernel-free fold: each event's effect on the slice. */
import { describe, expect, it } from 'vitest'
import { produce } from 'immer'
import { createEvent, type AirlockEvent, type RootState } from 'airlock'
import { initialState, reduce, type SignMessageState } from './state'
import { signMessageCommands } from './commands'

const fold = (events: readonly AirlockEvent[], from: SignMessageState = initialState): SignMessageState =>
  events.reduce((state, event) => produce(state, (draft) => reduce(draft, event, {} as RootState)), from)

const signed = { address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266', caipNetworkId: 'eip155:31337', message: 'hi', signature: '0x01' }
const older = { ...signed, message: 'older' }

describe('the sign-message slice', () => {
  it('is signing from the request to the answer, and keeps the verified signature', () => {
    expect(fold([createEvent('EXAMPLE_SIGN_REQUESTED', {})])).toEqual({ signing: true, last: null, failure: null })
    expect(fold([createEvent('EXAMPLE_SIGN_REQUESTED', {}), createEvent('EXAMPLE_MESSAGE_SIGNED', signed)])).toEqual({
      signing: false,
      last: signed,
      failure: null,
    })
  })

  it('keeps a failure until the next request, and the last signature through it', () => {
    const failed = fold([
      createEvent('EXAMPLE_MESSAGE_SIGNED', signed),
      createEvent('EXAMPLE_SIGN_REQUESTED', {}),
      createEvent('EXAMPLE_SIGN_FAILED', { reason: 'rejected' }),
    ])
    expect(failed).toEqual({ signing: false, last: signed, failure: { reason: 'rejected' } })
    expect(fold([createEvent('EXAMPLE_SIGN_REQUESTED', {})], failed).failure).toBeNull()
  })

  it('restores the stored signature, but never over one made during this visit', () => {
    expect(fold([createEvent('EXAMPLE_SIGNATURE_RESTORED', older)]).last).toEqual(older)
    expect(fold([createEvent('EXAMPLE_MESSAGE_SIGNED', signed), createEvent('EXAMPLE_SIGNATURE_RESTORED', older)]).last).toEqual(signed)
  })

  it('leaves the slice as it is on events of others (same reference)', () => {
    const state = fold([createEvent('EXAMPLE_MESSAGE_SIGNED', signed)])
    expect(fold([createEvent('MODAL_CLOSE', { connected: true })], state)).toBe(state)
  })
})

describe('the sign command', () => {
  const root = (signMessage: SignMessageState) => ({ signMessage }) as unknown as RootState

  it('asks for a signature, unless one is being asked for already', () => {
    expect(signMessageCommands.sign(root(initialState))).toEqual([createEvent('EXAMPLE_SIGN_REQUESTED', {})])
    expect(signMessageCommands.sign(root({ ...initialState, signing: true }))).toEqual([])
  })
})
