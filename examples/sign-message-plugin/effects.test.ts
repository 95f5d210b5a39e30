/**
 * The plugin's effects on their own, with the deps a test hands them (testDeps): a real viem
 * local account as the wallet, virtual time, in-memory storage scoped to the plugin.
 */
import { describe, expect, it } from 'vitest'
import { BehaviorSubject, Subject, firstValueFrom, type Observable } from 'rxjs'
import { toHex, verifyMessage, type Hex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import {
  UserRejectedRequestError,
  createEvent,
  type AirlockEvent,
  type Command,
  type Effect,
  type PortDeps,
  type RootState,
  type WalletConnection,
} from 'airlock'
import { localWallet, type LocalWallet } from '../../tests/support/localWallet'
import { testDeps, walletWith, type TestDeps } from '../../tests/support/testDeps'
import { memoryStorage } from '../../src/kernel/deps'
import { messageToSign, remember, restore, sign } from './effects'
import type { SignedMessage } from './events'
import signMessage from './index'

/** anvil's second development key: a signer that is not the connected account. */
const OTHER_KEY: Hex = '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d'
const NOW = Date.UTC(2026, 0, 2, 3, 4, 5)
const STORED_KEY = '@airlock/signMessage/lastSignature'

/**
 * The eip155 connection the wallet port gives effects, over a local wallet: signMessage is
 * personal_sign, and a refusal is an AirlockError of category USER_REJECTED, as the real port
 * makes it. `address` is what the connection claims (by default the wallet's own).
 */
function connectionTo(wallet: LocalWallet, address: string = wallet.address): WalletConnection {
  return {
    namespace: 'eip155',
    connectorId: 'local',
    address,
    caipNetworkId: 'eip155:31337',
    caipAddress: `eip155:31337:${address}`,
    request: (args) => wallet.request(args),
    async signMessage(message) {
      try {
        return (await wallet.request({ method: 'personal_sign', params: [toHex(message), wallet.address] })) as string
      } catch (error) {
        throw (error as { code?: number }).code === 4001 ? new UserRejectedRequestError({ cause: error }) : error
      }
    },
  }
}

// No chain is reached: personal_sign is answered by the local account itself.
const newWallet = () => localWallet({ rpcUrl: 'http://127.0.0.1:9', chainId: 31337 })

function depsWith(connection?: WalletConnection): TestDeps & { storage: ReturnType<typeof memoryStorage> } {
  const storage = memoryStorage()
  return {
    ...testDeps({
      moduleId: 'signMessage',
      storageKeys: signMessage.storage,
      wallet: connection ? walletWith(connection) : walletWith(),
      clock: { now: () => NOW },
      storage,
    }),
    storage,
  }
}

/** Run `effect`, send it `trigger`, and resolve with the first thing it emits. */
function firstOut(effect: Effect<PortDeps>, deps: PortDeps, trigger: AirlockEvent): Promise<AirlockEvent | Command> {
  const events$ = new Subject<AirlockEvent>()
  const out = firstValueFrom(effect(events$, new BehaviorSubject({} as RootState), deps))
  events$.next(trigger)
  return out
}

const requested = createEvent('EXAMPLE_SIGN_REQUESTED', {})

describe('sign', () => {
  it('asks the connected wallet to sign a message dated by the clock, checks the signature, and says it was signed', async () => {
    const wallet = newWallet()
    const out = await firstOut(sign, depsWith(connectionTo(wallet)), requested)
    const message = messageToSign(NOW)
    expect(message).toBe('Airlock example plugin: I hold this account.\nIssued at: 2026-01-02T03:04:05.000Z')
    expect(out).toEqual(
      createEvent('EXAMPLE_MESSAGE_SIGNED', { address: wallet.address, caipNetworkId: 'eip155:31337', message, signature: expect.any(String) }),
    )
    const { signature } = (out as { payload: SignedMessage }).payload
    // Checked independently of the plugin's own check.
    expect(await verifyMessage({ address: wallet.address, message, signature: signature as Hex })).toBe(true)
    expect(wallet.calls).toEqual(['personal_sign'])
  })

  it('says "not connected" without asking anyone when no eip155 wallet is connected', async () => {
    expect(await firstOut(sign, depsWith(), requested)).toEqual(createEvent('EXAMPLE_SIGN_FAILED', { reason: 'notConnected' }))
  })

  it('reports a refusal in the wallet as rejected', async () => {
    const wallet = newWallet()
    wallet.declineNext()
    expect(await firstOut(sign, depsWith(connectionTo(wallet)), requested)).toEqual(createEvent('EXAMPLE_SIGN_FAILED', { reason: 'rejected' }))
  })

  it("reports any other wallet failure as failed, with the wallet's own words as detail", async () => {
    const wallet = newWallet()
    const broken: WalletConnection = { ...connectionTo(wallet), signMessage: () => Promise.reject(new Error('Ledger locked')) }
    expect(await firstOut(sign, depsWith(broken), requested)).toEqual(createEvent('EXAMPLE_SIGN_FAILED', { reason: 'failed', detail: 'Ledger locked' }))
  })

  it('refuses a signature that is not the connected address\'s: "unverified"', async () => {
    const wallet = newWallet()
    const other = privateKeyToAccount(OTHER_KEY).address
    expect(await firstOut(sign, depsWith(connectionTo(wallet, other)), requested)).toEqual(createEvent('EXAMPLE_SIGN_FAILED', { reason: 'unverified' }))
  })

  it('asks the wallet once while a request is open, however often "Sign" arrives', async () => {
    const wallet = newWallet()
    const events$ = new Subject<AirlockEvent>()
    const out = firstValueFrom(sign(events$, new BehaviorSubject({} as RootState), depsWith(connectionTo(wallet))))
    events$.next(requested)
    events$.next(requested)
    await out
    expect(wallet.calls).toEqual(['personal_sign'])
  })
})

describe('remember and restore: the last signature across visits', () => {
  async function signed(): Promise<SignedMessage> {
    const out = await firstOut(sign, depsWith(connectionTo(newWallet())), requested)
    return (out as { payload: SignedMessage }).payload
  }
  const loaded = (id: string) => createEvent('PLUGIN_LOADED', { id })

  it("stores each verified signature under the plugin's own key", async () => {
    const value = await signed()
    const deps = depsWith()
    const events$ = new Subject<AirlockEvent>()
    remember(events$, new BehaviorSubject({} as RootState), deps).subscribe()
    events$.next(createEvent('EXAMPLE_MESSAGE_SIGNED', value))
    expect(deps.store.read('lastSignature')).toEqual(value)
    expect(JSON.parse((deps.storage.getItem(STORED_KEY) ?? 'null') as string)).toEqual(value)
  })

  it('brings the stored signature back, checked again, when this plugin loads (not when another does)', async () => {
    const value = await signed()
    const deps = depsWith()
    deps.store.write('lastSignature', value)
    const events$ = new Subject<AirlockEvent>()
    const out: (AirlockEvent | Command)[] = []
    ;(restore(events$, new BehaviorSubject({} as RootState), deps) as Observable<AirlockEvent | Command>).subscribe((item) => out.push(item))
    events$.next(loaded('swap'))
    events$.next(loaded('signMessage'))
    await expect.poll(() => out).toEqual([createEvent('EXAMPLE_SIGNATURE_RESTORED', value)])
  })

  it('forgets a stored signature that no longer verifies (edited storage), and brings nothing back', async () => {
    const value = await signed()
    const deps = depsWith()
    deps.store.write('lastSignature', { ...value, message: `${value.message} (edited)` })
    const events$ = new Subject<AirlockEvent>()
    const out: (AirlockEvent | Command)[] = []
    restore(events$, new BehaviorSubject({} as RootState), deps).subscribe((item) => out.push(item))
    events$.next(loaded('signMessage'))
    await expect.poll(() => deps.storage.getItem(STORED_KEY)).toBeNull()
    expect(out).toEqual([])
  })

  it('resets a corrupt stored value alone, with a warning, and brings nothing back', () => {
    const deps = depsWith()
    deps.storage.setItem(STORED_KEY, '{"address":42}')
    deps.storage.setItem('@airlock/other/key', '"kept"')
    const out: (AirlockEvent | Command)[] = []
    const events$ = new Subject<AirlockEvent>()
    restore(events$, new BehaviorSubject({} as RootState), deps).subscribe((item) => out.push(item))
    events$.next(loaded('signMessage'))
    expect(out).toEqual([])
    expect(deps.storage.getItem(STORED_KEY)).toBeNull()
    expect(deps.storage.getItem('@airlock/other/key')).toBe('"kept"')
    expect(deps.logged.map(([level]) => level)).toContain('warn')
  })
})
