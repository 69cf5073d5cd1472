import { sql } from "drizzle-orm";
import type { Db } from "./client";

// What a database's schema is, as PostgreSQL itself describes it: tables and columns (type,
// nullability, default), constraints and indexes, each as one sorted line. Two databases with
// equal catalogs have the same schema, whatever path of migrations made each.

const rows = async (db: Db, query: ReturnType<typeof sql>) =>
  ((await db.execute(query)) as unknown as { rows: Record<string, unknown>[] }).rows;

export async function catalog(db: Db): Promise<string[]> {
  const columns = await rows(
    db,
    sql`SELECT c.table_name, c.column_name, c.udt_name, c.is_nullable, c.column_default
        FROM information_schema.columns c JOIN information_schema.tables t USING (table_schema, table_name)
        WHERE c.table_schema = 'public' AND t.table_type = 'BASE TABLE' AND c.table_name <> 'schema_migrations'`,
  );
  const constraints = await rows(
    db,
    sql`SELECT cl.relname AS table_name, co.conname, pg_get_constraintdef(co.oid) AS definition
        FROM pg_constraint co JOIN pg_class cl ON cl.oid = co.conrelid JOIN pg_namespace n ON n.oid = cl.relnamespace
        WHERE n.nspname = 'public' AND cl.relname <> 'schema_migrations'`,
  );
  const indexes = await rows(
    db,
    sql`SELECT tablename, indexname, indexdef FROM pg_indexes WHERE schemaname = 'public' AND tablename <> 'schema_migrations'`,
  );
  return [
    ...columns.map(
      (c) =>
        `column ${c.table_name}.${c.column_name} ${c.udt_name} ` +
        `${c.is_nullable === "YES" ? "null" : "not null"} default ${c.column_default ?? "-"}`,
    ),
    ...constraints.map((c) => `constraint ${c.table_name}.${c.conname} ${c.definition}`),
    ...indexes.map((i) => `index ${i.tablename}.${i.indexname} ${i.indexdef}`),
  ].sort();
}
