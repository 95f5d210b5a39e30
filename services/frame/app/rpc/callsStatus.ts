/** wallet_getCallsStatus (EIP-5792): a bundle this key sent, by id; any other id is 5730. */
import * as t from 'io-ts'
import { numberToHex, type Hex } from 'viem'
import { quote } from '../../../../src/validation/describeInput'
import { RpcError, type RpcContext } from '../rpcContext'
import { findBundle, type CallsReceipt, type CallsStatus } from './bundles'
import { paramsList } from './codecs'
import { WalletCallErrorCode } from './errors'
import { decodeParams } from './params'

const Params = paramsList([t.string])

export interface CallsStatusAnswer {
  readonly version: string
  readonly id: string
  readonly chainId: Hex
  readonly status: CallsStatus
  readonly atomic: boolean
  readonly receipts: readonly CallsReceipt[]
}

export async function getCallsStatus(ctx: RpcContext, params: unknown): Promise<CallsStatusAnswer> {
  const [id] = decodeParams('wallet_getCallsStatus', Params, params)
  const bundle = findBundle(ctx.evmAccount().address, id)
  if (!bundle) throw new RpcError(WalletCallErrorCode.UNKNOWN_BUNDLE_ID, `Unknown bundle id: ${quote(id)}`, { id })
  return {
    version: bundle.version,
    id: bundle.id,
    chainId: numberToHex(bundle.chainId),
    status: bundle.status,
    atomic: bundle.atomic,
    receipts: [...bundle.receipts],
  }
}
