// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { jsonResponse, stubFetch, stubLocationAssign, testPipeline } from '../../../../tests/fixtures/console';
import { LaunchForm } from './LaunchForm';
import { groupsOf, type PipelineSchema } from './schema-form';

/** The launch form's "Use recommended resources": nextflow engine only, sent when ticked, refused on its field. */
const schema: PipelineSchema = {
  $defs: { io: { title: 'Input/output options', required: ['outdir'], properties: { outdir: { type: 'string', format: 'directory-path', default: 'results', description: 'Results folder.' } } } },
  allOf: [{ $ref: '#/$defs/io' }],
};
const pipeline = testPipeline({ id: 'nf-test', label: 'Test pipeline', schema });
const groups = groupsOf(schema);
const fetchMock = stubFetch();
stubLocationAssign();
afterEach(cleanup);

const checkbox = () => screen.queryByRole('checkbox', { name: 'Use recommended resources' });
const launch = () => act(async () => fireEvent.click(screen.getByRole('button', { name: 'Launch run' })));

describe('use recommended resources', () => {
  it('is not offered on the built-in engine', () => {
    render(<LaunchForm pipeline={pipeline} groups={groups} runGroups={[]} projects={[]} from={null} />);
    expect(checkbox()).toBeNull();
  });

  it('is sent only when ticked on the nextflow engine, and links to the recommendation', async () => {
    const bodies: Array<Record<string, unknown>> = [];
    fetchMock.mockImplementation(async (_url, init) => {
      bodies.push(JSON.parse(String(init!.body)));
      return jsonResponse({ id: 1 }, 201);
    });
    const { unmount } = render(<LaunchForm pipeline={{ ...pipeline, engine: 'nextflow' }} groups={groups} runGroups={[]} projects={[]} from={null} />);
    expect(screen.getByRole('link', { name: 'See the recommendation' }).getAttribute('href')).toBe('/tools/pipeline/monitor/resources?pipeline=nf-test');
    await launch();
    expect(bodies[0]).not.toHaveProperty('recommendedResources');
    unmount();
    render(<LaunchForm pipeline={{ ...pipeline, engine: 'nextflow' }} groups={groups} runGroups={[]} projects={[]} from={null} />);
    await act(async () => fireEvent.click(checkbox()!));
    await launch();
    expect(bodies[1]).toMatchObject({ recommendedResources: true });
    fetchMock.mockReset();
  });

  it('shows the server’s refusal under the field', async () => {
    const message = 'No past tasks to size from yet';
    fetchMock.mockResolvedValueOnce(jsonResponse({ message: `No successful task of Test pipeline has reported its memory and time yet.`, errors: { recommendedResources: message } }, 400));
    render(<LaunchForm pipeline={{ ...pipeline, engine: 'nextflow' }} groups={groups} runGroups={[]} projects={[]} from={null} />);
    await act(async () => fireEvent.click(checkbox()!));
    await launch();
    expect(document.getElementById('run-recommended-resources-hint')!.textContent).toBe(message);
  });
});
