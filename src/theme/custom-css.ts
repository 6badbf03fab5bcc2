/**
 * Tenant custom CSS goes inside a <style> element of every page. The HTML tokenizer ends that
 * element at the first `</style` whatever follows, so a tenant (or whoever took over a tenant's
 * account) could otherwise close it and inject markup or scripts.
 *
 * `<` has no use in CSS outside strings and comments, so every `<` becomes the CSS escape `\3c `
 * (the trailing space ends the escape and is eaten by the CSS parser): inside a string it still
 * renders '<', anywhere else it was invalid anyway. With no `<` left, neither `</style` (in any
 * case, with any trailing character) nor `<!--` can reach the tokenizer. NUL characters are
 * dropped because browsers replace them and tools disagree on how.
 */
export function safeCustomCss(css: string | null | undefined): string {
  if (!css) return ''
  return css.replace(/\0/g, '').replace(/</g, '\\3c ').trim()
}
