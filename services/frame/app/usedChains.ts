/**
 * The eip155 chains a user has used with this wallet on this device (kept in the frame's store,
 * per user). Switching to one of them needs no approval; switching to any other is shown in the
 * frame's approval view first (issue 23: "switching to a chain the visitor has not used"), since
 * what the site asks next would run there. A chain becomes used when the visitor signs in on it,
 * approves a switch to it, or approves a request on it.
 */
import type { KeyValueStore } from './store'

const key = (userId: string) => `usedChains:${userId}`

export async function loadUsedChains(store: KeyValueStore, userId: string): Promise<Set<number>> {
  const value = await store.get(key(userId))
  // Anything else there (an older shape, a corrupt entry) counts as nothing used: it only costs a question.
  return new Set(Array.isArray(value) ? value.filter((id): id is number => Number.isSafeInteger(id) && id > 0) : [])
}

export async function markChainUsed(store: KeyValueStore, userId: string, used: Set<number>, chainId: number): Promise<void> {
  if (used.has(chainId)) return
  used.add(chainId)
  await store.set(key(userId), [...used])
}
