import { Help } from './launch-fields';
import type { Pipeline } from './launch-types';
import { ParameterInput } from './ParameterInput';
import type { ParameterGroup } from './schema-form';
import { useLaunchErrors } from './use-launch-errors';

/** The pipeline's parameters in its schema's groups, each a section with its title and help; hidden ones only when asked for. */
export function ParameterGroups({ pipeline, groups, showHidden }: { pipeline: Pipeline; groups: ParameterGroup[]; showHidden: boolean }) {
  const errorOf = useLaunchErrors();
  return groups.map((group) => {
    const visible = group.fields.filter((field) => showHidden || !field.hidden);
    if (visible.length === 0) return null;
    return (
      <section key={group.id} aria-labelledby={`group-${group.id}`} className="rounded-xl bg-white px-6 py-5 shadow-sm ring-1 ring-stone-200">
        <h2 id={`group-${group.id}`} className="text-base font-semibold text-stone-900">
          {group.title}
        </h2>
        {group.description && <p className="mt-0.5 text-sm text-stone-500">{group.description}</p>}
        <Help text={group.helpText} label="More about these options" />
        <div className="mt-4 grid gap-5 md:grid-cols-2">
          {visible.map((field) => (
            <ParameterInput key={field.name} field={field} pipeline={pipeline} error={errorOf(`params.${field.name}`)} />
          ))}
        </div>
      </section>
    );
  });
}
