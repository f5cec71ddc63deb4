import * as E from '../../db/entities.ts';
import type { Mirror } from '../../db/mirror.ts';
import type { ApiClient } from '../transport/api-client.ts';
import { parseReply, type ReportInvalid } from '../sync/validate.ts';
import type { EngineError, Result } from '../../db/engine-api.ts';
import { MESSAGES } from '../../db/messages.ts';
import { toEngineError } from '../transport/errors.ts';

/**
 * The app settings (GET /app): kept in the device store so a reload shows the last ones before
 * the network answers; intervals and the realtime configuration come from here.
 */
export class SettingsStore {
  current: E.AppSettings | null = null;

  constructor(
    private readonly device: () => Mirror | null,
    private readonly api: ApiClient,
    private readonly reportInvalid: ReportInvalid,
    private readonly changed: (s: E.AppSettings, before: E.AppSettings | null) => void,
  ) {}

  async load(): Promise<void> {
    const row = await this.device()?.get('kv', 'settings');
    const parsed = row ? E.appSettings.safeParse(row.value) : null;
    if (parsed?.success) this.current = parsed.data;
  }

  async refresh(): Promise<Result<null>> {
    const reply = await this.api.request({ method: 'GET', path: '/app' }, { anonymous: true });
    if (!reply.ok) return { ok: false, error: toEngineError(reply, null, MESSAGES.appDataFailed) };
    const data = parseReply(E.dataOf(E.appSettings), reply.body, '/app', this.reportInvalid);
    if (!data) return { ok: false, error: { kind: 'invalid-reply', message: MESSAGES.appDataFailed } satisfies EngineError };
    const before = this.current;
    if (JSON.stringify(before) !== JSON.stringify(data.data)) {
      this.current = data.data;
      await this.device()?.write([{ table: 'kv', puts: [{ key: 'settings', value: data.data }], deletes: [] }]);
      this.changed(data.data, before);
    }
    return { ok: true, data: null };
  }

  homeInterval = () => this.current?.home_reload_timeout ?? 10_000;
  calendarInterval = () => this.current?.calendar_reload_timeout ?? 20_000;
}
