/**
 * A wallet's icon, only ever through `<img src>` (SVG scripts do not run there) and only from a
 * data: image or an https: URL — or from the configured config API, which is ours. Anything else
 * shows the wallet's initials instead.
 */
import { useState } from 'react'
import { isSafeImageUrl } from './safeImageUrl'

function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean)
  return (words.length > 1 ? `${words[0]?.[0] ?? ''}${words[1]?.[0] ?? ''}` : name.slice(0, 2)).toUpperCase()
}

export function WalletImage(props: { readonly name: string; readonly src?: string | null | undefined; readonly trustedBase?: string }) {
  const [failed, setFailed] = useState(false)
  if (!failed && isSafeImageUrl(props.src, props.trustedBase)) {
    return <img className="wallet-image" src={props.src} alt="" width={36} height={36} decoding="async" onError={() => setFailed(true)} />
  }
  return (
    <span className="wallet-image wallet-initials" aria-hidden="true">
      {initials(props.name)}
    </span>
  )
}
