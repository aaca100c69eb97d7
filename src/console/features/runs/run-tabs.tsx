import { useState } from 'react';
import { useQueryParam } from '../../lib/use-query-param';

/** The run page's tabs, in their order on the page. */
export const RUN_TABS = ['overview', 'results', 'tasks', 'resources', 'logs', 'parameters', 'outputs', 'lineage'] as const;
export type RunTab = (typeof RUN_TABS)[number];

const TAB_PATTERN = new RegExp(`^(${RUN_TABS.join('|')})$`);
const TAB_LABELS: Record<RunTab, string> = {
  overview: 'Overview',
  results: 'Results',
  tasks: 'Tasks',
  resources: 'Resources',
  logs: 'Logs',
  parameters: 'Parameters',
  outputs: 'Outputs',
  lineage: 'Lineage',
};

/** The tab in the address (`&tab=tasks`), kept there as the reader moves between tabs. */
export function useRunTab(): [RunTab, (tab: RunTab) => void] {
  const fromAddress = useQueryParam('tab', TAB_PATTERN);
  const [chosen, setChosen] = useState<RunTab | null>(null);
  const shown = chosen ?? RUN_TABS.find((tab) => tab === fromAddress) ?? 'overview';
  const choose = (next: RunTab) => {
    setChosen(next);
    const url = new URL(window.location.href);
    if (next === 'overview') url.searchParams.delete('tab');
    else url.searchParams.set('tab', next);
    window.history.replaceState(null, '', url);
  };
  return [shown, choose];
}

/** The row of tabs; the Tasks tab shows how many tasks the run has. */
export function RunTabList({ tab, onChoose, taskCount }: { tab: RunTab; onChoose: (tab: RunTab) => void; taskCount: number }) {
  return (
    <div role="tablist" aria-label="Run" className="flex flex-wrap gap-x-1 border-b border-stone-200">
      {RUN_TABS.map((name) => (
        <button
          key={name}
          type="button"
          role="tab"
          id={`run-tab-${name}`}
          aria-selected={tab === name}
          aria-controls={`run-panel-${name}`}
          onClick={() => onChoose(name)}
          className={`-mb-px border-b-2 px-3 py-2 text-sm font-medium sm:px-4 ${tab === name ? 'border-emerald-700 text-emerald-900' : 'border-transparent text-stone-600 hover:text-stone-900'}`}
        >
          {TAB_LABELS[name]}
          {name === 'tasks' && taskCount > 0 && <span className="ml-1.5 text-xs text-stone-500">{taskCount}</span>}
        </button>
      ))}
    </div>
  );
}
