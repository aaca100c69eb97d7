import { type Path, useFormContext } from 'react-hook-form';
import { notify } from '../../app/notify';
import { saveBlob } from '../../lib/download';
import { Button } from '../../ui/Button';
import { ChooseFileButton } from '../../ui/ChooseFileButton';
import { Switch } from '../../ui/Switch';
import type { LaunchValues, Pipeline } from './launch-types';
import { fieldsOf, formValueOf, type ParameterGroup, paramsOf } from './schema-form';

/**
 * The bar above the parameters: import a params file (JSON or YAML) into the form, export the
 * form's parameters as one (stored files as their references, so the file relaunches as it is),
 * and show the parameters the schema hides.
 */
export function ParamsFileActions({ pipeline, groups, showHidden, onShowHidden }: { pipeline: Pipeline; groups: ParameterGroup[]; showHidden: boolean; onShowHidden: (show: boolean) => void }) {
  const { setValue, getValues } = useFormContext<LaunchValues>();
  const fields = fieldsOf(groups);
  const hiddenCount = fields.filter((field) => field.hidden).length;

  const importFile = async (file: File) => {
    try {
      // Reading and writing params files loads on the first click, not with the form.
      const { knownParams, parseParamsFile } = await import('./params-file');
      const { known, unknown } = knownParams(groups, await parseParamsFile(file.name, await file.text()));
      for (const field of fields) {
        if (field.name in known) setValue(`params.${field.name}` as Path<LaunchValues>, formValueOf(field, known[field.name]) as never, { shouldValidate: true, shouldDirty: true, shouldTouch: true });
      }
      if (fields.some((field) => field.hidden && field.name in known)) onShowHidden(true);
      notify.success(`Imported ${Object.keys(known).length} parameter${Object.keys(known).length === 1 ? '' : 's'} from ${file.name}`);
      if (unknown.length > 0) notify.error(`${pipeline.label} has no parameter ${unknown.join(', ')}; ${unknown.length === 1 ? 'it was' : 'they were'} left out.`);
    } catch (error) {
      notify.error(error);
    }
  };

  const exportAs = async (format: 'json' | 'yaml') => {
    const { paramsFileText } = await import('./params-file');
    const text = await paramsFileText(paramsOf(groups, getValues('params')), format);
    saveBlob(new Blob([text], { type: format === 'json' ? 'application/json' : 'application/yaml' }), `${getValues('name') || pipeline.id}_params.${format}`);
  };

  return (
    <div className="flex flex-wrap items-center gap-3 rounded-xl bg-white px-6 py-3 shadow-sm ring-1 ring-stone-200">
      <ChooseFileButton accept=".json,.yaml,.yml,application/json,application/yaml" testId="import-params" onFiles={([file]) => void importFile(file!)}>
        Import params…
      </ChooseFileButton>
      <Button size="sm" onClick={() => void exportAs('json')}>
        Export JSON
      </Button>
      <Button size="sm" onClick={() => void exportAs('yaml')}>
        Export YAML
      </Button>
      {hiddenCount > 0 && (
        <span className="ml-auto flex items-center gap-2 text-sm text-stone-700">
          <Switch id="show-hidden-parameters" checked={showHidden} onChange={onShowHidden} label="Show hidden parameters" />
          {/* A label of the switch, so that its words turn it too (clicking them did nothing). */}
          <label htmlFor="show-hidden-parameters" className="cursor-pointer" aria-hidden="true">
            Show hidden parameters ({hiddenCount})
          </label>
        </span>
      )}
    </div>
  );
}
