import { type FormEvent, useState } from 'react'
import type { Weekday } from '#contract/opening-hours'
import type { Resource } from '#contract/resource'
import { hoursOf, weekFormOf } from '#domain/studio/week-hours'
import { useStudioText } from '../studio-text'
import { WeekHoursFields } from './WeekHoursFields'

export interface ServiceChoice {
  readonly id: string
  readonly name: string
}

/**
 * An employee's or a cabin's form (docs/decisions/087-studio-shops-and-team.md): its name, shown
 * to customers or not, an employee's working hours and the services they perform (none ticked:
 * every service, as the booking reads an empty list), a cabin's equipment (ids, comma-separated,
 * as services name them).
 */
export function ResourceForm({
  resource,
  services,
  onSave,
  onCancel,
  saving,
  employee,
}: {
  resource: Resource
  services: readonly ServiceChoice[]
  onSave: (resource: Resource) => void
  onCancel: () => void
  saving: boolean
  employee: boolean
}) {
  const { t } = useStudioText()
  const [name, setName] = useState(resource.displayName)
  const [visible, setVisible] = useState(resource.visible)
  const [week, setWeek] = useState(() => weekFormOf(resource.workingHours))
  const [skills, setSkills] = useState<readonly string[]>(resource.services)
  const [equipment, setEquipment] = useState(resource.equipments.join(', '))
  const [error, setError] = useState<Weekday | undefined>()
  const submit = (event: FormEvent) => {
    event.preventDefault()
    const read = hoursOf(week)
    if (employee && 'error' in read) return setError(read.error)
    setError(undefined)
    const equipments = equipment
      .split(',')
      .map((e) => e.trim())
      .filter(Boolean)
    onSave({
      ...resource,
      displayName: name.trim(),
      visible,
      ...(employee && 'hours' in read ? { workingHours: read.hours, services: [...skills] } : {}),
      ...(employee ? {} : { equipments }),
    })
  }
  const toggle = (id: string, on: boolean) =>
    setSkills((list) => (on ? [...list, id] : list.filter((s) => s !== id)))
  return (
    <form className="studio-catalogue-form studio-resource-form" onSubmit={submit}>
      <label>
        {t('studio.shops.team.name')}
        <input name="displayName" required value={name} onChange={(e) => setName(e.target.value)} />
      </label>
      <label className="studio-check">
        <input
          type="checkbox"
          name="visible"
          checked={visible}
          onChange={(e) => setVisible(e.target.checked)}
        />
        {t('studio.shops.team.visible')}
      </label>
      {employee ? (
        <>
          <WeekHoursFields
            values={week}
            onChange={setWeek}
            legend={t('studio.shops.team.hours')}
            error={error}
          />
          <fieldset>
            <legend>{t('studio.shops.team.skills')}</legend>
            <p className="studio-hint">{t('studio.shops.team.skillsHint')}</p>
            {services.map((s) => (
              <label key={s.id} className="studio-check">
                <input
                  type="checkbox"
                  checked={skills.includes(s.id)}
                  onChange={(e) => toggle(s.id, e.target.checked)}
                />
                {s.name}
              </label>
            ))}
          </fieldset>
        </>
      ) : (
        <label>
          {t('studio.shops.team.equipment')}
          <input
            name="equipments"
            value={equipment}
            onChange={(e) => setEquipment(e.target.value)}
          />
        </label>
      )}
      <div className="studio-catalogue-actions">
        <button type="submit" disabled={saving}>
          {t('studio.shops.save')}
        </button>
        <button type="button" onClick={onCancel}>
          {t('studio.shops.cancel')}
        </button>
      </div>
    </form>
  )
}
