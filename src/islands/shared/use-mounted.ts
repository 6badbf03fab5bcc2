import { useEffect, useState } from 'react'

/**
 * false during the server render and the first client render: islands render nothing until they
 * can read cookies and storage, so the static HTML never shows another visitor's state.
 */
export function useMounted(): boolean {
  const [mounted, setMounted] = useState(false)
  useEffect(() => setMounted(true), [])
  return mounted
}
