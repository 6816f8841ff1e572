import type { CouncilCode } from '@portal/domain/councils';
import { getTableName, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { paymentItems } from '../db/schema';

/**
 * What of a payment concerns which council, for the back office (docs/back-office.md): a payment
 * is a council's when one of its lines pays that council. `paymentId` is the column that names
 * the payment in the query at hand (the payment's own id, or a refund's payment).
 */

/**
 * The outer query's column, always named with its table: Drizzle writes a column of a one-table
 * select's fields bare, and a bare `id` inside these subqueries would be `payment_items.id`.
 */
const outer = (column: AnyColumn): SQL =>
  sql`${sql.identifier(getTableName(column.table))}.${sql.identifier(column.name)}`;

/** Rows whose payment has a line paying this council. */
export function paysCouncil(paymentId: AnyColumn, council: string): SQL {
  return sql`exists (select 1 from ${paymentItems} where ${paymentItems.paymentId} = ${outer(paymentId)} and ${paymentItems.councilCode} = ${council})`;
}

/** What a staff member may see: their council's, or everything for the state admin (no council). */
export function visibleToCouncil(paymentId: AnyColumn, council: string | null): SQL | undefined {
  return council ? paysCouncil(paymentId, council) : undefined;
}

/** The councils a payment's lines pay, each once, in order. */
export function councilsPaid(paymentId: AnyColumn): SQL<CouncilCode[]> {
  return sql<
    CouncilCode[]
  >`array(select distinct ${paymentItems.councilCode} from ${paymentItems} where ${paymentItems.paymentId} = ${outer(paymentId)} order by 1)`;
}
