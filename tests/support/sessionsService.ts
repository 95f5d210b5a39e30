/**
 * The sessions service (services/sessions) for a test file's SIWX tests: started before them on a
 * loopback port, stopped after them, serving one site on one chain, with one signing key and the
 * SIWX data a sign-in with a given nonce signs.
 */
import { afterAll, beforeAll } from 'vitest'
import { privateKeyToAccount } from 'viem/accounts'
import { startSessionsService, type SessionsService } from '../../services/sessions/server.mjs'
import { idleMs } from './until'

export const SESSIONS_SITE = 'http://127.0.0.1:5173'
export const SESSIONS_CHAIN = 'eip155:31337'
/** anvil's second development key: the account that signs in. */
export const sessionsKey = privateKeyToAccount('0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d')

/** Starts the service before this file's tests and stops it after them; `service()` is it, once started. */
export function useSessionsService(): () => SessionsService {
  let service: SessionsService | undefined
  beforeAll(async () => {
    service = await startSessionsService({ origins: [SESSIONS_SITE], chainIds: [SESSIONS_CHAIN] })
  }, idleMs(60_000))
  afterAll(() => service?.stop())
  return () => {
    if (!service) throw new Error('the sessions service has not started')
    return service
  }
}

/** The SIWX data of a sign-in with `nonce` by `sessionsKey` on the site, valid from a second ago for a minute. */
export function siwxSignIn(nonce: string, now = Date.now()) {
  return {
    domain: '127.0.0.1:5173',
    uri: SESSIONS_SITE,
    accountAddress: sessionsKey.address,
    chainId: SESSIONS_CHAIN,
    version: '1' as const,
    nonce,
    issuedAt: new Date(now - 1000).toISOString(),
    expirationTime: new Date(now + 60_000).toISOString(),
  }
}
