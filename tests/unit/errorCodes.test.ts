/**
 * SPEC §8's numeric codes, as src/kernel/errors/codes.ts names them: a changed or dropped number is
 * a wallet or a site reading a different error than the spec promises.
 */
import { describe, expect, it } from 'vitest'
import { ChainErrorCode, JsonRpcErrorCode, ProviderErrorCode, WalletCallErrorCode } from '../../src/kernel/errors/codes'

describe('the error codes', () => {
  it('are SPEC §8’s numbers, name by name', () => {
    expect(Object.values(ChainErrorCode)).toEqual([4902, 5000, 32603])
    expect(Object.values(JsonRpcErrorCode)).toEqual([-32700, -32600, -32601, -32602, -32603, -32000, -32001, -32002, -32003, -32004, -32005, -32006])
    expect(Object.values(ProviderErrorCode)).toEqual([4001, 4100, 4200, 4900, 4901, 4902])
    expect(Object.values(WalletCallErrorCode)).toEqual([5700, 5710, 5720, 5730, 5740, 5750, 5760])
  })
})
