import { useState } from 'react';
import { notify } from '../../app/notify';
import { request, RequestError } from '../../lib/api';
import { Button } from '../../ui/Button';
import { inputClass } from './launch-fields';
import type { Named } from './launch-types';

/** A new run group, named in place: a breeding cycle or a campaign is often first met here. */
export function NewGroup({ onCreated, onCancel }: { onCreated: (group: Named) => void; onCancel: () => void }) {
  const [name, setName] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const create = async () => {
    setBusy(true);
    try {
      const group = await request<Named>('run-groups', 'POST', { name });
      notify.success(`Created run group ${group.name}`);
      onCreated(group);
    } catch (error) {
      setProblem(error instanceof RequestError ? (error.errors.name ?? error.message) : error instanceof Error ? error.message : 'Something went wrong');
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="mt-2">
      <div className="flex gap-2">
        <input
          aria-label="New run group name"
          className={inputClass(problem)}
          placeholder="e.g. Durum cycle 2026"
          value={name}
          onChange={(event) => {
            setName(event.target.value);
            setProblem(null);
          }}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              if (name.trim()) void create();
            }
          }}
        />
        <Button size="sm" variant="primary" busy={busy} disabled={!name.trim()} onClick={() => void create()} className="mt-1">
          Create
        </Button>
        <Button size="sm" variant="ghost" onClick={onCancel} className="mt-1">
          Cancel
        </Button>
      </div>
      {problem && (
        <p className="mt-1 text-sm text-red-600" role="alert">
          {problem}
        </p>
      )}
    </div>
  );
}
