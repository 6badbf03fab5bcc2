import { useState } from 'react'
import { downloadCsv, toCsv } from './report-csv'
import { useStudioText } from './studio-text'

type Cells = readonly (readonly (string | number)[])[]

/**
 * A list's CSV: every row the filters select (the rows are read when asked, every page), the
 * titles first. Busy while reading; a failed read is said, the button stays.
 */
export function CsvDownload({ file, rows }: { file: string; rows: () => Promise<Cells> }) {
  const { t } = useStudioText()
  const [state, setState] = useState<'idle' | 'busy' | 'failed'>('idle')
  const download = async () => {
    setState('busy')
    try {
      downloadCsv(file, toCsv(await rows()))
      setState('idle')
    } catch {
      setState('failed')
    }
  }
  return (
    <>
      <button type="button" disabled={state === 'busy'} onClick={() => void download()}>
        {t('studio.reports.csv')}
      </button>
      {state === 'failed' && (
        <p role="alert" className="studio-error">
          {t('studio.lists.csvError')}
        </p>
      )}
    </>
  )
}
