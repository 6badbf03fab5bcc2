import { type ReactNode, useEffect } from 'react'

/**
 * Wraps a needed island (mount-needed.ts): once React committed it, marks its element
 * `data-mounted` and calls `onCommit`. From then on React handles the visitor's clicks and keys
 * on the island's markup, and a click held before is replayed
 * (docs/decisions/065-first-visit-blocking-time.md). Loaded with React, never by the page script.
 */
export function MountMark(props: {
  element: Element
  onCommit: () => void
  children: ReactNode
}): ReactNode {
  const { element, onCommit } = props
  useEffect(() => {
    element.setAttribute('data-mounted', '')
    onCommit()
  }, [element, onCommit])
  return props.children
}
