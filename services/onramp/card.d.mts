export class CardError extends Error {
  status: number
  field: 'name' | 'number' | 'expiry' | 'cvc'
}
/** The Luhn checksum of a card number of 12 to 19 digits (spaces allowed). */
export function luhnValid(number: string): boolean
export function checkCard(card: { name?: unknown; number?: unknown; expiry?: unknown; cvc?: unknown }, today: Date): void
