/** How an address and a balance are shown, in the modal and in the page-side buttons alike. */
import { formatAmount } from '../../format/number'

export { shortAddress } from './shortAddress'

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
