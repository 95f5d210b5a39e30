// The synthetic Blockchain API answers the account benchmarks route to the page: `count` token
// balances and `count` activity items, the same on every run (bench/account/run.mjs, compare.mjs).

/** The chain of the demo's local anvil. */
export const CHAIN = 'eip155:31337'

export const hex40 = (n) => n.toString(16).padStart(40, '0')

/** `count` token balances (src/events/account.ts TokenBalance), distinct addresses, icons from the local API. */
export function tokenBalances(count, apiUrl) {
  return Array.from({ length: count }, (_, i) => {
    const symbol = `T${String(i).padStart(4, '0')}`
    const amount = 1 + ((i * 7919) % 100_000) / 100
    const price = 0.5 + ((i * 104_729) % 2000) / 100
    return {
      name: `Bench Token ${i}`,
      symbol,
      chainId: CHAIN,
      address: `${CHAIN}:0x${hex40(0xbe0000 + i)}`,
      value: Math.round(amount * price * 100) / 100,
      price,
      quantity: { decimals: '18', numeric: String(amount) },
      iconUrl: `${apiUrl}/v1/token-icon/${symbol}`,
    }
  })
}

/** `count` SPEC §3 transaction items (src/plugins/activity/transaction.ts), over the last 18 months, newest first. */
export function historyItems(count, holder, apiUrl) {
  const now = Date.now()
  const span = 18 * 30.4 * 24 * 3600 * 1000
  const symbols = ['ETH', 'ADT', 'ADD', 'USDT-L']
  return Array.from({ length: count }, (_, i) => {
    const incoming = i % 2 === 1
    const other = `0x${hex40(0xc0ffee00 + (i % 37))}`
    const symbol = symbols[i % symbols.length]
    return {
      id: `0x${i.toString(16).padStart(64, '0')}:tx`,
      metadata: {
        minedAt: new Date(now - ((i + 0.5) * span) / count).toISOString(),
        operationType: incoming ? 'receive' : 'send',
        status: 'confirmed',
        sentFrom: incoming ? other : holder,
        sentTo: incoming ? holder : other,
        chain: CHAIN,
      },
      transfers: [
        {
          fungible_info: { name: `${symbol} token`, symbol, icon: { url: `${apiUrl}/v1/token-icon/${encodeURIComponent(symbol)}` } },
          direction: incoming ? 'in' : 'out',
          quantity: { numeric: String(0.05 + (i % 200) / 40) },
        },
      ],
    }
  })
}
