// The local Solana cluster's WebSocket subscriptions: what clients confirm transactions with.
import { SYSTEM_PROGRAM_ADDRESS } from '@solana-program/system'
import { addressParam, isObject, signatureParam, stringify } from './params.mjs'
import { invalidParams } from './rpcErrors.mjs'

/** The WebSocket subscriptions (account, signature, slot, logs, program), notified as transactions run. */
export function createSubscriptions(ledger) {
  const { records, readAccount, accountConfig, encodeAccount, config } = ledger
  const subscriptions = new Map()
  let nextSubscription = 1
  const send = (socket, payload) => {
    if (socket.readyState === socket.OPEN) socket.send(stringify(payload))
  }
  const notify = (sub, method, result) => send(sub.socket, { jsonrpc: '2.0', method, params: { result, subscription: sub.id } })
  const accountValue = (sub) => {
    const account = readAccount(sub.address)
    // A closed account reads as empty, owned by the system program (as a validator sends it).
    return encodeAccount(account ?? { data: new Uint8Array(), executable: false, lamports: 0n, programAddress: SYSTEM_PROGRAM_ADDRESS }, sub)
  }

  function notifyProcessed(record) {
    for (const sub of subscriptions.values()) {
      try {
        notifyOne(sub, record)
      } catch {
        // An account grown past what its base58 subscription can carry: that notification is skipped.
      }
    }
  }

  function notifyOne(sub, record) {
    const slot = record.slot
    switch (sub.kind) {
      case 'signature':
        if (sub.signature === record.signature) {
          if (sub.received) notify(sub, 'signatureNotification', { context: { slot }, value: 'receivedSignature' })
          notify(sub, 'signatureNotification', { context: { slot }, value: { err: record.err } })
          subscriptions.delete(sub.id)
        }
        break
      case 'logs':
        if (sub.mentions === null || record.keys.includes(sub.mentions))
          notify(sub, 'logsNotification', { context: { slot }, value: { err: record.err, logs: record.logs, signature: record.signature } })
        break
      case 'account': {
        const value = accountValue(sub)
        const text = stringify(value)
        if (text !== sub.last) {
          sub.last = text
          notify(sub, 'accountNotification', { context: { slot }, value })
        }
        break
      }
      case 'slot':
        notify(sub, 'slotNotification', { parent: slot, root: slot, slot: slot + 1n })
        break
      case 'root':
        notify(sub, 'rootNotification', slot + 1n)
        break
    }
  }

  const subscribe = (socket, kind, fields = {}) => {
    const sub = { id: nextSubscription++, socket, kind, ...fields }
    subscriptions.set(sub.id, sub)
    return sub
  }
  const unsubscribe =
    (kind) =>
    (socket, [id]) => {
      const sub = subscriptions.get(id)
      if (!sub || sub.socket !== socket || sub.kind !== kind) throw invalidParams('Invalid subscription id.')
      subscriptions.delete(id)
      return true
    }
  const socketMethods = {
    signatureSubscribe: (socket, [signature, c]) => {
      const options = config(c)
      const sub = subscribe(socket, 'signature', { signature: signatureParam(signature), received: options.enableReceivedNotification === true })
      // Already processed: tell at once, after the answer carrying the subscription id.
      const record = records.get(sub.signature)
      if (record)
        setImmediate(() => {
          if (!subscriptions.delete(sub.id)) return
          notify(sub, 'signatureNotification', { context: { slot: record.slot }, value: { err: record.err } })
        })
      return sub.id
    },
    signatureUnsubscribe: unsubscribe('signature'),
    slotSubscribe: (socket) => subscribe(socket, 'slot').id,
    slotUnsubscribe: unsubscribe('slot'),
    rootSubscribe: (socket) => subscribe(socket, 'root').id,
    rootUnsubscribe: unsubscribe('root'),
    accountSubscribe: (socket, [address, c]) => {
      const options = accountConfig(c)
      const fields = { address: addressParam(address), encoding: options.encoding, dataSlice: options.dataSlice }
      const last = stringify(accountValue(fields)) // throws here, not at notification time, for base58 of a big account
      return subscribe(socket, 'account', { ...fields, last }).id
    },
    accountUnsubscribe: unsubscribe('account'),
    logsSubscribe: (socket, [filter, c]) => {
      config(c)
      let mentions = null
      if (isObject(filter) && Array.isArray(filter.mentions) && filter.mentions.length === 1) mentions = addressParam(filter.mentions[0])
      else if (filter !== 'all' && filter !== 'allWithVotes') throw invalidParams('the filter must be "all", "allWithVotes" or { mentions: [address] }')
      return subscribe(socket, 'logs', { mentions }).id
    },
    logsUnsubscribe: unsubscribe('logs'),
  }

  // ---- seeding ----
  return { subscriptions, send, socketMethods, notifyProcessed }
}
