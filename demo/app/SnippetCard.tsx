/** The code of the current choices, and a Copy button (the Clipboard API; it says when the browser refuses). */
import { useEffect, useState } from 'react'
import { strings } from '../strings'

export function SnippetCard({ snippet }: { readonly snippet: string }) {
  const [copied, setCopied] = useState<string>('')
  // "Copied." is about the code as it was: a change of the choices clears it.
  useEffect(() => setCopied(''), [snippet])
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(snippet)
      setCopied(strings.copied)
    } catch {
      setCopied(strings.copyFailed)
    }
  }
  return (
    <section className="card" aria-labelledby="snippet-heading">
      <div className="card-head">
        <h3 id="snippet-heading">{strings.snippetHeading}</h3>
        <button type="button" className="small" onClick={() => void copy()}>
          {strings.copy}
        </button>
      </div>
      <pre className="snippet" aria-labelledby="snippet-heading" tabIndex={0}>
        <code id="snippet">{snippet}</code>
      </pre>
      <p className="hint" aria-live="polite">
        {copied}
      </p>
    </section>
  )
}
