/** An address as buttons show it: `0xf39F…2266`. Short strings are kept whole. */
export function shortAddress(address: string): string {
  return address.length > 14 ? `${address.slice(0, 6)}…${address.slice(-4)}` : address
}
