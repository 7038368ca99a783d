/**
 * The wallet's statement (issue 22 item 3): every movement of the pupil's points, newest first, with the balance just
 * after each, and the top-up requests that moved nothing yet (pending, rejected, failed) at the balance of their day.
 * Rows carry the movement's kind and its parameters — the offer (named in each language the database has), the period
 * bought, the other pupil of a transfer, the code of an earning, the operator's period — never a stored sentence: the
 * reader's screen writes the sentence in its language. The balance after each movement is the running sum of the
 * wallet's entries (the ledger's trigger keeps `wallets.balance` equal to that sum), computed before filtering so that
 * a filtered page still shows the true balance.
 */
import { sql, type SQL } from "drizzle-orm";
import { tunisDay, tunisMidnight } from "../../../domain/days";
import {
  STATEMENT_FILTER_KINDS,
  type BalanceMonthDto,
  type LedgerKind,
  type StatementFilter,
  type StatementRowDto,
  type TopupStatus,
} from "../../../domain/wallet";
import type { TopupMethod } from "../../../domain/schemas/wallet";
import { personFullName } from "../../../domain/user";
import type { Deps } from "../../lib/deps";
import { selectRows } from "../../db/rows";
import { pageMeta } from "../../lib/paging";

type Row = {
  key: string;
  kind: LedgerKind;
  amount: string | number;
  applied: boolean;
  balance: string | number;
  date: string | Date;
  status: TopupStatus;
  method: TopupMethod | null;
  reference: string | null;
  offer_id: number | null;
  offer_name: string | null;
  offer_name_en: string | null;
  offer_name_ar: string | null;
  period_start: string | Date | null;
  period_end: string | Date | null;
  slice_index: number | null;
  slice_count: number | null;
  counterpart: string | null;
  counterpart_last_name: string | null;
  code: string | null;
  tokens: number | null;
  days: number | null;
  billing_period: string | null;
};

const asDay = (d: string | Date | null): string | null => (d == null ? null : typeof d === "string" ? d.slice(0, 10) : d.toISOString().slice(0, 10));

/** The statement's rows of one pupil (every kind), each with the balance after it; `filter` keeps some kinds. */
function statementRows(userId: number, filter: StatementFilter | undefined): SQL {
  const kinds = filter ? STATEMENT_FILTER_KINDS[filter] : null;
  const where = kinds
    ? sql`where s.kind in (${sql.join(
        kinds.map((k) => sql`${k}`),
        sql`, `,
      )})`
    : sql``;
  return sql`
    with entries as (
      select e.*, sum(e.amount) over (order by e.created_at, e.id) as balance_after
      from ledger_entries e where e.wallet_id = ${userId}
    ), s as (
      select 'm' || e.id as key, e.kind, e.amount, true as applied, e.balance_after as balance, e.created_at as date,
             e.id as sort_id, coalesce(t.status, 'approved') as status, t.payment_method as method, t.reference,
             coalesce(a.offer_id, ra.offer_id) as offer_id, coalesce(a.period_start, ra.period_start) as period_start,
             coalesce(a.period_end, ra.period_end) as period_end, a.slice_index, a.slice_count,
             cp.name as counterpart, cp.last_name as counterpart_last_name,
             dc.code, tc.tokens, os.recurrence as days,
             case when e.ref_type = 'operator_subscription' then split_part(e.ref_id, ':', 2) end as billing_period
      from entries e
      left join topup_codes t on e.ref_type = 'topup' and t.id::text = e.ref_id
      left join lateral (select af.offer_id, af.start_date as period_start, af.end_date as period_end, af.slice_index, af.slice_count
                         from affiliations af where e.ref_type = 'affiliation' and af.id::text = e.ref_id) a on true
      left join transfers tr on e.ref_type = 'transfer' and tr.id::text = e.ref_id
      left join users cp on cp.id = case when tr.from_user_id = ${userId} then tr.to_user_id else tr.from_user_id end
      left join discount_code_uses du on e.ref_type = 'discount_use' and du.id::text = e.ref_id
      left join discount_codes dc on dc.id = du.code_id
      left join lateral (select af.offer_id, af.start_date as period_start, af.end_date as period_end
                         from affiliations af where af.id = du.affiliation_id and e.kind = 'refund') ra on true
      left join token_conversions tc on e.ref_type = 'token_conversion' and tc.id::text = e.ref_id
      left join operator_subscriptions os on e.ref_type = 'operator_subscription' and os.id::text = split_part(e.ref_id, ':', 1)
      union all
      select 't' || t.id, 'topup', t.amount, false,
             coalesce((select sum(x.amount) from ledger_entries x where x.wallet_id = ${userId} and x.created_at <= t.created_at), 0),
             t.created_at, t.id, t.status, t.payment_method, t.reference,
             null, null, null, null, null, null, null, null, null, null, null
      from topup_codes t where t.user_id = ${userId} and t.status <> 'approved'
    )
    select s.*, o.name as offer_name, o.name_en as offer_name_en, o.name_ar as offer_name_ar
    from s left join offers o on o.id = s.offer_id
    ${where}`;
}

/**
 * `GET /student/wallet/statement?page&perPage&kind`: one page of the pupil's statement, newest first (a movement and
 * a top-up request of the same instant: the later written first).
 */
export async function walletStatement(
  deps: Pick<Deps, "db">,
  userId: number,
  page: number,
  perPage: number,
  filter?: StatementFilter,
): Promise<{ items: StatementRowDto[]; meta: { current_page: number; last_page: number; total: number } }> {
  const rows = statementRows(userId, filter);
  const [count] = await selectRows<{ n: number }>(deps.db, sql`select count(*)::int as n from (${rows}) c`);
  const total = Number(count?.n ?? 0);
  const found = await selectRows<Row>(
    deps.db,
    sql`select * from (${rows}) r order by r.date desc, r.applied desc, r.sort_id desc limit ${perPage} offset ${(page - 1) * perPage}`,
  );
  return { items: found.map(toDto), meta: pageMeta(page, perPage, total) };
}

function toDto(r: Row): StatementRowDto {
  const start = asDay(r.period_start);
  const end = asDay(r.period_end);
  return {
    key: r.key,
    kind: r.kind,
    amount: Number(r.amount),
    applied: Boolean(r.applied),
    balance: Number(r.balance),
    date: new Date(r.date).toISOString(),
    status: r.status,
    method: r.method,
    reference: r.reference,
    offer: r.offer_id != null && r.offer_name != null ? { id: Number(r.offer_id), name: r.offer_name, name_en: r.offer_name_en, name_ar: r.offer_name_ar } : null,
    period: start && end ? { start, end } : null,
    instalments: r.slice_index != null ? { from: r.slice_index + 1, to: r.slice_index + (r.slice_count ?? 1) } : null,
    counterpart: r.counterpart === null ? null : { name: personFullName({ name: r.counterpart, last_name: r.counterpart_last_name ?? "" }) },
    code: r.code,
    tokens: r.tokens == null ? null : Number(r.tokens),
    days: r.days == null ? null : Number(r.days),
    billing_period: r.billing_period ? Number(r.billing_period) || null : null,
  };
}

/** How many months `GET /student/wallet/balance-months` answers (the current one included). */
const BALANCE_MONTHS = 6;

/** The first day (`YYYY-MM-01`) of the month `n` months after the one of `day` (negative: before). */
function monthStart(day: string, n: number): string {
  const [y, m] = day.split("-").map(Number) as [number, number];
  const index = y * 12 + (m - 1) + n;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, "0")}-01`;
}

/**
 * `GET /student/wallet/balance-months`: the pupil's balance at the end of each of the last `BALANCE_MONTHS` months in
 * Tunis (the current month: now), oldest first — the chart of the wallet.
 */
export async function balanceMonths(deps: Pick<Deps, "db" | "now">, userId: number): Promise<BalanceMonthDto[]> {
  const today = tunisDay(deps.now());
  const months = Array.from({ length: BALANCE_MONTHS }, (_, i) => monthStart(today, i - BALANCE_MONTHS + 1));
  const cols = months.map((m, i) => {
    const sum = i === months.length - 1 ? sql`sum(amount)` : sql`sum(amount) filter (where created_at < ${tunisMidnight(monthStart(m, 1)).toISOString()}::timestamptz)`;
    return sql`coalesce(${sum}, 0)::text as ${sql.raw(`m${i}`)}`;
  });
  const [row] = await selectRows<Record<string, string>>(deps.db, sql`select ${sql.join(cols, sql`, `)} from ledger_entries where wallet_id = ${userId}`);
  return months.map((m, i) => ({ month: m.slice(0, 7), balance: Number(row?.[`m${i}`] ?? 0) }));
}
