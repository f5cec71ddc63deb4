import type { DB } from '../db/index.ts';

/** App settings as `GET /app` serves them (less WsConfig, which depends on the listening socket). */
export interface AppSettings {
  announcement: string | null;
  email_verification: boolean;
  enable_app_wallet: boolean;
  ramadan_mode: boolean;
  ramadan_message: string;
  home_reload_timeout: number;
  calendar_reload_timeout: number;
  pp_client: string;
  monthly_class_changes: number;
  min_recharge_amount: number;
  /** GET /childs `meta.cap_running`: while a cap runs, parents cannot create child accounts. Not part of /app. */
  children_cap_running: boolean;
}

export const defaultSettings: AppSettings = {
  announcement: null,
  email_verification: true,
  enable_app_wallet: true,
  ramadan_mode: false,
  ramadan_message: 'Ramadan Kareem! Classes keep their times during Ramadan.',
  home_reload_timeout: 10000,
  calendar_reload_timeout: 20000,
  pp_client: 'sandbox-reference-client',
  monthly_class_changes: 4,
  min_recharge_amount: 10,
  children_cap_running: false,
};

export function getSettings(db: DB): AppSettings {
  const rows = db.prepare('SELECT key, value FROM settings').all() as { key: string; value: string }[];
  const out: Record<string, unknown> = { ...defaultSettings };
  for (const r of rows) out[r.key] = JSON.parse(r.value);
  return out as unknown as AppSettings;
}

export function setSetting<K extends keyof AppSettings>(db: DB, key: K, value: AppSettings[K]): void {
  db.prepare('INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value')
    .run(key, JSON.stringify(value));
}
