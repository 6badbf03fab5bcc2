import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { csvAmount, toCsv } from './report-csv'

describe('toCsv (docs/decisions/076-studio-reports.md)', () => {
  it('quotes what needs it, keeps numbers, starts with a byte order mark', () => {
    expect(
      toCsv([
        ['shop', 'visits'],
        ['Lyon, Part-Dieu', 3],
        ['Le "Spa"', 0],
      ]),
    ).toBe('\uFEFFshop,visits\r\n"Lyon, Part-Dieu",3\r\n"Le ""Spa""",0\r\n')
  })

  it('a cell a spreadsheet would run as a formula is text', () => {
    expect(toCsv([['=HYPERLINK("x")', '+1', '-2', '@SUM(A1)']])).toBe(
      `\uFEFF"'=HYPERLINK(""x"")",'+1,'-2,'@SUM(A1)\r\n`,
    )
  })

  it('any text survives a round trip through a CSV reader', () => {
    const parse = (line: string) => {
      const cells: string[] = []
      let at = 0
      while (at <= line.length) {
        if (line[at] === '"') {
          let value = ''
          at += 1
          for (;;) {
            const quote = line.indexOf('"', at)
            value += line.slice(at, quote)
            if (line[quote + 1] === '"') {
              value += '"'
              at = quote + 2
            } else {
              at = quote + 2
              break
            }
          }
          cells.push(value)
        } else {
          const comma = line.indexOf(',', at)
          const end = comma < 0 ? line.length : comma
          cells.push(line.slice(at, end))
          at = end + 1
        }
      }
      return cells
    }
    fc.assert(
      fc.property(
        fc.array(
          fc.string().filter((s) => !/^[=+\-@\t\r]/.test(s)),
          { minLength: 1, maxLength: 5 },
        ),
        (cells) => {
          const text = toCsv([cells]).slice(1, -2)
          expect(parse(text)).toEqual(cells)
        },
      ),
    )
  })

  it('amounts in minor units become decimals', () => {
    expect([csvAmount(12345), csvAmount(5), csvAmount(-250), csvAmount(700, 0)]).toEqual([
      '123.45',
      '0.05',
      '-2.50',
      '700',
    ])
  })
})
