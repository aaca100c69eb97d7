import { lazy, Suspense, useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import { useFormContext } from 'react-hook-form';
import { RecordOptions } from '../../ui/RecordOptions';
import { inputClass } from './launch-fields';
import type { LaunchValues, Named } from './launch-types';
import { useLaunchErrors } from './use-launch-errors';

const RunGroupDialog = lazy(() => import('../run-groups/RunGroupDialog'));

/** The select's value that opens the new-group dialog instead of choosing a group. */
export const NEW_GROUP = '__new__';

/** The run's group: one of the existing groups, none, or a new one created in place with the Run Groups page's dialog. */
export function RunGroupField({ runGroups: initialGroups }: { runGroups: Named[] }) {
  const { register, setValue, watch } = useFormContext<LaunchValues>();
  const errorOf = useLaunchErrors();
  const [runGroups, setRunGroups] = useState(initialGroups);
  const [createdGroup, setCreatedGroup] = useState<number | null>(null);
  // A group created in place is chosen once its option is on the page.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runGroups is the trigger: the new group's option must exist before it is chosen
  useEffect(() => {
    if (createdGroup === null) return;
    setValue('groupId', String(createdGroup), { shouldDirty: true });
    setCreatedGroup(null);
  }, [createdGroup, runGroups, setValue]);

  return (
    <div>
      <label htmlFor="run-group" className="block text-sm font-medium text-stone-800">
        Run group
      </label>
      <select id="run-group" className={inputClass(errorOf('groupId'))} {...register('groupId')}>
        <RecordOptions none="No group" records={runGroups} />
        <option value={NEW_GROUP}>New group…</option>
      </select>
      {watch('groupId') === NEW_GROUP &&
        // The Run Groups page's own dialog, loaded when it is needed, outside this form (forms do not nest).
        createPortal(
          <Suspense fallback={null}>
            <RunGroupDialog
              group={null}
              onClose={() => setValue('groupId', '')}
              onSaved={(group) => {
                setRunGroups((list) => [...list, group].sort((a, b) => a.name.localeCompare(b.name)));
                setCreatedGroup(group.id);
              }}
            />
          </Suspense>,
          document.body,
        )}
      {errorOf('groupId') && <p className="mt-1 text-sm text-red-600">{errorOf('groupId')}</p>}
    </div>
  );
}
