import { Card } from '../../ui/Card';
import { RecordOptions } from '../../ui/RecordOptions';
import type { UploadDestination } from './upload-destination';

export const selectClass = 'w-full rounded-md border border-stone-300 bg-white px-2 py-1.5 text-sm';

/** What a fileset name will do: nothing, add to a fileset that exists, or make a new one. */
function filesetHint({ filesetName, existingFileset }: UploadDestination): string {
  if (!filesetName.trim()) return 'Leave empty to store the files on their own.';
  if (existingFileset) return `Adds to the existing fileset (${existingFileset.fileCount} file${existingFileset.fileCount === 1 ? '' : 's'}).`;
  return 'A new fileset is created.';
}

/** The project, experiment and fileset the files go to, each optional; fixed while an upload runs. */
export function UploadDestinationCard({ destination, disabled }: { destination: UploadDestination; disabled: boolean }) {
  return (
    <Card title="Where the files go" description="Optional: tie the files to a project and experiment, and collect them in a fileset that discovery and prediction results can read.">
      <div className="grid gap-4 sm:grid-cols-3">
        <label className="grid gap-1 text-sm font-medium text-stone-700">
          Project
          <select className={selectClass} value={destination.projectId} onChange={(event) => destination.chooseProject(event.target.value)} disabled={disabled}>
            <RecordOptions none="No project" records={destination.projects} />
          </select>
        </label>
        <label className="grid gap-1 text-sm font-medium text-stone-700">
          Experiment
          <select className={selectClass} value={destination.experimentId} onChange={(event) => destination.setExperimentId(event.target.value)} disabled={disabled || !destination.projectId}>
            <RecordOptions none={destination.projectId ? 'No experiment' : 'Choose a project first'} records={destination.experiments} />
          </select>
        </label>
        <label className="grid gap-1 text-sm font-medium text-stone-700">
          Fileset
          <input
            className={selectClass}
            list="fileset-names"
            value={destination.filesetName}
            onChange={(event) => destination.setFilesetName(event.target.value)}
            placeholder="New or existing fileset name"
            disabled={disabled}
          />
          <datalist id="fileset-names">
            {destination.filesets?.map((candidate) => (
              <option key={candidate.id} value={candidate.name} />
            ))}
          </datalist>
          <span className="text-xs font-normal text-stone-500" aria-live="polite">
            {filesetHint(destination)}
          </span>
        </label>
      </div>
    </Card>
  );
}
