import { describe, expect, it } from 'vitest';
import { sidebarFromFolders } from './sidebar';

const pages = [
  { id: 'docs/index', title: 'Home' },
  { id: 'docs/start/getting-started', title: 'Getting started', order: 1 },
  { id: 'docs/guide/runs', title: 'Runs', order: 2 },
  { id: 'docs/guide/launching', title: 'Launching', order: 1 },
  { id: 'docs/reference/pipelines/genotyping/nf-processvcfs', title: 'Process VCFs' },
  { id: 'docs/reference/pipelines/genotyping/combine-gvcfs', title: 'Combine GVCFS' },
  { id: 'docs/reference/pipelines/simulation/nf-multigen-sims', title: 'Multigen sims' },
];
const labels = { start: { label: 'Start here', order: 1 }, guide: { label: 'User guide', es: 'Guía de uso', order: 2 }, reference: { label: 'Reference', order: 3 } };

describe('sidebarFromFolders', () => {
  const sidebar = sidebarFromFolders(pages, labels) as Array<Record<string, unknown>>;

  it('makes one group per folder, in the configured order, with translations', () => {
    expect(sidebar.map((group) => group.label)).toEqual(['Start here', 'User guide', 'Reference']);
    expect(sidebar[1]).toMatchObject({ translations: { es: 'Guía de uso' } });
  });

  it('sorts pages by sidebar order, then title', () => {
    expect(sidebar[1]!.items).toEqual([{ slug: 'docs/guide/launching' }, { slug: 'docs/guide/runs' }]);
  });

  it('keeps levels 1 and 2 open and collapses deeper groups', () => {
    const reference = sidebar[2] as { collapsed: boolean; items: Array<{ label: string; collapsed: boolean; items: Array<{ label: string; collapsed: boolean; items: unknown[] }> }> };
    expect(reference.collapsed).toBe(false);
    const pipelines = reference.items[0]!;
    expect(pipelines).toMatchObject({ label: 'Pipelines', collapsed: false });
    expect(pipelines.items.map((group) => [group.label, group.collapsed])).toEqual([
      ['Genotyping', true],
      ['Simulation', true],
    ]);
    expect(pipelines.items[0]!.items).toEqual([{ slug: 'docs/reference/pipelines/genotyping/combine-gvcfs' }, { slug: 'docs/reference/pipelines/genotyping/nf-processvcfs' }]);
  });

  it('leaves the docs home out of the groups', () => {
    expect(JSON.stringify(sidebar)).not.toContain('docs/index');
  });
});
