import { createDatabase } from '../apps/server/src/db/client';
import { createInboxRepository } from '../apps/server/src/modules/inbox/inbox.repository';

const database = await createDatabase('postgres://postgres@127.0.0.1:5432/wadesk_inbox_explore');
const repo = createInboxRepository(database.db);
for (const c of JSON.parse(process.argv[2] ?? '[]')) {
  const times: number[] = [];
  let n = 0;
  for (let i = 0; i < 5; i++) {
    const started = performance.now();
    n = (await repo.page({ organisationId: 1, memberId: 1, limit: 50, view: 'all', ...c })).length;
    times.push(performance.now() - started);
  }
  console.log(JSON.stringify(c), n, 'rows', times.map((t) => t.toFixed(1)).join(' '));
}
await database.close();
