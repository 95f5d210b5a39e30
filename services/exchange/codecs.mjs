// What the exchange's routes accept, as io-ts codecs: every body and query is decoded here, and a
// request that does not decode is refused with 400 and the path of the first field that is wrong.
import * as t from 'io-ts'
import { isAddress } from 'viem'
import { badRequest } from '../blockchain/errors.mjs'

const pattern = (name, re) =>
  new t.Type(
    name,
    (u) => typeof u === 'string' && re.test(u),
    (u, c) => (typeof u === 'string' && re.test(u) ? t.success(u) : t.failure(u, c)),
    String,
  )

/** CAIP-2 of an EVM chain: eip155:<chain id>. */
export const EvmNetwork = pattern('EvmNetwork', /^eip155:[1-9][0-9]{0,15}$/)
/** An EVM address (any case). */
export const Address = new t.Type(
  'Address',
  (u) => typeof u === 'string' && isAddress(u, { strict: false }),
  (u, c) => (typeof u === 'string' && isAddress(u, { strict: false }) ? t.success(u) : t.failure(u, c)),
  String,
)
/** What is paid: the chain's native currency, or an ERC-20 contract. */
export const Asset = t.union([t.literal('native'), Address])
/** A positive decimal amount in whole units of the asset ("12.5"), at most 36 digits. */
export const DecimalAmount = pattern('DecimalAmount', /^(?!0+(?:\.0*)?$)\d{1,24}(?:\.\d{1,18})?$/)
export const Id = pattern('Id', /^[A-Za-z0-9_-]{1,64}$/)

export const ExchangesQuery = t.partial({ network: EvmNetwork, asset: Asset })
export const PayUrlBody = t.type({ exchangeId: Id, network: EvmNetwork, asset: Asset, amount: DecimalAmount, recipient: Address })
export const StatusQuery = t.type({ exchangeId: Id, sessionId: Id })
export const ConfirmForm = t.type({ session: Id })

function pathOf(error) {
  const keys = error.context.map((entry) => entry.key).filter((key) => key !== '' && !/^\d+$/.test(key))
  return keys.join('.') || 'body'
}

/** The decoded value, or a 400 naming the first field that is wrong: `decode(PayUrlBody, body)`. */
export function decode(codec, value) {
  const result = codec.decode(value)
  if (result._tag === 'Right') return result.right
  const first = result.left[0]
  throw badRequest(`invalid ${first ? pathOf(first) : 'body'}: ${JSON.stringify(first?.value)?.slice(0, 80) ?? 'missing'}`)
}

/** A URLSearchParams as a plain object (one value per name) for a query codec. */
export const queryObject = (query) => Object.fromEntries(query.entries())
