import { describe, expect, it } from 'vitest'
import { DISCONNECT_METHOD } from '../chains/adapter'
import { UserRejectedRequestError } from '../kernel/errors/provider'
import { params, SetChainParams, wrapProvider } from './wrappedProvider'

describe('the shell of a wrapped provider', () => {
  it('a disconnect the wallet answers the site’s own DISCONNECT_METHOD with is not told; one of its own is', async () => {
    let emitFromWallet = (): void => undefined
    const { provider, emit } = wrapProvider(
      async (method) => {
        if (method === DISCONNECT_METHOD) emitFromWallet()
        return null
      },
      () => undefined,
    )
    emitFromWallet = () => emit('disconnect')
    const heard: string[] = []
    provider.on!('disconnect', () => heard.push('disconnect'))
    await provider.request({ method: DISCONNECT_METHOD })
    expect(heard).toEqual([])
    emit('disconnect')
    expect(heard).toEqual(['disconnect'])
  })

  it('turns a wallet’s refusal into our error with its code, and follows the wallet only while anyone listens', async () => {
    let following = 0
    const { provider } = wrapProvider(
      async () => {
        throw Object.assign(new Error('no'), { code: 4001 })
      },
      () => {
        following += 1
        return () => void (following -= 1)
      },
    )
    await expect(provider.request({ method: 'x' })).rejects.toBeInstanceOf(UserRejectedRequestError)
    const listener = () => undefined
    provider.on!('accountsChanged', listener)
    provider.on!('disconnect', listener)
    expect(following).toBe(1)
    provider.removeListener!('accountsChanged', listener)
    expect(following).toBe(1)
    provider.removeListener!('disconnect', listener)
    expect(following).toBe(0)
  })

  it('decodes parameters or refuses them with -32602', () => {
    expect(params(SetChainParams, 'airlock_setChain', ['solana:x'])).toEqual(['solana:x'])
    expect(params(SetChainParams, 'airlock_setChain', ['solana:x', { name: 'Local', rpcUrl: 'http://127.0.0.1:8899' }])).toEqual([
      'solana:x',
      { name: 'Local', rpcUrl: 'http://127.0.0.1:8899' },
    ])
    expect(() => params(SetChainParams, 'airlock_setChain', ['solana:x', { rpcUrl: 8899 }])).toThrow(expect.objectContaining({ code: -32602 }))
    expect(() => params(SetChainParams, 'airlock_setChain', 'solana:x')).toThrow(expect.objectContaining({ code: -32602 }))
  })
})
