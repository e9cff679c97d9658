// The inbox bench's organisation: 100,000 tickets of 25,000 groups (three closed and one active each) with
// four conversation messages apiece, bulk-seeded with SQL (generate_series). Names, numbers and texts repeat
// as a real desk's do: 500 customer names, eight kinds of question and four kinds of answer, each message
// with an order number of its own. Beside it a neighbour organisation on the same database whose messages
// all carry the words the bench searches for: a search must not pay for another tenant's matches.
import type pg from 'pg';

export const INBOX_TICKETS = 100_000;
export const INBOX_MESSAGES_PER_TICKET = 4;
/** The neighbour's tickets, four messages each, every one with the bench's rare and common search words. */
export const NEIGHBOUR_TICKETS = 25_000;
/** One message's order number in the bench's organisation (ticket 42001, message 3): its rare search. */
export const RARE_NUMBER = '420013';
const PER_GROUP = 4;

const FIRST = [
  'Maria',
  'Jean',
  'Luca',
  'Anna',
  'Omar',
  'Ines',
  'Tom',
  'Sara',
  'Ali',
  'Eva',
  'Noah',
  'Mia',
  'Leo',
  'Zoe',
  'Ben',
  'Ida',
  'Max',
  'Lea',
  'Sam',
  'Amy',
];
const LAST = [
  'Lopez',
  'Dupont',
  'Rossi',
  'Schmidt',
  'Haddad',
  'Garcia',
  'Novak',
  'Berg',
  'Kaya',
  'Costa',
  'Weber',
  'Silva',
  'Fischer',
  'Moreau',
  'Jansen',
  'Nowak',
  'Ricci',
  'Meyer',
  'Santos',
  'Keller',
  'Wagner',
  'Dubois',
  'Bianchi',
  'Horvat',
  'Larsen',
];
const QUESTIONS = [
  'Where is my parcel, order',
  'The printer is broken again, order',
  'I need a refund for order',
  'My invoice is missing for order',
  'The wifi is down since this morning, contract',
  'Please reset my password, account',
  'Can I change the delivery address of order',
  'The app crashes on start, device',
];
const ANSWERS = [
  'Thanks, we are looking into it',
  'Could you send us a photo of it?',
  'Your refund is on its way',
  'We have reset it, please try again',
];

const array = (values: string[]) => `array[${values.map((v) => `'${v.replace(/'/g, "''")}'`).join(', ')}]`;

async function addSession(client: pg.Client, organisationId: number, phone: string): Promise<string> {
  const { rows } = await client.query<{ id: string }>(
    `insert into wa_sessions (organisation_id, name, description, status, phone)
     values ($1, 'Support', 'bench', 'connected', $2) returning id`,
    [organisationId, phone],
  );
  return rows[0]?.id as string;
}

/**
 * Seeds the organisation's session, tickets and messages, and the neighbour organisation's; answers the
 * organisation's session id.
 */
export async function seedInbox(
  client: pg.Client,
  organisationId: number,
  memberId: number,
  neighbourId: number,
): Promise<string> {
  const sessionId = await addSession(client, organisationId, '4930000000000');
  const neighbourSession = await addSession(client, neighbourId, '4930000000001');
  // Bulk loads build indexes once after the rows, not row by row: the trigram indexes alone made the seed
  // take five minutes. The unique indexes stay (the engine's one-active rule), the others come back below.
  const { rows: indexes } = await client.query<{ name: string; definition: string }>(
    `select i.indexname as name, i.indexdef as definition from pg_indexes i
     join pg_class c on c.relname = i.indexname join pg_index x on x.indexrelid = c.oid
     where i.schemaname = 'public' and i.tablename in ('tickets', 'ticket_messages') and not x.indisunique`,
  );
  for (const index of indexes) await client.query(`drop index "${index.name}"`);
  // Nor row by row through the foreign-key and ticket_stats triggers (the bench's role is a superuser): the
  // rows are consistent by construction, and the inbox reads no stats.
  await client.query('set session_replication_role = replica');
  // Ticket i: group i / 4, the last of each group active (open, in progress or pending by turns, every
  // other one assigned to the bench's member); the customer's last word up to a day after the opening.
  await client.query(
    `insert into tickets (organisation_id, session_id, group_jid, group_name, customer, customer_number,
       last_message, status, created_at, updated_at, first_response_at, closed_at, assignee_id,
       last_customer_at, waiting_since)
     select $1, $2::uuid, 'g' || (i / ${PER_GROUP}) || '@g.us', 'Group ' || (i / ${PER_GROUP}),
       (${array(FIRST)})[1 + i % ${FIRST.length}] || ' ' || (${array(LAST)})[1 + (i / ${FIRST.length}) % ${LAST.length}],
       '+49151' || lpad(i::text, 7, '0'), 'Last message of ticket ' || i, s.status,
       t.created, t.last + interval '1 hour', t.created + interval '5 minutes',
       case when s.status = 'close' then t.last + interval '2 hours' end,
       case when s.status <> 'close' and (i / ${PER_GROUP}) % 2 = 0 then $3::int end,
       t.last, case when s.status <> 'close' and i % 3 = 0 then t.last end
     from generate_series(0, ${INBOX_TICKETS - 1}) as i
     cross join lateral (select now() - (${INBOX_TICKETS} - i) * interval '5 minutes' as created) c
     cross join lateral (select c.created, c.created + ((i * 7919) % 1440) * interval '1 minute' as last) t
     cross join lateral (select case
       when i % ${PER_GROUP} < ${PER_GROUP - 1} then 'close'
       else (array['open', 'in_progress', 'pending'])[1 + (i / ${PER_GROUP}) % 3] end as status) s`,
    [organisationId, sessionId, memberId],
  );
  await client.query(
    `insert into ticket_messages (ticket_id, session_id, group_jid, wa_id, sender, sender_name, is_business,
       message, created_at)
     select t.id, t.session_id, t.group_jid, 'SEED' || t.id || '_' || m, t.customer_number, t.customer,
       m % 2 = 0,
       case when m % 2 = 0 then (${array(ANSWERS)})[1 + (t.id + m) % ${ANSWERS.length}]
         else (${array(QUESTIONS)})[1 + (t.id * 7 + m) % ${QUESTIONS.length}] || ' ' || (t.id * 10 + m) end,
       t.created_at + (m - 1) * (t.last_customer_at - t.created_at) / 3
     from tickets t cross join generate_series(1, ${INBOX_MESSAGES_PER_TICKET}) as m
     where t.organisation_id = $1`,
    [organisationId],
  );
  // The neighbour: closed tickets of its own groups, each message a refund of the bench's rare number.
  await client.query(
    `insert into tickets (organisation_id, session_id, group_jid, group_name, customer, customer_number,
       last_message, status, created_at, updated_at, closed_at, last_customer_at)
     select $1, $2::uuid, 'n' || i || '@g.us', 'Neighbour ' || i, 'Neighbour customer ' || i,
       '+49160' || lpad(i::text, 7, '0'), 'Refund ${RARE_NUMBER}', 'close', c.created, c.created,
       c.created + interval '1 hour', c.created
     from generate_series(0, ${NEIGHBOUR_TICKETS - 1}) as i
     cross join lateral (select now() - (${NEIGHBOUR_TICKETS} - i) * interval '20 minutes' as created) c`,
    [neighbourId, neighbourSession],
  );
  await client.query(
    `insert into ticket_messages (ticket_id, session_id, group_jid, wa_id, sender, sender_name, is_business,
       message, created_at)
     select t.id, t.session_id, t.group_jid, 'NB' || t.id || '_' || m, t.customer_number, t.customer, false,
       'Refund for order ${RARE_NUMBER} please, line ' || m, t.created_at
     from tickets t cross join generate_series(1, ${INBOX_MESSAGES_PER_TICKET}) as m
     where t.organisation_id = $1`,
    [neighbourId],
  );
  await client.query('set session_replication_role = default');
  for (const index of indexes) await client.query(index.definition);
  // A desk that has run a while: tables vacuumed (visibility map, hint bits) and the seed's writes flushed,
  // so that autovacuum and the checkpoint after a bulk load do not land in the middle of a measurement
  // (they did: the same row measured 370 and 1,100 req/s on consecutive runs).
  await client.query('vacuum analyze');
  await client.query('checkpoint');
  return sessionId;
}
