import { useRef, type KeyboardEvent } from 'react'

/**
 * A tab list (WAI-ARIA tabs, automatic activation): arrows, Home and End move between tabs; each
 * tab controls the one panel `panelId`.
 */
export function Tabs<K extends string>({
  label,
  tabs,
  selected,
  panelId,
  onSelect,
}: {
  label: string
  tabs: readonly { key: K; label: string }[]
  selected: K
  panelId: string
  onSelect: (key: K) => void
}) {
  const refs = useRef(new Map<K, HTMLButtonElement>())
  const move = (event: KeyboardEvent, index: number) => {
    const last = tabs.length - 1
    const next =
      event.key === 'ArrowRight'
        ? index === last
          ? 0
          : index + 1
        : event.key === 'ArrowLeft'
          ? index === 0
            ? last
            : index - 1
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : -1
    const tab = tabs[next]
    if (!tab) return
    event.preventDefault()
    onSelect(tab.key)
    refs.current.get(tab.key)?.focus()
  }
  return (
    <div role="tablist" aria-label={label} className="tabs">
      {tabs.map((tab, index) => (
        <button
          key={tab.key}
          ref={(element) => {
            if (element) refs.current.set(tab.key, element)
          }}
          type="button"
          role="tab"
          id={`tab-${tab.key}`}
          aria-selected={tab.key === selected}
          aria-controls={panelId}
          tabIndex={tab.key === selected ? 0 : -1}
          onClick={() => onSelect(tab.key)}
          onKeyDown={(event) => move(event, index)}
        >
          {tab.label}
        </button>
      ))}
    </div>
  )
}
