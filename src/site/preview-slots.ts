/**
 * The marks of the live text preview (docs/decisions/093-live-text-preview.md): an element
 * showing a setting's text names its slot, and what it shows when the text is emptied (a menu's
 * catalog word), so the preview listener can show unsaved text there. No slot, no marks.
 */
export function textSlot(slot: string | undefined, fallback?: string): Record<string, string> {
  if (!slot) return {}
  return fallback === undefined
    ? { 'data-preview-text': slot }
    : { 'data-preview-text': slot, 'data-preview-default': fallback }
}
