import { desc } from 'drizzle-orm';
import { defaultSiteSettings, siteSettings, type SiteSettings } from '@portal/domain/site-settings';
import type { Database } from '../db/database';
import { siteSettingsVersions } from '../db/schema';

export interface SiteSettingsInForce {
  /** The stored version in force; 0 for the defaults. */
  version: number;
  settings: SiteSettings;
}

/**
 * The site settings in force (docs/site-settings.md): the newest version, read at every call so
 * that a change reaches every server at once. None stored, or a stored one that no longer reads,
 * gives the defaults, and `onUnreadable` hears of the latter: the portal keeps working.
 */
export async function readSiteSettings(
  db: Database,
  onUnreadable: (problem: string) => void = () => {},
): Promise<SiteSettingsInForce> {
  const [row] = await newestSiteSettings(db);
  return siteSettingsOf(row, onUnreadable);
}

/** The newest stored version, as a query that a bigger statement may also join. */
export function newestSiteSettings(db: Database) {
  return db
    .select()
    .from(siteSettingsVersions)
    .orderBy(desc(siteSettingsVersions.version))
    .limit(1);
}

/** The settings a stored version (or none) puts in force, as `readSiteSettings` answers them. */
export function siteSettingsOf(
  row: { version: number; settings: unknown } | undefined,
  onUnreadable: (problem: string) => void = () => {},
): SiteSettingsInForce {
  if (!row) return { version: 0, settings: defaultSiteSettings };
  const parsed = siteSettings.safeParse(row.settings);
  if (!parsed.success) {
    onUnreadable(`site settings version ${row.version} do not read: ${parsed.error.message}`);
    return { version: 0, settings: defaultSiteSettings };
  }
  return { version: row.version, settings: parsed.data };
}

/** Changes the settings: the ones given replace those in force, as a new version. */
export async function changeSiteSettings(
  db: Database,
  changes: Partial<SiteSettings>,
  changedBy: string,
): Promise<SiteSettingsInForce> {
  const current = await readSiteSettings(db);
  const settings = siteSettings.parse({ ...current.settings, ...changes });
  const [row] = await db
    .insert(siteSettingsVersions)
    .values({ settings, changedBy })
    .returning({ version: siteSettingsVersions.version });
  return { version: row!.version, settings };
}
