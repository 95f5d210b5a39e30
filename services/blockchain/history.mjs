// Transaction history's records and pages: positions (block and index, or slot and signature),
// operation types, the opaque cursor, and one page merged across chains, newest first.
import { badRequest } from './errors.mjs'

const MAX_CURSOR_LENGTH = 2048

export const isoTime = (seconds) => new Date(Number(seconds) * 1000).toISOString()

/** Compare two positions ([int, int | string]) of one chain: block/slot, then index/signature. */
function comparePositions(a, b) {
  if (a[0] !== b[0]) return a[0] < b[0] ? -1 : 1
  if (a[1] === b[1]) return 0
  return a[1] < b[1] ? -1 : 1
}
/** Insert into a list kept in position order (ascending). */
export function insertByPosition(list, record) {
  let i = list.length
  while (i > 0 && comparePositions(list[i - 1].position, record.position) > 0) i--
  list.splice(i, 0, record)
}

/** send when only leaving, receive when only arriving, execute otherwise (a self transfer is a send). */
export function operationType(transfers, account, key) {
  const outs = transfers.filter((t) => t.direction === 'out').length
  const ins = transfers.length - outs
  if (outs > 0 && ins === 0) return 'send'
  if (ins > 0 && outs === 0) return 'receive'
  if (outs > 0 && transfers.every((t) => key(t.counterparty) === account)) return 'send'
  return 'execute'
}

/** A cursor's state: base64url JSON, at most `maxLength` characters, or a 400 (history's and /nfts' cursors). */
export function cursorState(text, maxLength) {
  if (text.length > maxLength || !/^[A-Za-z0-9_-]+$/.test(text)) throw badRequest('malformed cursor')
  try {
    return JSON.parse(Buffer.from(text, 'base64url').toString('utf8'))
  } catch {
    throw badRequest('malformed cursor')
  }
}

export function encodeCursor(state) {
  return Buffer.from(JSON.stringify(state), 'utf8').toString('base64url')
}
/** The positions a cursor carries, after checking it was made for this account and these chains. */
export function decodeCursor(text, account, chains) {
  const state = cursorState(text, MAX_CURSOR_LENGTH)
  const positionOk = (p) =>
    p === null ||
    (Array.isArray(p) &&
      p.length === 2 &&
      Number.isSafeInteger(p[0]) &&
      p[0] >= 0 &&
      ((Number.isSafeInteger(p[1]) && p[1] >= 0) || (typeof p[1] === 'string' && p[1].length > 0 && p[1].length <= 100)))
  if (
    state === null ||
    typeof state !== 'object' ||
    state.v !== 1 ||
    typeof state.a !== 'string' ||
    state.p === null ||
    typeof state.p !== 'object' ||
    Array.isArray(state.p) ||
    !Object.values(state.p).every(positionOk)
  )
    throw badRequest('malformed cursor')
  const keys = Object.keys(state.p).sort()
  if (state.a !== account || keys.length !== chains.length || keys.some((k, i) => k !== [...chains].sort()[i]))
    throw badRequest('the cursor belongs to another account or chain')
  return state.p
}

/**
 * One page, newest first, across `lists` ({ chain → records in position order }): items older than
 * the cursor's position on each chain, ordered by time, then chain, then position.
 */
export function page(lists, after, limit) {
  const remaining = Object.entries(lists).map(([chain, records], order) => {
    let end = records.length
    const from = after?.[chain]
    if (from) while (end > 0 && comparePositions(records[end - 1].position, from) >= 0) end--
    return { chain, records, end, order }
  })
  const out = []
  const last = { ...Object.fromEntries(Object.keys(lists).map((c) => [c, after?.[c] ?? null])) }
  while (out.length < limit) {
    let pick
    for (const r of remaining) {
      if (r.end === 0) continue
      if (!pick || r.records[r.end - 1].time > pick.records[pick.end - 1].time) pick = r
    }
    if (!pick) break
    const record = pick.records[--pick.end]
    out.push(record.item)
    last[pick.chain] = record.position
  }
  const more = remaining.some((r) => r.end > 0)
  return { data: out, last, more }
}
