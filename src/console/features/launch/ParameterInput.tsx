import type { ReactNode } from 'react';
import { Controller, type Path, useFormContext } from 'react-hook-form';
import { Switch } from '../../ui/Switch';
import { FileParameter } from './FileParameter';
import { Help, inputClass } from './launch-fields';
import type { LaunchValues, Pipeline } from './launch-types';
import { multiHint, rulesOf, typesOf, type ParameterField } from './schema-form';

/**
 * One parameter of the launch form, drawn from its nf-core schema: a switch for a boolean, a
 * select for an enum, a text box for numbers, text and paths (with the stored-file picker for a
 * file), its description, bounds and help, and its error in place of the description.
 */
export function ParameterInput({ field, pipeline, error }: { field: ParameterField; pipeline: Pipeline; error: string | undefined }) {
  const { control, register, setValue, watch } = useFormContext<LaunchValues>();
  const name = `params.${field.name}` as Path<LaunchValues>;
  const id = `param-${field.name}`;
  const hintId = `${id}-hint`;
  const { schema } = field;
  const label = (
    <label htmlFor={id} className="flex items-baseline gap-2 text-sm font-medium text-stone-800">
      <code className="font-mono">{field.name}</code>
      {field.required && (
        <span className="text-red-600" aria-hidden>
          *
        </span>
      )}
      {field.hidden && <span className="rounded bg-stone-100 px-1.5 text-[11px] font-normal text-stone-500">hidden</span>}
    </label>
  );
  const common = { id, 'aria-invalid': error ? true : undefined, 'aria-describedby': hintId, 'aria-required': field.required || undefined };
  let input: ReactNode;
  if (field.kind === 'boolean') {
    input = (
      <Controller
        control={control}
        name={name}
        render={({ field: controlled }) => (
          <div className="mt-1 flex items-center gap-3">
            <Switch id={id} checked={Boolean(controlled.value)} onChange={(checked) => controlled.onChange(checked)} label={field.name} />
            <span className="text-sm text-stone-600">{controlled.value ? 'Yes' : 'No'}</span>
          </div>
        )}
      />
    );
  } else if (field.kind === 'enum') {
    input = (
      <select {...common} className={inputClass(error)} {...register(name, rulesOf(field))}>
        {schema.default === undefined && <option value="">—</option>}
        {schema.enum!.map((option) => (
          <option key={String(option)} value={String(option)}>
            {String(option)}
          </option>
        ))}
      </select>
    );
  } else if (field.kind === 'integer' || field.kind === 'number') {
    input = <input {...common} type="text" inputMode={field.kind === 'integer' ? 'numeric' : 'decimal'} className={inputClass(error)} {...register(name, rulesOf(field))} />;
  } else {
    input = (
      <input
        {...common}
        type="text"
        spellCheck={false}
        className={`${inputClass(error)} font-mono`}
        placeholder={field.kind === 'file' ? 'A stored file (choose one below), or a path or URL' : field.kind === 'multi' ? multiHint(typesOf(schema)) : undefined}
        {...register(name, rulesOf(field))}
      />
    );
  }
  const bounds = [schema.minimum !== undefined ? `≥ ${schema.minimum}` : '', schema.maximum !== undefined ? `≤ ${schema.maximum}` : ''].filter(Boolean).join(', ');
  return (
    <div data-param={field.name}>
      {label}
      {input}
      {field.kind === 'file' && (
        <FileParameter
          field={field}
          fileTypes={pipeline.inputFileTypes?.[field.name] ?? []}
          value={String(watch(name) ?? '')}
          describedBy={hintId}
          onChoose={(file) => setValue(name, file.reference as never, { shouldValidate: true, shouldDirty: true, shouldTouch: true })}
        />
      )}
      {error ? (
        <p id={hintId} className="mt-1 text-sm text-red-600" role="alert">
          {error}
        </p>
      ) : (
        <p id={hintId} className="mt-1 text-xs text-stone-500">
          {schema.description}
          {bounds && <span className="text-stone-400"> ({bounds})</span>}
        </p>
      )}
      <Help text={schema.help_text} label="Help" />
    </div>
  );
}
