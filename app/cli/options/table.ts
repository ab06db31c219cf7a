/**
 * @module What a command's options are: one table per command (`run.ts`, `proxy.ts`, `mock.ts`,
 * `catalogue.ts` for `list` and `coverage`; the groups several commands share in `shared.ts`,
 * `../connection-flags.ts` and `HELP_OPTION` here), an entry per flag, in the order `--help` lists
 * each group and the replay line writes them; an option's default is its entry's, or (`withDefaults`)
 * the settings' defaults object's at the setting it sets. Everything else is read from the tables:
 * node's `parseArgs` options (`readFlags`, ../flags.ts), each value with its default (`resolver`
 * here), the `--help` text (help.ts, laid out in ../usage.ts), the replay line of a run
 * (replay-line.ts) and the config file's JSON Schema (scripts/generate-config-schema.ts).
 */

/** A JSON Schema, as the config file's schema holds it for one key. */
export type JsonSchema = Readonly<Record<string, unknown>>;

/** How a value is read and checked, whether it comes from a flag or from the config file. */
export interface Kind<V> {
  /**
   * The value from the command line (a string, strings for a repeatable flag), the environment or
   * the config file (its JSON value); a mistake throws one `CTS_BAD_FLAG` line naming `--flag`.
   */
  read(raw: unknown, flag: string, fromConfig: boolean): V;
  /** The config file's schema of the value; `null`: judged by the CLI, not listed in the schema. */
  readonly schema: JsonSchema | null;
  /** How `--help` shows a value (the default): as it is unless given. */
  show?(value: V): string;
}

export interface CliOption<V = unknown> {
  /** What node's `parseArgs` reads: a value (`string`) or none (`boolean`). */
  readonly type: 'string' | 'boolean';
  /** Repeatable: every value is kept, in order. */
  readonly multiple?: true;
  /** One-letter alias (`-q`). */
  readonly short?: string;
  /** The value's name in `--help` (`--timeout MS`). */
  readonly arg?: string;
  /**
   * What it does, for `--help` (wrapped there). `{default}`, `{replayDefault}` and `{env}` (`{$env}`:
   * `$NAME`) show this option's; `{timeout.default}` another option's of the same table.
   */
  readonly help: string;
  /** The part of `--help` it is listed in (each command's layout in ../usage.ts names its parts). */
  readonly group: string;
  /** Reads and checks the value; without one, the flag's text (or `true`) is the value. */
  readonly kind?: Kind<V>;
  /**
   * The value when none is given: `--help` shows it, the parser uses it. Said here when only the
   * command reads it; an option that sets a setting with a default (`into`) takes it from the settings'
   * defaults object (`withDefaults`).
   */
  readonly default?: V;
  /** `run --replay`'s default, where it has another (`--level`, `--timeout`). */
  readonly replayDefault?: V;
  /** The environment variable read when the flag is not given. */
  readonly env?: string;
  /** A secret: no config key, never written in a report; a replay line names its environment variable. */
  readonly secret?: true;
  /** The config file's key (`run` only; a dotted path for a nested one: `listParams.limit`). */
  readonly config?: string;
  /** Said in the config schema's description besides the help text. */
  readonly configNote?: string;
  /** Written in the replay line printed in reports, as `--flag value`, when its value is not the default. */
  readonly replay?: true;
  /** Written in the replay line, as these words (a value that needs quoting, or more than one word). */
  replayWords?(value: V, defaultValue: V | undefined): readonly string[];
  /**
   * With `run --replay`, which sends recorded requests as they are: `refused` on the command line (it
   * would be ignored; in the config file, shared with ordinary runs, it is left unused), or `unused`.
   * Either way it has no place in the replay line of a replay.
   */
  readonly withReplay?: 'refused' | 'unused';
  /**
   * The option of the command's settings it sets: `mock`, a key of the server options; `run`, a dotted
   * path in `RunSettings` (`target.entity`), which its replay line is also written from and whose
   * default in `RUN_DEFAULTS` is its default.
   */
  readonly into?: string;
}

/** A command's options by flag name (without `--`), in order. */
export type OptionTable = Readonly<Record<string, CliOption>>;

/**
 * `table` with each option that sets a setting (`into`) given the default at that path of `defaults`,
 * the one place it is said (`RUN_DEFAULTS`). An option saying another of its own is a mistake.
 */
export function withDefaults<T extends OptionTable>(defaults: object, table: T): T {
  const entries = Object.entries(table).map(([flag, option]) => {
    const found = option.into === undefined ? undefined : configValue(defaults, option.into);
    if (found === undefined) return [flag, option];
    if ('default' in option && option.default !== found) throw new Error(`--${flag}: a default of its own`);
    return [flag, { ...option, default: found }];
  });
  return Object.fromEntries(entries) as T;
}

/** What `parseArgs` gives for an option. */
type FlagValue<O> = O extends { type: 'boolean' } ? boolean : O extends { multiple: true } ? string[] : string;

/** The flags given on a command line, by name. */
export type FlagValues<T> = { readonly [K in keyof T]?: FlagValue<T[K]> };

/** The value of an option once read: its kind's, else what `parseArgs` gives. */
export type ValueOf<O> = O extends { kind: Kind<infer V> } ? V : FlagValue<O>;

/** Where a value not on the command line may come from. */
export interface ValueSources {
  /** The config file's content (`run`). */
  readonly config?: Readonly<Record<string, unknown>>;
  readonly env?: Readonly<Record<string, string | undefined>>;
}

/** The config file's value at a dotted key. */
export function configValue(config: object | undefined, key: string): unknown {
  let at: unknown = config;
  for (const part of key.split('.')) at = typeof at === 'object' && at !== null ? (at as never)[part] : undefined;
  return at;
}

/** `object` with `value` at a dotted key (the objects on the way made as needed). */
export function putValue(object: Record<string, unknown>, key: string, value: unknown): void {
  const parts = key.split('.');
  let at = object;
  for (const part of parts.slice(0, -1)) at = (at[part] ??= {}) as Record<string, unknown>;
  at[parts.at(-1)!] = value;
}

/**
 * Reads options of `table`: the flag, else its environment variable, else its config key; read by its
 * kind; else the default (the table's, or the one given: `value('timeout', 60_000)`, `value('model',
 * undefined)` for none). `value.resolved` holds every value read so far, by flag (the replay line's).
 */
export function resolver<T extends OptionTable>(table: T, flags: FlagValues<T>, sources: ValueSources = {}) {
  const resolved: Record<string, unknown> = {};
  function value<K extends keyof T & string, F extends ValueOf<T[K]> | undefined>(
    name: K,
    fallback: F,
  ): ValueOf<T[K]> | F;
  function value<K extends keyof T & string>(
    name: K,
  ): T[K] extends { default: unknown } ? ValueOf<T[K]> : ValueOf<T[K]> | undefined;
  function value(name: string, ...fallback: unknown[]): unknown {
    const option = table[name]!;
    const given = (flags as Readonly<Record<string, unknown>>)[name];
    const fromEnv = option.env === undefined ? undefined : sources.env?.[option.env];
    const fromConfig = option.config === undefined ? undefined : configValue(sources.config, option.config);
    const raw = given ?? fromEnv ?? fromConfig;
    resolved[name] =
      raw === undefined
        ? fallback.length
          ? fallback[0]
          : option.default
        : option.kind
          ? option.kind.read(raw, name, given === undefined && fromEnv === undefined)
          : raw;
    return resolved[name];
  }
  return Object.assign(value, { resolved: resolved as Readonly<Record<string, unknown>> });
}

/** `--help`, which every command takes. */
export const HELP_OPTION = {
  help: { type: 'boolean', short: 'h', help: 'print this help', group: 'help' },
} as const satisfies OptionTable;
