/**
 * `<AirlockModal/>`: the modal rendered where the site puts it, for `enableEmbedded` or
 * `disableAppend` (SPEC §2). It still lives in its own shadow root, so the page's styles and the
 * modal's do not meet; its code loads when this component first mounts in a browser.
 */
import { useEffect, useRef } from 'react'
import { useAirlock } from '../context'

export function AirlockModal(props: { readonly className?: string }) {
  const airlock = useAirlock()
  const ref = useRef<HTMLDivElement>(null)
  useEffect(() => {
    const element = ref.current
    if (!element) return
    let unmount: (() => void) | undefined
    let stopped = false
    void import('../../mount').then((ui) => {
      if (!stopped) unmount = ui.mountModalInto(airlock, element).unmount
    })
    return () => {
      stopped = true
      unmount?.()
    }
  }, [airlock])
  return <div ref={ref} className={props.className} data-airlock-embedded="" />
}
