import "server-only";
import { sql, type SQL } from "drizzle-orm";
import type { Db } from "@/lib/db/client";

// Putting a clock that ran ahead back, with the sandbox's objects kept consistent. A clock that
// ran ahead (to `from`) and is put back (to `to`) leaves times in between that now lie in the
// future. They are mended in two ways, each the same for every table:
// - what happened (created, executed, delivered, attempted, completed) in the skipped time
//   happened at the latest at `to`: it stays in the past, after everything that came before it;
// - what is still to come (a challenge's expiry, a Lightning offer's, a webhook's next attempt)
//   stays as far away as it was: a retry due 5 minutes after the clock stood at `from` is due
//   5 minutes after `to`; one already due stays due.
// For the shared clock every client is mended on its own clock (the shared one plus its offset,
// which stays); for one client's clock, its own objects only. Event bodies already delivered are
// what they were: they were sent.

type Rewind = {
  /** The client whose own clock goes back, or null for the shared clock (every client's objects). */
  clientId: string | null;
  /** Where the clock stood (epoch ms), and where it goes back to. */
  fromMs: number;
  toMs: number;
};

const at = (ms: number) => sql`${new Date(ms).toISOString()}::timestamptz`;

/** The bounds of one client's mending, over the client row `c`. */
function boundsOf(rewind: Rewind): { to: SQL; from: SQL; which: SQL } {
  if (rewind.clientId !== null) return { to: at(rewind.toMs), from: at(rewind.fromMs), which: sql`c.client_id = ${rewind.clientId}` };
  const own = sql`c.clock_offset_ms * interval '1 millisecond'`;
  return { to: sql`(${at(rewind.toMs)} + ${own})`, from: sql`(${at(rewind.fromMs)} + ${own})`, which: sql`true` };
}

const past = (column: SQL, to: SQL) => sql`LEAST(${column}, ${to})`;
const toCome = (column: SQL, to: SQL, from: SQL) =>
  sql`CASE WHEN ${column} > ${to} THEN ${to} + GREATEST(${column} - ${from}, interval '0') ELSE ${column} END`;
/** A Lightning offer's expiry inside the offers' jsonb, as an ISO text. */
const offerExpiry = (kind: "invoice" | "channel", to: SQL, from: SQL) => {
  const expiry = sql.raw(`(t.offers->'${kind}'->>'expires_on')::timestamptz`);
  const text = sql`to_char(${toCome(expiry, to, from)} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
  // an offer without an expiry keeps what it had
  return sql`COALESCE(to_jsonb(${text}), ${sql.raw(`t.offers->'${kind}'->'expires_on'`)}, 'null'::jsonb)`;
};

/** Mends every client-owned table of the sandbox for a clock put back (see above). */
export async function rewindClients(db: Db, rewind: Rewind): Promise<void> {
  const { to, from, which } = boundsOf(rewind);
  const statements: SQL[] = [
    sql`UPDATE sandbox_clients AS c SET created_on = ${past(sql`c.created_on`, to)} WHERE ${which} AND c.created_on > ${to}`,
    sql`UPDATE sandbox_webhook_endpoints AS t SET created_on = ${past(sql`t.created_on`, to)}
      FROM sandbox_clients AS c WHERE c.client_id = t.client_id AND ${which} AND t.created_on > ${to}`,
    sql`UPDATE sandbox_challenges AS t
      SET expires_on = ${toCome(sql`t.expires_on`, to, from)}, completed_on = ${past(sql`t.completed_on`, to)}
      FROM sandbox_clients AS c WHERE c.client_id = t.client_id AND ${which} AND (t.expires_on > ${to} OR t.completed_on > ${to})`,
    sql`UPDATE sandbox_orders AS t SET created_on = ${past(sql`t.created_on`, to)}
      FROM sandbox_clients AS c WHERE c.client_id = t.client_id AND ${which} AND t.created_on > ${to}`,
    sql`UPDATE sandbox_exchanges AS t SET
        created_on = ${past(sql`t.created_on`, to)},
        updated_on = ${past(sql`t.updated_on`, to)},
        executed_on = ${past(sql`t.executed_on`, to)},
        offers = CASE WHEN t.offers IS NULL THEN NULL ELSE jsonb_set(jsonb_set(t.offers,
          '{invoice,expires_on}', ${offerExpiry("invoice", to, from)}), '{channel,expires_on}', ${offerExpiry("channel", to, from)}) END
      FROM sandbox_clients AS c WHERE c.client_id = t.client_id AND ${which}
        AND (t.created_on > ${to} OR t.updated_on > ${to} OR t.executed_on > ${to}
          OR (t.offers->'invoice'->>'expires_on')::timestamptz > ${to} OR (t.offers->'channel'->>'expires_on')::timestamptz > ${to})`,
    sql`UPDATE sandbox_events AS t SET created_on = ${past(sql`t.created_on`, to)}
      FROM sandbox_clients AS c WHERE c.client_id = t.client_id AND ${which} AND t.created_on > ${to}`,
    sql`UPDATE sandbox_deliveries AS t SET
        created_on = ${past(sql`t.created_on`, to)},
        delivered_at = ${past(sql`t.delivered_at`, to)},
        next_attempt_at = ${toCome(sql`t.next_attempt_at`, to, from)}
      FROM sandbox_events AS e, sandbox_clients AS c
      WHERE e.seq = t.event_seq AND c.client_id = e.client_id AND ${which}
        AND (t.created_on > ${to} OR t.delivered_at > ${to} OR t.next_attempt_at > ${to})`,
    sql`UPDATE sandbox_delivery_attempts AS t SET started_at = ${past(sql`t.started_at`, to)}
      FROM sandbox_deliveries AS d, sandbox_events AS e, sandbox_clients AS c
      WHERE d.id = t.delivery_id AND e.seq = d.event_seq AND c.client_id = e.client_id AND ${which} AND t.started_at > ${to}`,
  ];
  if (rewind.clientId === null) {
    // the sandbox's own objects run on the shared clock
    const shared = at(rewind.toMs);
    statements.push(
      sql`UPDATE sandbox_lightning_addresses SET created_on = ${shared} WHERE created_on > ${shared}`,
      sql`UPDATE sandbox_address_invoices SET created_on = ${shared} WHERE created_on > ${shared}`,
    );
  }
  for (const statement of statements) await db.execute(statement);
}
