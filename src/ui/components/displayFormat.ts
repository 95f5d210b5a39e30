/** How an address and a balance are shown, in the modal and in the page-side buttons alike. */
import { formatAmount } from '../../format/number'

/** `shortAddress('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266') // '0xf39F…2266'`; short strings stay whole. */
export function shortAddress(address: string): string {
  return address.length > 14 ? `${address.slice(0, 6)}…${address.slice(-4)}` : address
}

/**
 * A stored balance with SPEC §9 number formatting (2 decimals) in the instance's locale, or
 * undefined while unknown or unreadable. `displayBalance('10000', 'de') // '10.000,00'`
 */
export function displayBalance(balance: string | null | undefined, locale: string): string | undefined {
  if (balance === null || balance === undefined) return undefined
  try {
    return formatAmount(balance, { locale })
  } catch {
    return undefined
  }
}
