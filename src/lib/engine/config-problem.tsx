import { useI18n, type Locale } from '../i18n/index.ts';

/**
 * The report of a config.json (or `window.__APP_CONFIG__`) that is not valid, in the language on view
 * (rendered, so a switch renames the open report too). src/lib/config.ts words each problem in
 * English, as its tests read it: English shows those words as they are; another language words the
 * three kinds config.ts writes (unreadable, not JSON, keys not valid) from the catalogue, with the
 * file's name, the HTTP status, the parser's own words and the key names as written. A problem of
 * another form is shown as it is.
 */
export function ConfigProblemTitle() {
  const { t } = useI18n();
  return <>{t('config.problemTitle')}</>;
}

export function ConfigProblemText({ problems }: { problems: string[] }) {
  const { t, locale } = useI18n();
  return <>{problems.map((p) => configProblemText(p, locale, t)).join('. ')}</>;
}

type T = ReturnType<typeof useI18n>['t'];

/** One problem of config.ts in `locale`: English as written, else from the catalogue. */
export function configProblemText(problem: string, locale: Locale, t: T): string {
  if (locale === 'en') return problem;
  let m = /^(\S+) could not be read \(HTTP (\d+)\)$/.exec(problem);
  if (m) return t('config.unreadable', { file: m[1]!, status: m[2]! });
  m = /^(\S+) is not valid JSON \((.*)\)$/s.exec(problem);
  if (m) return t('config.notJson', { file: m[1]!, detail: m[2]! });
  m = /^(\S+) is not valid: (.*)$/s.exec(problem);
  if (m) {
    const keys = issueKeys(m[2]!);
    // Each key isolated: in a right-to-left sentence the list reads from the right, first key first.
    if (keys.length) return t('config.invalid', { file: m[1]!, keys: keys.map((k) => `\u2068${k}\u2069`).join(locale === 'ar' ? '، ' : ', ') });
  }
  return problem;
}

/**
 * The keys named by config.ts's issue list (`path: message; …`, zod's words): each issue's path, or
 * for an unknown key (`Unrecognized key: "apiBse"`, at the root) the key itself.
 */
export function issueKeys(issues: string): string[] {
  const keys: string[] = [];
  for (const issue of issues.split('; ')) {
    const unknown = /^(?:([\w.]+): )?Unrecognized keys?: (.*)$/.exec(issue);
    if (unknown) {
      const prefix = unknown[1] ? `${unknown[1]}.` : '';
      for (const k of unknown[2]!.matchAll(/"([^"]*)"/g)) keys.push(prefix + k[1]);
      continue;
    }
    const path = /^([\w.$]+): /.exec(issue);
    if (path) keys.push(path[1]!);
  }
  return [...new Set(keys)];
}
