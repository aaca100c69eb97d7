/**
 * A run log message as one line. Messages carry parameter values, task tags and error messages
 * a person typed: control characters are written escaped (a newline as \n, ESC as \u001b), so
 * that a value can neither forge a line of its own ("… Completed successfully.") nor drive the
 * terminal of whoever tails the log. Tabs stay.
 */
const CONTROL_CHARACTERS = /(?!\t)[\p{Cc}\u2028\u2029]/gu;
const SHORT_ESCAPES: Record<string, string> = { '\n': '\\n', '\r': '\\r' };

export function logLine(message: string): string {
  return message.replace(CONTROL_CHARACTERS, (character) => SHORT_ESCAPES[character] ?? `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
