import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo } from 'react';
import { useForm, type FieldValues, type UseFormReturn } from 'react-hook-form';
import { z } from 'zod';
import { accessionInputSchema, crossPlanInputSchema, experimentInputSchema, fileTypeInputSchema, projectInputSchema, siteInputSchema } from '../../../contract/breeding';
import type { Page } from '../../../contract/paging';
import { notify } from '../../app/notify';
import { request } from '../../lib/api';
import { useRequest } from '../../lib/use-request';
import { FormDialog } from '../../ui/FormDialog';
import { reportSubmitError, visibleError } from '../../ui/forms';
import { TextAreaField, TextField } from '../../ui/TextField';
import type { EntityKey, EntitySpec, FieldSpec, Row } from './entities';

/** The shared schema of each entity: the same rules the API applies. */
const SCHEMAS: Record<EntityKey, z.ZodType> = {
  projects: projectInputSchema,
  experiments: experimentInputSchema,
  accessions: accessionInputSchema,
  sites: siteInputSchema,
  'file-types': fileTypeInputSchema,
  'cross-plans': crossPlanInputSchema,
};

const splitList = (value: unknown) =>
  typeof value === 'string'
    ? value
        .split(';')
        .map((part) => part.trim())
        .filter(Boolean)
    : value;

function ReferenceSelect({ field, form }: { field: FieldSpec; form: UseFormReturn<FieldValues> }) {
  const { path, nameField } = field.reference!;
  const { data, error } = useRequest<Page<Row>>(`${path}?pageSize=1000&sort=${nameField}`);
  const message = visibleError(form, field.name) ?? (error ? `Could not load the list: ${error.message}` : undefined);
  return (
    <label className="block text-sm font-medium text-stone-700">
      {field.label}
      {field.required && <span className="text-red-600"> *</span>}
      <select
        {...form.register(field.name, { setValueAs: (value) => (value === '' ? null : value) })}
        aria-invalid={message ? true : undefined}
        className={`mt-1 block w-full rounded-md border bg-white px-3 py-2 text-sm ${message ? 'border-red-500' : 'border-stone-300'}`}
      >
        <option value="">{data ? '— choose —' : 'Loading…'}</option>
        {data?.data.map((row) => (
          <option key={row.id} value={row.id}>
            {String(row[nameField])}
          </option>
        ))}
      </select>
      {message && (
        <span className="mt-1 block text-sm font-normal text-red-600" role="alert">
          {message}
        </span>
      )}
    </label>
  );
}

function Field({ field, form }: { field: FieldSpec; form: UseFormReturn<FieldValues> }) {
  const error = visibleError(form, field.name);
  const emptyIsNull = { setValueAs: (value: unknown) => (value === '' ? null : value) };
  switch (field.kind) {
    case 'textarea':
      return <TextAreaField label={field.label} required={field.required} hint={field.hint} error={error} {...form.register(field.name)} className="sm:col-span-2" />;
    case 'reference':
      return <ReferenceSelect field={field} form={form} />;
    case 'select':
      return (
        <label className="block text-sm font-medium text-stone-700">
          {field.label}
          {field.required && <span className="text-red-600"> *</span>}
          <select
            {...form.register(field.name, emptyIsNull)}
            aria-invalid={error ? true : undefined}
            className={`mt-1 block w-full rounded-md border bg-white px-3 py-2 text-sm ${error ? 'border-red-500' : 'border-stone-300'}`}
          >
            {!field.required && <option value="">—</option>}
            {field.options?.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
          {error && (
            <span className="mt-1 block text-sm font-normal text-red-600" role="alert">
              {error}
            </span>
          )}
        </label>
      );
    case 'number':
      return <TextField label={field.label} required={field.required} hint={field.hint} error={error} type="number" step="any" {...form.register(field.name, emptyIsNull)} />;
    case 'date':
      return <TextField label={field.label} required={field.required} hint={field.hint} error={error} type="date" {...form.register(field.name, emptyIsNull)} />;
    default:
      return <TextField label={field.label} required={field.required} hint={field.hint} error={error} {...form.register(field.name)} />;
  }
}

/** Create or edit one record in a dialog, on the entity's shared schema; server errors land on their fields. */
export default function EntityFormDialog({ spec, row, onClose, onSaved }: { spec: EntitySpec; row: Row | null; onClose: () => void; onSaved: (saved: Row) => void }) {
  const listFields = useMemo(() => spec.fields.filter((field) => field.kind === 'list').map((field) => field.name), [spec]);
  const schema = useMemo(
    () =>
      z.preprocess(
        (values) => (typeof values === 'object' && values ? Object.fromEntries(Object.entries(values).map(([key, value]) => [key, listFields.includes(key) ? splitList(value) : value])) : values),
        SCHEMAS[spec.key],
      ),
    [spec, listFields],
  );
  const defaults = useMemo(
    () =>
      Object.fromEntries(
        spec.fields.map((field) => {
          const value = row?.[field.name];
          if (field.kind === 'list') return [field.name, Array.isArray(value) ? value.join('; ') : ''];
          if (field.kind === 'select' && field.required && !value) return [field.name, field.options?.[0]?.value ?? ''];
          return [field.name, value ?? ''];
        }),
      ),
    [spec, row],
  );
  const form = useForm<FieldValues>({ resolver: zodResolver(schema as z.ZodType<FieldValues, FieldValues>), mode: 'all', defaultValues: defaults });

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const saved = row ? await request<Row>(`${spec.path}/${row.id}`, 'PUT', values) : await request<Row>(spec.path, 'POST', values);
      notify.success(`${row ? 'Saved' : 'Created'} ${spec.noun} ${String(saved[spec.nameField])}`);
      onSaved(saved);
    } catch (error) {
      reportSubmitError(form, error);
    }
  });

  return (
    <FormDialog
      title={row ? `Edit ${spec.noun}` : `New ${spec.noun}`}
      maxWidth="2xl"
      submitLabel={row ? 'Save' : `Create ${spec.noun}`}
      busy={form.formState.isSubmitting}
      onClose={onClose}
      onSubmit={() => void onSubmit()}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        {spec.fields.map((field) => (
          <Field key={field.name} field={field} form={form} />
        ))}
      </div>
    </FormDialog>
  );
}
