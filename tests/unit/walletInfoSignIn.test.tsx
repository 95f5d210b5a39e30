/**
 * Issue 26 §5: every EIP-6963 wallet showed "Signed in as <its rdns> with email" in Account ("Angemeldet
 * als dev.plugin-author.wallet mit E-Mail"). The wallet's rdns was put in the info's `identifier`,
 * the field the signed-in line reads, and the embedded wallet's late "who is signed in" answer
 * (ACCOUNT_IDENTITY_RESOLVED after GET_USER) was written on whichever wallet's info was there by then.
 * On a real instance in Node: an announced wallet's info carries neither an identifier nor a sign-in
 * provider, whatever arrives after it, and Account shows no signed-in line for it; the embedded
 * wallet's info still gets both, and its line.
 */
import { beforeAll, describe, expect, it } from 'vitest'
import { renderToStaticMarkup } from 'react-dom/server'
import { VirtualTimeScheduler } from 'rxjs'
import { createAirlock, createEvent, ethereum, type AirlockInstance } from '../../src/index'
import { memoryStorage } from '../../src/kernel/deps'
import { AirlockProvider } from '../../src/ui/react/context'
// Account's drawing, the chunk AccountView shows once it is in (rendered here without the wait).
import AccountView from '../../src/ui/views/AccountBody'
import { accountEvent } from '../../src/connectors/session'
import { AUTH_CONNECTOR_ID, AUTH_CONNECTOR_NAME } from '../../src/embedded/connector'
import { announcingPage } from '../support/announcingPage'
import { fakeWallet, ADDRESS_A } from '../support/eip1193Wallet'
import { loadLocale } from '../../src/ui/strings/load'

// The German table is a chunk fetched as a German page fetches it (issue 28 §4); without it the modal shows English.
beforeAll(() => loadLocale('de'))

const RDNS = 'dev.plugin-author.wallet'

function start(): AirlockInstance {
  return createAirlock(
    { projectId: 'p', networks: [ethereum], locale: 'de', disableAppend: true, apiUrls: { config: 'http://127.0.0.1:9/api' } },
    {
      deps: {
        storage: memoryStorage(),
        fetch: undefined,
        window: announcingPage(fakeWallet({ chainId: 1 }), { name: 'Plugin Author Wallet', rdns: RDNS }),
        scheduler: new VirtualTimeScheduler(),
        logger: { warn: () => undefined, error: () => undefined },
      },
      connectors: { readerFor: () => ({ request: async () => null, get: async () => null }) },
    },
  )
}

// Rendered as the modal renders in the browser (never hydrated): the live state.
const account = (airlock: AirlockInstance) =>
  renderToStaticMarkup(
    <AirlockProvider airlock={{ ...airlock, getServerState: airlock.getState }}>
      <AccountView />
    </AirlockProvider>,
  )

/** What the embedded wallet dispatches once GET_USER answers (src/plugins/embeddedWallet/effects.ts userInfo). */
const signedIn = createEvent('ACCOUNT_IDENTITY_RESOLVED', { namespace: 'eip155', identifier: 'ada@example.com', social: 'email' })

describe("an announced wallet's info in Account", () => {
  it('carries no sign-in identifier or provider, and Account says no one is signed in', async () => {
    const airlock = start()
    await airlock.ready()
    await airlock.connect(RDNS)
    const info = airlock.getState().account.accounts.eip155.connectedWalletInfo
    expect(info?.name).toBe('Plugin Author Wallet')
    expect(info?.identifier).toBeUndefined()
    expect(info?.social).toBeUndefined()
    const markup = account(airlock)
    expect(markup).toContain('0xf39F…2266')
    expect(markup).not.toContain('Angemeldet als')
    expect(markup).not.toContain(RDNS)
  })

  it("keeps none when the embedded wallet's sign-in answer arrives after the visitor switched to it", async () => {
    const airlock = start()
    await airlock.ready()
    await airlock.connect(RDNS)
    airlock._internal.dispatch(signedIn)
    const info = airlock.getState().account.accounts.eip155.connectedWalletInfo
    expect(info?.name).toBe('Plugin Author Wallet')
    expect(info?.identifier).toBeUndefined()
    expect(info?.social).toBeUndefined()
    expect(account(airlock)).not.toContain('Angemeldet als')
  })

  it("the embedded wallet's info gets the identifier and provider, and Account its signed-in line", async () => {
    const airlock = start()
    await airlock.ready()
    const embedded = { id: AUTH_CONNECTOR_ID, name: AUTH_CONNECTOR_NAME, type: 'AUTH' as const, chain: 'eip155' as const }
    airlock._internal.dispatch(accountEvent('eip155', 'eip155:1', [ADDRESS_A], embedded))
    airlock._internal.dispatch(signedIn)
    const info = airlock.getState().account.accounts.eip155.connectedWalletInfo
    expect(info).toMatchObject({ name: AUTH_CONNECTOR_NAME, identifier: 'ada@example.com', social: 'email' })
    expect(account(airlock)).toContain('Angemeldet als ada@example.com mit E-Mail')
  })
})
