/**
 * A parser for the part of Nextflow's config language (Groovy) that Seedbed writes: scopes,
 * `withName:` selectors, assignments of numbers, single-quoted strings and closures over a small
 * expression language (ternaries, elvis, comparisons, `in`, arithmetic, member and safe-navigation
 * access, method calls, list literals, `4.GB`-style units). It is strict on purpose: an unknown
 * scope, directive, variable or unit, a missing brace or a statement run into the next is an
 * error naming the line, so that a test of the generated config can fail.
 */

type Token = { kind: 'name' | 'number' | 'string' | 'symbol' | 'end'; text: string; line: number; newlineBefore: boolean };

export class ConfigSyntaxError extends Error {
  override name = 'ConfigSyntaxError';
}

const SYMBOLS = ['?.', '?:', '==', '!=', '<=', '>=', '&&', '||', '{', '}', '(', ')', '[', ']', ',', ':', ';', '=', '?', '.', '*', '/', '+', '-', '<', '>', '!'];

function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  let at = 0;
  let line = 1;
  let newlineBefore = true;
  const fail = (message: string): never => {
    throw new ConfigSyntaxError(`Line ${line}: ${message}`);
  };
  while (at < text.length) {
    const char = text[at]!;
    if (char === '\n') {
      line += 1;
      newlineBefore = true;
      at += 1;
    } else if (/\s/.test(char)) at += 1;
    else if (text.startsWith('//', at)) while (at < text.length && text[at] !== '\n') at += 1;
    else if (text.startsWith('/*', at)) {
      const close = text.indexOf('*/', at + 2);
      if (close < 0) fail('a comment opened with /* is never closed');
      line += text.slice(at, close).split('\n').length - 1;
      at = close + 2;
    } else if (char === "'") {
      let value = '';
      at += 1;
      for (;;) {
        const next = text[at];
        if (next === undefined || next === '\n') fail('a string is not closed on its line');
        if (next === "'") break;
        if (next === '\\') {
          const escaped = text[at + 1];
          const known: Record<string, string> = { '\\': '\\', "'": "'", n: '\n', r: '\r', t: '\t', $: '$' };
          if (escaped === undefined || !(escaped in known)) fail(`unknown escape \\${escaped ?? ''} in a string`);
          value += known[escaped!];
          at += 2;
        } else {
          value += next;
          at += 1;
        }
      }
      at += 1;
      tokens.push({ kind: 'string', text: value, line, newlineBefore });
      newlineBefore = false;
    } else if (char === '"') fail('double-quoted strings (Groovy GStrings) are not written by Seedbed');
    else {
      const number = /^\d+(\.\d+)?/.exec(text.slice(at));
      const name = /^[A-Za-z_][\w]*/.exec(text.slice(at));
      const symbol = SYMBOLS.find((candidate) => text.startsWith(candidate, at));
      const taken = number ? { kind: 'number' as const, text: number[0] } : name ? { kind: 'name' as const, text: name[0] } : symbol ? { kind: 'symbol' as const, text: symbol } : null;
      if (!taken) fail(`unexpected character ${JSON.stringify(char)}`);
      tokens.push({ ...taken!, line, newlineBefore });
      newlineBefore = false;
      at += taken!.text.length;
    }
  }
  tokens.push({ kind: 'end', text: 'the end of the file', line, newlineBefore: true });
  return tokens;
}

/** A parsed value: literals as themselves, a closure as its source-free tree. */
export type ConfigValue = number | string | boolean | { closure: Expression };
export type Expression =
  | { type: 'number'; value: number }
  | { type: 'string'; value: string }
  | { type: 'name'; name: string }
  | { type: 'member'; object: Expression; name: string; safe: boolean }
  | { type: 'call'; callee: Expression; args: Expression[] }
  | { type: 'list'; items: Expression[] }
  | { type: 'unary'; operator: string; operand: Expression }
  | { type: 'binary'; operator: string; left: Expression; right: Expression }
  | { type: 'ternary'; test: Expression; then: Expression; otherwise: Expression };
export interface ConfigScope {
  settings: Record<string, ConfigValue>;
  scopes: Record<string, ConfigScope>;
  /** withName: selectors, by the pattern they name. */
  withName: Record<string, ConfigScope>;
}

/** What may be set where: the scopes and directives Seedbed's resource config uses. */
const SCOPES: Record<string, { directives: string[]; selectors: boolean }> = {
  '': { directives: [], selectors: false },
  process: { directives: ['cpus', 'memory', 'time', 'errorStrategy', 'maxRetries'], selectors: true },
  withName: { directives: ['cpus', 'memory', 'time', 'errorStrategy', 'maxRetries'], selectors: false },
};
/** The names a closure may start from, and the units a number may carry. */
const CLOSURE_ROOTS = new Set(['task', 'Math', 'true', 'false', 'null']);
const UNITS = new Set(['B', 'KB', 'MB', 'GB', 'TB', 'ms', 's', 'min', 'h', 'd']);

export function parseNextflowConfig(text: string): ConfigScope {
  const tokens = tokenize(text);
  let at = 0;
  const peek = () => tokens[at]!;
  const fail = (message: string, token = peek()): never => {
    throw new ConfigSyntaxError(`Line ${token.line}: ${message}, found ${token.kind === 'end' ? token.text : JSON.stringify(token.text)}`);
  };
  const isSymbol = (text: string) => peek().kind === 'symbol' && peek().text === text;
  const take = (text: string) => (isSymbol(text) ? tokens[at++]! : fail(`expected ${JSON.stringify(text)}`));

  function scopeBody(kind: string, closing: boolean): ConfigScope {
    const scope: ConfigScope = { settings: {}, scopes: {}, withName: {} };
    const rules = SCOPES[kind]!;
    let first = true;
    for (;;) {
      while (isSymbol(';')) at += 1;
      const token = peek();
      if (closing && isSymbol('}')) {
        at += 1;
        return scope;
      }
      if (token.kind === 'end') return closing ? fail('a { is never closed') : scope;
      if (!first && !token.newlineBefore && tokens[at - 1]?.text !== ';' && tokens[at - 1]?.text !== '}') fail('one statement per line (or separate them with ;)');
      first = false;
      if (token.kind !== 'name') fail('expected a setting or a scope name');
      at += 1;
      if (token.text === 'withName' && rules.selectors) {
        take(':');
        const pattern = peek();
        if (pattern.kind !== 'string') fail('withName: takes a quoted process name');
        at += 1;
        take('{');
        if (pattern.text in scope.withName) fail(`withName: '${pattern.text}' appears twice`, pattern);
        scope.withName[pattern.text] = scopeBody('withName', true);
      } else if (isSymbol('{')) {
        if (!(token.text in SCOPES) || token.text === 'withName') fail(`unknown scope ${token.text}`, token);
        at += 1;
        scope.scopes[token.text] = scopeBody(token.text, true);
      } else {
        if (!rules.directives.includes(token.text)) fail(`${token.text} is not a setting here`, token);
        take('=');
        if (token.text in scope.settings) fail(`${token.text} is set twice`, token);
        scope.settings[token.text] = value();
      }
    }
  }

  function value(): ConfigValue {
    const token = peek();
    if (isSymbol('{')) {
      at += 1;
      const body = expression();
      take('}');
      return { closure: body };
    }
    const literal = token.kind === 'string' ? token.text : token.kind === 'number' ? Number(token.text) : token.text === 'true' || token.text === 'false' ? token.text === 'true' : undefined;
    if (literal !== undefined) {
      at += 1;
      return literal;
    }
    return fail('expected a number, a quoted string or a closure');
  }

  function expression(): Expression {
    const test = elvis();
    if (!isSymbol('?')) return test;
    at += 1;
    const then = expression();
    take(':');
    return { type: 'ternary', test, then, otherwise: expression() };
  }
  function elvis(): Expression {
    const left = binary(0);
    if (!isSymbol('?:')) return left;
    at += 1;
    return { type: 'binary', operator: '?:', left, right: elvis() };
  }
  const LEVELS = [['||'], ['&&'], ['==', '!=', '<', '>', '<=', '>=', 'in'], ['+', '-'], ['*', '/']];
  function binary(level: number): Expression {
    if (level === LEVELS.length) return unary();
    let left = binary(level + 1);
    for (;;) {
      const token = peek();
      const operator = (token.kind === 'symbol' || (token.kind === 'name' && token.text === 'in')) && LEVELS[level]!.includes(token.text) ? token.text : null;
      if (!operator) return left;
      at += 1;
      left = { type: 'binary', operator, left, right: binary(level + 1) };
    }
  }
  function unary(): Expression {
    if (isSymbol('!') || isSymbol('-')) {
      const operator = tokens[at++]!.text;
      return { type: 'unary', operator, operand: unary() };
    }
    return postfix();
  }
  function postfix(): Expression {
    let node = primary();
    for (;;) {
      if (isSymbol('.') || isSymbol('?.')) {
        const safe = tokens[at++]!.text === '?.';
        const name = peek();
        if (name.kind !== 'name') fail('expected a name after .');
        at += 1;
        if (node.type === 'number' && !UNITS.has(name.text)) fail(`${name.text} is not a memory or time unit`, name);
        node = { type: 'member', object: node, name: name.text, safe };
      } else if (isSymbol('(')) {
        if (node.type !== 'member' && node.type !== 'name') fail('only methods can be called');
        at += 1;
        node = { type: 'call', callee: node, args: list(')') };
      } else return node;
    }
  }
  function list(closer: string): Expression[] {
    const items: Expression[] = [];
    while (!isSymbol(closer)) {
      items.push(expression());
      if (!isSymbol(closer)) take(',');
    }
    at += 1;
    return items;
  }
  function primary(): Expression {
    const token = peek();
    if (token.kind === 'name' && !CLOSURE_ROOTS.has(token.text)) fail(`unknown name ${token.text} (a closure may read task and Math)`, token);
    const leaf: Expression | null =
      token.kind === 'number'
        ? { type: 'number', value: Number(token.text) }
        : token.kind === 'string'
          ? { type: 'string', value: token.text }
          : token.kind === 'name'
            ? { type: 'name', name: token.text }
            : null;
    if (leaf) {
      at += 1;
      return leaf;
    }
    if (isSymbol('(')) {
      at += 1;
      const inner = expression();
      take(')');
      return inner;
    }
    if (isSymbol('[')) {
      at += 1;
      return { type: 'list', items: list(']') };
    }
    return fail('expected a value');
  }

  return scopeBody('', false);
}
