import { useState } from 'react'
import { CABIN_RESOURCE_TYPE, COLLABORATOR_RESOURCE_TYPE } from '#contract/constants'
import type { Resource } from '#contract/resource'
import { useStudioText } from '../studio-text'
import { ResourceForm, type ServiceChoice } from './ResourceForm'
import { NEW_RESOURCE_ID, useSaveResource } from './use-shops-team'

/**
 * The employees and cabins of a shop (docs/decisions/087-studio-shops-and-team.md), each opened
 * in its form; a new one is added to this shop. `onBeforeSave` lets the screen remember the
 * warnings before the change, to say what it left unbookable.
 */
export function TeamPanel({
  shopId,
  resources,
  services,
  onBeforeSave,
}: {
  shopId: string
  resources: readonly Resource[]
  services: readonly ServiceChoice[]
  onBeforeSave: () => void
}) {
  const { t } = useStudioText()
  const save = useSaveResource()
  const [editing, setEditing] = useState<Resource | undefined>()
  const here = resources.filter((r) => r.shopId === shopId)
  const employees = here.filter((r) => r.type === COLLABORATOR_RESOURCE_TYPE)
  const others = here.filter((r) => r.type !== COLLABORATOR_RESOURCE_TYPE)
  const blank = (type: number): Resource => ({
    id: NEW_RESOURCE_ID,
    shopId,
    type,
    displayName: '',
    visible: true,
    workingHours: {},
    services: [],
    equipments: [],
  })
  const submit = (resource: Resource) => {
    onBeforeSave()
    save.mutate(resource, { onSuccess: () => setEditing(undefined) })
  }
  const list = (rows: readonly Resource[], heading: string) => (
    <>
      <h3>{heading}</h3>
      <ul className="studio-team">
        {rows.map((r) => (
          <li key={r.id}>
            <span>{r.displayName}</span>
            <button
              type="button"
              onClick={() => setEditing(r)}
              aria-label={t('studio.shops.team.edit', { name: r.displayName })}
            >
              {t('studio.shops.edit')}
            </button>
          </li>
        ))}
      </ul>
    </>
  )
  return (
    <>
      {list(employees, t('studio.shops.team.employees'))}
      {list(others, t('studio.shops.team.cabins'))}
      {save.isError && (
        <p role="alert" className="studio-error">
          {t('studio.shops.team.saveError')}
        </p>
      )}
      {editing ? (
        <ResourceForm
          key={editing.id || `new-${editing.type}`}
          resource={editing}
          services={services}
          employee={editing.type === COLLABORATOR_RESOURCE_TYPE}
          saving={save.isPending}
          onSave={submit}
          onCancel={() => setEditing(undefined)}
        />
      ) : (
        <div className="studio-catalogue-actions">
          <button type="button" onClick={() => setEditing(blank(COLLABORATOR_RESOURCE_TYPE))}>
            {t('studio.shops.team.newEmployee')}
          </button>
          <button type="button" onClick={() => setEditing(blank(CABIN_RESOURCE_TYPE))}>
            {t('studio.shops.team.newCabin')}
          </button>
        </div>
      )}
    </>
  )
}
