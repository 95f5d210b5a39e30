/**
 * The frame's RPC handler: one EIP-1193 request, already approved by the visitor on the page when
 * SPEC §6 calls it unsafe, answered with the frame's keys. Every method decodes its params itself
 * (-32602 when they are not of its form); a method not listed here is refused with 4200
 * "Requested RPC call is not allowed".
 */
import { numberToHex } from 'viem'
import type { RpcContext, RpcHandler } from '../rpcContext'
import { addressInEffect } from './accounts'
import { getCallsStatus } from './callsStatus'
import { getCapabilities } from './capabilities'
import { asRpcError, notAllowed, unsupported } from './errors'
import { READ_PARAMS, forwardRead } from './reads'
import { sendCalls } from './sendCalls'
import { sendTransaction } from './sendTransaction'
import { ethSign, personalSign } from './signMessage'
import { signTypedData } from './signTypedData'
import { solanaAccounts } from './solana/key'
import { solanaSignAndSendTransaction } from './solana/sendTransaction'
import { solanaSignMessage } from './solana/signMessage'
import { solanaSignAllTransactions, solanaSignTransaction } from './solana/signTransaction'
import { switchChain } from './switchChain'

type Method = (ctx: RpcContext, params: unknown) => Promise<unknown>

const METHODS: Readonly<Record<string, Method>> = {
  eth_chainId: async (ctx) => numberToHex(ctx.chain().chainId),
  net_version: async (ctx) => String(ctx.chain().chainId),
  eth_accounts: async (ctx) => [await addressInEffect(ctx)],
  eth_requestAccounts: async (ctx) => [await addressInEffect(ctx)],
  personal_sign: personalSign,
  eth_sign: ethSign,
  eth_signTypedData_v4: signTypedData,
  eth_sendTransaction: sendTransaction,
  wallet_switchEthereumChain: switchChain,
  wallet_getCapabilities: getCapabilities,
  wallet_sendCalls: sendCalls,
  wallet_getCallsStatus: getCallsStatus,
  wallet_getAssets: async () => {
    throw unsupported('wallet_getAssets', 'the page reads balances from the Blockchain API')
  },
  solana_requestAccounts: (ctx) => solanaAccounts(ctx, 'solana_requestAccounts'),
  solana_getAccounts: (ctx) => solanaAccounts(ctx, 'solana_getAccounts'),
  solana_signMessage: solanaSignMessage,
  solana_signTransaction: solanaSignTransaction,
  solana_signAllTransactions: solanaSignAllTransactions,
  solana_signAndSendTransaction: solanaSignAndSendTransaction,
  ...Object.fromEntries(Object.keys(READ_PARAMS).map((method): [string, Method] => [method, (ctx, params) => forwardRead(ctx, method, params)])),
}

/**
 * ```ts
 * await handleRpc({ method: 'personal_sign', params: ['0x68656c6c6f', address] }, ctx) // '0x…' (65 bytes)
 * await handleRpc({ method: 'eth_sign', params: [address, hash] }, ctx) // throws RpcError 4200
 * ```
 */
export const handleRpc: RpcHandler = async ({ method, params }, ctx) => {
  const handler = Object.hasOwn(METHODS, method) ? METHODS[method] : undefined
  if (handler === undefined) throw notAllowed(method)
  try {
    return await handler(ctx, params)
  } catch (error) {
    // The page gets { message, code, data } whatever failed (a signer, a node, a bug): -32603 for what has no code.
    throw asRpcError(error)
  }
}
