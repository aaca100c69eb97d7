import { createContext, useCallback, useContext, useEffect, useRef, useState } from 'react';
import type { Path, UseFormReturn } from 'react-hook-form';
import type { RunLaunch, RunLaunchCheck } from '../../../contract/runs';
import { request } from '../../lib/api';
import type { LaunchValues } from './launch-types';

/** How long the form waits after a field is left (or a file chosen) before it asks: leaving three fields in a row asks once. */
export const CHECK_DELAY_MS = 400;

/** The check's messages by field (`params.bayes_burn_in`, `labels`), for the fields to show under themselves. */
export const LaunchCheckMessages = createContext<Record<string, string>>({});

/** A field's check message, if the last check found one for it. */
export const useCheckMessage = () => {
  const messages = useContext(LaunchCheckMessages);
  return (name: string): string | undefined => messages[name];
};

/** The form's field a refusal's key is about: a label's position (`labels.2`) is the labels field. */
export const formFieldOf = (key: string) => (key.startsWith('labels.') ? 'labels' : key);

/**
 * The launch form asks the server what Launch would refuse (POST /runs/check, the launch's own
 * check: every problem at once, the schema, values that cannot run together, the input files)
 * when a field is left or a file is chosen, and shows the answers under their fields before
 * Launch is pressed. A field that is empty and was never visited is not told it is required yet.
 * A field's message goes as soon as its value changes; the next check says whether it still holds.
 */
export function useLaunchCheck(form: UseFormReturn<LaunchValues>, bodyOf: (values: LaunchValues) => RunLaunch) {
  const [messages, setMessages] = useState<Record<string, string>>({});
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  // Only the answer to the latest question is shown: an earlier one may come back later.
  const asked = useRef(0);
  const bodyRef = useRef(bodyOf);
  bodyRef.current = bodyOf;

  const shown = useCallback(
    (errors: Record<string, string>) => {
      const kept: Record<string, string> = {};
      for (const [key, message] of Object.entries(errors)) {
        const field = formFieldOf(key) as Path<LaunchValues>;
        const value = form.getValues(field);
        if ((value === '' || value === undefined || value === null) && !form.getFieldState(field).isTouched) continue;
        kept[field] ??= message;
      }
      return kept;
    },
    [form],
  );

  const ask = useCallback(async () => {
    asked.current += 1;
    const question = asked.current;
    const body = bodyRef.current(form.getValues());
    const sent = JSON.stringify(body);
    try {
      const answer = await request<RunLaunchCheck>('runs/check', 'POST', body);
      // Values changed while the server looked: the answer is about values no longer there, and the next field left asks again.
      if (question !== asked.current || JSON.stringify(bodyRef.current(form.getValues())) !== sent) return;
      setMessages(shown(answer.errors));
    } catch {
      // The check is advice: Launch asks the server again and is the one that refuses. A check
      // that failed (offline, a server busy or older than the form, a body it refuses) adds no
      // message and shows no error, so that it never stands between a person and Launch; the
      // messages of the last check that answered stay until their fields change.
    }
  }, [form, shown]);

  const schedule = useCallback(() => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => void ask(), CHECK_DELAY_MS);
  }, [ask]);

  /** Launch is pressed: a check on its way is not wanted any more (Launch answers for itself). */
  const cancel = useCallback(() => {
    clearTimeout(timer.current);
    asked.current += 1;
    setMessages({});
  }, []);

  useEffect(() => {
    const subscription = form.watch((_values, { name, type }) => {
      if (!name) return;
      // Typed into: the message was about the value before. Set by the form itself (a file chosen
      // or uploaded, a params file imported, another name drawn): a value to check.
      setMessages((current) => {
        const field = formFieldOf(name);
        if (!(field in current)) return current;
        const { [field]: _gone, ...rest } = current;
        return rest;
      });
      if (type !== 'change') schedule();
    });
    return () => {
      subscription.unsubscribe();
      clearTimeout(timer.current);
    };
  }, [form, schedule]);

  return { messages, schedule, cancel };
}
