import { useId } from 'react'

/**
 * An image of the site given by its address (http(s) or root-relative, as the contract's
 * webUrl). The seam for the media library (decision 084): its picker sets `value` through
 * `onChange`; until it is wired, the address is typed.
 */
export function ImageUrlField({
  label,
  value,
  onChange,
}: {
  label: string
  value: string | undefined
  onChange: (url: string | undefined) => void
}) {
  const id = useId()
  return (
    <>
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        inputMode="url"
        pattern="(https?://|/)\S*"
        value={value ?? ''}
        onChange={(event) => onChange(event.target.value.trim() || undefined)}
      />
    </>
  )
}
