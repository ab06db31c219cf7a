/** @module The one check of a target URL, shared by the CLI, the config file and the vitest integration. */
import { ENV_BASIC, ENV_TOKEN } from './defaults.js';
import { ConformanceError } from './errors.js';

/** The URL without trailing slashes, or a CTS_BAD_FLAG error naming `where` it came from. */
export function checkTargetUrl(url: unknown, where: string): string {
  if (typeof url !== 'string' || url.trim() === '')
    throw new ConformanceError(
      'CTS_BAD_FLAG',
      `${where}: a target URL is required (e.g. http://localhost:8000), got ${url === undefined ? 'none' : JSON.stringify(url)}`,
    );
  if (!URL.canParse(url))
    throw new ConformanceError('CTS_BAD_FLAG', `${where}: "${url}" is not a URL (expected e.g. http://localhost:8000)`);
  const parsed = new URL(url);
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')
    throw new ConformanceError(
      'CTS_BAD_FLAG',
      `${where}: only http and https targets are supported, got "${url}" (expected e.g. http://${url.replace(/^[a-z]+:\/\//i, '')})`,
    );
  if (parsed.username || parsed.password)
    throw new ConformanceError(
      'CTS_BAD_FLAG',
      `${where}: put credentials in ${ENV_TOKEN} / ${ENV_BASIC}, not in the URL`,
    );
  return url.replace(/\/+$/, '');
}
