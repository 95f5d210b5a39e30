/**
 * One task at a time per key. An account's transactions (and user operations) take the next
 * nonce the chain reports; two prepared at once would take the same one, and one would be lost.
 */
const tails = new Map<string, Promise<unknown>>()

/** Runs `task` after every earlier task of `key` has settled; its outcome is the caller's alone. */
export function inTurn<T>(key: string, task: () => Promise<T>): Promise<T> {
  const run = (tails.get(key) ?? Promise.resolve()).then(task, task)
  const tail = run.then(
    () => undefined,
    () => undefined,
  )
  tails.set(key, tail)
  // The last task of a key clears it, so idle keys are not kept.
  void tail.then(() => {
    if (tails.get(key) === tail) tails.delete(key)
  })
  return run
}
