/**
 * One database truth: compares the database that `schema.ts` declares with the one the committed migrations build
 * (tables, columns with their types, nullability and defaults, primary keys, foreign keys, unique and check
 * constraints, indexes). `tests/server/schema-drift.test.ts` fails CI on any difference; `npm run db:check` runs it
 * alone and prints them. Triggers and functions (the ledger's rules of migration 0005) have no place in a Drizzle
 * schema and are not compared.
 */
import { createRequire } from "node:module";
import { sql, type SQL } from "drizzle-orm";
import type { Db } from "./client";
import { selectRows } from "./rows";

/** A database's shape, normalised so that the declared and the built one compare as text. */
export type Shape = Record<string, string[]>;

interface DeclaredColumn {
  name: string;
  type: string;
  primaryKey: boolean;
  notNull: boolean;
  default?: unknown;
}
interface DeclaredIndex {
  name: string;
  columns: Array<{ expression: string; isExpression: boolean; asc: boolean }>;
  isUnique: boolean;
  where?: string;
}
interface DeclaredTable {
  name: string;
  columns: Record<string, DeclaredColumn>;
  indexes: Record<string, DeclaredIndex>;
  foreignKeys: Record<string, { name: string; tableTo: string; columnsFrom: string[]; columnsTo: string[]; onDelete?: string }>;
  compositePrimaryKeys: Record<string, { name: string; columns: string[] }>;
  uniqueConstraints: Record<string, { name: string; columns: string[] }>;
  checkConstraints: Record<string, { name: string; value: string }>;
}

const SERIAL: Record<string, string> = { serial: "integer", bigserial: "bigint", smallserial: "smallint" };

/** Lower case, no casts, no quotes, no redundant parentheses or spaces: `('fr'::text)` and `'fr'` compare equal. */
function normaliseExpression(text: string): string {
  let s = text
    .toLowerCase()
    .replace(/::[a-z_ ]+(\[\])?(\(\d+\))?/g, "")
    .replace(/"/g, "")
    // drizzle-kit qualifies columns with their table (`chapters.type`); PostgreSQL does not.
    .replace(/\b[a-z_][a-z0-9_]*\.(?=[a-z_])/g, "")
    .replace(/\s+/g, "")
    .replace(/current_timestamp/g, "now()")
    // PostgreSQL reads `x in ('a', 'b')` back as `x = any (array['a', 'b'])`.
    .replace(/=any\(array\[([^\]]*)\]\)/g, "in($1)");
  // Strip parentheses that wrap the whole expression, as often as they do.
  for (;;) {
    if (!s.startsWith("(") || !s.endsWith(")")) break;
    let depth = 0;
    let wrapsAll = true;
    for (let i = 0; i < s.length; i++) {
      if (s[i] === "(") depth++;
      else if (s[i] === ")") depth--;
      if (depth === 0 && i < s.length - 1) {
        wrapsAll = false;
        break;
      }
    }
    if (!wrapsAll) break;
    s = s.slice(1, -1);
  }
  return s.replace(/[()]/g, "");
}

function defaultText(column: DeclaredColumn): string {
  if (column.type in SERIAL) return "serial";
  if (column.default === undefined) return "none";
  return normaliseExpression(String(column.default));
}

/** The shape `schema.ts` declares, through drizzle-kit's own serializer (the one its `generate` command uses). */
export function declaredShape(schema: Record<string, unknown>): Shape {
  const require = createRequire(import.meta.url);
  const { generateDrizzleJson } = require("drizzle-kit/api") as { generateDrizzleJson: (s: Record<string, unknown>) => { tables: Record<string, DeclaredTable> } };
  const shape: Shape = {};
  for (const table of Object.values(generateDrizzleJson(schema).tables)) {
    const lines: string[] = [];
    const pk: string[] = [];
    for (const c of Object.values(table.columns)) {
      const type = SERIAL[c.type] ?? c.type;
      lines.push(`column ${c.name} ${type}${c.notNull ? " not null" : ""} default ${defaultText(c)}`);
      if (c.primaryKey) pk.push(c.name);
    }
    for (const p of Object.values(table.compositePrimaryKeys)) pk.push(...p.columns);
    if (pk.length) lines.push(`primary key (${[...pk].sort().join(", ")})`);
    for (const f of Object.values(table.foreignKeys)) {
      lines.push(`foreign key (${f.columnsFrom.join(", ")}) references ${f.tableTo} (${f.columnsTo.join(", ")}) on delete ${f.onDelete ?? "no action"}`);
    }
    for (const u of Object.values(table.uniqueConstraints)) lines.push(`unique (${u.columns.join(", ")})`);
    for (const k of Object.values(table.checkConstraints)) lines.push(`check ${k.name} ${normaliseExpression(k.value)}`);
    for (const i of Object.values(table.indexes)) {
      const cols = i.columns.map((c) => normaliseExpression(c.expression) + (c.asc === false ? " desc" : "")).join(", ");
      lines.push(`${i.isUnique ? "unique index" : "index"} ${i.name} (${cols})${i.where ? ` where ${normaliseExpression(i.where)}` : ""}`);
    }
    shape[table.name] = lines.sort();
  }
  return shape;
}

type Row = Record<string, unknown>;

const rows = (db: Db, query: SQL) => selectRows<Row>(db, query);

/** The shape the migrations built, read back from PostgreSQL's catalogue (schema `public`). */
export async function builtShape(db: Db): Promise<Shape> {
  const shape: Shape = {};
  const add = (table: string, line: string) => (shape[table] ??= []).push(line);
  for (const t of await rows(db, sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`)) {
    shape[String(t.table_name)] = [];
  }
  const columns = await rows(
    db,
    sql`select c.table_name, c.column_name, c.is_nullable, c.column_default,
               format_type(a.atttypid, a.atttypmod) as type
          from information_schema.columns c
          join pg_attribute a on a.attrelid = (quote_ident(c.table_schema) || '.' || quote_ident(c.table_name))::regclass
                             and a.attname = c.column_name
         where c.table_schema = 'public'`,
  );
  for (const c of columns) {
    const table = String(c.table_name);
    if (!(table in shape)) continue;
    const raw = c.column_default == null ? null : String(c.column_default);
    const def = raw == null ? "none" : raw.startsWith("nextval(") ? "serial" : normaliseExpression(raw);
    add(table, `column ${String(c.column_name)} ${String(c.type)}${c.is_nullable === "NO" ? " not null" : ""} default ${def}`);
  }
  const constraints = await rows(
    db,
    sql`select rel.relname as table_name, con.conname, con.contype, pg_get_constraintdef(con.oid) as def,
               (select string_agg(att.attname, ', ' order by att.attname) from unnest(con.conkey) k join pg_attribute att
                  on att.attrelid = con.conrelid and att.attnum = k) as sorted_columns,
               (select string_agg(att.attname, ', ' order by k.ord) from unnest(con.conkey) with ordinality k(n, ord) join pg_attribute att
                  on att.attrelid = con.conrelid and att.attnum = k.n) as columns,
               (select relname from pg_class where oid = con.confrelid) as foreign_table,
               (select string_agg(att.attname, ', ' order by k.ord) from unnest(con.confkey) with ordinality k(n, ord) join pg_attribute att
                  on att.attrelid = con.confrelid and att.attnum = k.n) as foreign_columns,
               con.confdeltype
          from pg_constraint con
          join pg_class rel on rel.oid = con.conrelid
          join pg_namespace ns on ns.oid = rel.relnamespace
         where ns.nspname = 'public'`,
  );
  const onDelete: Record<string, string> = { a: "no action", r: "restrict", c: "cascade", n: "set null", d: "set default" };
  for (const k of constraints) {
    const table = String(k.table_name);
    if (!(table in shape)) continue;
    const type = String(k.contype);
    if (type === "p") add(table, `primary key (${String(k.sorted_columns)})`);
    else if (type === "f")
      add(table, `foreign key (${String(k.columns)}) references ${String(k.foreign_table)} (${String(k.foreign_columns)}) on delete ${onDelete[String(k.confdeltype)] ?? "?"}`);
    else if (type === "u") add(table, `unique (${String(k.columns)})`);
    else if (type === "c") add(table, `check ${String(k.conname)} ${normaliseExpression(String(k.def).replace(/^CHECK\s*/i, ""))}`);
  }
  // Indexes that are not a constraint's own (primary keys and unique constraints are compared above).
  const indexes = await rows(
    db,
    sql`select t.relname as table_name, i.relname as index_name, ix.indisunique, pg_get_expr(ix.indpred, ix.indrelid) as predicate,
               (select string_agg(pg_get_indexdef(ix.indexrelid, k.ord::int, true) ||
                         case when ix.indoption[k.ord - 1] & 1 = 1 then ' desc' else '' end, ', ' order by k.ord)
                  from generate_subscripts(ix.indkey, 1) with ordinality k(sub, ord)) as columns
          from pg_index ix
          join pg_class i on i.oid = ix.indexrelid
          join pg_class t on t.oid = ix.indrelid
          join pg_namespace ns on ns.oid = t.relnamespace
         where ns.nspname = 'public'
           and not exists (select 1 from pg_constraint con where con.conindid = ix.indexrelid and con.contype in ('p', 'u'))`,
  );
  for (const i of indexes) {
    const table = String(i.table_name);
    if (!(table in shape)) continue;
    const cols = String(i.columns)
      .split(", ")
      .map((c) => {
        const desc = c.endsWith(" desc");
        return normaliseExpression(desc ? c.slice(0, -5) : c) + (desc ? " desc" : "");
      })
      .join(", ");
    add(table, `${i.indisunique ? "unique index" : "index"} ${String(i.index_name)} (${cols})${i.predicate ? ` where ${normaliseExpression(String(i.predicate))}` : ""}`);
  }
  for (const table of Object.keys(shape)) shape[table]!.sort();
  return shape;
}

/** Every line one side has and the other has not, as `+ table: line` (migrations only) and `- table: line` (schema.ts only). */
export function compareShapes(declared: Shape, built: Shape): string[] {
  const out: string[] = [];
  for (const table of new Set([...Object.keys(declared), ...Object.keys(built)])) {
    if (!(table in built)) {
      out.push(`- ${table}: the table is declared in schema.ts but no migration creates it`);
      continue;
    }
    if (!(table in declared)) {
      out.push(`+ ${table}: a migration creates the table but schema.ts does not declare it`);
      continue;
    }
    const d = new Set(declared[table]);
    const b = new Set(built[table]);
    for (const line of b) if (!d.has(line)) out.push(`+ ${table}: ${line}`);
    for (const line of d) if (!b.has(line)) out.push(`- ${table}: ${line}`);
  }
  return out.sort();
}
