import { useState } from 'react';
import { notify } from '../../app/notify';
import { API_BASE_URL, authorization } from '../../lib/api';
import { saveBlob } from '../../lib/download';
import { Button } from '../../ui/Button';

/** Fetches the run's Workflow Run RO-Crate (with or without its data files) and saves it; a refusal is said with the server's words. */
async function downloadCrate(runId: number, withData: boolean): Promise<void> {
  const response = await fetch(`${API_BASE_URL}runs/${runId}/ro-crate?data=${withData}`, { headers: authorization() });
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { message?: string } | null;
    throw new Error(body?.message ?? `The crate could not be made (the server answered ${response.status}).`);
  }
  saveBlob(await response.blob(), `run-${runId}-ro-crate${withData ? '-with-data' : ''}.zip`);
}

/** The run's RO-Crate, as metadata only or with its input and output files. */
export function CrateDownloads({ runId }: { runId: number }) {
  const [busy, setBusy] = useState<'metadata' | 'data' | null>(null);
  const download = async (withData: boolean) => {
    setBusy(withData ? 'data' : 'metadata');
    try {
      await downloadCrate(runId, withData);
    } catch (error) {
      notify.error(error);
    } finally {
      setBusy(null);
    }
  };
  return (
    <>
      <Button size="sm" busy={busy === 'metadata'} onClick={() => void download(false)} title="Workflow Run RO-Crate: ro-crate-metadata.json only, each file named by its address">
        RO-Crate
      </Button>
      <Button size="sm" busy={busy === 'data'} onClick={() => void download(true)} title="Workflow Run RO-Crate with the run's input and output files">
        RO-Crate with data
      </Button>
    </>
  );
}
