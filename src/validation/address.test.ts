import { describe, expect, it } from 'vitest'
import { isAddressFor } from './address'

const EVM = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed'
const SOLANA = 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA'
const BITCOIN = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq'

describe('isAddressFor', () => {
  it('checks each address with the rule of its namespace (SPEC §5)', () => {
    expect([isAddressFor('eip155', EVM), isAddressFor('eip155', SOLANA), isAddressFor('eip155', BITCOIN)]).toEqual([true, false, false])
    expect([isAddressFor('solana', EVM), isAddressFor('solana', SOLANA), isAddressFor('solana', BITCOIN)]).toEqual([false, true, false])
    expect([isAddressFor('bip122', EVM), isAddressFor('bip122', SOLANA), isAddressFor('bip122', BITCOIN)]).toEqual([false, false, true])
  })

  it('passes the strict option to the EVM checksum check (SPEC §5)', () => {
    const broken = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD'
    expect(isAddressFor('eip155', broken)).toBe(false)
    expect(isAddressFor('eip155', broken, { strict: false })).toBe(true)
  })

  it('falls back to the CAIP-10 address grammar for other namespaces', () => {
    expect(isAddressFor('polkadot', '5GrwvaEF5zXb26Fz9rcQpDWS57CtERHpNehXCPcNoHGKutQY')).toBe(true)
    expect(isAddressFor('polkadot', 'a:b')).toBe(false)
    expect(isAddressFor('polkadot', '')).toBe(false)
    expect(isAddressFor('polkadot', 5)).toBe(false)
  })
})
