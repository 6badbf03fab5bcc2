/**
 * Text folded for matching (docs/product/5-rules.md): lower case, accents removed (NFD then combining marks
 * dropped), so 'Évry', 'EVRY' and 'évry' all read 'evry'. Ligatures and ß are expanded because NFD
 * leaves them whole and users type them as two letters.
 */
const COMBINING_MARKS = /\p{M}/gu
const EXPANSIONS: Record<string, string> = { œ: 'oe', æ: 'ae', ß: 'ss' }

export function foldText(text: string | null | undefined): string {
  return (text ?? '')
    .normalize('NFD')
    .replace(COMBINING_MARKS, '')
    .toLowerCase()
    .replace(/[œæß]/g, (letter) => EXPANSIONS[letter] ?? letter)
    .replace(/\s+/g, ' ')
    .trim()
}
