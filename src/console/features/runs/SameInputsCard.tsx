import { ROUTES, viewRoute } from '../../app/routes';
import { Card } from '../../ui/Card';
import type { SameInputs } from './reproducibility';

const runLinks = (runs: SameInputs['runs']) =>
  runs.map((run, index) => (
    <span key={run.id}>
      {index > 0 && (index === runs.length - 1 ? ' and ' : ', ')}
      <a href={viewRoute(ROUTES.runView, run.id)} className="font-medium text-emerald-800 hover:underline">
        {run.name}
      </a>
    </span>
  ));

/** Which compared runs had the same revision, parameters and input bytes, and whether their outputs agree byte for byte. */
export function SameInputsCard({ groups, checked }: { groups: SameInputs[]; checked: boolean }) {
  return (
    <Card
      title="Same inputs"
      description="Runs of one pipeline revision with the same parameters and inputs (stored files by SHA-256, paths typed in as written), and their stored outputs compared by SHA-256"
    >
      {!checked ? (
        <p className="text-sm text-stone-500">Comparing the input and output files’ checksums…</p>
      ) : groups.length === 0 ? (
        <p className="text-sm text-stone-600">No two of these runs share a revision, parameters and input files.</p>
      ) : (
        <ul className="grid gap-2 text-sm" aria-label="Runs with the same inputs">
          {groups.map((group) => (
            <li key={group.runs.map((run) => run.id).join('-')} className="rounded-lg p-3 ring-1 ring-stone-200">
              {runLinks(group.runs)} had the same revision, parameters and input files.{' '}
              {group.compared === 0 ? (
                <span className="text-stone-600">They have no stored outputs in common to compare.</span>
              ) : group.differing.length === 0 ? (
                <span className="text-emerald-800">
                  Their {group.compared} common output{group.compared === 1 ? '' : 's'} agree byte for byte.
                </span>
              ) : (
                <span className="text-amber-800">
                  {group.differing.length} of their {group.compared} common outputs differ, so the pipeline is not deterministic there:{' '}
                  <span className="font-mono text-xs wrap-anywhere">{group.differing.join(', ')}</span>
                </span>
              )}
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
