import type { EventEmitter } from 'node:events';
import { ZodError } from 'zod';
import { prepared, sql, sqlTransaction, type SqlSource } from '../../db/sql';
import { rulesProblems, zoneOf, type SalesRules, type ShippingZone, type TaxRate } from '../../domain/sales-rules';
import { stateName, type StateCode } from '../../domain/states';
import { AppError, InputError } from '../../trpc/errors';

// The owner's settings of where the shop sells (D39): read in one statement, kept by each instance until the
// catalogue's change notice (a trigger on both tables, Migration20261203120000) says they changed, so a change applies
// to every instance's next quote at once. Orders store their own amounts: no change reaches an order placed.

const READ = prepared(`select
  (select coalesce(json_agg(json_build_object('name', name, 'states', states, 'baseCents', base_cents,
     'baseWeightHundredths', base_weight_hundredths, 'extraLbCents', extra_lb_cents, 'freeFromCents', free_from_cents)
     order by position), '[]') from shipping_zone) as zones,
  (select coalesce(json_agg(json_build_object('state', state, 'rateBasisPoints', rate_basis_points,
     'localRateBasisPoints', local_rate_basis_points) order by state), '[]') from tax_rate) as "taxRates"`);

export async function readSalesRules(db: SqlSource): Promise<SalesRules> {
  const [row] = await sql(db).query<SalesRules>(READ);
  return row!;
}

/** The change notice as the settings need it (server/cache/catalog-changes.ts). */
type ChangeNotice = Pick<EventEmitter, 'on'> & { live: boolean };

/** Each instance's settings, read once and kept while the change notice listens (without it, read every time). */
export class SalesSettings {
  private kept: Promise<SalesRules> | undefined;
  private notice: ChangeNotice | undefined;

  /** Called once the instance listens for changes (server/server.ts). */
  follow(notice: ChangeNotice) {
    this.notice = notice;
    notice.on('change', () => this.drop());
  }

  drop() {
    this.kept = undefined;
  }

  rules(db: SqlSource): Promise<SalesRules> {
    if (!this.notice?.live) return readSalesRules(db);
    if (this.kept) return this.kept;
    const reading = readSalesRules(db);
    this.kept = reading;
    // A failed read is not kept; a read a change dropped meanwhile is not kept either (`kept` is no longer it).
    reading.catch(() => {
      if (this.kept === reading) this.kept = undefined;
    });
    return reading;
  }
}

/** 400 STATE_NOT_SERVED naming the field and the state, unless the shop ships there. */
export function requireServed(rules: SalesRules, state: StateCode, field: string): ShippingZone {
  const zone = zoneOf(rules, state);
  if (!zone) throw new AppError('STATE_NOT_SERVED', `${field}: the shop does not ship to ${stateName(state)} (${state})`, { field });
  return zone;
}

function refuseProblems(rules: Partial<SalesRules>) {
  const problems = rulesProblems(rules);
  if (problems.length > 0) {
    throw new InputError(
      new ZodError(problems.map(([field, message]) => ({ code: 'custom', path: field.split('.'), message, input: undefined }))),
    );
  }
}

/** Replaces the zones, in the order given; 400 naming the field for a state in two zones or a zone without states. */
export async function saveZones(db: SqlSource, zones: ShippingZone[]): Promise<void> {
  refuseProblems({ zones });
  await sqlTransaction(db, async (tx) => {
    // Two saves at once: one after the other, never their zones mixed.
    await tx.query('lock table shipping_zone in share row exclusive mode');
    await tx.query('delete from shipping_zone');
    for (const [position, zone] of zones.entries()) {
      await tx.query(
        `insert into shipping_zone (position, name, states, base_cents, base_weight_hundredths, extra_lb_cents, free_from_cents)
         values ($1, $2, $3, $4, $5, $6, $7)`,
        [position, zone.name, zone.states, zone.baseCents, zone.baseWeightHundredths, zone.extraLbCents, zone.freeFromCents],
      );
    }
  });
}

/** Replaces the tax rates; 400 naming the field for a state listed twice. */
export async function saveTaxRates(db: SqlSource, rates: TaxRate[]): Promise<void> {
  refuseProblems({ taxRates: rates });
  await sqlTransaction(db, async (tx) => {
    await tx.query('lock table tax_rate in share row exclusive mode');
    await tx.query('delete from tax_rate');
    for (const rate of rates) {
      await tx.query('insert into tax_rate (state, rate_basis_points, local_rate_basis_points) values ($1, $2, $3)', [
        rate.state,
        rate.rateBasisPoints,
        rate.localRateBasisPoints,
      ]);
    }
  });
}
