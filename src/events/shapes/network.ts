/** A network (chain definition) as SPEC §3 lists it. */
import * as t from 'io-ts'
import { CaipNetworkIdCodec } from '../../validation/caip2'
import { ChainNamespace } from './namespace'

export const NativeCurrency = t.type({ name: t.string, symbol: t.string, decimals: t.number }, 'NativeCurrency')
export type NativeCurrency = t.TypeOf<typeof NativeCurrency>

export const CaipNetwork = t.intersection(
  [
    t.type({
      id: t.union([t.number, t.string]),
      name: t.string,
      nativeCurrency: NativeCurrency,
      rpcUrls: t.type({ default: t.type({ http: t.array(t.string) }) }),
      caipNetworkId: CaipNetworkIdCodec,
      chainNamespace: ChainNamespace,
    }),
    t.partial({
      blockExplorers: t.type({ default: t.type({ name: t.string, url: t.string }) }),
      testnet: t.boolean,
    }),
  ],
  'CaipNetwork',
)
export type CaipNetwork = t.TypeOf<typeof CaipNetwork>
