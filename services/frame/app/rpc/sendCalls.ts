/**
 * wallet_sendCalls (EIP-5792). Where the smart account is in effect the calls run atomically, as
 * one user operation; from the EOA they run one transaction after another, each after the one
 * before it is mined (a later call may need the state an earlier one leaves, such as an approval),
 * stopping at the first that fails. Either way the answer is the bundle's id at once; the outcome
 * is for wallet_getCallsStatus.
 */
import * as t from 'io-ts'
import { bytesToHex, hexToBigInt, type Address, type Hex } from 'viem'
import { quote } from '../../../../src/validation/describeInput'
import { RpcError, type FrameChain, type RpcContext } from '../rpcContext'
import { assertSender, usesSmartAccount } from './accounts'
import { CallsStatus, addBundle, callsReceipt, hasBundle, type Bundle } from './bundles'
import { chainClient } from './chainClient'
import { AddressCodec, BytesCodec, ChainIdCodec, QuantityCodec, paramsList } from './codecs'
import { sendFromEoa } from './eoaTransaction'
import { WalletCallErrorCode, asRpcError, invalidParams } from './errors'
import { decodeParams } from './params'
import { sendAsSmartAccount, type AccountCall } from './smartAccounts'

const METHOD = 'wallet_sendCalls'

/** EIP-5792's bound on one bundle, so an approval cannot hide a long tail of calls. */
export const MAX_CALLS = 10

const Capabilities = t.record(t.string, t.UnknownRecord, 'capabilities (name → parameters)')

const Call = t.exact(
  t.intersection([t.type({ to: AddressCodec }), t.partial({ data: BytesCodec, value: QuantityCodec, capabilities: Capabilities })]),
  'a call ({ to, data?, value? })',
)

const Id = new t.Type<string, string, unknown>(
  'a bundle id (1 to 4096 characters)',
  (u): u is string => typeof u === 'string' && u.length > 0 && u.length <= 4096,
  (u, c) => (typeof u === 'string' && u.length > 0 && u.length <= 4096 ? t.success(u) : t.failure(u, c)),
  t.identity,
)

const Request = t.exact(
  t.intersection([
    t.type({ version: t.string, chainId: ChainIdCodec, calls: t.array(Call, 'a list of calls') }),
    t.partial({ id: Id, from: AddressCodec, atomicRequired: t.boolean, capabilities: Capabilities }),
  ]),
  'a calls request',
)

const Params = paramsList([Request])

/** The first capability asked for that is not marked optional: we support none to ask for. */
function requiredCapability(capabilities: Record<string, Record<string, unknown>> | undefined): string | undefined {
  return Object.entries(capabilities ?? {}).find(([, value]) => value.optional !== true)?.[0]
}

function randomId(): Hex {
  return bytesToHex(crypto.getRandomValues(new Uint8Array(32)))
}

export async function sendCalls(ctx: RpcContext, params: unknown): Promise<{ id: string }> {
  const [request] = decodeParams(METHOD, Params, params)
  if (request.from !== undefined) await assertSender(ctx, request.from)
  const chain = ctx.chain()
  const chainId = Number.parseInt(request.chainId, 16)
  if (chainId !== chain.chainId) {
    const served = ctx.chains.some((c) => c.chainId === chainId)
    throw new RpcError(
      WalletCallErrorCode.UNSUPPORTED_CHAIN_ID,
      served
        ? `The wallet is on chain ${chain.chainId}, not ${chainId}: switch chains first`
        : `Unsupported chain id: the wallet does not serve chain ${chainId}`,
      { chainId: request.chainId },
    )
  }
  if (request.calls.length === 0) throw invalidParams(METHOD, 'params[0].calls is empty')
  if (request.calls.length > MAX_CALLS) {
    throw new RpcError(WalletCallErrorCode.BUNDLE_TOO_LARGE, `Bundle too large: ${request.calls.length} calls, at most ${MAX_CALLS}`)
  }
  const capability =
    requiredCapability(request.capabilities) ?? request.calls.map((call) => requiredCapability(call.capabilities)).find((name) => name !== undefined)
  if (capability !== undefined) {
    throw new RpcError(WalletCallErrorCode.UNSUPPORTED_CAPABILITY, `Unsupported non-optional capability: ${capability}`, { capability })
  }
  const atomic = usesSmartAccount(ctx)
  if (request.atomicRequired === true && !atomic) {
    throw new RpcError(WalletCallErrorCode.ATOMICITY_NOT_SUPPORTED, 'Atomicity not supported: the account in effect is not a smart account')
  }
  const owner = ctx.evmAccount().address
  const id = request.id ?? randomId()
  if (hasBundle(owner, id)) throw new RpcError(WalletCallErrorCode.DUPLICATE_ID, `Duplicate id: a bundle ${quote(id)} was sent already`, { id })
  const calls: AccountCall[] = request.calls.map(({ to, data, value }) => ({
    to,
    ...(data !== undefined && { data }),
    ...(value !== undefined && { value: hexToBigInt(value) }),
  }))
  const bundle: Bundle = { id, version: request.version, chainId, atomic, status: CallsStatus.PENDING, receipts: [] }
  addBundle(owner, bundle)
  void (atomic ? runAtomically(ctx, chain, calls, bundle) : runInSequence(ctx, chain, calls, bundle))
  return { id }
}

async function runAtomically(ctx: RpcContext, chain: FrameChain, calls: readonly AccountCall[], bundle: Bundle): Promise<void> {
  try {
    const { transactionHash, success } = await sendAsSmartAccount(ctx, chain, calls)
    const receipt = await chainClient(ctx, chain).getTransactionReceipt({ hash: transactionHash })
    bundle.receipts.push(callsReceipt(receipt, success))
    bundle.status = success ? CallsStatus.CONFIRMED : CallsStatus.REVERTED
  } catch (error) {
    fail(bundle, error)
  }
}

async function runInSequence(ctx: RpcContext, chain: FrameChain, calls: readonly { to: Address; value?: bigint; data?: Hex }[], bundle: Bundle): Promise<void> {
  const client = chainClient(ctx, chain)
  for (const call of calls) {
    try {
      const hash = await sendFromEoa(ctx, chain, call)
      const receipt = await client.waitForTransactionReceipt({ hash })
      bundle.receipts.push(callsReceipt(receipt))
      if (receipt.status !== 'success') {
        bundle.status = bundle.receipts.length === 1 ? CallsStatus.REVERTED : CallsStatus.PARTIAL
        bundle.error = `Call ${bundle.receipts.length - 1} reverted in ${hash}`
        return
      }
    } catch (error) {
      fail(bundle, error)
      return
    }
  }
  bundle.status = CallsStatus.CONFIRMED
}

function fail(bundle: Bundle, error: unknown): void {
  // Nothing landed: failed offchain; some calls landed: partly done.
  bundle.status = bundle.receipts.some((receipt) => receipt.status === '0x1') ? CallsStatus.PARTIAL : CallsStatus.FAILED_OFFCHAIN
  bundle.error = asRpcError(error).message
}
