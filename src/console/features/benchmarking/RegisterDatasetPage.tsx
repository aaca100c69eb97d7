import type { ColumnDef } from '@tanstack/react-table';
import { type ReactNode, useId, useState } from 'react';
import type { BenchmarkDatasetKind, CrossValidation, DatasetCheck, DatasetFiles } from '../../../contract/benchmarks';
import { CV_SCHEME_LABELS, CV_SCHEMES, type CvScheme, DEFAULT_CROSS_VALIDATION } from '../../../contract/cv-folds';
import type { Fileset, FilesetDetail, StoredFile } from '../../../contract/files';
import { LISTS } from '../../../contract/list-definitions';
import type { Page } from '../../../contract/paging';
import type { ProjectRecord } from '../../../contract/records';
import { ConsoleShell } from '../../app/ConsoleShell';
import { notify } from '../../app/notify';
import { ROUTES, viewRoute } from '../../app/routes';
import { RequestError, request } from '../../lib/api';
import { formatDateTime } from '../../lib/format';
import { useRequest } from '../../lib/use-request';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { LazyDataTable } from '../../ui/data-table/LazyDataTable';
import { StoredFileSearch } from '../files/StoredFileSearch';
import { RecordOptions } from '../../ui/RecordOptions';

type Field = 'genotypesFileId' | 'phenotypesFileId' | 'knownQtlFileId';

const KINDS: Record<BenchmarkDatasetKind, { title: string; route: string; intro: string; fields: Array<{ field: Field; label: string; type: string; required: boolean; hint: string }> }> = {
  'known-gdip': {
    title: 'Register Known GDIP Data',
    route: ROUTES.registerKnownGdipData,
    intro: 'A dataset whose true QTL are known: genotypes, phenotypes and the QTL behind them. Discovery methods are scored against it.',
    fields: [
      { field: 'genotypesFileId', label: 'Genotypes', type: 'VCF', required: true, hint: 'A VCF whose sample names are the individuals of the phenotypes.' },
      { field: 'phenotypesFileId', label: 'Phenotypes', type: 'phenotype CSV', required: true, hint: 'id, then one column per trait.' },
      { field: 'knownQtlFileId', label: 'Known QTL', type: 'known-QTL CSV', required: true, hint: 'marker, chromosome, position, trait, effect: each marker must be in the VCF.' },
    ],
  },
  'prediction-data': {
    title: 'Register Prediction Data',
    route: ROUTES.registerPredictionData,
    intro: 'Observed trait values of a validation set: prediction models are scored against them.',
    fields: [
      {
        field: 'phenotypesFileId',
        label: 'Observed values',
        type: 'phenotype CSV',
        required: true,
        hint: 'The Prediction data template (id, trait, observed, environment: one row per observation), or id and one column per trait, for the individuals of the validation set.',
      },
      { field: 'genotypesFileId', label: 'Genotypes (optional)', type: 'VCF', required: false, hint: 'The validation set’s VCF, to check that every individual has genotypes.' },
    ],
  },
};

/** What each scheme holds out, under the choice (the docs' Cross-validation schemes section says more). */
const SCHEME_HINTS: Record<CvScheme, string> = {
  CV1: 'Lines are split into folds; a test fold holds every record of its lines. Works with one environment.',
  CV2: 'Records (line × environment) are split into folds, so a test line is usually seen in other environments. Needs environments.',
  CV0: 'Environments are split into folds; a test fold holds every record of its environments. Needs at least as many environments as folds.',
  CV00: 'Lines and environments are each split into folds; fold f tests its lines in its environments and trains on the other lines in the other environments.',
};

type CvDraft = { scheme: CvScheme | ''; folds: string; repeats: string; seed: string };
const CV_NUMBERS = [
  { key: 'folds', label: 'Folds' },
  { key: 'repeats', label: 'Repeats' },
  { key: 'seed', label: 'Seed' },
] as const;

const asNumber = (text: string) => (text.trim() === '' ? undefined : Number(text));

/** The cross-validation choice as the API takes it: nothing for "None", numbers as typed (the server says what is wrong with them). */
const crossValidationOf = (draft: CvDraft) =>
  draft.scheme ? ({ scheme: draft.scheme, folds: asNumber(draft.folds), repeats: asNumber(draft.repeats), seed: asNumber(draft.seed) } as CrossValidation) : undefined;

function CrossValidationFields({ draft, onChange, messagesOf }: { draft: CvDraft; onChange: (draft: CvDraft) => void; messagesOf: (field: string) => Array<{ message: string; blocking: boolean }> }) {
  const id = useId();
  const inputClass = 'w-full rounded-md border border-stone-300 bg-white px-2 py-1.5 text-sm disabled:bg-stone-100 disabled:text-stone-400';
  /** A field's label, control and messages; the messages describe the control rather than name it. */
  const field = (key: 'scheme' | (typeof CV_NUMBERS)[number]['key'], label: string, control: (props: { id: string; 'aria-invalid': boolean; 'aria-describedby'?: string }) => ReactNode) => {
    const problems = messagesOf(`crossValidation.${key}`);
    return (
      <div key={key} className="grid content-start gap-1 text-xs">
        <label htmlFor={`${id}-${key}`} className="font-medium text-stone-600">
          {label}
        </label>
        {control({ id: `${id}-${key}`, 'aria-invalid': problems.some((problem) => problem.blocking), ...(problems.length > 0 ? { 'aria-describedby': `${id}-${key}-messages` } : {}) })}
        {problems.length > 0 && (
          <span id={`${id}-${key}-messages`} className="grid gap-1">
            {problems.map((problem) => (
              <span key={problem.message} role="alert" className={problem.blocking ? 'text-red-700' : 'text-amber-800'}>
                {problem.message}
              </span>
            ))}
          </span>
        )}
      </div>
    );
  };
  return (
    <fieldset className="grid gap-2 text-sm" data-field="crossValidation">
      <legend className="mb-1 font-medium text-stone-700">Cross-validation scheme</legend>
      <div className="grid gap-3 sm:grid-cols-[minmax(0,2fr)_repeat(3,minmax(0,1fr))]">
        {field('scheme', 'Scheme', (props) => (
          <select {...props} className={inputClass} value={draft.scheme} onChange={(event) => onChange({ ...draft, scheme: event.target.value as CvDraft['scheme'] })}>
            <option value="">None: score models on the whole set</option>
            {CV_SCHEMES.map((scheme) => (
              <option key={scheme} value={scheme}>
                {CV_SCHEME_LABELS[scheme]}
              </option>
            ))}
          </select>
        ))}
        {CV_NUMBERS.map(({ key, label }) =>
          field(key, label, (props) => (
            <input
              {...props}
              className={inputClass}
              type="number"
              inputMode="numeric"
              min={key === 'seed' ? 0 : key === 'folds' ? 2 : 1}
              step={1}
              value={draft[key]}
              disabled={!draft.scheme}
              onChange={(event) => onChange({ ...draft, [key]: event.target.value })}
            />
          )),
        )}
      </div>
      <span className="text-xs text-stone-500">
        {draft.scheme ? `${SCHEME_HINTS[draft.scheme]} ` : ''}
        The folds are drawn once, when the dataset is registered (repeat r from seed + r − 1), and stored with it as a CV folds CSV that any method, or R, can reuse.
      </span>
    </fieldset>
  );
}

const datasetColumns: Array<ColumnDef<Fileset, unknown>> = [
  {
    id: 'name',
    header: 'Dataset',
    cell: ({ row }) => (
      <a className="font-medium text-emerald-800 hover:underline" href={viewRoute(ROUTES.filesetView, row.original.id)}>
        {row.original.name}
      </a>
    ),
  },
  { id: 'description', header: 'Contents', cell: ({ row }) => <span className="text-xs text-stone-600">{row.original.description}</span> },
  { id: 'updatedAt', header: 'Registered', cell: ({ row }) => formatDateTime(row.original.createdAt) },
];

/**
 * `/benchmarking/register-known-gdip-data` and `/benchmarking/register-prediction-data`: name a
 * benchmark dataset from stored (or newly uploaded) files, check that they fit each other, and
 * register it. The datasets registered so far are listed below.
 */
export default function RegisterDatasetPage({ kind }: { kind: BenchmarkDatasetKind }) {
  const config = KINDS[kind];
  const projects = useRequest<Page<ProjectRecord>>('projects?pageSize=100&sort=name');
  const [chosen, setChosen] = useState<Partial<Record<Field, StoredFile>>>({});
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [projectId, setProjectId] = useState('');
  const [report, setReport] = useState<DatasetCheck | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState<'check' | 'register' | null>(null);
  const [version, setVersion] = useState(0);
  const defaultDraft: CvDraft = {
    scheme: DEFAULT_CROSS_VALIDATION.scheme,
    folds: String(DEFAULT_CROSS_VALIDATION.folds),
    repeats: String(DEFAULT_CROSS_VALIDATION.repeats),
    seed: String(DEFAULT_CROSS_VALIDATION.seed),
  };
  const [cvDraft, setCvDraft] = useState<CvDraft>(defaultDraft);
  const crossValidation = kind === 'prediction-data' ? crossValidationOf(cvDraft) : undefined;

  const files = (): DatasetFiles => ({ kind, ...Object.fromEntries(Object.entries(chosen).map(([field, file]) => [field, file.id])), ...(crossValidation ? { crossValidation } : {}) }) as DatasetFiles;
  const missing = config.fields.filter((field) => field.required && !chosen[field.field]);

  const runCheck = async () => {
    setBusy('check');
    setErrors({});
    try {
      setReport(await request<DatasetCheck>('benchmark-datasets/check', 'POST', files()));
    } catch (error) {
      if (error instanceof RequestError) setErrors(error.errors);
      notify.error(error);
    } finally {
      setBusy(null);
    }
  };

  const register = async () => {
    setBusy('register');
    setErrors({});
    try {
      const dataset = await request<FilesetDetail>('benchmark-datasets', 'POST', {
        files: files(),
        name,
        ...(description.trim() ? { description } : {}),
        projectId: projectId ? Number(projectId) : null,
      });
      notify.success(`Registered ${dataset.name}`);
      setChosen({});
      setCvDraft(defaultDraft);
      setName('');
      setDescription('');
      setReport(null);
      setVersion((value) => value + 1);
    } catch (error) {
      if (error instanceof RequestError) setErrors(error.errors);
      notify.error(error);
    } finally {
      setBusy(null);
    }
  };

  const problemsOf = (field: Field) => [...(report?.problems ?? []), ...(report?.warnings ?? [])].filter((problem) => problem.field === field);
  /** A cross-validation field's messages: the check's, and the request's own (as `crossValidation.folds` or, on registering, `files.crossValidation.folds`). */
  const cvMessagesOf = (field: string) => [
    ...[errors[field] ?? errors[`files.${field}`]].filter((message): message is string => Boolean(message)).map((message) => ({ message, blocking: true })),
    ...[...(report?.problems ?? []), ...(report?.warnings ?? [])]
      .filter((problem) => problem.field === field)
      .map((problem) => ({ message: problem.message, blocking: report!.problems.includes(problem) })),
  ];
  const inputClass = 'w-full rounded-md border border-stone-300 bg-white px-2 py-1.5 text-sm';

  return (
    <ConsoleShell title={config.title} route={config.route}>
      <div className="grid gap-6">
        <Card title="New dataset" description={config.intro}>
          <div className="grid gap-5">
            {config.fields.map((field) => (
              <div key={field.field} className="grid gap-1 text-sm" data-field={field.field}>
                <span className="font-medium text-stone-700">
                  {field.label} <span className="font-normal text-stone-500">({field.type})</span>
                </span>
                <StoredFileSearch
                  name={field.label}
                  fileTypes={[field.type]}
                  value={chosen[field.field]?.reference ?? ''}
                  onChoose={(file) => {
                    setChosen((current) => ({ ...current, [field.field]: file }));
                    setReport(null);
                  }}
                />
                <span className="text-xs text-stone-500">{field.hint}</span>
                {(errors[field.field] ?? errors[`files.${field.field}`]) && (
                  <span role="alert" className="text-xs text-red-700">
                    {errors[field.field] ?? errors[`files.${field.field}`]}
                  </span>
                )}
                {problemsOf(field.field).map((problem) => (
                  <span key={problem.message} role="alert" className={`text-xs ${report?.problems.includes(problem) ? 'text-red-700' : 'text-amber-800'}`}>
                    {problem.message}
                  </span>
                ))}
              </div>
            ))}
            {kind === 'prediction-data' && (
              <CrossValidationFields
                draft={cvDraft}
                onChange={(draft) => {
                  setCvDraft(draft);
                  setReport(null);
                  setErrors({});
                }}
                messagesOf={cvMessagesOf}
              />
            )}
            <div className="flex flex-wrap items-center gap-3">
              <Button onClick={() => void runCheck()} busy={busy === 'check'} disabled={missing.length > 0}>
                Check the files
              </Button>
              {missing.length > 0 && <span className="text-xs text-stone-500">Choose {missing.map((field) => field.label.toLowerCase()).join(' and ')} first.</span>}
            </div>
            {report && (
              <div
                role="status"
                data-testid="dataset-check"
                className={`rounded-md px-4 py-3 text-sm ring-1 ${report.ok ? 'bg-emerald-50 text-emerald-900 ring-emerald-200' : 'bg-red-50 text-red-900 ring-red-200'}`}
              >
                <p className="font-medium">{report.ok ? 'The files fit together.' : `${report.problems.length} problem${report.problems.length === 1 ? '' : 's'} to fix before registering.`}</p>
                <ul className="mt-1 list-disc pl-5">
                  {report.facts.map((fact) => (
                    <li key={fact}>{fact}</li>
                  ))}
                </ul>
              </div>
            )}
            {report?.ok && (
              <div className="grid gap-4 border-t border-stone-100 pt-4 sm:grid-cols-3">
                <label className="grid gap-1 text-sm font-medium text-stone-700">
                  Dataset name
                  <input className={inputClass} value={name} onChange={(event) => setName(event.target.value)} aria-invalid={Boolean(errors.name)} />
                  {errors.name && <span className="text-xs font-normal text-red-700">{errors.name}</span>}
                </label>
                <label className="grid gap-1 text-sm font-medium text-stone-700">
                  Project
                  <select className={inputClass} value={projectId} onChange={(event) => setProjectId(event.target.value)}>
                    <RecordOptions none="No project" records={projects.data?.data} />
                  </select>
                </label>
                <label className="grid gap-1 text-sm font-medium text-stone-700">
                  Description
                  <input className={inputClass} value={description} onChange={(event) => setDescription(event.target.value)} placeholder="By default, what the check found" />
                </label>
                <div>
                  {/* Never greyed out without a word: an empty name is answered under its field. */}
                  <Button variant="primary" onClick={() => void register()} busy={busy === 'register'}>
                    Register dataset
                  </Button>
                </div>
              </div>
            )}
          </div>
        </Card>
        <Card title="Registered datasets">
          <LazyDataTable<Fileset>
            list={LISTS.filesets}
            what="datasets"
            columns={datasetColumns}
            searchPlaceholder="Search dataset names"
            fixedFilters={{ kind }}
            refreshKey={version}
            emptyHint="No datasets of this kind yet: register the first above."
            urlState={false}
          />
        </Card>
      </div>
    </ConsoleShell>
  );
}
