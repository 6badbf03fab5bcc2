/**
 * An event's body often starts with its own title as a heading (the back office's editor puts
 * it there), while the carousel already shows the title as the slide's heading: said twice to
 * every reader and twice by a screen reader. The carousel drops a body's leading heading that
 * repeats the title (docs/decisions/058-consent-first-visit.md). Compared as people read them:
 * case, spacing, typographic apostrophes and quotes, and trailing punctuation do not count; a
 * heading that is the title cut short at a word ("Portes ouvertes" for "Portes ouvertes de
 * printemps") repeats it too.
 */
function readAs(text: string): string {
  return text
    .normalize('NFKC')
    .toLocaleLowerCase('und')
    .replace(/[\u2018\u2019\u02bc`´]/g, "'")
    .replace(/[\u201c\u201d\u00ab\u00bb]/g, '"')
    .replace(/\s+/g, ' ')
    .replace(/[\s.:!?;,…-]+$/u, '')
    .trim()
}

export function repeatsTitle(heading: string, title: string): boolean {
  const said = readAs(heading)
  const named = readAs(title)
  if (said === '' || named === '') return false
  return said === named || named.startsWith(`${said} `) || said.startsWith(`${named} `)
}
