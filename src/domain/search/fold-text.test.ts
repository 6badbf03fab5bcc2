import { describe, expect, it } from 'vitest'
import { foldText } from './fold-text'

describe('text folding for search (docs/product/5-rules.md)', () => {
  it('ignores case and accents', () => {
    expect(foldText('Évry-Courcouronnes')).toBe('evry-courcouronnes')
    expect(foldText('ÎLE DE FRANCE')).toBe('ile de france')
    expect(foldText('Genève')).toBe('geneve')
    expect(foldText('Çà et là')).toBe('ca et la')
  })

  it('expands ligatures and collapses spaces', () => {
    expect(foldText('  Cœur   de Ville ')).toBe('coeur de ville')
    expect(foldText('Straße')).toBe('strasse')
  })

  it('missing text folds to the empty string', () => {
    expect(foldText(undefined)).toBe('')
    expect(foldText(null)).toBe('')
  })
})
