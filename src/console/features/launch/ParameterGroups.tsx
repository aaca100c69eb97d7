import { useMemo } from 'react';
import { type Path, useWatch } from 'react-hook-form';
import { Help } from './launch-fields';
import type { LaunchValues, Pipeline } from './launch-types';
import { ParameterInput } from './ParameterInput';
import { conditionParameters, type ParameterField, type ParameterGroup, unusedBecause } from './schema-form';
import { useLaunchErrors } from './use-launch-errors';

/**
 * The pipeline's parameters in its schema's groups, each a section with its title and help; hidden
 * ones only when asked for. A parameter the other values leave unused (the schema's conditions) is
 * not drawn; its section says which are left out and why, and a value of its own is not sent.
 */
export function ParameterGroups({ pipeline, groups, showHidden }: { pipeline: Pipeline; groups: ParameterGroup[]; showHidden: boolean }) {
  const errorOf = useLaunchErrors();
  const deciding = useMemo(() => conditionParameters(groups), [groups]);
  // Only the values that decide which fields are used: a keystroke elsewhere redraws nothing here.
  const decided = useWatch<LaunchValues>({ name: deciding.map((name) => `params.${name}`) as Array<Path<LaunchValues>> }) as unknown[];
  const values = Object.fromEntries(deciding.map((name, index) => [name, decided[index]]));
  return groups.map((group) => {
    const shown = group.fields.filter((field) => showHidden || !field.hidden);
    const unused = shown.flatMap((field) => {
      const reason = unusedBecause(field, values);
      return reason ? [{ field, reason }] : [];
    });
    const visible = shown.filter((field) => !unused.some((entry) => entry.field === field));
    if (shown.length === 0) return null;
    return (
      <section key={group.id} aria-labelledby={`group-${group.id}`} className="rounded-xl bg-white px-6 py-5 shadow-sm ring-1 ring-stone-200">
        <h2 id={`group-${group.id}`} className="text-base font-semibold text-stone-900">
          {group.title}
        </h2>
        {group.description && <p className="mt-0.5 text-sm text-stone-500">{group.description}</p>}
        <Help text={group.helpText} label="More about these options" />
        {visible.length > 0 && (
          <div className="mt-4 grid gap-5 md:grid-cols-2">
            {visible.map((field) => (
              <ParameterInput key={field.name} field={field} pipeline={pipeline} error={errorOf(`params.${field.name}`)} />
            ))}
          </div>
        )}
        <UnusedNote unused={unused} />
      </section>
    );
  });
}

/** “Not used while model is rrblup or gblup, so not shown: bayes_iterations, bayes_burn_in.” One line per reason. */
function UnusedNote({ unused }: { unused: Array<{ field: ParameterField; reason: string }> }) {
  const reasons = [...new Set(unused.map((entry) => entry.reason))];
  if (reasons.length === 0) return null;
  return (
    <ul className="mt-4 space-y-1 text-xs text-stone-500" data-unused-parameters>
      {reasons.map((reason) => (
        <li key={reason}>
          Not used while {reason}, so not shown or sent:{' '}
          {unused
            .filter((entry) => entry.reason === reason)
            .map((entry, index) => (
              <span key={entry.field.name}>
                {index > 0 && ', '}
                <code className="font-mono">{entry.field.name}</code>
              </span>
            ))}
          .
        </li>
      ))}
    </ul>
  );
}
