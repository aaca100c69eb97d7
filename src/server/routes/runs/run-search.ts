import { RUN_STATUSES, type RunStatus } from '../../../contract/run-codes';
import { isStorableMoment } from '../../../contract/fields';

/**
 * The runs search box understands filters written out, as Seqera Platform's does:
 * `status:running pipeline:nf-gdip label:durum after:2026-01-01 before:2026-02-01 mine:true`.
 * What is left is searched in run and pipeline names.
 */
export interface RunSearch {
  text: string;
  status?: RunStatus;
  pipelineId?: string;
  label?: string;
  after?: string;
  before?: string;
  mine?: boolean;
}

const KEYS = ['status', 'pipeline', 'label', 'after', 'before', 'mine'] as const;

export function parseRunSearch(q: string): { search: RunSearch; problem: string | null } {
  const search: RunSearch = { text: '' };
  const words: string[] = [];
  for (const token of q.trim().split(/\s+/).filter(Boolean)) {
    const match = /^([a-z]+):(.+)$/i.exec(token);
    const key = match?.[1]?.toLowerCase() as (typeof KEYS)[number] | undefined;
    if (!match || !key || !KEYS.includes(key)) {
      words.push(token);
      continue;
    }
    const value = match[2]!;
    switch (key) {
      case 'status': {
        const status = value.toUpperCase() as RunStatus;
        if (!RUN_STATUSES.includes(status)) return { search, problem: `status:${value} is not a status; use one of ${RUN_STATUSES.map((name) => name.toLowerCase()).join(', ')}.` };
        search.status = status;
        break;
      }
      case 'pipeline':
        search.pipelineId = value.toLowerCase();
        break;
      case 'label':
        search.label = value;
        break;
      case 'after':
      case 'before':
        if (!isStorableMoment(value)) return { search, problem: `${key}:${value} is not a date; write it like ${key}:2026-01-31.` };
        search[key] = value;
        break;
      case 'mine':
        search.mine = value === 'true' || value === 'yes';
        break;
    }
  }
  search.text = words.join(' ');
  return { search, problem: null };
}
