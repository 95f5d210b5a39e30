/**
 * The bounded append-only event log. It keeps at most `limit` events; older ones are folded into
 * a snapshot (`base`), so folding the retained events from the snapshot always gives the live
 * state. Trimming is amortised: a checkpoint of the live state is taken every `limit / 2` events
 * and the log is cut at the checkpoint, so no event is reduced twice.
 */
import type { AirlockEvent, RootState } from './registry'

export interface EventLog {
  append(event: AirlockEvent, stateAfter: RootState): void
  events(): readonly AirlockEvent[]
  /** The snapshot the retained events fold from; undefined while nothing was trimmed. */
  base(): RootState | undefined
  /** The index in `events()` whose preceding events the pending checkpoint holds, or -1. */
  checkpointIndex(): number
  /** Give a module added late its slice in the snapshot and in the checkpoint. */
  graft(id: string, initial: unknown, atCheckpoint: unknown): void
  /** Drop a removed module's slice from the snapshot and the checkpoint. */
  forget(id: string): void
}

/** `root` with the slice `id` set to `value` (a copy). */
export const withSlice = (root: RootState, id: string, value: unknown): RootState => ({ ...(root as Record<string, unknown>), [id]: value }) as RootState

/** `root` without the slice `id` (a copy). */
export function withoutSlice(root: RootState, id: string): RootState {
  const { [id]: _, ...rest } = root as Record<string, unknown>
  return rest as RootState
}

export function createLog(limit: number): EventLog {
  const max = Math.max(1, Math.floor(limit))
  const half = Math.max(1, Math.floor(max / 2))
  let entries: AirlockEvent[] = []
  let base: RootState | undefined
  let checkpoint: { state: RootState; index: number } | undefined

  return {
    append(event, stateAfter) {
      entries.push(event)
      if (entries.length > max && checkpoint) {
        base = checkpoint.state
        entries = entries.slice(checkpoint.index)
        checkpoint = undefined
      }
      if (!checkpoint && entries.length >= half) checkpoint = { state: stateAfter, index: entries.length }
    },
    events: () => entries,
    base: () => base,
    checkpointIndex: () => checkpoint?.index ?? -1,
    graft(id, initial, atCheckpoint) {
      if (base) base = withSlice(base, id, initial)
      if (checkpoint) checkpoint.state = withSlice(checkpoint.state, id, atCheckpoint)
    },
    forget(id) {
      if (base) base = withoutSlice(base, id)
      if (checkpoint) checkpoint.state = withoutSlice(checkpoint.state, id)
    },
  }
}
