import { useState } from 'react';
import type { CrateImportResult } from '../../../contract/lineage';
import { notify, notifyAfterNavigation } from '../../app/notify';
import { ROUTES, viewRoute } from '../../app/routes';
import { API_BASE_URL, authorization } from '../../lib/api';
import { ChooseFileButton } from '../../ui/ChooseFileButton';
import { Spinner } from '../../ui/Spinner';

/** Posts a Workflow Run RO-Crate zip; the run it became, or the server's refusal in its words. */
async function importCrate(file: File): Promise<CrateImportResult> {
  const response = await fetch(`${API_BASE_URL}lineage/crates`, { method: 'POST', body: file, headers: { 'Content-Type': 'application/zip', ...authorization() } });
  const body = (await response.json().catch(() => null)) as (CrateImportResult & { message?: string }) | null;
  if (!response.ok || !body) throw new Error(body?.message ?? `The crate could not be imported (the server answered ${response.status}).`);
  return body;
}

/** The runs list's “Import RO-Crate…”: a run done elsewhere, with its files and their lineage, from its Workflow Run Crate zip. */
export function ImportCrateButton() {
  const [busy, setBusy] = useState(false);
  const choose = async ([file]: File[]) => {
    if (!file) return;
    setBusy(true);
    try {
      const result = await importCrate(file);
      const filed = result.linked.map((record) => `${record.kind} ${record.name}`).join(' and ');
      const unmatched =
        result.unmatched.length > 0 ? `; no record here is named ${result.unmatched.map((name) => `“${name}”`).join(' or ')} (create it, then import again to file the run under it)` : '';
      notifyAfterNavigation('success', `Imported ${file.name}: ${result.files.length} files${filed ? `, filed under ${filed}` : ''}${unmatched}`);
      window.location.assign(viewRoute(ROUTES.runView, result.runId));
    } catch (error) {
      notify.error(error);
      setBusy(false);
    }
  };
  return busy ? (
    <span className="flex items-center gap-2 text-sm text-stone-600">
      <Spinner className="size-4" /> Importing…
    </span>
  ) : (
    <ChooseFileButton accept=".zip,application/zip" testId="import-crate" onFiles={(files) => void choose(files)}>
      Import RO-Crate…
    </ChooseFileButton>
  );
}
