/**
 * @module What a command's options are: one table per command, an entry per flag, from which the
 * flags, their values, `--help`, the replay line and the config file's JSON Schema are all read.
 */

/** A JSON Schema, as the config file's schema holds it for one key. */
export type JsonSchema = Readonly<Record<string, unknown>>;

/** How a value is read and checked, whether it comes from a flag or from the config file. */
export interface Kind<V> {
  /** The value from a flag, the environment or the config file; a mistake throws one `CTS_BAD_FLAG` line. */
  read(raw: unknown, flag: string, fromConfig: boolean): V;
  /** The config file's schema of the value; `null`: judged by the CLI, not listed in the schema. */
  readonly schema: JsonSchema | null;
  /** How `--help` shows a value (the default): as it is unless given. */
  show?(value: V): string;
}

export interface CliOption<V = unknown> {
  readonly multiple?: true;
  readonly short?: string;
  /** The value's name in `--help` (`--timeout MS`); an option without one is a switch. */
  readonly arg?: string;
  /**
   * What it does, for `--help` (wrapped there). `{default}`, `{replayDefault}` and `{env}` (`{$env}`:
   * `$NAME`) show this option's; `{timeout.default}` another option's of the same table.
   */
  readonly help: string;
  /** The part of `--help` it is listed in (../usage.ts). */
  readonly group: string;
  /** Reads and checks the value; without one, the flag's text (or `true`) is the value. */
  readonly kind?: Kind<V>;
  /** The value when none is given; one that sets a setting (`into`) takes it from `withDefaults`. */
  readonly default?: V;
  /** `run --replay`'s default, where it has another (`--level`, `--timeout`). */
  readonly replayDefault?: V;
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
  /** With `run --replay`, which sends recorded requests as they are: `refused` on the command line, or `unused`. */
  readonly withReplay?: 'refused' | 'unused';
  /** The setting it sets: `mock`, a key of the server options; `run`, a dotted path in `RunSettings`. */
  readonly into?: string;
}

/** A command's options by flag name (without `--`), in order. */
export type OptionTable = Readonly<Record<string, CliOption>>;

/** The options of `table`, each listed in `group` of `--help`. */
export function inGroup<const G extends string, const T extends Readonly<Record<string, Omit<CliOption, 'group'>>>>(
  group: G,
  table: T,
): { readonly [F in keyof T]: T[F] & { readonly group: G } } {
  return Object.fromEntries(Object.entries(table).map(([flag, option]) => [flag, { ...option, group }])) as never;
}

/** `table` with each option that sets a setting (`into`) given the default at that path of `defaults`. */
export function withDefaults<T extends OptionTable>(defaults: object, table: T): T {
  const entries = Object.entries(table).map(([flag, option]) => {
    const found = option.into === undefined ? undefined : configValue(defaults, option.into);
    if (found === undefined) return [flag, option];
    if ('default' in option && option.default !== found) throw new Error(`--${flag}: a default of its own`);
    return [flag, { ...option, default: found }];
  });
  return Object.fromEntries(entries) as T;
}

/** What `parseArgs` takes an option for: a string when it takes a value (`arg`), else a switch. */
export const typeOf = (option: CliOption): 'string' | 'boolean' => (option.arg === undefined ? 'boolean' : 'string');

/** What `parseArgs` gives for an option. */
type FlagValue<O> = O extends { arg: string } ? (O extends { multiple: true } ? string[] : string) : boolean;

export type FlagValues<T> = { readonly [K in keyof T]?: FlagValue<T[K]> };

/** The value of an option once read: its kind's, else what `parseArgs` gives. */
export type ValueOf<O> = O extends { kind: Kind<infer V> } ? V : FlagValue<O>;

/** Where a value not on the command line may come from. */
export interface ValueSources {
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
 * Reads options of `table`: the flag, else its environment variable, else its config key, else the
 * default (the table's, or the one given). `value.resolved` holds every value read so far, by flag.
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
  help: { short: 'h', help: 'print this help', group: 'help' },
} as const satisfies OptionTable;
