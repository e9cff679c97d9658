import type { WAVersion } from 'baileys';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { StoredVersion, VersionStore } from '../../whatsapp/client-version';

type Row = { version: string; fetched_at: Date | string };

const toStored = (row: Row): StoredVersion => ({
  version: row.version.split('.').map(Number) as WAVersion,
  fetchedAt: new Date(row.fetched_at),
});

/**
 * The last good WhatsApp Web version, shared by every instance (wa_client_version, one row): a version is
 * kept only when it is at least as new as the stored one, compared number by number in one statement, so
 * two instances storing at once never replace a newer version with an older one.
 */
export function createClientVersionRepository(db: Db): VersionStore {
  async function load(): Promise<StoredVersion | null> {
    const result = (await db.execute(
      sql`select version, fetched_at from wa_client_version where id = 1`,
    )) as {
      rows: Row[];
    };
    const [row] = result.rows;
    return row ? toStored(row) : null;
  }

  return {
    load,
    async save(version) {
      const text = version.join('.');
      const result = (await db.execute(sql`insert into wa_client_version (id, version, fetched_at)
        values (1, ${text}, now())
        on conflict (id) do update set version = excluded.version, fetched_at = excluded.fetched_at
        where string_to_array(wa_client_version.version, '.')::bigint[]
          <= string_to_array(excluded.version, '.')::bigint[]
        returning version, fetched_at`)) as { rows: Row[] };
      const [row] = result.rows;
      if (row) return toStored(row);
      const stored = await load();
      if (!stored) throw new Error('wa_client_version has no row after an upsert');
      return stored;
    },
  };
}
