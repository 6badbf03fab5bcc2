import { Column } from '@react-email/column'
import { Row } from '@react-email/row'
import { Section } from '@react-email/section'
import { TEXT_COLOUR } from './colours.ts'

/** A table row: its key (unique in the table) and its cells; the first row is the heading. */
export interface TableRow {
  readonly key: string
  readonly cells: readonly string[]
}

/** Each row is a table of its own: fixed widths line the columns up from row to row. */
const WIDTHS: Readonly<Record<number, readonly string[]>> = {
  2: ['45%', '55%'],
  3: ['36%', '44%', '20%'],
}

const cell = (cells: readonly string[]) =>
  cells.map((value, column) => ({
    id: `c${column}`,
    value,
    width: WIDTHS[cells.length]?.[column],
    // a price column (the last of three) lines up on the right
    right: column > 0 && column === cells.length - 1 && cells.length > 2,
  }))

/** Rows of label and value (a visit's services, amounts): a table mail clients all lay out. */
export function Rows({ rows }: { rows: readonly TableRow[] }) {
  return (
    <Section style={{ margin: '0 0 14px' }}>
      {rows.map((row, index) => (
        <Row key={row.key}>
          {cell(row.cells).map(({ id, value, width, right }) => (
            <Column
              key={id}
              align={right ? 'right' : 'left'}
              style={{
                ...(width ? { width } : {}),
                textAlign: right ? 'right' : 'left',
                fontSize: '14px',
                lineHeight: '20px',
                padding: '6px 8px 6px 0',
                borderBottom: '1px solid #eeeeee',
                fontWeight: index === 0 ? 600 : 400,
                color: TEXT_COLOUR,
              }}
            >
              {value}
            </Column>
          ))}
        </Row>
      ))}
    </Section>
  )
}
