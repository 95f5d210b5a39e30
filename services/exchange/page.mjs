// The exchange's payment page, rendered here with every value escaped, with no script at all: the
// deposit pre-filled (what, how much, to which address, on which network) and one button, a form
// posted to this origin, that sends it. Its look is ./page.css, a file of this origin (the page's
// CSP allows nothing inline).

import { escapeHtml, orderRow as row, pageLayout } from '../providerPages.mjs'

const layout = (title, body) => pageLayout({ title, head: '<link rel="stylesheet" href="/page.css">', body })

const STATUS_TEXT = {
  IN_PROGRESS: 'Your payment is on its way. You can close this window.',
  SUCCESS: 'Payment sent. You can close this window.',
  FAILED: 'The payment could not be sent. Nothing was taken from your balance.',
}

/** The page of a payment session (`{ session, exchange }`), or of a link that does not work (`{ error }`). */
export function payPage({ session, exchange, error }) {
  if (!session) return layout('Pay', `<h1>Pay</h1><p class="error" role="alert">${escapeHtml(error)}</p>`)
  const order = `<dl class="order">
${row('You pay', `${session.amount} ${session.symbol}`)}
${row('To address', session.recipient)}
${row('Network', session.network)}
${row('From', `your ${exchange.name} balance`)}
</dl>`
  const action =
    session.status === 'UNKNOWN'
      ? `<form method="post" action="/pay/confirm"><input type="hidden" name="session" value="${escapeHtml(session.id)}"><button type="submit">Pay ${escapeHtml(`${session.amount} ${session.symbol}`)}</button></form>`
      : `<p role="status" class="${session.status === 'FAILED' ? 'error' : 'done'}">${escapeHtml(STATUS_TEXT[session.status])}</p>${session.txHash ? `<p>Transaction <code id="transaction">${escapeHtml(session.txHash)}</code></p>` : ''}`
  return layout(`${exchange.name}: pay`, `<h1>${escapeHtml(exchange.name)}</h1>\n${order}\n${action}`)
}

export const PAGE_CSS = `body{font:16px/1.5 system-ui,sans-serif;margin:0;background:#f4f5f7;color:#111}
main{max-width:26rem;margin:2rem auto;padding:1.5rem;background:#fff;border-radius:12px}
h1{font-size:1.25rem;margin:0 0 1rem}
dl{margin:0 0 1rem}.row{display:flex;justify-content:space-between;gap:1rem;padding:.25rem 0;border-bottom:1px solid #eee}
dt{color:#555}dd{margin:0;word-break:break-all;text-align:right}
button{width:100%;padding:.75rem;font:inherit;border:0;border-radius:8px;background:#1b4dd8;color:#fff;cursor:pointer}
button:focus-visible{outline:3px solid #111;outline-offset:2px}
.error{color:#a40000}.done{color:#0a6b2a}code{word-break:break-all}
`
