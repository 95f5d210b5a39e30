/**
 * A connector as state holds it: everything but the provider object, which is not data and stays
 * in the connectors' provider registry (see src/connectors).
 */
import * as t from 'io-ts'
import { ChainNamespace } from './namespace'

export const ConnectorType = t.keyof(
  { INJECTED: null, ANNOUNCED: null, EXTERNAL: null, WALLET_CONNECT: null, AUTH: null, MULTI_CHAIN: null, ID_AUTH: null },
  'ConnectorType',
)
export type ConnectorType = t.TypeOf<typeof ConnectorType>

export const Connector = t.intersection(
  [
    t.type({ id: t.string, name: t.string, type: ConnectorType, chain: ChainNamespace }),
    t.partial({
      /** CAIP-2 ids of the networks it supports. */
      chains: t.array(t.string),
      imageUrl: t.string,
      imageId: t.string,
      explorerId: t.string,
      /** info.rdns of SPEC §3, flattened. */
      rdns: t.string,
    }),
  ],
  'Connector',
)
export type Connector = t.TypeOf<typeof Connector>

/** The WalletConnect connector's id and name: data the UI, the core and the connector share. */
export const WALLET_CONNECT_ID = 'walletConnect'
export const WALLET_CONNECT_NAME = 'WalletConnect'
