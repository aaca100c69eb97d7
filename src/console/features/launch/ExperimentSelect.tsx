import type { UseFormRegisterReturn } from 'react-hook-form';
import type { Page } from '../../../contract/paging';
import type { ExperimentRecord } from '../../../contract/records';
import { useRequest } from '../../lib/use-request';
import { RecordOptions } from '../../ui/RecordOptions';
import { inputClass } from './launch-fields';

/** The experiment a run analyses, among the chosen project's; its outputs are filed under it. */
export function ExperimentSelect({ projectId, error, register }: { projectId: string; error: string | undefined; register: UseFormRegisterReturn }) {
  const { data, error: loadError, reload } = useRequest<Page<ExperimentRecord>>(projectId ? `experiments?projectId=${projectId}&pageSize=1000` : null);
  return (
    <div>
      <label htmlFor="run-experiment" className="block text-sm font-medium text-stone-800">
        Experiment
      </label>
      {/* Mounted again once the options are there, so that the form puts its value (a relaunch's or a preset experiment) back into the select. */}
      <select key={data ? `loaded:${projectId}` : 'loading'} id="run-experiment" disabled={!projectId} className={inputClass(error)} {...register}>
        <RecordOptions none={projectId ? 'No experiment' : 'Choose a project first'} records={data?.data} />
      </select>
      {loadError && (
        <p className="mt-1 text-sm text-red-600">
          The project’s experiments could not be loaded ({loadError.message}).{' '}
          <button type="button" className="underline" onClick={reload}>
            Retry
          </button>
        </p>
      )}
    </div>
  );
}
