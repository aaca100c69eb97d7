import { API_TOKEN_LIFETIMES_DAYS, apiTokenCreateSchema, type ApiTokenCreate, type ApiTokenIssued } from '../../../contract/account';
import { notify } from '../../app/notify';
import { request } from '../../lib/api';
import { reportSubmitError, useSchemaForm, visibleError } from '../../ui/forms';
import { SubmitButton } from '../../ui/SubmitButton';
import { SelectField, TextField } from '../../ui/TextField';

const NO_EXPIRY = 'never';
const DEFAULTS: ApiTokenCreate = { name: '', expiresInDays: 30 };

/** Loaded on demand, with the validation rules it needs. */
export default function ApiTokenForm({ onIssued }: { onIssued: (issued: ApiTokenIssued) => void }) {
  const form = useSchemaForm<ApiTokenCreate>(apiTokenCreateSchema, DEFAULTS);
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const issued = await request<ApiTokenIssued>('profile/tokens', 'POST', values);
      form.reset(DEFAULTS);
      notify.success(`API token ${issued.apiToken.name} created`);
      onIssued(issued);
    } catch (error) {
      reportSubmitError(form, error);
    }
  });
  return (
    <form onSubmit={onSubmit} noValidate aria-label="Create an API token" className="grid gap-4 sm:grid-cols-[1fr_auto] sm:items-start">
      <TextField label="Name" hint="What uses it, e.g. Field Book tablet or nightly export." autoComplete="off" required error={visibleError(form, 'name')} {...form.register('name')} />
      <SelectField
        label="Expires"
        required
        error={visibleError(form, 'expiresInDays')}
        {...form.register('expiresInDays', { setValueAs: (value: unknown) => (value === NO_EXPIRY || value === null ? null : Number(value)) })}
      >
        {API_TOKEN_LIFETIMES_DAYS.map((days) => (
          <option key={days} value={days}>
            {days === 365 ? 'in a year' : `in ${days} days`}
          </option>
        ))}
        <option value={NO_EXPIRY}>never (until revoked)</option>
      </SelectField>
      <div className="sm:col-span-2">
        <SubmitButton busy={form.formState.isSubmitting} className="w-auto">
          Create token
        </SubmitButton>
      </div>
    </form>
  );
}
