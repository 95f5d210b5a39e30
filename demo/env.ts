/**
 * What `npm start` tells the page (its /env.json): where the local chains, the config service and
 * the relay listen, and the demo wallet's development keys for the local Solana and Bitcoin chains
 * (public, worthless anywhere else). Decoded at the boundary; a page served without it (a test's
 * static server) gets `{}`.
 */
import * as t from 'io-ts'
import { isRight } from 'fp-ts/Either'

export const DemoEnv = t.partial({
  configUrl: t.string,
  relayUrl: t.string,
  chains: t.array(t.type({ chainId: t.number, rpcUrl: t.string, name: t.string })),
  /** The self-hosted Blockchain API (balances, NFTs, history, identity, names) over the first chain. */
  blockchainUrl: t.string,
  tokens: t.record(t.string, t.type({ address: t.string })),
  /** The secure frame (the embedded wallet) and its auth service. */
  frameUrl: t.string,
  authUrl: t.string,
  /** The demo's mailbox (sign-in codes) and local Farcaster app (services/devTools.mjs). */
  devToolsUrl: t.string,
  solana: t.type({ rpcUrl: t.string, caipNetworkId: t.string, secretKey: t.string, address: t.string }),
  bitcoin: t.type({ esploraUrl: t.string, wif: t.string, paymentAddress: t.string, ordinalsAddress: t.string }),
  /** The sessions service (sign in with a wallet, services/sessions). */
  sessionsUrl: t.string,
})
export type DemoEnv = t.TypeOf<typeof DemoEnv>

export async function loadEnv(): Promise<DemoEnv> {
  try {
    const response = await fetch('./env.json')
    const decoded = DemoEnv.decode(response.ok ? await response.json() : {})
    return isRight(decoded) ? decoded.right : {}
  } catch {
    return {}
  }
}
