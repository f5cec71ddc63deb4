/**
 * The report of a config.json (or `window.__APP_CONFIG__`) that is not valid (src/lib/engine/config-problem.ts).
 * Key names, file names, HTTP statuses and the parser's own words are arguments: they stay as written.
 */
export const config = {
  'config.problemTitle': 'The app configuration (config.json) is not valid: the default settings are used',
  'config.unreadable': '{file} could not be read (HTTP {status})',
  'config.notJson': '{file} is not valid JSON ({detail})',
  'config.invalid': '{file} is not valid: {keys}',
} as const;
