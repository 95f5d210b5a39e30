/**
 * The on-ramp's own Blockchain API paths (./api, SPEC §7 onrampurl, options, quote) through the
 * real client against a real HTTP server on 127.0.0.1: method, path, body, the sdk fields the
 * client adds, the answer decoded with the on-ramp's codecs (extra fields pass; a quote needs only
 * `purchaseAmount`).
 */
import { afterEach, describe, expect, it } from 'vitest'
import { serveBlockchainApi, testBlockchainApi, type TestApiServer } from 'airlock/testing'
import { onrampOptions, onrampQuote, onrampUrl } from './api'

const ADDRESS = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const SDK = { st: 'airlock', sv: 'test', projectId: 'test' }
const amount = (value: string) => ({ amount: value, currency: 'USD' })
const purchaseCurrency = {
  id: 'eth',
  name: 'Ether',
  symbol: 'ETH',
  networks: [{ name: 'ethereum', display_name: 'Ethereum', chain_id: '1', contract_address: '' }],
}
const paymentCurrency = { id: 'USD', payment_method_limits: [{ id: 'card', min: '10', max: '7500' }] }

let server: TestApiServer | undefined
afterEach(async () => {
  await server?.stop()
  server = undefined
})

async function served(answer: unknown) {
  server = await serveBlockchainApi((_request, reply) => reply(answer))
  return { api: testBlockchainApi(`${server.url}/api`), received: server.received }
}

describe("the on-ramp's Blockchain API paths (SPEC §7)", () => {
  it('url: POST /v1/generators/onrampurl with defaultExperience=buy; the url read', async () => {
    const { api, received } = await served({ url: 'https://pay.test/buy?session=1', extra: 'ignored' })
    const answer = await onrampUrl(api, {
      destinationWallets: [{ address: ADDRESS, blockchains: ['ethereum'] }],
      partnerUserId: ADDRESS,
      defaultNetwork: 'ethereum',
      presetFiatAmount: 50,
    })
    expect(answer.url).toBe('https://pay.test/buy?session=1')
    expect(received).toEqual([
      {
        method: 'POST',
        path: '/api/v1/generators/onrampurl',
        query: SDK,
        body: {
          destinationWallets: [{ address: ADDRESS, blockchains: ['ethereum'] }],
          partnerUserId: ADDRESS,
          defaultNetwork: 'ethereum',
          defaultExperience: 'buy',
          presetFiatAmount: 50,
        },
      },
    ])
  })

  it('options: GET /v1/onramp/options, the currencies decoded and other fields passed on', async () => {
    const options = { paymentCurrencies: [paymentCurrency], purchaseCurrencies: [purchaseCurrency], providers: ['coinbase'] }
    const { api, received } = await served(options)
    expect(await onrampOptions(api)).toEqual(options)
    expect(received).toEqual([{ method: 'GET', path: '/api/v1/onramp/options', query: SDK, body: undefined }])
  })

  it('quote: POST /v1/onramp/quote with the currencies, amount and network; only purchaseAmount is required', async () => {
    const quote = { coinbaseFee: amount('1.5'), paymentTotal: amount('100'), purchaseAmount: { amount: '0.031', currency: 'ETH' }, quoteId: 'q-1' }
    const { api, received } = await served(quote)
    expect(await onrampQuote(api, { purchaseCurrency, paymentCurrency, amount: '100', network: 'ethereum' })).toEqual(quote)
    expect(received).toEqual([
      { method: 'POST', path: '/api/v1/onramp/quote', query: SDK, body: { purchaseCurrency, paymentCurrency, amount: '100', network: 'ethereum' } },
    ])
    await server?.stop()
    const bare = await served({ paymentTotal: amount('100') })
    await expect(onrampQuote(bare.api, { purchaseCurrency, paymentCurrency, amount: '100' })).rejects.toMatchObject({ message: 'HTTP request failed' })
  })
})
