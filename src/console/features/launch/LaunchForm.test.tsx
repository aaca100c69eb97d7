// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import toast, { Toaster } from 'react-hot-toast';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LaunchForm } from './LaunchForm';
import { CHECK_DELAY_MS } from './use-launch-check';
import { groupsOf, paramsOf, defaultFormValues, type PipelineSchema } from './schema-form';
import { knownParams, paramsFileText, parseParamsFile } from './params-file';
import { jsonResponse, storedFile, stubFetch, stubLocationAssign, testPipeline } from '../../../../tests/fixtures/console';

/** One schema with every construct the renderer handles. */
const schema: PipelineSchema = {
  $defs: {
    io: {
      title: 'Input/output options',
      description: 'Where data comes from and goes.',
      help_text: 'Long help about inputs.',
      required: ['genotypes', 'outdir'],
      properties: {
        genotypes: { type: 'string', format: 'file-path', mimetype: 'text/plain', pattern: '^\\S+\\.vcf(\\.gz)?$', errorMessage: 'Must be a .vcf or .vcf.gz file', description: 'The VCF.' },
        outdir: { type: 'string', format: 'directory-path', default: 'results', description: 'Results folder.' },
      },
    },
    model: {
      title: 'Model options',
      properties: {
        method: { type: 'string', enum: ['rrblup', 'gblup'], default: 'rrblup', description: 'Model.' },
        folds: { type: 'integer', minimum: 2, maximum: 20, default: 5, description: 'CV folds.', help_text: 'More folds, more time.' },
        lambda: { type: 'number', minimum: 0, maximum: 5, default: 1.5, description: 'Penalty.' },
        scale: { type: 'boolean', default: true, description: 'Scale markers.' },
        max_cpus: { type: 'integer', default: 16, minimum: 1, hidden: true, description: 'CPU cap.' },
      },
    },
  },
  allOf: [{ $ref: '#/$defs/io' }, { $ref: '#/$defs/model' }],
};
const pipeline = testPipeline({ id: 'nf-test', label: 'Test pipeline', schema });
const groups = groupsOf(schema);
const files = [
  storedFile({ id: 1, name: 'cohort.vcf', sizeBytes: 2048, fileTypeName: 'VCF', projectName: 'Wheat 2026' }),
  storedFile({ id: 2, name: 'traits.csv', sizeBytes: 100, fileTypeName: 'phenotype CSV', mimeType: 'text/csv', projectName: 'Wheat 2026' }),
  storedFile({ id: 3, name: 'notes.txt', sizeBytes: 10, projectName: 'Wheat 2026' }),
];

const fetchMock = stubFetch();
/**
 * The server's check (POST runs/check), apart from the other calls: a check that a slow test lets
 * through never takes an answer meant for the launch. Unanswered, it fails, which adds nothing.
 */
const checkMock = vi.fn<typeof fetch>();
beforeEach(() => vi.stubGlobal('fetch', (url: RequestInfo | URL, init?: RequestInit) => (String(url).endsWith('/runs/check') ? checkMock : fetchMock)(url, init)));
afterEach(() => checkMock.mockReset());
const assign = stubLocationAssign();
afterEach(cleanup);
// Toasts live in one store for the whole file: a refused launch's toast must not reach another test's Toaster, in any order.
afterEach(() => toast.remove());

function renderForm(from: Parameters<typeof LaunchForm>[0]['from'] = null) {
  return render(<LaunchForm pipeline={pipeline} groups={groups} runGroups={[{ id: 7, name: 'Cycle 2026' }]} projects={[]} from={from} />);
}
const input = (name: string) => document.getElementById(`param-${name}`) as HTMLInputElement;
const messageOf = (name: string) => document.getElementById(`param-${name}-hint`)!;
const blur = (element: HTMLElement, value?: string) =>
  act(async () => {
    if (value !== undefined) fireEvent.change(element, { target: { value } });
    fireEvent.blur(element);
  });

describe('the launch form renderer', () => {
  it('says before anything is filled in when this server cannot run the pipeline, and does not offer to launch', () => {
    const problem = 'Test pipeline has no local implementation yet, and this Seedbed runs pipelines on its built-in engine: it needs the nextflow engine.';
    render(<LaunchForm pipeline={{ ...pipeline, launchProblem: problem }} groups={groups} runGroups={[]} projects={[]} from={null} />);
    expect(screen.getByRole('alert').textContent).toContain('has no local implementation');
    expect((screen.getByRole('button', { name: 'Launch run' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('renders groups as sections with their help, required marks and defaults', () => {
    renderForm();
    const io = screen.getByRole('region', { name: 'Input/output options' });
    expect(within(io).getByText('Where data comes from and goes.')).toBeTruthy();
    expect(within(io).getByText('Long help about inputs.').closest('details')).toBeTruthy();
    expect(input('genotypes').getAttribute('aria-required')).toBe('true');
    expect(input('outdir').value).toBe('results');
    expect(input('folds').value).toBe('5');
    expect(screen.getByRole('region', { name: 'Model options' })).toBeTruthy();
  });

  it('renders enums as selects and booleans as switches', async () => {
    renderForm();
    const method = input('method') as unknown as HTMLSelectElement;
    expect(method.tagName).toBe('SELECT');
    expect([...method.options].map((option) => option.value)).toEqual(['rrblup', 'gblup']);
    const scale = screen.getByRole('switch', { name: 'scale' });
    expect(scale.getAttribute('aria-checked')).toBe('true');
    await act(async () => fireEvent.click(scale));
    expect(scale.getAttribute('aria-checked')).toBe('false');
  });

  it('checks bounds, whole numbers and patterns on blur, with the pattern’s own message', async () => {
    renderForm();
    await blur(input('folds'), '25');
    expect(messageOf('folds').textContent).toBe('At most 20');
    await blur(input('folds'), '2.5');
    expect(messageOf('folds').textContent).toBe('Must be a whole number');
    await blur(input('lambda'), '-1');
    expect(messageOf('lambda').textContent).toBe('At least 0');
    await blur(input('genotypes'), 'cohort.txt');
    expect(messageOf('genotypes').textContent).toBe('Must be a .vcf or .vcf.gz file');
    await blur(input('genotypes'), '');
    expect(messageOf('genotypes').textContent).toBe('Required');
    // On change, once the value is right, the message goes.
    await act(async () => fireEvent.change(input('genotypes'), { target: { value: 'cohort.vcf.gz' } }));
    expect(messageOf('genotypes').textContent).toBe('The VCF.');
  });

  it('keeps hidden parameters behind "Show hidden parameters"', async () => {
    renderForm();
    expect(input('max_cpus')).toBeNull();
    await act(async () => fireEvent.click(screen.getByRole('switch', { name: 'Show hidden parameters' })));
    expect(input('max_cpus').value).toBe('16');
  });

  it('searches the stored files on the server and offers those that suit a file parameter: its MIME type and pattern', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    fetchMock.mockResolvedValueOnce(jsonResponse({ data: files, pagination: { currentPage: 0, pageSize: 40, totalCount: 3, totalPages: 1 } }));
    renderForm();
    const search = await screen.findByRole('combobox', { name: 'Search stored files for genotypes' });
    await act(async () => {
      fireEvent.change(search, { target: { value: 'coh' } });
      await vi.advanceTimersByTimeAsync(300);
    });
    const asked = new URL(String(fetchMock.mock.calls[0]![0]), 'http://console');
    expect(asked.pathname).toBe('/api/files');
    expect(Object.fromEntries(asked.searchParams)).toMatchObject({ q: 'coh', mimeType: 'text/plain' });
    const options = within(screen.getByRole('listbox', { name: 'Stored files for genotypes' })).getAllByRole('option');
    // notes.txt has the MIME type but not the pattern; traits.csv has neither.
    expect(options.map((option) => option.textContent)).toEqual(['cohort.vcfVCF · 2.0 KB · Jan 31, 2026 · Wheat 2026']);
    // One search per query: the open list does not search again on its own.
    await act(async () => {
      await vi.advanceTimersByTimeAsync(2000);
    });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    act(() => {
      fireEvent.click(options[0]!);
    });
    // The parameter holds the file's reference, and the form shows its name: never where the server keeps it.
    expect(input('genotypes').value).toBe('seedbed://files/1');
    expect(screen.getByText(/^Chosen: cohort\.vcf/)).toBeTruthy();
    expect(document.body.textContent).not.toContain('/data/');
    vi.useRealTimers();
  });

  it('refuses to submit an invalid form and calls no API', async () => {
    renderForm();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Launch run' })));
    expect(messageOf('genotypes').textContent).toBe('Required');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends typed params, shows the server’s per-parameter errors on their inputs, then launches', async () => {
    renderForm();
    await blur(input('genotypes'), '/data/files/a/cohort.vcf');
    fetchMock.mockResolvedValueOnce(jsonResponse({ message: 'The parameters do not match.', errors: { 'params.lambda': 'At most 4 on this server', 'params.max_cpus': 'At most 8' } }, 400));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Launch run' })));
    const body = JSON.parse(String(fetchMock.mock.calls[0]![1]!.body));
    expect(body).toMatchObject({
      pipelineId: 'nf-test',
      labels: [],
      groupId: null,
      params: { genotypes: '/data/files/a/cohort.vcf', outdir: 'results', method: 'rrblup', folds: 5, lambda: 1.5, scale: true, max_cpus: 16 },
    });
    expect(messageOf('lambda').textContent).toBe('At most 4 on this server');
    // An error on a hidden parameter shows the hidden ones.
    expect(messageOf('max_cpus').textContent).toBe('At most 8');

    fetchMock.mockResolvedValueOnce(jsonResponse({ id: 42 }, 201));
    await blur(input('lambda'), '1');
    await blur(input('max_cpus'), '8');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Launch run' })));
    expect(assign).toHaveBeenCalledWith('/tools/pipeline/monitor/pipeline-run/view?id=42');
  });

  it('names a relaunch as the server proposes (past the names taken), or numbers it on itself without one', () => {
    const earlier = { id: 9, name: 'old_run', pipelineId: 'nf-test', params: {}, labels: [], groupId: null, projectId: null, experimentId: null, revision: '1.0' };
    render(<LaunchForm pipeline={pipeline} groups={groups} runGroups={[]} projects={[]} from={earlier} relaunchName="old_run_3" />);
    expect((document.getElementById('run-name') as HTMLInputElement).value).toBe('old_run_3');
    cleanup();
    render(<LaunchForm pipeline={pipeline} groups={groups} runGroups={[]} projects={[]} from={earlier} />);
    expect((document.getElementById('run-name') as HTMLInputElement).value).toBe('old_run_2');
  });

  it('pre-fills from an earlier run (?from=), with a new run name', async () => {
    let submitted: Record<string, unknown> = {};
    fetchMock.mockImplementationOnce(async (_url, init) => {
      submitted = JSON.parse(String(init!.body));
      return jsonResponse({ id: 1 }, 201);
    });
    renderForm({
      id: 9,
      name: 'old_run',
      pipelineId: 'nf-test',
      params: { genotypes: '/x.vcf', folds: 10, scale: false },
      labels: ['a', 'b'],
      groupId: 7,
      projectId: null,
      experimentId: null,
      revision: '1.0',
    });
    expect(input('genotypes').value).toBe('/x.vcf');
    expect(input('folds').value).toBe('10');
    expect(screen.getByRole('switch', { name: 'scale' }).getAttribute('aria-checked')).toBe('false');
    expect((document.getElementById('run-labels') as HTMLInputElement).value).toBe('a, b');
    expect((document.getElementById('run-name') as HTMLInputElement).value).toBe('old_run_2');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Launch run' })));
    // (The run group's select is checked in Chromium by the end-to-end test: happy-dom drops a select's initial value.)
    expect(submitted).toMatchObject({ labels: ['a', 'b'], params: { genotypes: '/x.vcf', folds: 10, scale: false }, relaunchOf: 9 });
    // The built-in engine runs the bundled revision: no revision field, none sent.
    expect(document.getElementById('run-revision')).toBeNull();
    expect(submitted).not.toHaveProperty('revision');
  });

  it('offers the revision on the nextflow engine and sends it when it differs from the catalogue’s', async () => {
    let submitted: Record<string, unknown> = {};
    fetchMock.mockImplementationOnce(async (_url, init) => {
      submitted = JSON.parse(String(init!.body));
      return jsonResponse({ id: 1 }, 201);
    });
    render(<LaunchForm pipeline={{ ...pipeline, engine: 'nextflow' }} groups={groups} runGroups={[]} projects={[]} from={null} />);
    const revision = document.getElementById('run-revision') as HTMLInputElement;
    expect(revision.value).toBe('1.0');
    await act(async () => fireEvent.change(revision, { target: { value: 'dev' } }));
    await act(async () => fireEvent.change(input('genotypes'), { target: { value: 'cohort.vcf' } }));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Launch run' })));
    expect(submitted).toMatchObject({ revision: 'dev' });
  });

  it('shows the server’s refusal of a revision Nextflow would read as an option on the revision field', async () => {
    const message = 'Begins with -, which Nextflow would read as an option: give a branch, tag or commit';
    fetchMock.mockResolvedValueOnce(jsonResponse({ message: `Invalid request body. revision: ${message}.`, errors: { revision: message } }, 400));
    render(<LaunchForm pipeline={{ ...pipeline, engine: 'nextflow' }} groups={groups} runGroups={[]} projects={[]} from={null} />);
    await act(async () => fireEvent.change(document.getElementById('run-revision')!, { target: { value: '-resume' } }));
    await act(async () => fireEvent.change(input('genotypes'), { target: { value: 'cohort.vcf' } }));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Launch run' })));
    expect(document.getElementById('run-revision-hint')!.textContent).toBe(message);
    expect(assign).not.toHaveBeenCalled();
  });
});

describe('params files', () => {
  const params = { genotypes: '/data/cohort.vcf', outdir: 'results', method: 'gblup', folds: 10, lambda: 0.25, scale: false, max_cpus: 4 };

  it('round-trips through JSON and YAML, as nf-core launch writes them', async () => {
    for (const format of ['json', 'yaml'] as const) {
      const text = await paramsFileText(params, format);
      const read = await parseParamsFile(`params.${format}`, text);
      const { known, unknown } = knownParams(groups, read);
      expect(unknown).toEqual([]);
      // Into the form and out again: the same params.
      expect(paramsOf(groups, defaultFormValues(groups, known))).toEqual(params);
    }
    expect(await paramsFileText({ folds: 10 }, 'yaml')).toBe('folds: 10\n');
  });

  it('names what it cannot read and the parameters the pipeline lacks', async () => {
    await expect(parseParamsFile('p.json', '{ nope')).rejects.toThrow(/p.json is not valid JSON/);
    await expect(parseParamsFile('p.yaml', 'a: [1')).rejects.toThrow(/p.yaml is not valid YAML/);
    await expect(parseParamsFile('p.json', '[1, 2]')).rejects.toThrow(/one object/);
    expect(knownParams(groups, { folds: 3, colour: 'red' })).toEqual({ known: { folds: 3 }, unknown: ['colour'] });
  });
});

describe('labels and the toast of a refused launch', () => {
  const renderWithToasts = () =>
    render(
      <>
        <LaunchForm pipeline={pipeline} groups={groups} runGroups={[]} projects={[]} from={null} />
        <Toaster />
      </>,
    );
  const labelsInput = () => screen.getByLabelText('Labels') as HTMLInputElement;

  it('takes labels in any script ("ñandú", "小麦") and sends them as typed', async () => {
    renderWithToasts();
    await blur(input('genotypes'), '/data/files/a/cohort.vcf');
    await blur(labelsInput(), 'ñandú, 小麦, trial-2026');
    fetchMock.mockResolvedValueOnce(jsonResponse({ id: 5 }, 201));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Launch run' })));
    expect(JSON.parse(String(fetchMock.mock.calls[0]![1]!.body)).labels).toEqual(['ñandú', '小麦', 'trial-2026']);
  });

  it('says how many fields need fixing, not what (the field says it), and brings the field into focus', async () => {
    renderWithToasts();
    await blur(input('genotypes'), '/data/files/a/cohort.vcf');
    await blur(labelsInput(), 'durum, bad label!');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Launch run' })));
    expect(await screen.findByText('1 field needs fixing: see the message in red under it.')).toBeTruthy();
    expect(document.getElementById('run-labels-hint')!.textContent).toBe('bad label!: Labels use letters, digits, _ . : and -');
    // The field's words are under it, once: not again in the toast.
    expect(screen.getAllByText(/Labels use letters/)).toHaveLength(1);
    expect(document.activeElement).toBe(labelsInput());
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('counts every field at fault when there are several, and focuses the first on the page', async () => {
    renderWithToasts();
    await blur(labelsInput(), 'bad label!');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Launch run' })));
    expect(await screen.findByText('2 fields need fixing: see the messages in red under them.')).toBeTruthy();
    // Labels sit above the parameters: the first at fault on the page, whatever order the errors came in.
    expect(document.activeElement).toBe(labelsInput());
  });

  it('puts a refused launch’s messages under their fields, counts them in the toast, and focuses the first, a hidden one shown', async () => {
    renderWithToasts();
    await blur(input('genotypes'), '/data/files/a/cohort.vcf');
    const message = 'The parameters do not match Test pipeline’s schema. max_cpus: At most 8; lambda: At most 4 on this server.';
    fetchMock.mockResolvedValueOnce(jsonResponse({ message, errors: { 'params.max_cpus': 'At most 8', 'params.lambda': 'At most 4 on this server' } }, 400));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Launch run' })));
    expect(await screen.findByText('2 fields need fixing: see the messages in red under them.')).toBeTruthy();
    expect(screen.queryByText(message)).toBeNull();
    expect(messageOf('lambda').textContent).toBe('At most 4 on this server');
    expect(messageOf('max_cpus').textContent).toBe('At most 8');
    expect(document.activeElement).toBe(input('lambda'));
  });

  it('shows the server’s sentence when the refusal names no field of the form', async () => {
    renderWithToasts();
    await blur(input('genotypes'), '/data/files/a/cohort.vcf');
    fetchMock.mockResolvedValueOnce(jsonResponse({ message: 'Test pipeline cannot be launched: its files in the catalogue are broken.' }, 503));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Launch run' })));
    expect(await screen.findByText('Test pipeline cannot be launched: its files in the catalogue are broken.')).toBeTruthy();
  });
});

describe('the server’s check, before Launch', () => {
  const burnIn = 'Must be less than folds (5): the chain would keep no draw.';
  /** Answers POST runs/check with `answer`, a function of the body sent. */
  const serve = (answer: (body: { params: Record<string, unknown> }) => Response | Promise<Response>) => checkMock.mockImplementation(async (_url, init) => answer(JSON.parse(String(init!.body))));
  const checks = () => checkMock.mock.calls;
  const settle = () =>
    act(async () => {
      await vi.advanceTimersByTimeAsync(CHECK_DELAY_MS);
    });
  beforeEach(() => vi.useFakeTimers({ shouldAdvanceTime: true }));
  afterEach(() => vi.useRealTimers());

  it('asks once the field is left, with what Launch would send, and shows every answer under its field, not Required on a field not reached yet', async () => {
    serve(() => jsonResponse({ errors: { 'params.lambda': burnIn, 'params.genotypes': 'Required', 'params.folds': 'At most 20' }, message: '…' }));
    renderForm();
    await blur(input('folds'), '5');
    expect(checks()).toHaveLength(0);
    await settle();
    expect(checks()).toHaveLength(1);
    const body = JSON.parse(String(checks()[0]![1]!.body));
    expect(body).toMatchObject({ pipelineId: 'nf-test', params: { folds: 5, lambda: 1.5, outdir: 'results' } });
    // lambda was never visited: it is told because it has a value, which the server found wrong.
    expect(messageOf('lambda').textContent).toBe(burnIn);
    expect(input('lambda').getAttribute('aria-invalid')).toBe('true');
    expect(messageOf('folds').textContent).toBe('At most 20');
    // genotypes is empty and was never visited: not told it is required before it is reached.
    expect(messageOf('genotypes').textContent).toBe('The VCF.');
  });

  it('asks once for several fields left in a row, and takes a message away as its field changes', async () => {
    serve(({ params }) => jsonResponse({ errors: Number(params.lambda) >= 2 ? { 'params.lambda': burnIn } : {}, message: null }));
    renderForm();
    await blur(input('folds'), '6');
    await blur(input('lambda'), '3');
    await blur(input('outdir'), 'out');
    await settle();
    expect(checks()).toHaveLength(1);
    expect(messageOf('lambda').textContent).toBe(burnIn);
    // Typing: the message was about the value before.
    await act(async () => fireEvent.change(input('lambda'), { target: { value: '1' } }));
    expect(messageOf('lambda').textContent).toBe('Penalty. (≥ 0, ≤ 5)');
    await blur(input('lambda'));
    await settle();
    expect(checks()).toHaveLength(2);
    expect(messageOf('lambda').textContent).toBe('Penalty. (≥ 0, ≤ 5)');
  });

  it('adds nothing and shows no error when the check fails, and keeps Launch working', async () => {
    render(
      <>
        <LaunchForm pipeline={pipeline} groups={groups} runGroups={[]} projects={[]} from={null} />
        <Toaster />
      </>,
    );
    serve(() => jsonResponse({ errors: { 'params.lambda': burnIn }, message: '…' }));
    await blur(input('lambda'), '3');
    await settle();
    expect(messageOf('lambda').textContent).toBe(burnIn);
    for (const failure of [() => jsonResponse({ message: 'Internal error' }, 500), () => Promise.reject(new TypeError('Failed to fetch'))]) {
      serve(failure);
      await blur(input('folds'), '7');
      await settle();
      // The last answer's message stays; nothing is added, and no toast says the check failed.
      expect(messageOf('lambda').textContent).toBe(burnIn);
      expect(messageOf('folds').textContent).toBe('CV folds. (≥ 2, ≤ 20)');
      expect([...document.querySelectorAll('[role="status"]')].map((toastShown) => toastShown.textContent)).toEqual([]);
    }
    fetchMock.mockResolvedValueOnce(jsonResponse({ id: 44 }, 201));
    await blur(input('genotypes'), 'cohort.vcf');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Launch run' })));
    expect(assign).toHaveBeenCalledWith('/tools/pipeline/monitor/pipeline-run/view?id=44');
  });

  it('drops an answer about values changed while the server looked', async () => {
    let release = () => {};
    serve(() => new Promise<Response>((resolve) => (release = () => resolve(jsonResponse({ errors: { 'params.lambda': burnIn }, message: '…' })))));
    renderForm();
    await blur(input('lambda'), '3');
    await settle();
    await act(async () => fireEvent.change(input('lambda'), { target: { value: '1' } }));
    await act(async () => release());
    expect(messageOf('lambda').textContent).toBe('Penalty. (≥ 0, ≤ 5)');
  });

  it('asks when a stored file is chosen, without the field being left', async () => {
    serve(({ params }) => jsonResponse({ errors: params.genotypes ? { 'params.genotypes': 'cohort.vcf is stored as a VCF, and genotypes reads …' } : {}, message: null }));
    renderForm();
    fetchMock.mockResolvedValueOnce(jsonResponse({ data: files, pagination: { currentPage: 0, pageSize: 40, totalCount: 3, totalPages: 1 } }));
    const search = await screen.findByRole('combobox', { name: 'Search stored files for genotypes' });
    await act(async () => {
      fireEvent.change(search, { target: { value: 'coh' } });
      await vi.advanceTimersByTimeAsync(300);
    });
    const [option] = within(screen.getByRole('listbox', { name: 'Stored files for genotypes' })).getAllByRole('option');
    await act(async () => fireEvent.click(option!));
    await settle();
    expect(JSON.parse(String(checks().at(-1)![1]!.body)).params.genotypes).toBe('seedbed://files/1');
    expect(messageOf('genotypes').textContent).toBe('cohort.vcf is stored as a VCF, and genotypes reads …');
  });
});

describe('the schema’s conditions', () => {
  /** BayesB's chain length is not used by rrBLUP: the schema holds it at its default then. */
  const conditional: PipelineSchema = {
    $defs: {
      io: { title: 'Input/output options', required: ['genotypes'], properties: { genotypes: { type: 'string', description: 'The VCF.' } } },
      model: {
        title: 'Model options',
        properties: {
          method: { type: 'string', enum: ['rrblup', 'bayesb'], default: 'rrblup', description: 'Model.' },
          iterations: { type: 'integer', minimum: 100, default: 1500, description: 'BayesB: iterations.' },
        },
        // biome-ignore lint/suspicious/noThenProperty: JSON Schema's if/then keywords
        allOf: [{ if: { properties: { method: { const: 'rrblup' } } }, then: { properties: { iterations: { const: 1500 } } } }],
      },
    },
    allOf: [{ $ref: '#/$defs/io' }, { $ref: '#/$defs/model' }],
  };
  const conditionalGroups = groupsOf(conditional);

  it('draws a parameter only while the pipeline uses it, says why it is left out, and neither checks nor sends it then', async () => {
    render(<LaunchForm pipeline={testPipeline({ id: 'nf-test', label: 'Test pipeline', schema: conditional })} groups={conditionalGroups} runGroups={[]} projects={[]} from={null} />);
    const model = screen.getByRole('region', { name: 'Model options' });
    expect(input('iterations')).toBeNull();
    expect(model.querySelector('[data-unused-parameters]')!.textContent).toBe('Not used while method is rrblup, so not shown or sent: iterations.');

    await blur(input('method'), 'bayesb');
    expect(input('iterations').value).toBe('1500');
    expect(model.querySelector('[data-unused-parameters]')).toBeNull();
    // A value out of bounds stops the launch while the field is used…
    await blur(input('iterations'), '5');
    expect(messageOf('iterations').textContent).toBe('At least 100');

    // …and not once the model no longer uses it: the server takes its default.
    await blur(input('method'), 'rrblup');
    await blur(input('genotypes'), 'cohort.vcf');
    fetchMock.mockResolvedValueOnce(jsonResponse({ id: 43 }, 201));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Launch run' })));
    const body = JSON.parse(String(fetchMock.mock.calls.at(-1)![1]!.body));
    expect(body.params).toEqual({ genotypes: 'cohort.vcf', method: 'rrblup' });
    expect(assign).toHaveBeenCalledWith('/tools/pipeline/monitor/pipeline-run/view?id=43');
  });
});
