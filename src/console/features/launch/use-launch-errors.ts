import { useFormContext } from 'react-hook-form';
import type { LaunchValues } from './launch-types';
import { useCheckMessage } from './use-launch-check';

/**
 * The message of a launch form field's error by its dotted name (`params.model`), whether the
 * browser's check or the server's refusal set it, or else the server's check when the field was
 * left (use-launch-check.ts); undefined when the field is fine.
 */
export function useLaunchErrors() {
  const { formState } = useFormContext<LaunchValues>();
  const checkMessage = useCheckMessage();
  return (name: string): string | undefined => {
    let error: unknown = formState.errors;
    for (const part of name.split('.')) error = (error as Record<string, unknown> | undefined)?.[part];
    const message = (error as { message?: unknown } | undefined)?.message;
    return typeof message === 'string' ? message : checkMessage(name);
  };
}
