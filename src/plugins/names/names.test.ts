/**
 * The names plugin without a page (SPEC §5 name rule and coin type, §4 name registration, §8
 * messages): the label rule and the coin type as properties, the reducer folded over the form's
 * events, the selectors, and the effects with fake ports (tests/support/testDeps.ts) on virtual
 * time: suggestions after typing pauses (SPEC §9 300 ms), Register signs the registration message
 * and submits it, failures carry SPEC §8's words. The real back end is exercised in
 * services/blockchain/profiles.test.ts and the whole flow in tests/e2e/names.test.ts.
 */
import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { runs } from '../../../tests/property/settings'
import { produce } from 'immer'
import { Subject, BehaviorSubject } from 'rxjs'
import { AirlockError, UserRejectedRequestError, createEvent, type AirlockEvent, type RootState, type Command, type WalletConnection } from 'airlock/plugin'
import { testDeps, walletWith } from '../../../tests/support/testDeps'
import { apiAnswering } from 'airlock/testing'
import { coinTypeOf, CHAIN_NOT_SUPPORTED } from './coinType'
import { fullName, labelProblem, NAME_SUFFIXES, NAME_ZONE, typedLabel } from './label'
import { NAME_MESSAGES, registrationFailed } from './messages'
import { initialNamesState, reduceNames, type NamesState } from './state'
import { selectNameForm } from './selectors'
import { namesCommands } from './commands'
import { registerOnRequest, suggestOnInput, SUGGEST_WAIT_MS } from './effects'
import { registrationMessage } from './registrationMessage'
import { en } from './strings'
import de from './locales/de'
import namesModule from './index'

const ADDRESS = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const SIGNATURE = `0x${'ab'.repeat(65)}`

const fold = (events: AirlockEvent[], from: NamesState = initialNamesState): NamesState =>
  events.reduce((state, event) => produce(state, (draft) => void reduceNames(draft, event)), from)

/** The parts of the root state the plugin reads: one eip155 account on `chainId`, on RegisterAccountName. */
function rootState(names: NamesState, { chainId = 31337, profileName = null as string | null, view = 'RegisterAccountName' } = {}): RootState {
  const caipNetworkId = `eip155:${chainId}`
  return {
    networks: {
      activeNamespace: 'eip155',
      activeCaipNetworkId: caipNetworkId,
      unsupportedNetwork: null,
      byNamespace: { eip155: { networks: [{ id: chainId, caipNetworkId, chainNamespace: 'eip155', name: 'Local' }] } },
    },
    account: { activeNamespace: 'eip155', accounts: { eip155: { address: ADDRESS, caipAddress: `${caipNetworkId}:${ADDRESS}`, profileName } } },
    connection: { connectedNamespaces: ['eip155'] },
    connectors: { activeConnectorIds: { eip155: 'injected' } },
    router: { open: true, history: [{ view: 'Account' }, { view }] },
    names,
  } as unknown as RootState
}

const ALLOWED = [...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-']

describe('the label rule (SPEC §5: letters, digits and hyphens, at least 4 characters)', () => {
  it('accepts a label iff every character is a letter, digit or hyphen and there are at least 4 (property)', () => {
    const unit = fc.oneof(fc.constantFrom(...ALLOWED), fc.constantFrom('_', '.', ' ', 'é', '!', 'ß', '😀', '\n'))
    fc.assert(
      fc.property(fc.string({ unit, maxLength: 12 }), (label) => {
        const rule = [...label].length >= 4 && [...label].every((c) => ALLOWED.includes(c))
        expect(labelProblem(label) === null).toBe(rule)
        // The reason is the right one: a short label of allowed characters is "short", anything else "characters".
        if (!rule && label.length > 0) expect(labelProblem(label)).toBe([...label].every((c) => ALLOWED.includes(c)) ? 'short' : 'characters')
      }),
      runs(),
    )
  })

  it('reads a typed name in either zone (SPEC §9 suffixes) as its label; registers it lower case in the branded zone', () => {
    expect(typedLabel(' Alice.airlock.eth ')).toBe('Alice')
    expect(typedLabel(`bob-1${NAME_SUFFIXES.legacy}`)).toBe('bob-1')
    expect(typedLabel('carol.other.eth')).toBe('carol.other.eth')
    expect(labelProblem(typedLabel('carol.other.eth'))).toBe('characters')
    expect(fullName('Alice')).toBe('alice.airlock.eth')
    expect(NAME_ZONE).toBe('airlock.eth')
  })
})

describe('coin type (ENSIP-11; SPEC §5 "A network id over 2^31 is invalid for coin type")', () => {
  it('is 60 on chain 1 and 0x80000000 | chainId below 2^31 (property)', () => {
    expect(coinTypeOf(1)).toBe(60)
    expect(coinTypeOf(31337)).toBe(2147514985)
    expect(coinTypeOf('10')).toBe(2147483658)
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 2 ** 31 - 1 }), (id) => {
        expect(coinTypeOf(id)).toBe((0x80000000 | id) >>> 0)
      }),
      runs(),
    )
  })

  it('refuses a network id of 2^31 or more (and none at all) with "Chain is not supported" (SPEC §8)', () => {
    fc.assert(
      fc.property(fc.oneof(fc.integer({ min: 2 ** 31, max: Number.MAX_SAFE_INTEGER }), fc.constantFrom(0, -1, 1.5, NaN, 'mainnet')), (id) => {
        expect(() => coinTypeOf(id)).toThrow(AirlockError)
        expect(() => coinTypeOf(id)).toThrow(CHAIN_NOT_SUPPORTED)
      }),
      runs(),
    )
  })
})

describe('SPEC §8 messages, word for word', () => {
  it('are the catalogue’s, with the name substituted', () => {
    expect(NAME_MESSAGES).toEqual({
      suggestions: 'Error fetching name suggestions',
      register: 'Error registering name {name}',
      unsupportedChain: 'Chain is not supported',
      noAccount: 'Address or auth connector not found',
    })
    expect(registrationFailed('visitor-1.airlock.eth')).toBe('Error registering name visitor-1.airlock.eth')
    expect(en['errors.register']).toBe(NAME_MESSAGES.register)
    expect(en['errors.suggestions']).toBe(NAME_MESSAGES.suggestions)
    expect(en['errors.unsupportedChain']).toBe(NAME_MESSAGES.unsupportedChain)
    expect(en['errors.noAccount']).toBe(NAME_MESSAGES.noAccount)
  })

  it('every English string has its German text with the same placeholders', () => {
    for (const [key, text] of Object.entries(en)) {
      const german = de[key as keyof typeof en]
      expect(german, key).toBeTruthy()
      expect(german!.match(/\{\w+\}/g) ?? [], key).toEqual(text.match(/\{\w+\}/g) ?? [])
    }
  })
})

describe('the form (reducer, selectors, commands)', () => {
  it('typing a valid label asks about it; a short or odd one shows its problem and asks nothing', () => {
    let names = fold([createEvent('NAME_LABEL_ENTERED', { text: 'abc' })])
    expect(names.lookup.status).toBe('idle')
    expect(selectNameForm(rootState(names))).toMatchObject({ problem: 'short', name: null, canRegister: false })
    names = fold([createEvent('NAME_LABEL_ENTERED', { text: 'Visitor-1' })], names)
    expect(names.lookup).toEqual({ label: 'visitor-1', status: 'loading', suggestions: [] })
    expect(selectNameForm(rootState(names))).toMatchObject({ problem: null, name: 'visitor-1.airlock.eth', availability: 'checking', canRegister: false })
  })

  it('the suggestions say whether the name is free; an answer for an older label is ignored', () => {
    const typed = fold([createEvent('NAME_LABEL_ENTERED', { text: 'demo' })])
    const stale = fold([createEvent('NAME_SUGGESTIONS_RECEIVED', { label: 'dem', suggestions: [] })], typed)
    expect(stale).toBe(typed)
    const taken = fold(
      [
        createEvent('NAME_SUGGESTIONS_RECEIVED', {
          label: 'demo',
          suggestions: [
            { name: 'demo.airlock.eth', registered: true },
            { name: 'demo1.airlock.eth', registered: false },
          ],
        }),
      ],
      typed,
    )
    const form = selectNameForm(rootState(taken))
    expect(form).toMatchObject({ availability: 'taken', canRegister: false })
    expect(form.suggestions).toEqual([{ name: 'demo1.airlock.eth', registered: false }])
    // Choosing a suggestion types its label.
    expect(namesCommands.chooseSuggestion(rootState(taken), 'demo1.airlock.eth')).toEqual([createEvent('NAME_LABEL_ENTERED', { text: 'demo1' })])
    // The same state gives the same form (useSyncExternalStore).
    const state = rootState(taken)
    expect(selectNameForm(state)).toBe(selectNameForm(state))
  })

  it('Register initiates once for a free name, not while one is under way; failure keeps the field, success resets it', () => {
    const free = fold([
      createEvent('NAME_LABEL_ENTERED', { text: 'visitor-1' }),
      createEvent('NAME_SUGGESTIONS_RECEIVED', { label: 'visitor-1', suggestions: [{ name: 'visitor-1.airlock.eth', registered: false }] }),
    ])
    const initiated = namesCommands.register(rootState(free))
    expect(initiated).toEqual([createEvent('REGISTER_NAME_INITIATED', { name: 'visitor-1.airlock.eth', caipNetworkId: 'eip155:31337' })])
    const busy = fold(initiated, free)
    expect(namesCommands.register(rootState(busy))).toEqual([])
    const failed = fold(
      [
        createEvent('REGISTER_NAME_ERROR', {
          name: 'visitor-1.airlock.eth',
          message: 'Error registering name visitor-1.airlock.eth',
          reason: 'failed',
          details: null,
        }),
      ],
      busy,
    )
    expect(failed).toMatchObject({ text: 'visitor-1', registering: null, failure: { name: 'visitor-1.airlock.eth', reason: 'failed' } })
    const done = fold([createEvent('REGISTER_NAME_SUCCESS', { name: 'visitor-1.airlock.eth', address: ADDRESS, caipNetworkId: 'eip155:31337' })], busy)
    expect(done).toMatchObject({ text: '', registering: null, failure: null, registered: 'visitor-1.airlock.eth' })
    // Not connected in a namespace with names: nothing to register.
    const base = rootState(free)
    const solanaNetwork = {
      id: '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
      caipNetworkId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
      chainNamespace: 'solana',
      name: 'Solana',
    }
    const solana = {
      ...base,
      networks: {
        ...base.networks,
        activeNamespace: 'solana',
        activeCaipNetworkId: solanaNetwork.caipNetworkId,
        byNamespace: { solana: { networks: [solanaNetwork] } },
      },
      connection: { connectedNamespaces: ['solana'] },
    } as unknown as RootState
    expect(selectNameForm(solana).supported).toBe(false)
    expect(namesCommands.register(solana)).toEqual([])
  })

  it('the Account action is eip155 only and only for an account with no name', () => {
    expect(namesModule.accountActions).toEqual([{ id: 'names', label: 'action', view: 'RegisterAccountName', namespaces: ['eip155'], unnamedOnly: true }])
  })
})

/** Runs an effect over `state` with the events given; what it emits, commands applied to `state`. */
function harness(effect: typeof suggestOnInput, state: RootState, deps: ReturnType<typeof testDeps>) {
  const events$ = new Subject<AirlockEvent>()
  const state$ = new BehaviorSubject(state)
  const out: (AirlockEvent | Command)[] = []
  effect(events$, state$, deps).subscribe((item) => out.push(item))
  const emitted = () => out.flatMap((item) => (typeof item === 'function' ? item(state$.value) : [item]))
  return { events$, state$, emitted }
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0))

describe('suggestions (SPEC §7 /v1/profile/suggestions, §9 300 ms, §8 message)', () => {
  it('asks once typing pauses 300 ms, for the latest label only, in the branded zone', async () => {
    const asked: { name: string; zone?: string }[] = []
    const api = apiAnswering({
      '/v1/profile/suggestions/*': ({ path, query }) => {
        const name = decodeURIComponent(path.slice('/v1/profile/suggestions/'.length))
        asked.push({ name, zone: query.zone as string })
        return { suggestions: [{ name: `${name}.airlock.eth`, registered: false }] }
      },
    })
    const deps = testDeps({ api })
    const { events$, state$, emitted } = harness(suggestOnInput, rootState(initialNamesState), deps)
    for (const text of ['visi', 'visitor']) {
      const event = createEvent('NAME_LABEL_ENTERED', { text })
      state$.next(rootState(fold([event], state$.value.names)))
      events$.next(event)
    }
    deps.scheduler.flush()
    expect(asked).toEqual([{ name: 'visitor', zone: 'airlock.eth' }])
    await flush()
    expect(emitted()).toEqual([
      createEvent('NAME_SUGGESTIONS_RECEIVED', { label: 'visitor', suggestions: [{ name: 'visitor.airlock.eth', registered: false }] }),
    ])
  })

  it('waits 300 ms of virtual time before asking; a failure is "Error fetching name suggestions"', async () => {
    let calls = 0
    const api = apiAnswering({ '/v1/profile/suggestions/*': () => (calls++, Promise.reject(new Error('HTTP status code: 500'))) })
    const deps = testDeps({ api })
    const { events$, state$, emitted } = harness(suggestOnInput, rootState(initialNamesState), deps)
    const event = createEvent('NAME_LABEL_ENTERED', { text: 'visitor' })
    state$.next(rootState(fold([event])))
    events$.next(event)
    deps.scheduler.maxFrames = SUGGEST_WAIT_MS - 1
    deps.scheduler.flush()
    expect(calls).toBe(0)
    deps.scheduler.maxFrames = Infinity
    deps.scheduler.flush()
    expect(calls).toBe(1)
    await flush()
    expect(emitted()).toEqual([createEvent('NAME_SUGGESTIONS_FAILED', { label: 'visitor', message: 'Error fetching name suggestions' })])
  })
})

describe('registration (SPEC §4: sign message, submit, then the success view; on failure, the registration view)', () => {
  const NAME = 'visitor-1.airlock.eth'
  function connection(sign: (message: string) => Promise<string>): WalletConnection {
    return {
      namespace: 'eip155',
      connectorId: 'fake',
      address: ADDRESS,
      caipNetworkId: 'eip155:31337',
      caipAddress: `eip155:31337:${ADDRESS}`,
      request: async () => null,
      signMessage: sign,
    }
  }
  async function run(options: {
    chainId?: number
    sign?: (message: string) => Promise<string>
    submit?: (body: unknown) => Promise<unknown>
    noWallet?: boolean
  }) {
    const signed: string[] = []
    const submitted: unknown[] = []
    const sign = options.sign ?? (async (message: string) => (signed.push(message), SIGNATURE))
    const api = apiAnswering({ '/v1/profile/account': ({ body }) => (submitted.push(body), (options.submit ?? (async () => ({})))(body)) })
    const deps = testDeps({ wallet: options.noWallet ? walletWith() : walletWith(connection(sign)), api, clock: { now: () => Date.UTC(2026, 10, 24, 8) } })
    const event = createEvent('REGISTER_NAME_INITIATED', { name: NAME, caipNetworkId: `eip155:${options.chainId ?? 31337}` })
    const { events$, emitted } = harness(registerOnRequest, rootState(fold([event]), { chainId: options.chainId ?? 31337 }), deps)
    events$.next(event)
    for (let i = 0; i < 5; i++) await flush()
    return { signed, submitted, emitted: emitted() }
  }

  it('signs the registration message for the account and chain, submits it, then REGISTER_NAME_SUCCESS and the success view', async () => {
    const { signed, submitted, emitted } = await run({})
    const message = registrationMessage({ name: NAME, address: ADDRESS, coinType: 2147514985, issuedAt: Date.UTC(2026, 10, 24, 8), nonce: 'x' }).replace(
      /Nonce: x$/,
      '',
    )
    expect(signed).toHaveLength(1)
    expect(signed[0]!.startsWith(message)).toBe(true)
    expect(signed[0]).toMatch(/\nNonce: [0-9a-f]{16}$/)
    expect(submitted).toEqual([{ coin_type: 2147514985, address: ADDRESS, message: signed[0], signature: SIGNATURE }])
    expect(emitted).toEqual([
      createEvent('REGISTER_NAME_SUCCESS', { name: NAME, address: ADDRESS, caipNetworkId: 'eip155:31337' }),
      createEvent('ROUTER_REPLACE', { view: 'RegisterAccountNameSuccess' }),
    ])
  })

  it('an API failure is "Error registering name {name}" and stays on the registration view', async () => {
    const { emitted } = await run({ submit: async () => Promise.reject(new AirlockError('HTTP status code: 500')) })
    expect(emitted).toEqual([
      createEvent('REGISTER_NAME_ERROR', { name: NAME, message: `Error registering name ${NAME}`, reason: 'failed', details: 'HTTP status code: 500' }),
    ])
  })

  it('declining to sign (4001) is USER_REJECTED, then the same message, and nothing is submitted', async () => {
    const { emitted, submitted } = await run({ sign: async () => Promise.reject(new UserRejectedRequestError()) })
    expect(submitted).toEqual([])
    expect(emitted.map((e) => e.type)).toEqual(['USER_REJECTED', 'REGISTER_NAME_ERROR'])
    expect(emitted[1]).toMatchObject({ payload: { message: `Error registering name ${NAME}`, reason: 'rejected' } })
  })

  it('with no wallet connected on the active network: "Address or auth connector not found" (SPEC §8), and nothing is submitted', async () => {
    const { emitted, submitted } = await run({ noWallet: true })
    expect(submitted).toEqual([])
    expect(emitted).toEqual([
      createEvent('REGISTER_NAME_ERROR', {
        name: NAME,
        message: 'Address or auth connector not found',
        reason: 'noAccount',
        details: 'No wallet is connected on the active network',
      }),
    ])
  })

  it('a network id of 2^31 or more has no coin type: "Chain is not supported", and the wallet is not asked', async () => {
    const { emitted, signed, submitted } = await run({ chainId: 2 ** 31 })
    expect(signed).toEqual([])
    expect(submitted).toEqual([])
    expect(emitted).toEqual([
      createEvent('REGISTER_NAME_ERROR', {
        name: NAME,
        message: 'Chain is not supported',
        reason: 'unsupportedChain',
        details: expect.stringContaining('2^31'),
      }),
    ])
  })
})
