/**
 * The console's own Airlock: the owner connects a wallet through Airlock's modal and signs in with
 * it (SIWX, required) against this server's sessions service, which answers with the HttpOnly
 * credential cookie the console API reads. Only wallets: email, socials and the account's extras
 * are off (an owner's address is a wallet's). No config API: the bundled wallet catalog.
 */
import { createAirlock, createSessionsSiwx, defineChain, type AirlockInstance } from 'airlock'
import type { ConsoleEnv } from './codecs'

export function createConsoleAirlock(env: ConsoleEnv, dark: boolean): AirlockInstance {
  const networks = env.networks.map((n) =>
    defineChain({
      id: n.chainId,
      name: n.name,
      nativeCurrency: { name: n.symbol, symbol: n.symbol, decimals: 18 },
      rpcUrls: { default: { http: [n.rpcUrl] } },
    }),
  )
  return createAirlock({
    projectId: 'airlock-console',
    ...(networks.length > 0 ? { networks } : {}),
    metadata: { name: 'Airlock console', description: 'The site owner’s console of airlock-server', url: location.origin, icons: [] },
    features: { email: false, socials: false, swaps: false, onramp: false, activity: false, send: false, receive: false, names: false, analytics: false },
    // WalletConnect needs a relay the console's CSP does not name: browser wallets only.
    enableWalletConnect: false,
    themeMode: dark ? 'dark' : 'light',
    siwx: createSessionsSiwx({ url: location.origin, required: true, statement: 'Sign in to the Airlock console' }),
  })
}
