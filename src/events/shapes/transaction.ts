/**
 * SPEC §3 transaction item, as the Blockchain API's history answers it (src/remote/blockchain) and
 * the activity plugin's events carry it: an id, the metadata (when it
 * was mined, on which chain, the operation, its status, who sent it to whom) and its transfers,
 * each a token (`fungible_info`: symbol, icon) or an NFT (`nft_info`: name, spam flag, preview)
 * with a quantity. Fields beyond these pass through unread.
 */
import * as t from 'io-ts'

const nullable = <C extends t.Mixed>(codec: C) => t.union([codec, t.null])

/** One transfer of a transaction: a token or an NFT, its amount and its direction ('in', 'out'). */
export const TransactionTransfer = t.partial({
  fungible_info: nullable(t.partial({ name: t.string, symbol: t.string, icon: nullable(t.partial({ url: nullable(t.string) })) })),
  nft_info: nullable(
    t.partial({
      name: t.string,
      flags: t.partial({ is_spam: t.boolean }),
      content: nullable(t.partial({ preview: nullable(t.partial({ url: t.string })) })),
    }),
  ),
  quantity: t.type({ numeric: t.string }),
  direction: t.string,
})
export type TransactionTransfer = t.TypeOf<typeof TransactionTransfer>

/** SPEC §3 transaction item. `minedAt` is an ISO 8601 time; `operationType` send, receive or execute. */
export const TransactionItem = t.type({
  id: t.string,
  metadata: t.intersection([
    t.type({ minedAt: t.string, operationType: t.string, status: t.string, sentFrom: t.string, sentTo: t.string }),
    t.partial({ chain: nullable(t.string) }),
  ]),
  transfers: t.readonlyArray(TransactionTransfer),
})
export type TransactionItem = t.TypeOf<typeof TransactionItem>
