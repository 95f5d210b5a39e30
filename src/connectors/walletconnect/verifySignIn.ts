/**
 * A sign-in signature checked over a chain reader (the site's RPC): viem's `verifyMessage` on a
 * public client whose transport is the reader, so an EOA (ecrecover), a deployed contract account
 * (ERC-1271 `isValidSignature`) and one not deployed yet (an ERC-6492 wrapped signature, checked by
 * viem's deployless validator in an `eth_call`) are all answered by that chain, through that
 * endpoint only. Loaded lazily by ./signInCheck.ts.
 */
import { createPublicClient, custom, isAddress, isHex } from 'viem'
import { verifyMessage } from 'viem/actions'
import type { ChainReader } from '../../chains/adapter'

/**
 * ```ts
 * await verifyThrough(reader, '0x…', message, '0x…') // true when the signature is the address's
 * ```
 */
export async function verifyThrough(reader: Pick<ChainReader, 'request'>, address: string, message: string, signature: string): Promise<boolean> {
  if (!isAddress(address, { strict: false }) || !isHex(signature)) return false
  const client = createPublicClient({
    transport: custom({ request: ({ method, params }: { method: string; params?: unknown }) => reader.request(method, Array.isArray(params) ? params : []) }),
  })
  try {
    return await verifyMessage(client, { address, message, signature })
  } catch {
    return false
  }
}
