// The buy widget's behaviour: the card fields are checked as the visitor types (the service checks
// them again), then Buy posts them to this origin, which delivers the tokens on chain and answers
// the transaction id; the page then says "Purchase complete". Served as a file (the page's CSP
// allows no inline script); text goes in with textContent only.
'use strict'

const form = document.getElementById('card')
const FIELDS = ['name', 'number', 'expiry', 'cvc']

function luhnValid(number) {
  const digits = number.replace(/ /g, '')
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

function problemOf(field, value) {
  const text = value.trim()
  if (field === 'name') return text.length < 2 ? 'Enter the name on the card' : ''
  if (field === 'number') return luhnValid(text) ? '' : 'The card number is not valid'
  if (field === 'expiry') return /^(0[1-9]|1[0-2]) ?\/ ?\d{2}$/.test(text) ? '' : 'Enter the expiry as MM/YY'
  return /^\d{3,4}$/.test(text) ? '' : 'The CVC is 3 or 4 digits'
}

function show(field, message) {
  const input = document.getElementById(field)
  document.getElementById(`${field}-error`).textContent = message
  if (message) input.setAttribute('aria-invalid', 'true')
  else input.removeAttribute('aria-invalid')
}

if (form) {
  const status = document.getElementById('status')
  const button = document.getElementById('buy')
  // A field's message goes once the visitor changes it.
  for (const field of FIELDS) document.getElementById(field).addEventListener('input', () => show(field, ''))
  form.addEventListener('submit', async (event) => {
    event.preventDefault()
    const values = Object.fromEntries(FIELDS.map((f) => [f, document.getElementById(f).value]))
    let first = null
    for (const field of FIELDS) {
      const problem = problemOf(field, values[field])
      show(field, problem)
      if (problem && !first) first = field
    }
    if (first) {
      document.getElementById(first).focus()
      return
    }
    button.disabled = true
    status.textContent = 'Processing your purchase…'
    try {
      const response = await fetch('/widget/buy', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ session: form.dataset.session, ...values }),
      })
      const body = await response.json()
      if (!response.ok) {
        if (body.field && FIELDS.includes(body.field)) show(body.field, body.error)
        status.textContent = body.error || 'The purchase failed'
        button.disabled = response.status === 409
        return
      }
      form.hidden = true
      document.getElementById('transaction').textContent = body.transaction
      const complete = document.getElementById('complete')
      complete.hidden = false
      complete.querySelector('h2').focus()
    } catch {
      status.textContent = 'The purchase failed: the service did not answer'
      button.disabled = false
    }
  })
}
