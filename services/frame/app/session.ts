/**
 * The session and the device id, in the frame's store: the token is the frame's, sent only to the
 * auth service, never to the page or its storage.
 */
import type { KeyValueStore } from './store'

const SESSION = 'session'
const DEVICE_ID = 'deviceId'

export interface StoredSession {
  readonly token: string
}

export async function loadSession(store: KeyValueStore): Promise<StoredSession | undefined> {
  const value = await store.get(SESSION)
  if (typeof value !== 'object' || value === null) return undefined
  const { token } = value as { token?: unknown }
  return typeof token === 'string' && token !== '' ? { token } : undefined
}

export const saveSession = (store: KeyValueStore, session: StoredSession) => store.set(SESSION, { token: session.token })

export const forgetSession = (store: KeyValueStore) => store.delete(SESSION)

/** This browser's id for the auth service's device check (SPEC §4 VERIFY_DEVICE), made once. */
export async function deviceId(store: KeyValueStore): Promise<string> {
  const kept = await store.setIfAbsent(DEVICE_ID, crypto.randomUUID())
  if (typeof kept !== 'string') throw new Error('The device id could not be kept')
  return kept
}
