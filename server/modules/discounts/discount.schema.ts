import { z } from 'zod';
import { DISCOUNT_KINDS } from '../../domain/discounts';
import { amountInput } from '../../domain/money-input';
import { count, money, named, namedInput, rowId, timestamp } from '../../contract/wire-schemas';

// Discount codes on the wire (D40): what the owner sends to create or change one, and what the admin's list shows.

export const DISCOUNT_STATUSES = ['active', 'scheduled', 'paused', 'expired', 'used_up'] as const;
export type DiscountStatus = (typeof DISCOUNT_STATUSES)[number];

const kindSchema = z.enum(DISCOUNT_KINDS, { error: `must be one of ${DISCOUNT_KINDS.join(', ')}` }).meta({
  id: 'DiscountKind',
  examples: ['percentage'],
  description:
    "What a code gives: 'percentage' (value percent off the goods), 'fixed' (value dollars off the goods, never more than they cost) or 'free_shipping' (the order's shipping; value unused).",
});

const when = (what: string) =>
  z.iso
    .datetime({ offset: true, error: 'must be a date and time like 2026-12-24T23:59:00Z' })
    .max(40, 'must be a date and time like 2026-12-24T23:59:00Z')
    .transform((text) => new Date(text))
    .nullable()
    .optional()
    .describe(`${what} (ISO 8601); null or absent: no limit`);

/** Every field of a code, as the owner sets them. */
const discountFields = z.object({
  code: z
    .string('is required')
    .trim()
    .min(3, 'must be at least 3 characters')
    .max(40, 'must be at most 40 characters')
    .regex(/^[A-Za-z0-9_-]+$/, 'may hold only letters, digits, - and _')
    .describe('What the buyer types, 3 to 40 letters, digits, - or _; unique whatever its case'),
  kind: kindSchema,
  value: amountInput("The percent off (1 to 100) for 'percentage', the dollars off for 'fixed'; unused for 'free_shipping'").optional(),
  minimumSubtotal: amountInput('The least the goods must cost (before the discount) for the code to apply')
    .nullable()
    .optional()
    .describe('The least the goods must cost (before the discount) for the code to apply; null or absent: no minimum'),
  startsAt: when('From when the code works'),
  endsAt: when('Until when the code works'),
  usageLimit: z
    .number('must be a whole number from 1')
    .int('must be a whole number from 1')
    .min(1, 'must be a whole number from 1')
    .max(1_000_000, 'must be at most 1000000')
    .nullable()
    .optional()
    .describe('How many orders may use it in all; null or absent: no limit'),
  oncePerEmail: z.boolean('must be true or false').optional().describe('Whether each email address may use it once only'),
  paused: z.boolean('must be true or false').optional().describe('A paused code is refused at the checkout until resumed'),
});

type DiscountFields = z.output<typeof discountFields>;

/** The rules across fields, for a new code and for a changed one (checked on the code as it will be). */
export function checkDiscountFields(fields: Partial<DiscountFields>, check: z.RefinementCtx) {
  const value = fields.value ?? 0;
  if (fields.kind === 'percentage' && (value < 100 || value > 10_000 || value % 100 !== 0))
    check.addIssue({ code: 'custom', path: ['value'], message: 'must be a whole percent from 1 to 100' });
  if (fields.kind === 'fixed' && value <= 0) check.addIssue({ code: 'custom', path: ['value'], message: 'must be more than 0.00' });
  if (fields.startsAt && fields.endsAt && fields.startsAt >= fields.endsAt)
    check.addIssue({ code: 'custom', path: ['endsAt'], message: 'must be after the start' });
}

export const discountInput = namedInput(
  discountFields.superRefine(checkDiscountFields),
  'DiscountCodeInput',
  'A discount code as the owner creates it (D40).',
  { code: 'FAIR10', kind: 'percentage', value: '10', minimumSubtotal: '50.00', endsAt: '2026-12-24T23:59:00Z', usageLimit: 100 },
);
export type DiscountInput = z.output<typeof discountInput>;

/** A change: any of the fields; the code as it will be is checked as a new one is. */
export const discountChangeInput = namedInput(
  discountFields.partial(),
  'DiscountCodeChange',
  'What changes of a discount code (the fields left out stay as they are); paused: true pauses it, false resumes it.',
  { paused: true },
);
export type DiscountChange = z.output<typeof discountChangeInput>;
export const discountChecked = discountFields.superRefine(checkDiscountFields);

const discountExample = {
  id: 3,
  code: 'FAIR10',
  kind: 'percentage' as const,
  value: '10.00',
  minimumSubtotal: '50.00',
  startsAt: null,
  endsAt: '2026-12-24T23:59:00.000Z',
  usageLimit: 100,
  oncePerEmail: false,
  paused: false,
  status: 'active' as const,
  uses: 12,
  givenAway: '81.60',
  createdAt: '2026-11-27T10:00:00.000Z',
  updatedAt: '2026-11-27T10:00:00.000Z',
};

export const discountOutput = named(
  z.object({
    id: rowId('The code', 3),
    code: z.string().meta({ description: 'What the buyer types (any case works)', examples: ['FAIR10'] }),
    kind: kindSchema,
    value: money("The percent off for 'percentage', the dollars off for 'fixed', 0.00 for 'free_shipping'", '10.00'),
    minimumSubtotal: money('The least the goods must cost, or null', '50.00')
      .nullable()
      .meta({ description: 'The least the goods must cost before the discount, or null' }),
    startsAt: timestamp('From when it works').nullable().meta({ description: 'From when it works, or null' }),
    endsAt: timestamp('Until when it works').nullable().meta({ description: 'Until when it works, or null' }),
    usageLimit: count('How many orders may use it, or null', 100)
      .nullable()
      .meta({ description: 'How many orders may use it in all, or null' }),
    oncePerEmail: z.boolean().meta({ description: 'Each email address may use it once only' }),
    paused: z.boolean().meta({ description: 'Paused by the owner' }),
    status: z.enum(DISCOUNT_STATUSES).meta({
      id: 'DiscountStatus',
      examples: ['active'],
      description:
        'active (works now), scheduled (its start is to come), paused, expired (its end has passed) or used_up (its uses reached the limit).',
    }),
    uses: count('How many orders used it', 12),
    givenAway: money('What it took off those orders in all', '81.60'),
    createdAt: timestamp('When it was created'),
    updatedAt: timestamp('When it last changed'),
  }),
  'DiscountCode',
  'A discount code, its uses and the money it gave away (D40).',
  discountExample,
);
export type DiscountDto = z.infer<typeof discountOutput>;
