import type { RunDetail } from '../../../contract/runs';
import { notify } from '../../app/notify';
import { saveBlob } from '../../lib/download';
import { Button } from '../../ui/Button';
import { CopyButton } from '../../ui/CopyButton';
import { Card } from '../../ui/Card';
import { FileParamsList } from './FileReference';
import { fileParams } from './run-params';
import { useReferencedFiles } from './use-referenced-files';

/**
 * The Parameters tab: the run's parameters as submitted, to copy or download as JSON or as the
 * YAML that -params-file reads (stored files as their references, so the file relaunches as it is),
 * with the stored files they name shown by name above them.
 */
export function RunParameters({ run }: { run: RunDetail }) {
  const withFiles = fileParams(run.params);
  const files = useReferencedFiles(withFiles.map((param) => param.fileId));
  const json = JSON.stringify(run.params, null, 2);
  // The YAML writer loads when it is first asked for, not with the page.
  const yaml = async () => (await import('yaml')).stringify(run.params);
  const downloadYaml = () =>
    void yaml().then(
      (text) => saveBlob(new Blob([text], { type: 'application/yaml' }), `${run.name}-params.yaml`),
      (error) => notify.error(error),
    );
  return (
    <Card
      title="Parameters"
      description="As submitted"
      actions={
        <>
          <CopyButton text={json} label="Copy JSON" />
          <CopyButton text={yaml} label="Copy YAML" />
          <Button size="sm" onClick={() => saveBlob(new Blob([json], { type: 'application/json' }), `${run.name}-params.json`)}>
            Download JSON
          </Button>
          <Button size="sm" onClick={downloadYaml}>
            Download YAML
          </Button>
        </>
      }
    >
      <FileParamsList className="mb-4" label="Stored files in the parameters" params={withFiles} files={files} />
      <pre className="overflow-auto rounded-lg bg-stone-50 p-4 font-mono text-xs text-stone-800 ring-1 ring-stone-200">{json}</pre>
      <p className="mt-2 text-xs text-stone-500">The YAML file is what Nextflow's -params-file reads.</p>
    </Card>
  );
}
