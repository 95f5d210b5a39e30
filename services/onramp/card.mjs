// The widget's card check (a test card such as 4242 4242 4242 4242 passes): the name, the number
// by the Luhn checksum, an expiry MM/YY not in the past and a 3 or 4 digit CVC. A bad card is a
// 400 naming the field, which the widget shows beside it.
import { HttpError } from '../blockchain/errors.mjs'

/** A 400 whose answer names the field: `{ error, field }`. */
export class CardError extends HttpError {
  constructor(field, message) {
    super(400, message)
    this.field = field
  }
}

/** The Luhn checksum of a card number of 12 to 19 digits (spaces allowed). */
export function luhnValid(number) {
  const digits = String(number).replace(/ /g, '')
  if (!/^\d{12,19}$/.test(digits)) return false
  let sum = 0
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i])
    if (i % 2 === 1) {
      d *= 2
      if (d > 9) d -= 9
    }
    sum += d
  }
  return sum % 10 === 0
}

/** Throws a CardError for the first field that is wrong; `today` decides whether the expiry passed. */
export function checkCard({ name, number, expiry, cvc }, today) {
  if (typeof name !== 'string' || name.trim().length < 2) throw new CardError('name', 'Enter the name on the card')
  if (typeof number !== 'string' || !luhnValid(number)) throw new CardError('number', 'The card number is not valid')
  const m = typeof expiry === 'string' ? /^(\d{2}) ?\/ ?(\d{2})$/.exec(expiry.trim()) : null
  const month = m ? Number(m[1]) : 0
  if (!m || month < 1 || month > 12) throw new CardError('expiry', 'Enter the expiry as MM/YY')
  const year = 2000 + Number(m[2])
  if (year < today.getUTCFullYear() || (year === today.getUTCFullYear() && month < today.getUTCMonth() + 1))
    throw new CardError('expiry', 'The card has expired')
  if (typeof cvc !== 'string' || !/^\d{3,4}$/.test(cvc.trim())) throw new CardError('cvc', 'The CVC is 3 or 4 digits')
}
