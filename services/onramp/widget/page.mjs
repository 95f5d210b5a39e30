// The buy widget's page, rendered here with every value escaped: the order (what, how much, to
// which wallet, the fees and the total) and the card form. Its behaviour is ./widget.js and its
// look ./widget.css, both files of this origin (the page's CSP allows nothing inline).

import { escapeHtml, orderRow as row, pageLayout } from '../../providerPages.mjs'

const layout = (title, body) => pageLayout({ title, head: '<link rel="stylesheet" href="/widget.css">\n<script src="/widget.js" defer></script>', body })
const money = ({ amount, currency }) => `${amount} ${currency}`

/** The page for a session (`{ session }`), or for a link that does not work (`{ error }`). */
export function widgetPage({ session, error }) {
  if (!session) return layout('Buy crypto', `<h1>Buy crypto</h1><p class="error" role="alert">${escapeHtml(error)}</p>`)
  const { product, order, address } = session
  const done = session.state === 'done'
  const order$ = `<dl class="order">
${row('You buy', `${order.purchaseAmount.amount} ${product.symbol}`)}
${row('Network', product.network.display_name)}
${row('To wallet', address)}
${row('Price', money(order.paymentSubtotal))}
${row('Provider fee', money(order.coinbaseFee))}
${row('Network fee', money(order.networkFee))}
${row('Total', money(order.paymentTotal))}
</dl>`
  const form = `<form id="card" data-session="${escapeHtml(session.id)}" novalidate>
<p><label for="name">Name on card</label><input id="name" name="name" autocomplete="cc-name" required aria-describedby="name-error"><span class="error" id="name-error"></span></p>
<p><label for="number">Card number</label><input id="number" name="number" inputmode="numeric" autocomplete="cc-number" placeholder="4242 4242 4242 4242" required aria-describedby="number-error"><span class="error" id="number-error"></span></p>
<div class="pair">
<p><label for="expiry">Expiry (MM/YY)</label><input id="expiry" name="expiry" inputmode="numeric" autocomplete="cc-exp" placeholder="MM/YY" required aria-describedby="expiry-error"><span class="error" id="expiry-error"></span></p>
<p><label for="cvc">CVC</label><input id="cvc" name="cvc" inputmode="numeric" autocomplete="cc-csc" required aria-describedby="cvc-error"><span class="error" id="cvc-error"></span></p>
</div>
<p class="note">Test mode: use 4242 4242 4242 4242, any future expiry and any CVC. The tokens are delivered on the local chain.</p>
<button type="submit" id="buy">Buy ${escapeHtml(order.purchaseAmount.amount)} ${escapeHtml(product.symbol)} for ${escapeHtml(money(order.paymentTotal))}</button>
<p id="status" role="status" aria-live="polite"></p>
</form>`
  const complete = `<section id="complete" role="status" aria-live="polite"${done ? '' : ' hidden'}>
<h2 tabindex="-1">Purchase complete</h2>
<p>Transaction: <code id="transaction">${done ? escapeHtml(session.transaction) : ''}</code></p>
<p>You can close this window.</p>
</section>`
  return layout('Buy crypto', `<h1>Buy ${escapeHtml(product.name)}</h1>\n${order$}\n${done ? '' : form}\n${complete}`)
}
